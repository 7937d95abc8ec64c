"""The catalogue speaks to people: every game, option and allowed value has words in
English and Finnish, and none of them is the raw API name or value it stands for."""

import pytest

from service.api.texts import LANGUAGES

RAW_VALUES = {"true", "false", "null", "none"}


def normal(text) -> str:
    """An API name as it might show through: case and underscores aside."""
    return str(text).lower().replace("_", " ").strip()


@pytest.fixture(scope="module")
def catalogue(app):
    answer = app.test_client().get("/v1/catalog")
    assert answer.status_code == 200
    return answer.json["games"]


def test_every_game_has_a_title_and_rules_in_each_language(catalogue):
    for game in catalogue:
        assert set(game["text"]) == set(LANGUAGES)
        for language, words in game["text"].items():
            assert words["title"].strip() and words["title"] != game["slug"], (game, language)
            assert len(words["rules"]) > 100, (game["slug"], language)
        assert game["text"]["en"]["rules"] == game["rules"]
        assert game["text"]["fi"]["rules"] != game["rules"], "the Finnish is a translation"


def test_every_option_has_a_title_and_help_other_than_its_name(catalogue):
    for game in catalogue:
        for option in game["options"]:
            for language in LANGUAGES:
                words = option["text"][language]
                where = (game["slug"], option["name"], language)
                assert words["title"].strip() and words["help"].strip(), where
                assert normal(words["title"]) != normal(option["name"]), where
                identifiers = [option["name"], *map(str, option["allowed"])]
                for identifier in (name for name in identifiers if "_" in name):
                    assert identifier not in repr(words), (where, identifier)


def test_every_allowed_value_has_a_title_in_its_place(catalogue):
    for game in catalogue:
        for option in game["options"]:
            for language in LANGUAGES:
                titles = option["text"][language]["values"]
                where = (game["slug"], option["name"], language)
                assert len(titles) == len(option["allowed"]), where
                for value, title in zip(option["allowed"], titles, strict=True):
                    assert title.strip(), where
                    assert normal(title) not in RAW_VALUES | {normal(value)}, (where, value)


def test_the_finnish_words_are_not_the_english_ones(catalogue):
    for game in catalogue:
        for option in game["options"]:
            english, finnish = option["text"]["en"], option["text"]["fi"]
            assert finnish["title"] != english["title"] and finnish["help"] != english["help"]
            for pair in zip(english["values"], finnish["values"], strict=True):
                assert pair[0] != pair[1], (game["slug"], option["name"], pair)
