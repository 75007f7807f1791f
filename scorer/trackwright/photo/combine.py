"""Photos of one board at one moment read as one: the photo taken again once the board is
cleared (the card lifted, the hand away, the lamp moved), or from another side, settles what
the first left unsure.

The reader decides a space only on positive evidence (a piece's band for taken, the printed
line showing whole for empty), so what one photo decides stands unless another photo decides
the opposite: a space is taken where a photo reads it taken and none reads it empty, empty
where a photo reads it empty and none reads it taken (nor suspects a pale piece there), and
unsure where every photo left it unsure or two photos disagree (a piece laid between the
photos, a misreading: a tap decides). A misreading on either photo that the other does not
contradict stands, so the photos together may be wrong where one alone was unsure.
The game's rules (:meth:`.tracks.Reading.settled`) then reason over the photos together: a
space hidden in every photo is emptied only if no chain of such spaces joins it to a track
that any of them shows, and never where a photo left it a :attr:`~.tracks.Reading.suspects`
or :attr:`~.tracks.Reading.under_pieces` space.

The phone hands the engine the answers it was given for the earlier photos
(:meth:`.tracks.Reading.to_json`, settled), each read back by :func:`answer_from`: a space
the rules had emptied was unsure on its photo, and is unsure again, for the rules to judge
over the photos together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from trackwright.core.errors import TrackwrightError
from trackwright.core.transamerica import edge_key
from trackwright.photo.tracks import Edge, Reading

#: the lists of an answer read back
_LISTS = ("track", "uncertain", "empty_by_rule", "suspects", "under_pieces", "covered", "shaded")


def combined(readings: Sequence[Reading]) -> Reading:
    """One reading of several photos of one board (see the module), not yet settled by the
    rules; its homography and marks are the last photo's (the one the page draws over), and
    so are the spaces it says a card or a shadow hides."""
    last = readings[-1]
    taken = {e for r in readings for e in _keys(r.track)}
    unsure = {e for r in readings for e in _keys(r.uncertain)}
    # A suspect space (a pale piece may lie there in plain sight) is not made empty by another
    # photo reading it empty: the piece may show less there, as it did on the 2D set 9800
    # (cream strips flagged on one photo, read empty on the other).
    suspects = {e for r in readings for e in _keys(r.suspects)}
    empty = _empty(readings)
    both = taken & empty  # the photos disagree
    decided = (taken | (empty - suspects)) - both
    left = (unsure - decided) | both
    track = sorted(taken - both)

    def still(edges: Iterable[Edge]) -> list[Edge]:
        return sorted(e for e in _keys(edges) if e in left)

    return replace(
        last,
        track=track,
        uncertain=sorted(left),
        empty_by_rule=[],
        suspects=still(e for r in readings for e in r.suspects),
        under_pieces=still(e for r in readings for e in r.under_pieces),
        # what hides a space now: the last photo's (the card lifted since is not said)
        covered=still(last.covered),
        shaded=still(last.shaded),
    )


def _keys(edges: Iterable[Edge]) -> set[Edge]:
    return {edge_key(*e) for e in edges}


def _empty(readings: Sequence[Reading]) -> set[Edge]:
    """The spaces some photo reads empty: on the board (every space a reading judged, in its
    :attr:`~.tracks.Reading.scores`, or named by an earlier answer), neither taken nor unsure
    there."""
    out: set[Edge] = set()
    for r in readings:
        out |= _keys(r.scores) - _keys(r.track) - _keys(r.uncertain) - _keys(r.empty_by_rule)
    return out


def answer_from(value: Any, spaces: Iterable[Edge], where: str) -> Reading:
    """An earlier photo's answer (:meth:`.tracks.Reading.to_json`) read back as its reading,
    unsettled: the spaces the rules emptied unsure again. ``spaces``: the board's track spaces,
    the only pairs an answer may name. A value that is not such an answer is refused with
    :class:`~trackwright.core.errors.TrackwrightError` (``photo.ask.before``), naming it."""
    board = _keys(spaces)
    if not isinstance(value, dict):
        raise TrackwrightError.of("photo.ask.before", where)
    lists = {name: _pairs(value.get(name, []), board, f"{where}.{name}") for name in _LISTS}
    unsure = lists["uncertain"] + lists["empty_by_rule"]
    # every space of the board judged on that photo (the empty ones: the others)
    scores = {e: (0.0, 0.0, 0.0) for e in board}
    return Reading(
        lists["track"],
        unsure,
        (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0),
        0,
        scores=scores,
        suspects=lists["suspects"],
        under_pieces=lists["under_pieces"],
        covered=lists["covered"],
        shaded=lists["shaded"],
    )


def _pairs(value: Any, board: set[Edge], where: str) -> list[Edge]:
    """A list of the board's track spaces, each as a pair of intersections."""
    if not isinstance(value, list):
        raise TrackwrightError.of("photo.ask.before", where)
    out = []
    for i, pair in enumerate(value):
        ok = isinstance(pair, list) and len(pair) == 2 and all(isinstance(n, str) for n in pair)
        if not ok or edge_key(*pair) not in board:
            raise TrackwrightError.of("photo.ask.before", f"{where}[{i}]")
        out.append(edge_key(*pair))
    return out
