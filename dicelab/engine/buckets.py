"""Batching many small groups into few numpy calls: the bucket cut both the Seveny and the
5000 sweeps use (a pure helper; it names no game).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["bucket_bounds"]


def bucket_bounds(sizes: Iterable[int], overhead: int) -> list[tuple[int, int]]:
    """Cut groups sorted by size (either way) into contiguous buckets, each padded to its
    largest group, minimising the padded rows plus ``overhead`` per bucket (a bucket costs a
    few numpy calls): the batching both the Seveny and the 5000 sweeps use.

    >>> bucket_bounds([9, 2, 1, 1], overhead=4)
    [(0, 1), (1, 4)]
    >>> bucket_bounds([1, 1, 2, 9], overhead=4)
    [(0, 3), (3, 4)]
    >>> bucket_bounds([9, 2, 1, 1], overhead=40)
    [(0, 4)]
    """
    size = [int(x) for x in sizes]
    n = len(size)
    cost = [0.0] + [float("inf")] * n
    cut = [0] * (n + 1)
    for j in range(1, n + 1):
        widest = 0
        for i in range(j - 1, -1, -1):  # the bucket i..j-1, padded to its widest group
            widest = max(widest, size[i])
            c = cost[i] + overhead + (j - i) * widest
            if c < cost[j] or (c == cost[j] and i < cut[j]):
                cost[j], cut[j] = c, i
    out = []
    j = n
    while j:
        out.append((cut[j], j))
        j = cut[j]
    return out[::-1]
