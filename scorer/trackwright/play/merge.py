"""Merging two devices' changes to one game record (three-way, against the record both started
from). Changes to different things merge; the same thing changed two ways is a conflict, listed
with what each side did, and never decided silently. The merged record is then checked by the
game's engine (:func:`trackwright.play.bridge.merge`): a merge that breaks a rule is a conflict
too.

Lists merge by what each side added and removed: both sides appending (new rounds, events,
tracks) keeps both, the other device's first; when neither side changed a list's length its
items merge one by one (a round edited on each phone)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeAlias

#: A parsed JSON value, as a record holds them.
Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None


class _Missing:
    """A key one side does not have (deleted, or never added)."""

    def __repr__(self) -> str:
        return "<missing>"


MISSING = _Missing()
#: A value at a place in one side's record, or MISSING where that side has none.
Side: TypeAlias = Json | _Missing


@dataclass(frozen=True)
class Conflict:
    """One place changed in two different ways: its JSON path and the three values."""

    path: str
    base: Side
    mine: Side
    theirs: Side

    def to_json(self) -> dict[str, Any]:
        def shown(value: Side) -> Json:
            return None if isinstance(value, _Missing) else value

        return {
            "path": self.path,
            "base": shown(self.base),
            "mine": shown(self.mine),
            "theirs": shown(self.theirs),
            "deleted": [
                side for side, v in (("mine", self.mine), ("theirs", self.theirs)) if v is MISSING
            ],
        }


def _key(value: Json) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def merge(base: Side, mine: Side, theirs: Side, path: str = "$") -> tuple[Side, list[Conflict]]:
    """(merged value, conflicts). Where there is a conflict the merged value keeps ``theirs``
    (the copy already stored); the caller decides what to do with the conflicts."""
    if mine == theirs:
        return mine, []
    if mine == base:
        return theirs, []
    if theirs == base:
        return mine, []
    if isinstance(mine, dict) and isinstance(theirs, dict):
        return _merge_dicts(base if isinstance(base, dict) else {}, mine, theirs, path)
    if isinstance(mine, list) and isinstance(theirs, list):
        return _merge_lists(base if isinstance(base, list) else [], mine, theirs, path)
    return theirs, [Conflict(path, base, mine, theirs)]


def _child(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return (
        f"{path}.{key}" if key.replace("_", "").replace("-", "").isalnum() else f"{path}[{key!r}]"
    )


def _merge_dicts(
    base: dict[str, Json], mine: dict[str, Json], theirs: dict[str, Json], path: str
) -> tuple[dict[str, Json], list[Conflict]]:
    out: dict[str, Json] = {}
    conflicts: list[Conflict] = []
    keys = list(theirs) + [k for k in mine if k not in theirs]
    keys += [k for k in base if k not in mine and k not in theirs]
    for k in keys:
        value, found = merge(
            base.get(k, MISSING), mine.get(k, MISSING), theirs.get(k, MISSING), _child(path, k)
        )
        conflicts += found
        if not isinstance(value, _Missing):
            out[k] = value
    return out, conflicts


def _merge_lists(
    base: list[Json], mine: list[Json], theirs: list[Json], path: str
) -> tuple[list[Json], list[Conflict]]:
    if len(base) == len(mine) == len(theirs):
        out: list[Json] = []
        conflicts: list[Conflict] = []
        for i, (b, m, t) in enumerate(zip(base, mine, theirs, strict=True)):
            value, found = merge(b, m, t, _child(path, i))
            if not isinstance(value, _Missing):  # never: each side has every item
                out.append(value)
            conflicts += found
        return out, conflicts
    base_keys = [_key(v) for v in base]
    mine_keys = [_key(v) for v in mine]
    removed = _multiset_minus(base_keys, mine_keys)
    added = _multiset_minus(mine_keys, base_keys)
    out = []
    for value in theirs:
        k = _key(value)
        if removed.get(k, 0) > 0:
            removed[k] -= 1
            continue
        out.append(value)
    have = _multiset_minus([_key(v) for v in theirs], base_keys)
    for value in mine:
        k = _key(value)
        if added.get(k, 0) > 0:
            added[k] -= 1
            if have.get(k, 0) > 0:
                # The other device added the same thing: keep it once.
                have[k] -= 1
                continue
            out.append(value)
    return out, []


def _multiset_minus(a: list[str], b: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for k in a:
        counts[k] = counts.get(k, 0) + 1
    for k in b:
        if counts.get(k, 0) > 0:
            counts[k] -= 1
    return {k: n for k, n in counts.items() if n > 0}
