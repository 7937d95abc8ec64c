"""What the service made of fixed seeds and moves before its store was rebuilt around
the table's rules (``tools/record_logs.py``): every later version must make the same
logs again, and ``service.verify`` must accept the matches recorded then."""

import gzip
import json
from pathlib import Path

RECORDED = json.loads(gzip.decompress((Path(__file__).parent / "recorded.json.gz").read_bytes()))


def key(game_type: str, options: dict, players: int) -> str:
    return f"{game_type} {json.dumps(options, sort_keys=True)} {players}"


def comparable(log: list[dict]) -> str:
    """A log as one text, without what differs between two tables of the same seed: the
    times and the table's own nonce."""
    kept = [
        {**{k: v for k, v in event.items() if k != "at"}, "data": _no_nonce(event["data"])}
        for event in log
    ]
    return json.dumps(kept, sort_keys=True)


def _no_nonce(data: dict) -> dict:
    return {name: value for name, value in data.items() if name != "nonce"}
