"""What the service made of fixed seeds and moves before its store was rebuilt around
the table's rules (``tools/record_logs.py``): every later version must make the same
logs again, and ``service.verify`` must accept the matches recorded then."""

import gzip
import json
from datetime import datetime
from pathlib import Path

RECORDED = json.loads(gzip.decompress((Path(__file__).parent / "recorded.json.gz").read_bytes()))


def key(game_type: str, options: dict, players: int) -> str:
    return f"{game_type} {json.dumps(options, sort_keys=True)} {players}"


# Logged since the recording, when a seat is taken or left before the first deal
SEAT_EVENTS = {"joined", "vacated"}


def comparable(log: list[dict]) -> str:
    """A log as one text, without what differs between two tables of the same seed: the
    times and the table's own nonce."""
    kept = [
        {**{k: v for k, v in event.items() if k != "at"}, "data": _no_nonce(event["data"])}
        for event in game_events(log)
    ]
    return json.dumps(kept, sort_keys=True)


def timeline(log: list[dict]) -> list[float]:
    """When each event came, in seconds after the first (on a clock the test sets)."""
    log = game_events(log)
    first = datetime.fromisoformat(log[0]["at"])
    return [(datetime.fromisoformat(event["at"]) - first).total_seconds() for event in log]


def game_events(log: list[dict]) -> list[dict]:
    """The log as it was recorded: the seat events, which all come before the first
    deal, left out, and the rest numbered from 1 again."""
    seated = 0
    while seated < len(log) and log[seated]["type"] in SEAT_EVENTS:
        seated += 1
    assert not any(event["type"] in SEAT_EVENTS for event in log[seated:]), "after the deal"
    return [{**event, "seq": event["seq"] - seated} for event in log[seated:]]


def summary_text(summary: dict) -> str:
    """A summary as one text, without what is each table's own: its id, its creation,
    its commitment (of its own nonce) and the table it is played again at."""
    own = {"id", "created_at", "seed_commitment", "next_game_id"}
    return json.dumps({k: v for k, v in summary.items() if k not in own}, sort_keys=True)


def _no_nonce(data: dict) -> dict:
    return {name: value for name, value in data.items() if name != "nonce"}
