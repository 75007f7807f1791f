"""The photo reader's second look (``scorer/trackwright/photo/second.py``): learnt here from
photo cases whose truth is known, and checked grouped by photo.

    pip install -e '.[train]'        # scikit-learn, for learning only (the reader needs none)
    python benchmarks/second_look.py DIR... --check       # out of fold: what it would settle
    python benchmarks/second_look.py DIR... --out scorer/trackwright/photo/second_look.json

Each photo is read once with a look that records, for every space the reader's rules leave
unsure (``trackwright.photo.tracks.second_look``), its features and whether it is truly taken.
The look is asked of one more kind of space it does not learn from: those the rules took for
their likeness to the photo's pieces (nearly all pieces; the look is only asked whether it
doubts them).
A forest of boosted trees (scikit-learn's HistGradientBoostingClassifier, fixed settings and
seed) is fitted on them and written as plain data. ``--check`` fits one on four fifths of the
photos and reads the fifth with it, five times over (no photo read by a model that learnt from
it), and prints the reader's figures without and with the second look, in total and by the kind
of piece (kit strips, matches, paper strips, wooden rails, alone or two kinds). The learning
photos must not be a final set to be judged on: the rendered benchmark's final set is rendered
after the reader, this model and its thresholds are frozen (``benchmarks/photo_render.py``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trackwright.cli import photo as photo_cli
from trackwright.core.errors import TrackwrightError
from trackwright.photo import second, tracks

SETTINGS = {
    "max_iter": 300,
    "learning_rate": 0.05,
    "max_leaf_nodes": 15,
    "l2_regularization": 1.0,
    "random_state": 0,
}
FOLDS = 5


# The reading "without the look" asks it of every space and is told 0.5: between what it doubts
# and what it settles.
assert tracks.LOOK_DOUBT < 0.5 < min(tracks.LOOK_LIKELY, tracks.LOOK_TAKEN)
assert tracks.LOOK_EMPTY < 0.5


def recorded(cases) -> tuple[list[dict], dict]:
    """Every space of every case the rules leave unsure, as the second look is shown it; and
    each case's reading without it, compared with the truth."""
    rows, outcomes = [], {}
    for case in cases:
        seen: list[tuple] = []

        def record(edge, values, seen=seen):
            seen.append((edge, dict(values)))
            return 0.5  # settles nothing, doubts nothing: the reading without the look

        data = case.photo.read_bytes()
        try:
            reading = photo_cli.read_photo(case.map, data, str(case.photo), {}, record)
        except TrackwrightError:
            continue  # a board not found: nothing to learn
        outcomes[case.name] = photo_cli.compared(case, reading.track, reading.uncertain, 0.0)
        # (those taken by likeness were not left unsure by the rules: not learnt from)
        unsure = [(edge, values) for edge, values in seen if not values.get(tracks.LIKED)]
        for edge, values in unsure:
            key = (min(edge), max(edge))
            rows.append({"photo": case.name, "y": int(key in case.track), "f": values})
        print(f"{case.name}: {len(unsure)} unsure", file=sys.stderr, flush=True)
    return rows, outcomes


def fitted(rows: list[dict], names: list[str]) -> second.Model:
    # scikit-learn is the optional `train` extra, not in the test environment: imported by
    # name, so an editor's (and tests/project/test_editor_imports.py's) check does not look
    # for it.
    ensemble = importlib.import_module("sklearn.ensemble")
    x = [[r["f"][n] for n in names] for r in rows]
    y = [r["y"] for r in rows]
    clf = ensemble.HistGradientBoostingClassifier(**SETTINGS).fit(x, y)
    trees = []
    for (predictor,) in clf._predictors:
        nodes = []
        for node in predictor.nodes:
            leaf = bool(node["is_leaf"])
            nodes.append(
                (
                    -1 if leaf else int(node["feature_idx"]),
                    0.0 if leaf else float(node["num_threshold"]),
                    int(node["left"]),
                    int(node["right"]),
                    float(node["value"]) if leaf else 0.0,
                )
            )
        trees.append(tuple(nodes))
    baseline = float(clf._baseline_prediction.ravel()[0])
    model = second.Model(tuple(names), baseline, tuple(trees), {})
    # The trees as the reader walks them give scikit-learn's probabilities.
    theirs = clf.predict_proba(x[:500])[:, 1]
    ours = [model.probability(r["f"]) for r in rows[:500]]
    assert max(abs(a - b) for a, b in zip(ours, theirs, strict=True)) < 1e-9
    return model


def folds(photos: list[str]) -> dict[str, int]:
    """Each photo's fold: photos in name order dealt round the folds."""
    return {p: k % FOLDS for k, p in enumerate(sorted(photos))}


def check(cases, rows: list[dict], names: list[str], without: dict) -> None:
    """Each photo read without the second look (``without``: :func:`recorded`'s) and with a
    model that never saw it."""
    fold_of = folds([c.name for c in cases])
    models = [fitted([r for r in rows if fold_of[r["photo"]] != k], names) for k in range(FOLDS)]
    before, after = [], []
    for case in cases:
        if case.name not in without:
            continue
        model = models[fold_of[case.name]]
        data = case.photo.read_bytes()
        look = photo_cli.read_photo(
            case.map, data, str(case.photo), {}, lambda e, v, m=model: m.probability(v)
        )
        before.append(without[case.name])
        after.append(photo_cli.compared(case, look.track, look.uncertain, 0.0))
    print("| | without the second look | with it (out of fold) |\n|---|---:|---:|")
    for label, key in (("spaces", "spaces"), ("wrong without a flag", "wrong")):
        print(f"| {label} | {photo_cli.totals(before)[key]} | {photo_cli.totals(after)[key]} |")
    b, a = photo_cli.totals(before), photo_cli.totals(after)
    print(f"| flagged | {b['flagged_percent']:.2f} % | {a['flagged_percent']:.2f} % |")
    print(
        "\n| pieces | photos | wrong | flagged without | flagged with |\n|---|---:|---:|---:|---:|"
    )
    rows_b = {r["group"]: r for r in photo_cli.breakdown(before, ["kind"])}
    for r in photo_cli.breakdown(after, ["kind"]):
        w = rows_b[r["group"]]
        print(
            f"| {r['group']} | {r['cases']} | {w['wrong']} → {r['wrong']} "
            f"| {w['flagged_percent']:.2f} % | {r['flagged_percent']:.2f} % |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, help="folders of photo cases")
    parser.add_argument("--out", type=Path, help="write the model fitted on every photo here")
    parser.add_argument("--check", action="store_true", help="print the out-of-fold figures")
    args = parser.parse_args()
    if not args.out and not args.check:
        parser.error("--out FILE or --check is needed")
    started = time.perf_counter()
    try:
        maps: dict = {}
        cases = [
            photo_cli.load_case(folder, p, maps)
            for folder in args.folders
            for p in photo_cli.case_photos(folder)
        ]
    except TrackwrightError as exc:
        print(f"second_look.py: error: {exc.line()}", file=sys.stderr)
        sys.exit(2)
    rows, without = recorded(cases)
    if not rows:
        print("second_look.py: error: no photo there left a space unsure", file=sys.stderr)
        sys.exit(2)
    names = sorted(rows[0]["f"])
    if args.check:
        check(cases, rows, names, without)
    if args.out:
        model = fitted(rows, names)
        source = {
            "photos": sorted(Path(c.name).stem for c in cases),
            "spaces": len(rows),
            "taken": sum(r["y"] for r in rows),
            "settings": SETTINGS,
            "script": "benchmarks/second_look.py",
        }
        out = second.to_json(model.features, model.baseline, model.trees, source)
        args.out.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{time.perf_counter() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
