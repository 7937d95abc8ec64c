"""The documented generator: an independent re-implementation from docs/random.md must
agree with the service, and pinned values guard the stream against silent change."""

import copy
import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.engine import Rng, seed_commitment


def documented_shuffle(seed: int, items: list, counter: int = 0) -> tuple[list, int]:
    """docs/random.md, written again from the text alone: the items shuffled from block
    ``counter`` on, and the counter after."""
    items = list(items)

    def below(n):
        nonlocal counter
        while True:
            block = hmac.new(str(seed).encode(), counter.to_bytes(8, "big"), "sha256").digest()
            counter += 1
            x = int.from_bytes(block[:8], "big")
            if x < 2**64 - 2**64 % n:
                return x % n

    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items, counter


# up to 2^256 - 1 (78 digits), the largest seed a host may choose: past 64 digits, HMAC
# hashes the key first
@given(seed=st.integers(0, 2**128) | st.integers(10**63, 2**256 - 1), size=st.integers(0, 60))
def test_shuffle_matches_the_documented_algorithm(seed, size):
    items = list(range(size))
    rng = Rng(seed)
    rng.shuffle(items)
    assert (items, rng.counter) == documented_shuffle(seed, range(size))


# A shuffle makes its words together where it can (Rng._next_words): from any counter,
# a stream's first, a later round's, either side of a change in its high 4 bytes.
COUNTERS = (
    st.integers(0, 200)
    | st.integers(2**32 - 70, 2**32 + 70)
    | st.integers(7 * 2**32 - 70, 7 * 2**32 + 70)
    | st.integers(0, 2**63)
)


@given(seed=st.integers(0, 2**128) | st.integers(10**63, 2**256 - 1), counter=COUNTERS)
def test_a_shuffle_from_any_counter_matches_the_documented_algorithm(seed, counter):
    items = list(range(52))
    rng = Rng(seed, counter)
    rng.shuffle(items)
    assert (items, rng.counter) == documented_shuffle(seed, range(52), counter)


def test_a_shuffle_draws_again_for_a_word_in_the_incomplete_last_bucket(monkeypatch):
    # 2**64 - 1 is in the incomplete last bucket of 5 (2**64 % 5 == 1): the words made
    # ahead are then one short, and the last swap draws the stream's next word
    words = [2**64 - 1, 7, 8, 9]
    rng = Rng(1)
    monkeypatch.setattr(rng, "_next_words", lambda count: words[:count])
    monkeypatch.setattr(rng, "_next_word", lambda: 10)
    items = list(range(5))
    rng.shuffle(items)
    # swaps of 4 and 7 % 5 (after the rejected word), 3 and 8 % 4, 2 and 9 % 3, 1 and 10 % 2
    assert items == [1, 4, 3, 0, 2]


def test_stream_is_pinned():
    rng = Rng(42)
    assert [rng.below(52) for _ in range(6)] == PINNED_42
    assert rng.counter == 6


def test_below_rejects_the_incomplete_last_bucket(monkeypatch):
    n = 3
    limit = 2**64 - 2**64 % n
    words = iter([limit, limit + 1, 7])
    rng = Rng(1)
    monkeypatch.setattr(rng, "_next_word", lambda: next(words))
    assert rng.below(n) == 7 % n


def test_a_copy_draws_what_the_original_would():
    rng = Rng(11, counter=3)
    twin = copy.deepcopy(rng)
    assert [twin.below(1000) for _ in range(5)] == [rng.below(1000) for _ in range(5)]


def test_counter_resumes_the_stream():
    whole = Rng(7)
    first = [whole.below(100) for _ in range(10)]
    resumed = Rng(7, counter=5)
    assert [resumed.below(100) for _ in range(5)] == first[5:]


def test_below_needs_a_positive_bound():
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_commitment_is_sha256_of_the_nonce_then_the_decimal_seed():
    nonce = 2**100 + 7
    expected = hashlib.sha256(nonce.to_bytes(16, "big") + b"123").hexdigest()
    assert seed_commitment(123, nonce) == expected


# Computed once from the documented algorithm; a change here breaks every replay.
PINNED_42 = [0, 40, 11, 19, 10, 35]


def test_tables_made_before_nonces_keep_their_commitment():
    assert seed_commitment(123, None) == hashlib.sha256(b"123").hexdigest()
