"""Unique identifiers for the printers (C locals, ONNX node and value names)."""

from __future__ import annotations

from collections.abc import Iterable


class UniqueNames(set[str]):
    """The names in use, and a way to make a new one.

    ``fresh(base)`` is ``base``, or ``base_1``, ``base_2``, ... the first not in use,
    then in use. Names are only ever added, so each base remembers the suffix it got
    to: a printer that makes ``n`` names of one base tries each suffix once (the scan
    from ``base_1`` each time cost ``n**2 / 2`` lookups, 14.5 s of the C of 10,000
    slices: session 51's review)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        super().__init__(names)
        self._next: dict[str, int] = {}

    def fresh(self, base: str) -> str:
        name, suffix = base, self._next.get(base, 0)
        if suffix:
            name = f"{base}_{suffix}"
        while name in self:
            suffix += 1
            name = f"{base}_{suffix}"
        self._next[base] = suffix
        self.add(name)
        return name
