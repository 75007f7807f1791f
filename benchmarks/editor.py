"""The map editor's checks (``map_check``): how long the page waits for an answer after an edit,
on the largest built-in map of each game, in CPython and in Pyodide (Node.js, the same Pyodide
and engines the phone's site ships).

    python benchmarks/editor.py [--runs 3] [--no-pyodide]

For each game: the first check of a map (nothing kept), the same map again (an edit that
changes no figure: a name), an edit that moves one place (a town or a city: TransAmerica solves
only the sampled hands that hold the city again), and an edit of the board itself (a terrain, a
line, a piece: everything measured again); TransAmerica's first answer's hands (in Pyodide the
sample stops after ``PHONE_BUDGET_MS``), the first check with all 400 hands, and the exact
figures (every hand, asked on export) once. Milliseconds, the median of ``--runs``. Pyodide runs unthrottled here: a phone is
2-4 times slower than a laptop's core (benchmarks/phone.py measures the app at 4x throttle).
"""

from __future__ import annotations

import argparse
import copy
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for half in ("scorer", "generator"):
    if str(ROOT / half) not in sys.path:
        sys.path.insert(0, str(ROOT / half))

from trackwright.core import lastrada as ls_model  # noqa: E402
from trackwright.core import mapfile  # noqa: E402
from trackwright.edit import dampfross, hands, lastrada, transamerica  # noqa: E402

Edit = Callable[[dict[str, Any]], None]


def largest() -> dict[str, dict[str, Any]]:
    """The largest built-in map of each game (by hexes or intersections)."""

    def read(game: str, name: str) -> dict[str, Any]:
        return json.loads(mapfile.builtin_map_path(game, name).read_text("utf-8"))

    df = max(
        (read("dampfross", n) for n in mapfile.builtin_map_names("dampfross")),
        key=lambda d: len(d["hexes"]),
    )
    ta = max(
        (read("transamerica", n) for n in mapfile.builtin_map_names("transamerica")),
        key=lambda d: len(d["nodes"]),
    )
    return {"dampfross": df, "transamerica": ta, "lastrada": ls_model.standard().to_json()}


def _rename(d: dict[str, Any]) -> None:
    key = "towns" if "towns" in d else "cities" if "cities" in d else "settlements"
    field = "id" if key == "settlements" else "name"
    d[key][0][field] = d[key][0][field] + "x"


def _move(d: dict[str, Any]) -> None:
    if "towns" in d:
        t = d["towns"][0]
        t["hex"] = [t["hex"][0] + 1, t["hex"][1]]
    elif "cities" in d:
        used = {c["node"] for c in d["cities"]}
        d["cities"][0]["node"] = next(n["id"] for n in d["nodes"] if n["id"] not in used)
    else:
        d["settlements"][0]["hex"] = d["settlements"][1]["hex"]


def _board(d: dict[str, Any]) -> None:
    if "edges" in d:
        e = d["edges"][len(d["edges"]) // 2]
        e["cost"], e["kind"] = (2, "mountain") if e["cost"] == 1 else (1, "plain")
    else:
        row = d["hexes"][len(d["hexes"]) // 2]
        row["terrain"] = "hill" if row["terrain"] != "hill" else "plain"


MODULES = {"dampfross": dampfross, "transamerica": transamerica, "lastrada": lastrada}
STEPS: list[tuple[str, Edit | None]] = [
    ("first", None),
    ("same figures (a name)", _rename),
    ("one place moved", _move),
    ("the board edited", _board),
]


def forget() -> None:
    """Nothing kept from an earlier check: no hand tables, no exact all-hands run (a repeated
    run must measure the export's exact figures again, not reuse the last one)."""
    hands._TABLES.clear()
    hands._EXACT.clear()
    dampfross._MEASURED.clear()


def run(maps: dict[str, dict[str, Any]], runs: int) -> dict[str, dict[str, float]]:
    """Each step's time (ms, the median of ``runs``) for each game's map; pure Python, so the
    same function runs in CPython and in Pyodide."""
    out: dict[str, dict[str, float]] = {}
    for game, data in maps.items():
        check = MODULES[game].map_check
        times: dict[str, list[float]] = {}
        for _ in range(runs):
            forget()
            draft = copy.deepcopy(data)
            for label, edit in STEPS:
                if edit is not None:
                    edit(draft)
                started = time.perf_counter()
                json.dumps(check({"game": game, "map": draft}, {"lang": "en"}))
                times.setdefault(label, []).append((time.perf_counter() - started) * 1000)
        if game == "transamerica":
            forget()
            first = check({"game": game, "map": data}, {"lang": "en"})
            times["hands in the first answer"] = [first["measures"]["hands"]]
            forget()
            started = time.perf_counter()
            check({"game": game, "map": data}, {"lang": "en", "budget_ms": 1e9})
            times["first, all 400 hands"] = [(time.perf_counter() - started) * 1000]
            started = time.perf_counter()
            check({"game": game, "map": data}, {"lang": "en", "exact": True})
            times["exact (every hand)"] = [(time.perf_counter() - started) * 1000]
        out[game] = {k: statistics.median(v) for k, v in times.items()}
    return out


#: Runs in Pyodide under Node.js: the engines unpacked as the page's worker does, then this
#: file's :func:`run`, timed by Python's own clock.
NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { TW_FOLDER: folder } = process.env;
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/`, fullStdLib: false });
const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
py.unpackArchive(new Uint8Array(readFileSync(`${folder}/engines.zip`)), "zip", { extractDir: site });
py.runPython("import sys; sys.path.insert(0, '.')");
py.FS.writeFile("editor_bench.py", readFileSync(`${folder}/editor_bench.py`));
py.FS.writeFile("maps.json", readFileSync(`${folder}/maps.json`));
const runs = Number(process.env.TW_RUNS);
console.log(
  py.runPython(
    `import json, editor_bench\njson.dumps(editor_bench.run(json.load(open("maps.json")), ${runs}))`,
  ),
);
"""


def pyodide(runs: int) -> dict[str, dict[str, float]] | str:
    """:func:`run`'s table, measured in Pyodide (Node.js), or why it was not."""
    node = shutil.which("node")
    if node is None:
        return "Node.js is not installed"
    from trackwright.web import pyodide as wasm
    from trackwright.web import site

    with tempfile.TemporaryDirectory(prefix="trackwright-editor-bench-") as tmp:
        folder = Path(tmp)
        for name, data in wasm.files().items():
            (folder / name).write_bytes(data)
        (folder / "engines.zip").write_bytes(site.engine_zip())
        (folder / "maps.json").write_text(json.dumps(largest()))
        (folder / "editor_bench.py").write_text(Path(__file__).read_text("utf-8"))
        done = subprocess.run(
            [node, "--input-type=module", "-"],
            input=NODE_SCRIPT.encode(),
            cwd=folder,
            env={"TW_FOLDER": str(folder), "TW_RUNS": str(runs), "PATH": "/usr/bin:/bin"},
            capture_output=True,
            timeout=1800,
        )
        if done.returncode != 0:
            return "Pyodide failed: " + done.stderr.decode()[-800:]
        return json.loads(done.stdout.decode().strip().splitlines()[-1])


def table(title: str, found: dict[str, dict[str, float]]) -> None:
    print(f"\n{title}")
    labels = list(dict.fromkeys(k for row in found.values() for k in row))
    print("| game | " + " | ".join(labels) + " |")
    print("| --- |" + " ---: |" * len(labels))
    for game, row in found.items():
        print(
            f"| {game} | " + " | ".join(f"{row[k]:.0f}" if k in row else "" for k in labels) + " |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-pyodide", action="store_true")
    a = parser.parse_args()
    maps = largest()
    print(
        "maps: "
        + ", ".join(f"{g} {d.get('name')}" for g, d in maps.items())
        + f"; TransAmerica sample: {transamerica.SAMPLE_HANDS} hands"
    )
    table("CPython (ms, median of runs)", run(maps, a.runs))
    if not a.no_pyodide:
        found = pyodide(a.runs)
        if isinstance(found, str):
            print(f"\nPyodide: not measured ({found})")
        else:
            table("Pyodide under Node.js, unthrottled (ms, median of runs)", found)


if __name__ == "__main__":
    main()
