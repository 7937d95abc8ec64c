"""The one random source of every game: a counter-mode HMAC-SHA256 stream.

Re-implementable in any language (see docs/random.md):

* key      = the seed written in decimal ASCII (``str(seed).encode()``)
* block(i) = HMAC-SHA256(key, i as 8-byte big-endian), i = 0, 1, 2, ...
* a draw takes the next block and reads its first 8 bytes as a big-endian
  unsigned integer x; ``below(n)`` returns ``x % n`` unless x falls in the
  incomplete last bucket (``x >= 2**64 - 2**64 % n``), in which case that block
  is thrown away and the next one is drawn (rejection sampling, no modulo bias);
* ``shuffle`` is Fisher-Yates from the end: for i = len-1 down to 1,
  j = below(i + 1), swap items i and j.

The counter is the generator's whole state, so it is stored with the game and
the stream resumes exactly where it stopped on whichever replica serves the
next request.
"""

import hashlib
import struct
from collections.abc import Iterator
from itertools import chain
from typing import TypeVar

_SPACE = 2**64
# The counter as a block's message, and a block's first 8 bytes as a draw: big-endian
# unsigned 64-bit integers (a compiled struct, cheaper than int.to_bytes and from_bytes).
_WORD = struct.Struct(">Q")
_DIGEST = 32  # SHA-256's digest size in bytes: an HMAC block
_FIRST_WORD = struct.Struct(">Q24x")  # a draw: a block's first 8 bytes
_HIGH = struct.Struct(">L")  # the counter's high 4 bytes, PBKDF2's salt
_HALF = 2**32  # counters with the same high 4 bytes
_BLOCK = 64  # SHA-256's block size in bytes

T = TypeVar("T")


def seed_commitment(seed: int, nonce: int | None) -> str:
    """SHA-256 of the nonce (16 bytes, big-endian) followed by the seed's decimal ASCII
    form, published before either is: the nonce's 128 bits keep a short chosen seed
    from being found by trying them all. Tables made before nonces: the seed alone."""
    prefix = b"" if nonce is None else nonce.to_bytes(16, "big")
    return hashlib.sha256(prefix + str(seed).encode()).hexdigest()


class Rng:
    def __init__(self, seed: int, counter: int = 0) -> None:
        self._seed = seed
        self._key = str(seed).encode()
        self._inner, self._outer = _keyed(self._key)
        self.counter = counter

    def __reduce__(self) -> tuple[type["Rng"], tuple[int, int]]:
        """Copied (and pickled) as its seed and counter, the generator's whole state."""
        return Rng, (self._seed, self.counter)

    def _next_word(self) -> int:
        """The next block's first 8 bytes: HMAC(key, counter) = H(outer || H(inner ||
        counter)) from the two keyed hashes made once (``hmac.new`` would make them again
        for every block, at five times the cost)."""
        inner = self._inner.copy()
        inner.update(_WORD.pack(self.counter))
        block = self._outer.copy()
        block.update(inner.digest())
        self.counter += 1
        word: int = _WORD.unpack_from(block.digest())[0]
        return word

    def _next_words(self, count: int) -> list[int]:
        """The next ``count`` words, the same as ``count`` calls of ``_next_word``, most
        of them made in one call. With one iteration, PBKDF2-HMAC-SHA256's output block
        i = 1, 2, ... is HMAC(key, salt || i as 4 bytes, big-endian) (RFC 8018, 5.2):
        with the counter's high 4 bytes as the salt, the stream's block for the counter
        whose low 4 bytes are i. Its blocks always start at i = 1, so it serves counters
        whose low 4 bytes are from 1 to ``count`` (fewer blocks made for nothing than
        asked for); one whose low 4 bytes are 0, as a stream's first, is drawn alone."""
        words = [self._next_word()] if count and self.counter % _HALF == 0 else []
        wanted = count - len(words)
        high, low = divmod(self.counter, _HALF)
        if not 0 < low <= wanted or low + wanted > _HALF:  # far into its half, or past it
            return words + [self._next_word() for _ in range(wanted)]
        made = hashlib.pbkdf2_hmac(
            "sha256", self._key, _HIGH.pack(high), 1, _DIGEST * (low + wanted - 1)
        )
        self.counter += wanted
        wanted_blocks = made[_DIGEST * (low - 1) :]
        return words + [word for (word,) in _FIRST_WORD.iter_unpack(wanted_blocks)]

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        return _below(n, iter(self._next_word, None))

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (Fisher-Yates from the end). Each swap draws a word or more,
        so a word for each is made at once, before the first."""
        words = chain(self._next_words(max(len(items) - 1, 0)), iter(self._next_word, None))
        for i in range(len(items) - 1, 0, -1):
            j = _below(i + 1, words)
            items[i], items[j] = items[j], items[i]


def _below(n: int, words: Iterator[int]) -> int:
    """A uniform integer in ``[0, n)``: the first of ``words`` (the stream's next) that is
    not in the incomplete last bucket, modulo ``n``."""
    if n < 1:
        raise ValueError("below() needs n >= 1")
    limit = _SPACE - _SPACE % n
    for word in words:
        if word < limit:
            return word % n
    raise AssertionError("the stream of words has no end")


def _keyed(key: bytes) -> tuple["hashlib._Hash", "hashlib._Hash"]:
    """HMAC-SHA256's inner and outer hashes with ``key`` absorbed (RFC 2104): the key, or
    its SHA-256 if longer than a block, padded to the 64-byte block, XORed with 0x36 and
    0x5C."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    return hashlib.sha256(key.translate(_XOR_36)), hashlib.sha256(key.translate(_XOR_5C))


# Every byte XORed with the pad, as translate() tables: a dealt round makes a generator.
_XOR_36 = bytes(byte ^ 0x36 for byte in range(256))
_XOR_5C = bytes(byte ^ 0x5C for byte in range(256))
