"""The conformance suite's configurations (every game, every option set and every player
count it plays, and each ranged option at its ends) played through the API to the end of
a match, which ``service.verify`` then re-derives from the public log alone; and a log
with one card changed is still refused."""

import random
import re

import pytest

from service import verify
from service.engine import GAMES
from service.engine.base import canonical
from tests.engine.test_conformance import EVERY_SETUP

from .table import Table, bearer
from .test_verify import whole_log

SEED = 2026
REQUESTS_PER_ROUND = 400  # each read applies up to 25 bot moves
CARD_KEYS = ("card", "cards", "hand")  # where an event's data names cards


def covering(setups) -> list[tuple[str, dict, int]]:
    """Of the conformance suite's setups, a few per game that between them play every
    option set and every player count: each option set at a count taken in turn from its
    range, then each count not yet played with one of the option sets that allow it.
    (All 275 took 50 s on two cores, too long for every run; verify accepted each.)"""
    chosen = []
    for slug in dict.fromkeys(slug for slug, _, _ in setups):
        ranges: dict[str, tuple[dict, list[int]]] = {}
        for game, options, players in setups:
            if game == slug:
                ranges.setdefault(canonical(options), (options, []))[1].append(players)
        for turn, (options, counts) in enumerate(ranges.values()):
            chosen.append((slug, options, counts[turn % len(counts)]))
        played = {players for game, _, players in chosen if game == slug}
        for players in sorted({p for _, counts in ranges.values() for p in counts} - played):
            allowing = [options for options, counts in ranges.values() if players in counts]
            chosen.append((slug, allowing[players % len(allowing)], players))
    return chosen


def ranged_ends() -> list[tuple[str, dict, int]]:
    """Each ranged option (Spoons' lives, Crazy Eights' target) at its minimum and
    maximum, at the fewest players: the conformance suite plays only their defaults."""
    return [
        (game.slug, game.resolve_options({option.name: end}), game.min_players)
        for game in GAMES.values()
        for option in game.options
        if option.minimum is not None
        for end in (option.minimum, option.maximum)
    ]


SETUPS = covering(EVERY_SETUP) + ranged_ends()


def seated_table(client, game_type, options, players, seed):
    """A private seeded table: seat 0 a human, the others random and basic bots by turns,
    answering at once."""
    table = Table.create(
        client,
        type=game_type,
        options=options,
        players=1,
        seats=players,
        deal=False,
        think_seconds=0,
        seed=seed,
        visibility="private",
    )
    for seat in range(1, players):
        level = "random" if seat % 2 else "basic"
        added = client.post(
            f"/v1/games/{table.id}/players", json={"bot": level}, headers=bearer(table.host)
        )
        assert added.status_code == 201, added.json
    return table


def play_round(table, choose: random.Random) -> None:
    """The human sends a random legal move whenever she has one; every request lets the
    bots answer, and a move's answer carries her view after theirs."""
    view = table.view(0).json
    for _ in range(REQUESTS_PER_ROUND):
        if view["status"] != "playing":
            return
        if not view["legal_moves"]:
            view = table.view(0).json
            continue
        move = choose.choice(view["legal_moves"])
        answer = table.move(0, move, If_Match=str(view["version"]))
        assert answer.status_code in (201, 412), answer.json  # 412: a bot came first
        view = answer.json["view"] if answer.status_code == 201 else table.view(0).json
    raise AssertionError("the round did not end")


def finished_match(client, game_type, options, players, rounds=1, seed=SEED):
    """Up to ``rounds`` rounds, then the host ends the match if it did not end itself."""
    table = seated_table(client, game_type, options, players, seed)
    choose = random.Random(seed)
    for _ in range(rounds):
        table.deal()
        play_round(table, choose)
        if table.summary().json["status"] == "finished":
            break
    else:
        table.end()
    return table.summary().json, whole_log(table)


def one_per_game(extra_players: int) -> list[tuple[str, dict, int]]:
    """Of each game's setups, the first at ``extra_players`` above its fewest."""
    chosen = {}
    for slug, options, players in SETUPS:
        if players == GAMES[slug].min_players + extra_players:
            chosen.setdefault(slug, (slug, options, players))
    return list(chosen.values())


def change_a_card(log: list[dict]) -> range:
    """Change one card of the last event that names any; the seqs of the move it belongs
    to, from the nearest event before it that names its maker (``by``) to the nearest
    after: a refusal names the changed event, or the move none of whose replays fits."""
    cards = {card for event in log for card in cards_of(event)}
    index = max(n for n, event in enumerate(log) if cards_of(event))
    event = log[index]
    key = next(key for key in CARD_KEYS if cards_of({"data": {key: event["data"].get(key)}}))
    value = event["data"][key]
    first = value if isinstance(value, str) else value[0]
    other = min(cards - {first})
    if isinstance(value, str):
        event["data"][key] = other
    else:
        value[0] = other
    made = [n for n, entry in enumerate(log) if entry["by"] is not None]
    before = max((n for n in made if n <= index), default=index)
    after = min((n for n in made if n >= index), default=index)
    return range(log[before]["seq"], log[after]["seq"] + 1)


def cards_of(event: dict) -> list[str]:
    """The cards an event's data names (a ``hand`` event's ``cards`` is a count)."""
    found = [event["data"].get(key) for key in CARD_KEYS]
    lists = [[value] if isinstance(value, str) else value for value in found]
    return [card for value in lists if isinstance(value, list) for card in value]


def test_the_setups_cover_the_catalogue(client):
    """Every game, player count and option value the catalogue offers is played."""
    for game in client.get("/v1/catalog").json["games"]:
        mine = [(options, players) for slug, options, players in SETUPS if slug == game["slug"]]
        counts = {players for _, players in mine}
        assert counts == set(range(game["players"]["min"], game["players"]["max"] + 1))
        for option in game["options"]:
            offered = [*option["allowed"], option["default"]]
            offered += [end for end in (option["minimum"], option["maximum"]) if end is not None]
            played = {canonical(options.get(option["name"])) for options, _ in mine}
            assert {canonical(value) for value in offered} <= played, option["name"]


@pytest.mark.parametrize("game_type,options,players", SETUPS)
def test_verify_accepts_every_configuration(client, game_type, options, players):
    summary, log = finished_match(client, game_type, options, players)
    assert verify.verify(summary, log) == []


@pytest.mark.parametrize("game_type,options,players", one_per_game(1))
def test_verify_accepts_a_second_round(client, game_type, options, players):
    """The second deal follows the first round: its dealer, who is out (Spoons)."""
    summary, log = finished_match(client, game_type, options, players, rounds=2)
    assert [event["type"] for event in log].count("deal") == 2
    assert verify.verify(summary, log) == []


@pytest.mark.parametrize("game_type,options,players", one_per_game(0))
def test_verify_catches_one_changed_card(client, game_type, options, players):
    summary, log = finished_match(client, game_type, options, players)
    move = change_a_card(log)
    problems = verify.verify(summary, log)
    assert problems, "one changed card went unseen"
    named = re.match(r"event (\d+): ", problems[0])
    assert named and int(named[1]) in move, problems
