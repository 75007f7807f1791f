"""The photo reader's second look (``scorer/trackwright/photo/second.py``): learnt here from
photo cases whose truth is known, and checked grouped by photo.

    pip install -e '.[train]'        # scikit-learn, for learning only (the reader needs none)
    python benchmarks/second_look.py DIR... --check       # out of fold: what it would settle
    python benchmarks/second_look.py DIR... --out scorer/trackwright/photo/second_look.json

Each photo is read once with a look that records, for every space the reader's rules leave
unsure (``trackwright.photo.tracks.second_look``), its features and whether it is truly taken.
The look is asked of three more kinds of space it does not learn from: those the rules took for
their likeness to the photo's pieces or as pale pieces (nearly all pieces; the look is only
asked whether it doubts them), the unsure ones in another light than the board round them
(it is only asked whether to empty them, where their line shows), and those the rules found
empty with a lighter band along them (it is only asked whether it doubts them).
A forest of boosted trees (scikit-learn's HistGradientBoostingClassifier, fixed settings and
seed) is fitted on them and written as plain data. ``--check`` fits one on four fifths of the
photos and reads the fifth with it, five times over (no photo read by a model that learnt from
it), and prints the reader's figures without and with the second look, in total and by the kind
of piece as each case names its pieces (rendered photos: kit strips, matches, paper strips,
wooden rails, alone or two kinds; the 2D photos of benchmarks/photos.py --write-folder: dark
wooden pieces, matches, printed colour strips, strips of plain paper, the kit's strips). The
learning photos must not be a final set to be judged on: the rendered benchmark's final set is
rendered after the reader, this model and its thresholds are frozen
(``benchmarks/photo_render.py``).
"""

from __future__ import annotations

import argparse
import concurrent.futures
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
    "max_iter": 600,
    "learning_rate": 0.05,
    "max_leaf_nodes": 15,
    "l2_regularization": 1.0,
    "random_state": 0,
    # scikit-learn stops early, on a tenth held out, from 10,000 spaces: fixed, all of them
    "early_stopping": False,
}
FOLDS = 5


# The reading "without the look" asks it of every space and is told NEUTRAL: between what it
# doubts and what it settles; and of an empty space with a lighter band along it, 0: not
# doubted.
NEUTRAL = 0.5
assert tracks.LOOK_DOUBT < NEUTRAL < min(tracks.LOOK_LIKELY, tracks.LOOK_TAKEN)
assert tracks.LOOK_EMPTY < NEUTRAL


def recorded(cases, jobs: int = 1) -> tuple[list[dict], dict]:
    """Every space of every case the rules leave unsure, as the second look is shown it; and
    each case's reading without it, compared with the truth (``jobs`` processes reading)."""
    rows, outcomes = [], {}
    results = _each(_recorded_one, cases, jobs)
    for case, (unsure, outcome) in zip(cases, results, strict=True):
        if outcome is None:
            continue  # a board not found: nothing to learn
        outcomes[case.name] = outcome
        rows += unsure
    return rows, outcomes


# What the worker processes read: the cases (and models) handed to each worker once, so that
# they share one map, and with it one board (the reader keeps a board per map it is given).
_SHARED: dict = {}


def _share(shared: dict) -> None:
    _SHARED.update(shared)


def _each(work, cases: list, jobs: int, models: tuple = ()) -> list:
    """``work`` (a module function of a case and its model) over every case, in order: on
    ``jobs`` processes, each handed the cases and models once, or here."""
    shared = {"cases": cases, "models": models}
    if jobs <= 1:
        _share(shared)
        return [work(i) for i in range(len(cases))]
    with concurrent.futures.ProcessPoolExecutor(
        jobs, initializer=_share, initargs=(shared,)
    ) as pool:
        return list(pool.map(work, range(len(cases)), chunksize=8))


def _recorded_one(index: int) -> tuple[list[dict], photo_cli.Outcome | None]:
    """One case's unsure spaces as :func:`recorded` learns from them, and its reading without
    the look (None where the board is not found)."""
    case = _SHARED["cases"][index]
    seen: list[tuple] = []

    def record(edge, values):
        seen.append((edge, dict(values)))
        # settles nothing, doubts nothing: the reading without the look
        return 0.0 if values.get(tracks.TRACED) else NEUTRAL

    data = case.photo.read_bytes()
    try:
        reading = photo_cli.read_photo(case.map, data, str(case.photo), {}, record)
    except TrackwrightError:
        return [], None
    outcome = photo_cli.compared(case, reading.track, reading.uncertain, 0.0)
    # (those the rules took, those in another light and those they found empty are not learnt
    # from)
    rows = [
        {"photo": case.name, "y": int((min(edge), max(edge)) in case.track), "f": values}
        for edge, values in seen
        if not any(values.get(k) for k in (tracks.LIKED, tracks.SHADED, tracks.TRACED))
    ]
    print(f"{case.name}: {len(rows)} unsure", file=sys.stderr, flush=True)
    return rows, outcome


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


def _looked(index: int) -> photo_cli.Outcome:
    """A case read with the second look that never saw it, against its truth."""
    case, model = _SHARED["cases"][index], _SHARED["models"][index]
    data = case.photo.read_bytes()
    look = photo_cli.read_photo(
        case.map, data, str(case.photo), {}, lambda _e, v: model.probability(v)
    )
    return photo_cli.compared(case, look.track, look.uncertain, 0.0)


def check(cases, rows: list[dict], names: list[str], without: dict, jobs: int = 1) -> None:
    """Each photo read without the second look (``without``: :func:`recorded`'s) and with a
    model that never saw it."""
    fold_of = folds([c.name for c in cases])
    models = [fitted([r for r in rows if fold_of[r["photo"]] != k], names) for k in range(FOLDS)]
    read = [c for c in cases if c.name in without]
    after = _each(_looked, read, jobs, tuple(models[fold_of[c.name]] for c in read))
    before = [without[case.name] for case in read]
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
    parser.add_argument("--jobs", type=int, default=1, help="processes reading the photos")
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
    rows, without = recorded(cases, args.jobs)
    if not rows:
        print("second_look.py: error: no photo there left a space unsure", file=sys.stderr)
        sys.exit(2)
    names = sorted(rows[0]["f"])
    if args.check:
        check(cases, rows, names, without, args.jobs)
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
