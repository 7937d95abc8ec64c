"""The load generator's process for ``bench.players``: the players of one side, this
service's (``bench/players_client.py``) or the peer's (``bench/players_peer_client.py``),
as its mode says.

    python -m bench.players_load '<json config>'     (prints one JSON line)"""

import asyncio
import json
import sys

from tests.push.client import raise_open_files_limit

from .players_client import PEER_MODE, Config, Run, Table, play
from .players_peer_client import PeerTable, session


async def main(config: Config) -> dict:
    run = Run(config)
    if config.mode != PEER_MODE:
        return await play(run, lambda: Table(run))
    async with session() as http:
        return await play(run, lambda: PeerTable(run, http))


def cli(argument: str) -> None:
    raise_open_files_limit()
    settings = json.loads(argument)
    settings["think"] = tuple(settings.get("think", (1.0, 3.0)))
    print(json.dumps(asyncio.run(main(Config(**settings)))))


if __name__ == "__main__":
    cli(sys.argv[1])
