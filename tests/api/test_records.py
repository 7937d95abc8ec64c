"""The game's records (clock, match) go to JSON and back unchanged, every field of them."""

import dataclasses
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from service.table.records import Clock, SeatClock, clock_from_json, clock_to_json

moments = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)
seat_clocks = st.builds(
    SeatClock,
    timeouts=st.integers(0, 10),
    seconds=st.none() | st.floats(1, 3600),
    autopilot=st.booleans(),
    due=st.none() | moments,
)


@given(st.lists(seat_clocks, max_size=13).map(lambda seats: Clock(tuple(seats))))
def test_a_clock_comes_back_from_json_as_it_went(clock):
    assert clock_from_json(clock_to_json(clock)) == clock


def test_every_field_of_a_seat_clock_is_written():
    entry = SeatClock(3, 30.0, True, datetime(2026, 1, 1, tzinfo=UTC) + timedelta(seconds=1))
    (written,) = clock_to_json(Clock((entry,)))["seats"]
    assert set(written) == {field.name for field in dataclasses.fields(SeatClock)}
