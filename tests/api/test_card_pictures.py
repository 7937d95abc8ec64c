"""Each card's picture at ``/play/cards/<id>.svg`` (``service/web/cards.py``): every card
the engine can deal has one, well-formed, self-contained and small, named in English, and
its colour is never its only cue; unknown ids are 404 problem documents."""

import re
import xml.etree.ElementTree as ET

import pytest

from service.engine import six_generations
from service.engine.cards import JOKER, standard_deck
from service.engine.mystery_date import COLOURS, outfit_deck
from service.web import cards

SVG = "{http://www.w3.org/2000/svg}"
EVERY_CARD = [*standard_deck(), JOKER, *six_generations.deck(72), *outfit_deck(), "back"]
POLICY = "default-src 'none'; style-src 'unsafe-inline'"


def _picture(client, card: str) -> ET.Element:
    answer = client.get(f"/play/cards/{card}.svg")
    assert answer.status_code == 200, card
    assert answer.mimetype == "image/svg+xml", card
    return ET.fromstring(answer.get_data())


def _title(svg: ET.Element) -> str:
    title = svg.find(f"{SVG}title")
    assert title is not None and title.text
    return title.text


def _words(svg: ET.Element) -> str:
    return " ".join(text.text or "" for text in svg.iter(f"{SVG}text"))


def _inks(svg: ET.Element) -> set[tuple[int, int, int]]:
    """The colours a card is drawn in (not its white face nor its grey edge)."""
    found = set()
    for element in svg.iter():
        for name in ("fill", "stroke", "color"):
            value = element.get(name, "")
            if re.fullmatch(r"#[0-9a-f]{6}", value) and value not in {"#ffffff", "#888888"}:
                found.add(tuple(int(value[i : i + 2], 16) for i in (1, 3, 5)))
    return found


def _red(ink: tuple[int, int, int]) -> bool:
    r, g, b = ink
    return r >= 0x99 and g <= 0x40 and b <= 0x60


def _black(ink: tuple[int, int, int]) -> bool:
    return max(ink) <= 0x40


def _shapes(svg: ET.Element) -> str:
    """What the card's defs draw, its colours taken out: the shapes alone."""
    defs = svg.find(f"{SVG}defs")
    assert defs is not None
    markup = ET.tostring(defs, encoding="unicode")
    return re.sub(r'(fill|stroke)="#[0-9a-f]+"|id="[^"]*"', "", markup)


def test_every_card_the_engine_deals_has_a_small_self_contained_picture(client):
    sizes = []
    for card in dict.fromkeys(EVERY_CARD):
        answer = client.get(f"/play/cards/{card}.svg")
        assert answer.status_code == 200, card
        body = answer.get_data()
        sizes.append(len(body))
        svg = ET.fromstring(body)  # well-formed XML, or this raises
        assert svg.tag == f"{SVG}svg", card
        assert svg.get("viewBox") == "0 0 250 350", card
        assert svg.get("role") == "img", card
        assert svg[0].tag == f"{SVG}title", f"{card}: the title comes first"
        assert _title(svg), card
        assert len(body) < 2048, f"{card}: {len(body)} bytes"
        # nothing runs, nothing is fetched: every reference is to an id of its own
        ids = {element.get("id") for element in svg.iter()}
        assert not any(element.tag.endswith("script") for element in svg.iter()), card
        for element in svg.iter():
            for name, value in element.attrib.items():
                assert not name.startswith("on"), f"{card}: {name}"
                if name.endswith("href"):
                    assert value.startswith("#") and value[1:] in ids, f"{card}: {value}"
                for target in re.findall(r"url\(([^)]*)\)", value):
                    assert target.startswith("#") and target[1:] in ids, f"{card}: {value}"
    assert len(sizes) == 52 + 1 + 72 + 12 + 1


@pytest.mark.parametrize(
    ("card", "title"),
    [
        ("7H", "seven of hearts"),
        ("QS", "queen of spades"),
        ("10D", "ten of diamonds"),
        ("AC", "ace of clubs"),
        ("JK", "joker"),
        ("G1-M-01", "Jacob (generation 1, male)"),
        ("G1-F-01", "Emily (generation 1, female)"),
        ("G4-F-03", "generation 4, female"),
        ("G6-M-20", "generation 6, male"),
        ("pink-2", "pink outfit, piece 2"),
        ("orange-3", "orange outfit, piece 3"),
        ("back", "face-down card"),
    ],
)
def test_a_card_is_named_in_english(client, card, title):
    assert _title(_picture(client, card)) == title


def test_the_standard_cards_are_told_apart_by_name(client):
    titles = {_title(_picture(client, card)) for card in [*standard_deck(), JOKER]}
    assert len(titles) == 53


@pytest.mark.parametrize("card", standard_deck())
def test_hearts_and_diamonds_are_red_clubs_and_spades_black(client, card):
    svg = _picture(client, card)
    inks = _inks(svg)
    assert inks, card
    red = card[-1] in "HD"
    assert all(_red(ink) if red else _black(ink) for ink in inks), (card, inks)
    assert card[:-1] in _words(svg), "the rank is written"


def test_the_suits_differ_in_shape_not_only_in_colour(client):
    shapes = {_shapes(_picture(client, f"7{suit}")) for suit in "CDHS"}
    assert len(shapes) == 4


def test_a_family_card_shows_generation_and_sex_in_words_and_shape(client):
    for card in six_generations.deck(72):
        svg = _picture(client, card)
        generation, sex = six_generations.generation(card), six_generations.sex(card)
        words = _words(svg)
        assert f"generation {generation}" in words, card
        assert ("female" in words.split()) == (sex == "F"), card
        assert ("male" in words.split()) == (sex == "M"), card
        dots = [c for c in svg.iter(f"{SVG}circle") if c.get("r") == "7"]
        assert len(dots) == generation, card
    assert "Jacob" in _words(_picture(client, six_generations.JACOB))
    assert "Emily" in _words(_picture(client, six_generations.EMILY))
    man, woman = _picture(client, "G2-M-01"), _picture(client, "G2-F-01")
    assert _shapes(man) != _shapes(woman), "a man and a woman differ in shape"


def test_an_outfit_card_names_its_colour_and_piece_and_has_a_pattern(client):
    patterns = set()
    for colour in COLOURS:
        for piece in (1, 2, 3):
            svg = _picture(client, f"{colour}-{piece}")
            words = _words(svg).lower()
            assert colour in words and f"piece {piece} of 3" in words, (colour, piece)
        patterns.add(_shapes(svg))
    assert len(patterns) == len(COLOURS), "each colour has a pattern of its own"


def test_the_answer_is_cacheable_and_confined(client):
    answer = client.get("/play/cards/QS.svg")
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    assert answer.headers["Content-Security-Policy"] == POLICY
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    cache_control = answer.headers["Cache-Control"]
    assert "public" in cache_control and "max-age=86400" in cache_control
    etag = answer.headers["ETag"]
    again = client.get("/play/cards/QS.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    other = client.get("/play/cards/QH.svg", headers={"If-None-Match": etag})
    assert other.status_code == 200, "another card's ETag is not this card's"
    head = client.head("/play/cards/back.svg")
    assert head.status_code == 200 and head.mimetype == "image/svg+xml"


@pytest.mark.parametrize(
    "path",
    [
        "XX.svg",
        "1H.svg",
        "11S.svg",
        "as.svg",  # ids are case-sensitive
        "G7-M-01.svg",
        "G1-M-02.svg",  # one Jacob only
        "purple-1.svg",
        "pink-4.svg",
        "AS.png",
        "AS",
        "back.svg/x",
        "..%2Fsecrets.svg",
    ],
)
def test_an_unknown_card_is_a_404_problem(client, path):
    answer = client.get(f"/play/cards/{path}")
    assert answer.status_code == 404
    assert answer.mimetype == "application/problem+json"
    assert answer.get_json()["status"] == 404


def test_unknown_ids_are_not_kept(client):
    kept = cards.picture.cache_info().currsize
    for number in range(50):
        assert client.get(f"/play/cards/nothing-{number}.svg").status_code == 404
    assert cards.picture.cache_info().currsize == kept


def test_the_four_colour_deck_gives_each_suit_its_own_ink(client):
    """A player's four-colour deck: clubs and diamonds in inks of their own, so that no
    two suits share one; every other card is the same picture."""
    inks = [
        _inks(ET.fromstring(client.get(f"/play/cards/four-colour/7{s}.svg").get_data()))
        for s in "CDHS"
    ]
    assert all(len(ink) == 1 for ink in inks) and len(set().union(*inks)) == 4, inks
    for card in ("QH", "back", JOKER, "G2-M-01", "pink-1"):
        same = client.get(f"/play/cards/{card}.svg").get_data()
        assert client.get(f"/play/cards/four-colour/{card}.svg").get_data() == same, card
    assert client.get("/play/cards/four-colour/ZZ.svg").status_code == 404
