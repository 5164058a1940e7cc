"""The names seats get when nobody chose one: the same at a local table and at a
table server (headless: the setup screen and ``net`` both read it)."""

from __future__ import annotations

from typing import Mapping

SEAT_NAMES = ("Ann", "Bea", "Cid", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy")


def unique_names(names: list[str]) -> list[str]:
    """Two seats with one name would make every message ambiguous: number repeats."""
    out: list[str] = []
    for name in names:
        candidate, k = name, 2
        while candidate in out:
            candidate = f"{name} {k}"
            k += 1
        out.append(candidate)
    return out


def table_names(chosen: Mapping[int, str], seats: int) -> list[str]:
    """Every seat's name: the chosen ones (a repeat numbered), and for the others
    the seat's own default name, or the first one no chosen name took."""
    taken = set(chosen.values())
    spare = [n for n in SEAT_NAMES if n not in taken]
    names = []
    for seat in range(seats):
        if seat in chosen:
            names.append(chosen[seat])
        elif seat < len(SEAT_NAMES) and SEAT_NAMES[seat] in spare:
            names.append(SEAT_NAMES[seat])
            spare.remove(SEAT_NAMES[seat])
        else:
            names.append(spare.pop(0) if spare else f"Seat {seat + 1}")
    return unique_names(names)
