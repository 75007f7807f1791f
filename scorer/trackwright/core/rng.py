"""Seeded randomness that stays the same on every machine and Python version.

Python promises only that ``random.Random(seed).random()`` keeps its sequence across versions
(``randint``, ``choice`` and ``shuffle`` may change). Everything random in trackwright is drawn
from one ``Rng`` passed explicitly, which uses nothing but ``random()``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def random(self) -> float:
        return self._random.random()

    def below(self, n: int) -> int:
        """An integer in 0 .. n-1."""
        return min(int(self._random.random() * n), n - 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self._random.random()
