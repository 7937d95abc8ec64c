"""Answers go out as the handlers build them, not through marshmallow's dump; under
``TESTING`` each one is dumped all the same and must come out equal, so the whole suite
checks that what is sent is what the document says (``parsing.Blueprint.response``)."""

import pytest

from service.table import render

from .table import Table


def test_an_answer_that_strays_from_its_schema_is_caught(client, monkeypatch):
    table = Table.create(client, players=2, seats=2)
    original = render.view
    monkeypatch.setattr(render, "view", lambda game, seat: {**original(game, seat), "x": 1})
    with pytest.raises(AssertionError, match=r"answer\.x: only in the built one"):
        table.view(0)


def test_a_value_the_schema_would_change_is_caught(client, monkeypatch):
    table = Table.create(client, players=2, seats=2)
    original = render.summary
    monkeypatch.setattr(render, "summary", lambda game: {**original(game), "round": "1"})
    with pytest.raises(AssertionError, match=r"answer\.round: built '1', dumped 1"):
        table.summary()
