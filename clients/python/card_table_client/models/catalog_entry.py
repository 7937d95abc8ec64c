from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.game_type import GameType

if TYPE_CHECKING:
    from ..models.catalog_entry_deck import CatalogEntryDeck
    from ..models.game_text import GameText
    from ..models.option import Option
    from ..models.players import Players


T = TypeVar("T", bound="CatalogEntry")


@_attrs_define
class CatalogEntry:
    """
    Attributes:
        slug (GameType):
        title (str):
        players (Players):
        options (list[Option]):
        deck (CatalogEntryDeck): The deck and its card ids
        rules (str): A summary; the full rules are at `rules_url`
        rules_url (str): The game's section of the rules as the service plays them (every option, the clock, autopilot,
            bots and scoring): an HTML page of this service, `/rules#<type>`
        text (GameText):
    """

    slug: GameType
    title: str
    players: Players
    options: list[Option]
    deck: CatalogEntryDeck
    rules: str
    rules_url: str
    text: GameText

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug.value

        title = self.title

        players = self.players.to_dict()

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        deck = self.deck.to_dict()

        rules = self.rules

        rules_url = self.rules_url

        text = self.text.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "slug": slug,
                "title": title,
                "players": players,
                "options": options,
                "deck": deck,
                "rules": rules,
                "rules_url": rules_url,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.catalog_entry_deck import CatalogEntryDeck  # noqa: PLC0415
        from ..models.game_text import GameText  # noqa: PLC0415
        from ..models.option import Option  # noqa: PLC0415
        from ..models.players import Players  # noqa: PLC0415

        d = dict(src_dict)
        slug = GameType(d.pop("slug"))

        title = d.pop("title")

        players = Players.from_dict(d.pop("players"))

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = Option.from_dict(options_item_data)

            options.append(options_item)

        deck = CatalogEntryDeck.from_dict(d.pop("deck"))

        rules = d.pop("rules")

        rules_url = d.pop("rules_url")

        text = GameText.from_dict(d.pop("text"))

        catalog_entry = cls(
            slug=slug,
            title=title,
            players=players,
            options=options,
            deck=deck,
            rules=rules,
            rules_url=rules_url,
            text=text,
        )

        return catalog_entry
