"""Sorted text positions for speaker resolution: "the last mention of this
person before here" and "who was mentioned last before here", each without
a scan over the whole article (speakers.py asks them for every quote).

The document scan adds its positions in text order (appended); attribution
adds its own, also nearly in text order, to a second sorted list, so an
insertion never moves a long tail of later positions.
"""
from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterator
from heapq import merge


class Positions:
    """Positions, each tagged with an owner number (a person's)."""

    __slots__ = ("scanned", "attributed")

    def __init__(self) -> None:
        self.scanned: list[tuple[int, int]] = []
        self.attributed: list[tuple[int, int]] = []

    def scan(self, pos: int, owner: int = 0) -> None:
        """Add a position found by the document scan (called in text order)."""
        self.scanned.append((pos, owner))

    def add(self, pos: int, owner: int = 0) -> None:
        """Add a position found while attributing quotes."""
        insort(self.attributed, (pos, owner))

    def last_before(self, pos: int) -> int:
        """Return the greatest position < pos, or -1: O(log n)."""
        return max(_last(self.scanned, pos), _last(self.attributed, pos))

    def before(self, pos: int) -> Iterator[tuple[int, int]]:
        """Yield (position, owner) for positions < pos, latest first."""
        return merge(_backwards(self.scanned, pos), _backwards(self.attributed, pos), reverse=True)


def _last(items: list[tuple[int, int]], pos: int) -> int:
    i = bisect_left(items, (pos, -1))
    return items[i - 1][0] if i else -1


def _backwards(items: list[tuple[int, int]], pos: int) -> Iterator[tuple[int, int]]:
    for i in range(bisect_left(items, (pos, -1)) - 1, -1, -1):
        yield items[i]
