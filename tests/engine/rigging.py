"""Random sources for scripted tests: a rigged deck, and a spy on shuffles."""

from service.engine import Rng


class RiggedDeck(Rng):
    """The first shuffle lays out ``order`` (which must hold the same cards); every
    later shuffle leaves the list as it is, so offered hands keep a known order."""

    def __init__(self, order: list[str]):
        super().__init__(seed=0)
        self.order = list(order)
        self.dealt = False

    def shuffle(self, items: list) -> None:
        if not self.dealt:
            assert sorted(items) == sorted(self.order), "a rigged deck holds the same cards"
            items[:] = self.order
            self.dealt = True


class ShuffleSpy(Rng):
    """A real generator that remembers every list it shuffled."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.shuffled: list[list] = []

    def shuffle(self, items: list) -> None:
        super().shuffle(items)
        self.shuffled.append(items)


def deal_round_robin(hands: list[list[str]], first: int) -> list[str]:
    """The deck order that deals ``hands`` one card at a time, starting at seat ``first``."""
    players = len(hands)
    assert max(map(len, hands)) - min(map(len, hands)) <= 1
    order, queues = [], [list(hand) for hand in hands]
    seat = first
    while any(queues):
        order.append(queues[seat].pop(0))
        seat = (seat + 1) % players
    return order
