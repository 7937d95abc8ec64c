"""docs/rules.md, every game's rules as the service plays them: a section for every
registered game at its type's anchor, naming every option and each of its values, every
bot level, and the two rules it settles. Read from the registries, so a game, an option,
a value or a bot level added without its rules fails here."""

import json
import re
from pathlib import Path

import pytest

from service.bots import LEVELS
from service.engine import GAMES
from service.engine.base import Option
from service.web.rules import anchor

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
FINNISH = DOC.with_name("rules.fi.md")
DEPARTURES = "where-the-service-departs-from-the-rule-texts"


def headings(doc: Path = DOC) -> list[str]:
    return re.findall(r"^#{1,6} (.+)$", doc.read_text(encoding="utf-8"), flags=re.MULTILINE)


def sections(doc: Path = DOC) -> dict[str, str]:
    """The text of each level-2 section, by its heading's anchor (a translation's by the
    anchor of the English heading in its place, as the page gives it)."""
    parts = re.split(r"^## (.+)$", doc.read_text(encoding="utf-8"), flags=re.MULTILINE)
    english = re.findall(r"^## (.+)$", DOC.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {anchor(heading): text for heading, text in zip(english, parts[2::2], strict=True)}


def levels(doc: Path) -> list[str]:
    return re.findall(r"^(#{1,6}) ", doc.read_text(encoding="utf-8"), flags=re.MULTILINE)


def spelt(value: object) -> str:
    """A value as the document writes it: a code span of its JSON, a string bare."""
    return f"`{value if isinstance(value, str) else json.dumps(value)}`"


def values_of(option: Option) -> list[object]:
    """Every value the option lists, its default, and the ends of its range."""
    ends = [] if option.minimum is None else [option.minimum, option.maximum]
    return [*option.allowed, option.default, *ends]


def test_the_document_is_there():
    assert DOC.is_file(), "docs/rules.md: every game's rules as the service plays them"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_has_a_section_at_its_types_anchor(slug):
    assert slug in sections(), f"no '## ' heading whose anchor is #{slug}"


def test_every_heading_has_an_anchor_of_its_own():
    anchors = [anchor(heading) for heading in headings()]
    assert len(anchors) == len(set(anchors))


def test_the_finnish_rules_follow_the_english_heading_for_heading():
    """docs/rules.fi.md: its headings take the English ones' anchors by their place, so
    each must stand where its English one does, at the same level."""
    assert FINNISH.is_file()
    assert levels(FINNISH) == levels(DOC)
    assert len(headings(FINNISH)) == len(headings(DOC))


@pytest.mark.parametrize("doc", [DOC, FINNISH], ids=["en", "fi"])
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_option_and_each_of_its_values_is_named_in_its_games_section(slug, doc):
    section = sections(doc).get(slug, "")
    for option in GAMES[slug].options:
        assert f"`{option.name}`" in section, f"{slug}: option {option.name}"
        missing = [spelt(value) for value in values_of(option) if spelt(value) not in section]
        assert not missing, f"{slug}: option {option.name}'s values {missing}"


@pytest.mark.parametrize("doc", [DOC, FINNISH], ids=["en", "fi"])
def test_every_bot_level_is_described(doc):
    section = sections(doc).get("automatic-players", "")
    for level in LEVELS:
        assert f"`{level}`" in section, f"bot level {level}"


def test_the_two_rules_stated_only_outside_the_project_are_settled_in_words():
    settled = sections().get(DEPARTURES, "")
    crazy_eights, spoons = sections().get("crazy-eights", ""), sections().get("spoons", "")
    assert "sides' hand totals" in settled and "sides' hand totals" in crazy_eights
    assert "all four players winners, with 0 points" in settled
    assert "the clock passes the card the `basic` bot would pass" in settled.lower()
    assert "the card `basic` passes, not a card at random" in spoons
