"""The second look: a space the reader's rules leave unsure, judged again by a model learnt
from rendered and 2D photos whose truth is known (issue 28).

The model is a forest of small decision trees (gradient boosting, fitted by
``benchmarks/second_look.py`` with scikit-learn on a computer) over what the reader measured
of the space: how much of it differs from the printed board and how, how its printed line
shows row by row, the band's tone over the board, the light, and its neighbours' verdicts
(:func:`trackwright.photo.tracks.look_features`; no expected colour of a piece). It is kept as
plain data (``second_look.json``: the trees, the features by name, the photos it learnt from)
and evaluated here in pure Python, so the phone runs it as the computer does.

It only ever settles a space its rules left unsure (and doubts one they took), and only where
it is nearly sure (:data:`~trackwright.photo.tracks.LOOK_TAKEN`,
:data:`~trackwright.photo.tracks.LOOK_EMPTY`); a space is made empty only where its printed
line shows as well, all along it or in two rows at least (positive evidence the board is
intact there): a pale strip that hides its line all along is never guessed away.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

#: One tree's nodes: (feature index, threshold, left, right, leaf value), leaves with index -1.
Node = tuple[int, float, int, int, float]


@dataclass(frozen=True)
class Model:
    """A boosted forest: the probability a space is taken is the logistic of ``baseline``
    plus each tree's leaf value, a tree's node going left where the feature is at most its
    threshold."""

    features: tuple[str, ...]
    baseline: float
    trees: tuple[tuple[Node, ...], ...]
    source: Mapping[str, Any]

    def probability(self, values: Mapping[str, float]) -> float:
        x = [values[name] for name in self.features]
        raw = self.baseline
        for tree in self.trees:
            k = 0
            while True:
                feature, threshold, left, right, value = tree[k]
                if feature < 0:
                    raw += value
                    break
                k = left if x[feature] <= threshold else right
        return 1.0 / (1.0 + math.exp(-raw))


def from_json(data: Mapping[str, Any]) -> Model:
    """A model from its JSON form (``second_look.json``, :func:`to_json`)."""
    if data.get("version") != 1:
        raise ValueError("second look model: version 1 expected")
    return Model(
        tuple(data["features"]),
        float(data["baseline"]),
        tuple(
            tuple((int(n[0]), float(n[1]), int(n[2]), int(n[3]), float(n[4])) for n in t)
            for t in data["trees"]
        ),
        data.get("source", {}),
    )


def to_json(
    features: Sequence[str],
    baseline: float,
    trees: Sequence[Sequence[Node]],
    source: Mapping[str, Any],
) -> dict[str, Any]:
    return {
        "version": 1,
        "source": dict(source),
        "features": list(features),
        "baseline": baseline,
        "trees": [[list(n) for n in tree] for tree in trees],
    }


@cache
def shipped() -> Model:
    """The model that comes with trackwright (``second_look.json`` beside this module)."""
    text = resources.files("trackwright.photo").joinpath("second_look.json").read_text("utf-8")
    return from_json(json.loads(text))
