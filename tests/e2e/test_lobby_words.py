"""The lobby in people's words, and sensible matches against the computer: the create
form names each game, option and value as the catalogue's ``text`` does in the page's
language, never by its API name or ``true``/``false``; "Play against the computer"
plays Spoons over three lives and Crazy Eights to its target score, with the number of
opponents, their level and the turn clock chosen before the start."""

import re

import pytest
from playwright.sync_api import expect

from .test_play import TABLE_URL, clean, control, wait_for_table, words

RAW = re.compile(r"\b(true|false|null|none)\b", re.IGNORECASE)

# Every text the create form shows about the game and its options: labels, help lines,
# the choices of each select, the placeholders of number fields.
FORM_TEXTS = """form => [
  ...[...form.querySelectorAll("fieldset label, fieldset small, legend")].map(e => e.textContent),
  ...[...form.querySelectorAll("option")].map(e => e.textContent),
  ...[...form.querySelectorAll("input[placeholder]")].map(e => e.placeholder),
].map(text => text.trim()).filter(Boolean)"""


def catalogue(live) -> list[dict]:
    return live.call("GET", "/v1/catalog")["games"]


def lobby(people, live, language: str):
    guarded = people(locale="en-US")
    page = guarded.page
    page.goto(f"{live.url}/play")
    page.locator(f"button[lang={language}]").click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    return guarded


def raw_names(entry: dict) -> set[str]:
    """The API's own spellings that must not show: option names and values written with
    an underscore (``take_from``, ``rank_and_colour``)."""
    names = {option["name"] for option in entry["options"]}
    names |= {str(value) for option in entry["options"] for value in option["allowed"] or []}
    return {name for name in names if "_" in name}


@pytest.mark.parametrize("language", ["en", "fi"])
def test_the_create_form_names_games_options_and_values_in_words(live, people, language):
    guarded = lobby(people, live, language)
    page = guarded.page
    say = words(page, language)
    form = page.locator('form[data-action="create"]')
    game = control(form, say["game"])
    games = catalogue(live)
    shown_titles = game.locator("option").all_inner_texts()
    assert shown_titles == [entry["text"][language]["title"] for entry in games]
    for entry in games:
        game.select_option(entry["slug"])
        for option in entry["options"]:
            wanted = option["text"][language]
            field = control(form, wanted["title"])
            expect(field).to_have_count(1)
            described = field.get_attribute("aria-describedby")
            expect(page.locator(f"#{described}")).to_have_text(wanted["help"])
        texts = form.evaluate(FORM_TEXTS)
        for text in texts:
            assert not RAW.search(text), (entry["slug"], text)
            assert not [name for name in raw_names(entry) if name in text], (entry["slug"], text)
        for option in entry["options"]:
            assert option["name"] not in texts, (entry["slug"], option["name"])
            for title in option["text"][language]["values"]:
                assert title in texts, (entry["slug"], option["name"], title)
    lobby_text = page.locator(".games").inner_text()
    for entry in games:
        assert entry["text"][language]["title"] in lobby_text
    clean(guarded)


def start_against_computer(page, slug: str, opponents=None, level=None, clock=None) -> str:
    """Choose (where given) and press "Play against the computer"; the new table's id."""
    choices = page.locator(f'details[data-versus="{slug}"]')
    if any(choice is not None for choice in (opponents, level, clock)):
        choices.locator("summary").click()
    if opponents is not None:
        choices.locator('[data-choice="opponents"]').fill(str(opponents))
    if level is not None:
        choices.locator('[data-choice="level"]').select_option(level)
    if clock is not None:
        choices.locator('[data-choice="clock"]').select_option(str(clock))
    page.locator(f'[data-action="play-bots"][data-game="{slug}"]').click()
    wait_for_table(page)
    return TABLE_URL.search(page.url).group(1)


def test_a_computer_match_of_spoons_has_three_lives_and_the_choices_made(live, people):
    guarded = lobby(people, live, "en")
    game_id = start_against_computer(guarded.page, "spoons", opponents=2, level="random", clock=20)
    game = live.call("GET", f"/v1/games/{game_id}")
    assert game["options"]["lives"] == 3
    assert game["max_seats"] == 3 and game["turn_seconds"] == 20
    assert [seat["bot"] for seat in game["seats"]] == [None, "random", "random"]
    clean(guarded)


def test_a_computer_match_of_crazy_eights_is_played_to_its_target(live, people):
    guarded = lobby(people, live, "fi")
    target = next(
        option["default"]
        for entry in catalogue(live)
        if entry["slug"] == "crazy-eights"
        for option in entry["options"]
        if option["name"] == "target_score"
    )
    game_id = start_against_computer(guarded.page, "crazy-eights")
    game = live.call("GET", f"/v1/games/{game_id}")
    assert target and game["options"]["target_score"] == target
    assert game["max_seats"] == 3 and game["turn_seconds"] is None, "two opponents, no clock"
    assert [seat["bot"] for seat in game["seats"]] == [None, "basic", "basic"]
    clean(guarded)


def test_more_than_four_at_old_maid_play_the_family_game(live, people):
    guarded = lobby(people, live, "en")
    game_id = start_against_computer(guarded.page, "old-maid", opponents=5, level="basic")
    game = live.call("GET", f"/v1/games/{game_id}")
    assert game["options"]["preset"] == "family" and game["max_seats"] == 6
    assert [seat["bot"] for seat in game["seats"]] == [None, *["basic"] * 5]
    clean(guarded)


def test_the_old_maid_card_says_the_players_its_usual_rules_take(live, people):
    """The online rules take 2-4 (the family game's 8 said as other rules'); a game whose
    options never change its range says only its own."""
    guarded = lobby(people, live, "en")
    page = guarded.page
    said = {
        card.locator("h2").inner_text(): card.locator("[data-players]").inner_text()
        for card in page.locator(".game").all()
    }
    assert said["Old Maid"] == "2 to 4 players (up to 8 with other rules)", said
    assert said["Go Fish"] == "2 to 6 players", said
    clean(guarded)
