"""A table driven through the HTTP API, as a front end would."""

from dataclasses import dataclass, field


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    client: object
    id: str
    host: str
    tokens: list[str] = field(default_factory=list)
    code: str | None = None

    @classmethod
    def create(cls, client, players=4, seats=None, deal=True, type="old-maid", **body):
        body = {"type": type, "seats": seats or players, **body}
        if body.get("seed") is not None:
            body.setdefault("visibility", "private")  # the only tables a seed is allowed on
        answer = client.post("/v1/games", json=body)
        assert answer.status_code == 201, answer.json
        table = cls(client, answer.json["id"], answer.json["host_token"], code=answer.json["code"])
        for n in range(players):
            table.join(f"player {n}")
        if deal:
            table.deal()
        return table

    def join(self, name: str) -> int:
        answer = self.client.post(
            f"/v1/games/{self.id}/players",
            json={"name": name, "code": self.code} if self.code else {"name": name},
        )
        assert answer.status_code == 201, answer.json
        self.tokens.append(answer.json["token"])
        return answer.json["seat"]

    def deal(self, token=None):
        """Deal with the host's token, or with the given one (a player's, between rounds)."""
        answer = self.client.post(f"/v1/games/{self.id}/deal", headers=bearer(token or self.host))
        assert answer.status_code == 200, answer.json
        return answer.json

    def end(self):
        answer = self.client.post(f"/v1/games/{self.id}/end", headers=bearer(self.host))
        assert answer.status_code == 200, answer.json
        return answer.json

    def summary(self):
        return self.client.get(f"/v1/games/{self.id}")

    def view(self, seat=None):
        headers = bearer(self.tokens[seat]) if seat is not None else {}
        return self.client.get(f"/v1/games/{self.id}/view", headers=headers)

    def move(self, seat, move, **headers):
        return self.client.post(
            f"/v1/games/{self.id}/moves",
            json=move,
            headers={**bearer(self.tokens[seat]), **headers},
        )

    def events(self, seat=None, after=0, limit=500):
        headers = bearer(self.tokens[seat]) if seat is not None else {}
        return self.client.get(
            f"/v1/games/{self.id}/events?after={after}&limit={limit}", headers=headers
        )

    def turn(self) -> int | None:
        return self.summary().json["turn"]

    def play_one(self, choose=lambda moves: moves[0]):
        """The seat to act sends one of its legal moves; returns (seat, move, answer)."""
        seat = self.turn()
        move = choose(self.view(seat).json["legal_moves"])
        answer = self.move(seat, move)
        assert answer.status_code == 201, answer.json
        return seat, move, answer

    def play_round(self, choose=lambda moves: moves[0], limit=2_000):
        """Play legal moves until the round is over."""
        for _ in range(limit):
            if self.summary().json["status"] != "playing":
                return
            self.play_one(choose)
        raise AssertionError("the round did not end")
