"""Each card's picture, as SVG, at a stable URL: ``/play/cards/<card id>.svg``.

Every card the engine can deal has one (the standard pack and its joker, the Six
Generations family, Mystery Date's outfits), and ``back.svg`` is a face-down card. They are
drawn here, by code: no image and no font comes from elsewhere (the system's sans-serif
draws the text; the suits and symbols are paths). Each is a 250x350 card (5:7) with
``role="img"`` and a ``<title>`` that names it in English ("seven of hearts"), and colour
is never its only cue: the suits have their shapes, the Six Generations sexes their
symbols and words, the outfits their colour's name and a pattern of their own.

The pictures are pure functions of the id, built once. The URL carries no version, so
they are not cached as immutable (a redrawn card would stay hidden for a year): a day
fresh, then a revalidation by ETag that costs a 304 and no body, done in the background
for a week after that (``stale-while-revalidate``). An SVG opened directly is a document,
so its Content-Security-Policy lets it run and load nothing."""

import hashlib
from collections.abc import Callable
from functools import cache

from flask import Blueprint, Response, abort

from ..api.caching import conditional
from ..engine import mystery_date, six_generations
from ..engine.cards import BLACK_SUITS, JOKER, RANKS, standard_deck

blp = Blueprint("cards", __name__, url_prefix="/play/cards")

POLICY = "default-src 'none'; style-src 'unsafe-inline'"
CACHING = "public, max-age=86400, stale-while-revalidate=604800"
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
RED, BLACK = "#c8102e", "#1a1a1a"
# The four-colour deck a player may choose (/play/cards/four-colour/<id>.svg): clubs green,
# diamonds blue, so that no two suits share an ink; the other cards are as they are.
FOUR_COLOURS = {"C": "#16713a", "D": "#1f55b5", "H": RED, "S": BLACK}

RANK_WORDS = "ace two three four five six seven eight nine ten jack queen king"
RANK_NAMES = dict(zip(RANKS, RANK_WORDS.split(), strict=True))
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# Each suit's shape, about 100 units across, centred on the origin.
SUIT_PATHS = {
    "C": "M-22-25a22 22 0 1 1 44 0a22 22 0 1 1-44 0M-46 12a22 22 0 1 1 44 0a22 22 0 1 1-44 0"
    "M2 12a22 22 0 1 1 44 0a22 22 0 1 1-44 0M-12-6h24v24h-24zM4 20Q5 42 18 50H-18Q-5 42-4 20Z",
    "D": "M0-50L38 0L0 50L-38 0Z",
    "H": "M0 45C-20 25-50 5-50-20C-50-45-15-55 0-28C15-55 50-45 50-20C50 5 20 25 0 45Z",
    "S": "M0-50C20-25 50-5 50 18C50 42 15 48 2 25Q5 42 18 50H-18Q-5 42-2 25"
    "C-15 48-50 42-50 18C-50-5-20-25 0-50Z",
}
STAR = "M0-50L12-16 48-15 19 6 29 40 0 20-29 40-19 6-48-15-12-16Z"
# Where the pips of 2 to 10 go: a column (Left, Middle, Right) and a row from 0 (top) to 6.
PIPS = {
    "2": "M0 M6",
    "3": "M0 M3 M6",
    "4": "L0 R0 L6 R6",
    "5": "L0 R0 M3 L6 R6",
    "6": "L0 R0 L3 R3 L6 R6",
    "7": "L0 R0 M1.5 L3 R3 L6 R6",
    "8": "L0 R0 M1.5 L3 R3 M4.5 L6 R6",
    "9": "L0 R0 L2 R2 M3 L4 R4 L6 R6",
    "10": "L0 R0 M1 L2 R2 L4 R4 M5 L6 R6",
}
COLUMNS = {"L": 80, "M": 125, "R": 170}
# The male and female symbols: a ring of radius 30 with an arrow or a cross.
SEX_PATHS = {"M": "M21-21L48-48M24-48H48V-24", "F": "M0 30V66M-18 48H18"}
RING_CENTRES = {"M": (112, 170), "F": (125, 140)}  # the arrow up, the cross down
SEX_WORDS = {"M": "male", "F": "female"}
OUTFIT_COLOURS = {"pink": "#c2255c", "green": "#2b8a3e", "blue": "#1864ab", "orange": "#d9480f"}
# A pattern of each outfit colour's own (dots, stripes, zigzag, checks), on a 20-unit tile.
OUTFIT_PATTERNS = {
    "pink": '<circle cx="10" cy="10" r="5"/>',
    "green": '<path d="M-5 5L5-5M0 20L20 0M15 25L25 15" stroke="{}" stroke-width="5"/>',
    "blue": '<path d="M0 14L5 6L10 14L15 6L20 14" fill="none" stroke="{}" stroke-width="3"/>',
    "orange": '<path d="M0 0h10v10H0zM10 10h10v10H10z"/>',
}


def _svg(title: str, body: str, defs: str = "") -> str:
    """A card: its frame, its name, and what is drawn on it. An id in ``defs`` names its
    drawing ("suit-H", "pattern-pink"), so cards inlined in one page may share it."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="250" '
        f'height="350" role="img" font-family="{FONT}" font-weight="700" text-anchor="middle">'
        f"<title>{title}</title><defs>{defs}</defs>"
        '<rect x="2" y="2" width="246" height="346" rx="16" fill="#fff" stroke="#888" '
        f'stroke-width="3"/>{body}</svg>'
    )


def _corners(index: str) -> str:
    """The index in the top left corner and, turned round, in the bottom right."""
    return f'{index}<g transform="rotate(180 125 175)">{index}</g>'


def _use(ref: str, x: float, y: float, scale: float, turned: bool = False) -> str:
    turn = " rotate(180)" if turned else ""
    return f'<use href="#{ref}" transform="translate({x:g} {y:g}) scale({scale:g}){turn}"/>'


def _text(x: float, y: float, size: int, words: str, extra: str = "") -> str:
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{words}</text>'


def standard(card: str, four_colour: bool = False) -> str:
    """Rank and suit in two corners; pips for 2 to 10, one big suit for the ace, the
    letter in a frame for the court cards; in the suit's own ink if ``four_colour``."""
    rank, suit = card[:-1], card[-1]
    ref = f"suit-{suit}"
    if rank in PIPS:
        pips = [(pip[0], float(pip[1:])) for pip in PIPS[rank].split()]
        middle = "".join(
            _use(ref, COLUMNS[column], round(80 + 190 * row / 6), 0.36, row > 3)
            for column, row in pips
        )
    elif rank == "A":
        middle = _use(ref, 125, 175, 1.1)
    else:
        middle = (
            '<rect x="62" y="70" width="126" height="210" rx="8" fill="none" stroke="currentColor" '
            f'stroke-width="4"/>{_text(125, 212, 110, rank)}'
            f"{_use(ref, 125, 96, 0.3)}{_use(ref, 125, 254, 0.3, True)}"
        )
    colour = FOUR_COLOURS[suit] if four_colour else BLACK if suit in BLACK_SUITS else RED
    index = _text(32, 56, 44, rank, ' letter-spacing="-3"') + _use(ref, 32, 84, 0.3)
    return _svg(
        f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}",
        f'<g fill="{colour}" color="{colour}">{_corners(index)}{middle}</g>',
        f'<path id="{ref}" d="{SUIT_PATHS[suit]}"/>',
    )


def joker(card: str) -> str:
    """A star in the corners, a big one and the word in the middle: no suit, no rank."""
    body = _corners(_use("star", 34, 46, 0.5)) + _use("star", 125, 160, 1.5)
    body += _text(125, 265, 44, "JOKER", ' letter-spacing="2"')
    return _svg("joker", f'<g fill="#5f3dc4">{body}</g>', f'<path id="star" d="{STAR}"/>')


def family(card: str) -> str:
    """The generation's number in the sex's symbol (the ring with an arrow or a cross),
    both also in words, and the generation again as so many dots; Jacob and Emily named."""
    generation, sex = six_generations.generation(card), six_generations.sex(card)
    words = f"generation {generation}, {SEX_WORDS[sex]}"
    name = six_generations.NAMES.get(card)
    colour = BLACK if sex == "M" else RED
    ref = f"sex-{sex}"
    x, y = RING_CENTRES[sex]
    index = _text(32, 56, 44, str(generation)) + _use(ref, 30, 86, 0.45)
    dots = "".join(
        f'<circle cx="{125 + 20 * i - 10 * (generation - 1)}" cy="284" r="7"/>'
        for i in range(generation)
    )
    body = (
        _corners(index)
        + (_text(125, 70, 36, name) if name else "")
        + _use(ref, x, y, 1.4)
        + _text(x, y + 20, 56, str(generation))
        + _text(125, 258, 20, f"generation {generation}")
        + dots
        + _text(125, 318, 20, SEX_WORDS[sex])
    )
    symbol = (
        f'<g id="{ref}" fill="none" stroke="{colour}" stroke-width="8">'
        f'<circle r="30"/><path d="{SEX_PATHS[sex]}"/></g>'
    )
    return _svg(f"{name} ({words})" if name else words, f'<g fill="{colour}">{body}</g>', symbol)


def outfit(card: str) -> str:
    """The colour's pattern all over, its name and date, the piece's number in words and
    as the filled one of three boxes."""
    colour, piece = mystery_date.colour_of(card), int(card.split("-")[1])
    ink = OUTFIT_COLOURS[colour]
    pattern = (
        f'<pattern id="pattern-{colour}" width="20" height="20" patternUnits="userSpaceOnUse" '
        f'fill="{ink}" opacity=".45">{OUTFIT_PATTERNS[colour].format(ink)}</pattern>'
    )
    index = '<rect x="10" y="10" width="60" height="80" rx="6" fill="#fff"/>'
    index += _text(40, 56, 44, str(piece)) + _text(40, 80, 13, colour)
    date = mystery_date.DATES[colour].replace("_", " ")
    empty = ' fill="#fff" stroke="currentColor" stroke-width="3"'
    boxes = "".join(
        f'<rect x="{76 + 36 * n}" y="218" width="26" height="26" rx="4"'
        f"{'' if n + 1 == piece else empty}/>"
        for n in range(3)
    )
    body = (
        f'<rect x="8" y="8" width="234" height="334" rx="12" fill="url(#pattern-{colour})"/>'
        + _corners(index)
        + '<rect x="26" y="100" width="198" height="156" rx="10" fill="#fff"/>'
        + _text(125, 140, 36, colour.upper())
        + _text(125, 168, 20, date)
        + _text(125, 204, 22, f"piece {piece} of 3")
        + boxes
    )
    return _svg(
        f"{colour} outfit, piece {piece}", f'<g fill="{ink}" color="{ink}">{body}</g>', pattern
    )


def back(card: str) -> str:
    """A face-down card: a lattice inside a white border, the same for every deck."""
    pattern = (
        '<pattern id="pattern-back" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<rect width="20" height="20" fill="#1d3a8a"/>'
        '<path d="M0 10L10 0L20 10L10 20Z" fill="none" stroke="#7d9be0" stroke-width="2"/>'
        "</pattern>"
    )
    body = '<rect x="16" y="16" width="218" height="318" rx="10" fill="url(#pattern-back)"/>'
    return _svg("face-down card", body, pattern)


DRAWINGS: dict[str, Callable[[str], str]] = {
    **dict.fromkeys(standard_deck(), standard),
    JOKER: joker,
    **dict.fromkeys(six_generations.deck(72), family),
    **dict.fromkeys(mystery_date.outfit_deck(), outfit),
    "back": back,
}


@cache
def picture(card: str, four_colour: bool = False) -> tuple[bytes, str]:
    """A known card's SVG and its ETag (of the four-colour deck if ``four_colour``)."""
    drawn = (
        standard(card, True) if four_colour and DRAWINGS[card] is standard else DRAWINGS[card](card)
    )
    svg = drawn.encode()
    return svg, hashlib.blake2b(svg, digest_size=12).hexdigest()


@blp.get("/<card>.svg")
def card_picture(card: str) -> Response:
    return _answer(card, four_colour=False)


@blp.get("/four-colour/<card>.svg")
def four_colour_picture(card: str) -> Response:
    return _answer(card, four_colour=True)


def _answer(card: str, four_colour: bool) -> Response:
    if card not in DRAWINGS:
        abort(404)  # before the cache: only the known ids are ever kept
    svg, etag = picture(card, four_colour)
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = CACHING
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    return conditional(response, etag)
