from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel
from ..models.rank import Rank
from ..types import UNSET, Unset

T = TypeVar("T", bound="Seat")


@_attrs_define
class Seat:
    """
    Attributes:
        seat (int):
        name (str):
        bot (BotLevel | None):
        cards (int | None): Cards in hand
        safe (bool): Out of cards: safe
        out (bool): Out of cards, or of the match
        score (int | None): Match score, if kept
        lives (int | None):
        rounds_won (int): Rounds of this match won
        rounds_lost (int): Rounds lost (Old Maid: times the Old Maid)
        held_until (datetime.datetime | None): At a rematch: the seat is held for the person who had it in the finished
            match until then (or until the first deal); null: taken
        pairs (list[list[str]] | Unset):
        side (int | None | Unset):
        books (list[Rank] | Unset):
        pile (int | Unset):
        signalled (bool | Unset):
        pig (str | Unset):
        position (int | Unset):
    """

    seat: int
    name: str
    bot: BotLevel | None
    cards: int | None
    safe: bool
    out: bool
    score: int | None
    lives: int | None
    rounds_won: int
    rounds_lost: int
    held_until: datetime.datetime | None
    pairs: list[list[str]] | Unset = UNSET
    side: int | None | Unset = UNSET
    books: list[Rank] | Unset = UNSET
    pile: int | Unset = UNSET
    signalled: bool | Unset = UNSET
    pig: str | Unset = UNSET
    position: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        bot: None | str
        if isinstance(self.bot, BotLevel):
            bot = self.bot.value
        else:
            bot = self.bot

        cards: int | None
        cards = self.cards

        safe = self.safe

        out = self.out

        score: int | None
        score = self.score

        lives: int | None
        lives = self.lives

        rounds_won = self.rounds_won

        rounds_lost = self.rounds_lost

        held_until: None | str
        if isinstance(self.held_until, datetime.datetime):
            held_until = self.held_until.isoformat()
        else:
            held_until = self.held_until

        pairs: list[list[str]] | Unset = UNSET
        if not isinstance(self.pairs, Unset):
            pairs = []
            for pairs_item_data in self.pairs:
                pairs_item = pairs_item_data

                pairs.append(pairs_item)

        side: int | None | Unset
        if isinstance(self.side, Unset):
            side = UNSET
        else:
            side = self.side

        books: list[str] | Unset = UNSET
        if not isinstance(self.books, Unset):
            books = []
            for books_item_data in self.books:
                books_item = books_item_data.value
                books.append(books_item)

        pile = self.pile

        signalled = self.signalled

        pig = self.pig

        position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "bot": bot,
                "cards": cards,
                "safe": safe,
                "out": out,
                "score": score,
                "lives": lives,
                "rounds_won": rounds_won,
                "rounds_lost": rounds_lost,
                "held_until": held_until,
            }
        )
        if pairs is not UNSET:
            field_dict["pairs"] = pairs
        if side is not UNSET:
            field_dict["side"] = side
        if books is not UNSET:
            field_dict["books"] = books
        if pile is not UNSET:
            field_dict["pile"] = pile
        if signalled is not UNSET:
            field_dict["signalled"] = signalled
        if pig is not UNSET:
            field_dict["pig"] = pig
        if position is not UNSET:
            field_dict["position"] = position

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        def _parse_bot(data: object) -> BotLevel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_0 = BotLevel(data)

                return bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None, data)

        bot = _parse_bot(d.pop("bot"))

        def _parse_cards(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cards = _parse_cards(d.pop("cards"))

        safe = d.pop("safe")

        out = d.pop("out")

        def _parse_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        score = _parse_score(d.pop("score"))

        def _parse_lives(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lives = _parse_lives(d.pop("lives"))

        rounds_won = d.pop("rounds_won")

        rounds_lost = d.pop("rounds_lost")

        def _parse_held_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                held_until_type_0 = datetime.datetime.fromisoformat(data)

                return held_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        held_until = _parse_held_until(d.pop("held_until"))

        _pairs = d.pop("pairs", UNSET)
        pairs: list[list[str]] | Unset = UNSET
        if _pairs is not UNSET:
            pairs = []
            for pairs_item_data in _pairs:
                pairs_item = cast(list[str], pairs_item_data)

                pairs.append(pairs_item)

        def _parse_side(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        side = _parse_side(d.pop("side", UNSET))

        _books = d.pop("books", UNSET)
        books: list[Rank] | Unset = UNSET
        if _books is not UNSET:
            books = []
            for books_item_data in _books:
                books_item = Rank(books_item_data)

                books.append(books_item)

        pile = d.pop("pile", UNSET)

        signalled = d.pop("signalled", UNSET)

        pig = d.pop("pig", UNSET)

        position = d.pop("position", UNSET)

        seat = cls(
            seat=seat,
            name=name,
            bot=bot,
            cards=cards,
            safe=safe,
            out=out,
            score=score,
            lives=lives,
            rounds_won=rounds_won,
            rounds_lost=rounds_lost,
            held_until=held_until,
            pairs=pairs,
            side=side,
            books=books,
            pile=pile,
            signalled=signalled,
            pig=pig,
            position=position,
        )

        return seat
