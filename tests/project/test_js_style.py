"""The phone app's JavaScript and CSS (``generator/trackwright/web/static/``) kept to the same
habits as the Python: formatted and linted by the pinned Biome (package.json, biome.json), and no
line over 120 characters.

biome.json takes Biome's recommended rules with one turned off:

- ``suspicious/noRedundantUseStrict``: every file is a classic script (``<script src>``, the
  games' pages added as ``<script>`` elements, the service worker registered without
  ``type: "module"``), so ``"use strict"`` is what makes them strict; Biome takes a ``.js`` file
  for a module and its fix would put the pages in sloppy mode.

``static/vendor/`` holds third-party files exactly as their packages publish them (each says which
package, version and licence in its first lines): biome.json leaves them out, and so do these checks.

and one finding suppressed where it stands, with its reason: app.css's
``[hidden] { display: none !important }`` (``complexity/noImportantStyles``), since the attribute
must hide an element whatever display a class gives it."""

from __future__ import annotations

import subprocess

from tests.conftest import ROOT, node_tool

STATIC = ROOT / "generator" / "trackwright" / "web" / "static"
LONGEST = 120


def static_files() -> list[str]:
    """Every script and style sheet of the phone app, relative to the project's root."""
    found = (*STATIC.rglob("*.js"), *STATIC.rglob("*.css"))
    return sorted(p.relative_to(ROOT).as_posix() for p in found if "vendor" not in p.parts)


def test_biome_ci_passes_on_every_static_file():
    """``biome ci`` (formatter and linter, as on CI) exits 0, and the files it processed are
    biome.json and every script and style sheet of the phone app: none left out of its reach."""
    done = subprocess.run(
        [str(node_tool("biome")), "ci", "--colors=off", "--verbose"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    processed = out.split("Files processed:", 1)[1].split("VERBOSE", 1)[0]
    listed = sorted(
        line.strip()[2:] for line in processed.splitlines() if line.strip().startswith("- ")
    )
    assert listed == sorted(["biome.json", *static_files()])


def test_no_line_over_120_characters():
    long = [
        f"{name}:{number}: {len(line)} characters"
        for name in static_files()
        for number, line in enumerate((ROOT / name).read_text("utf-8").splitlines(), 1)
        if len(line) > LONGEST
    ]
    assert long == []
