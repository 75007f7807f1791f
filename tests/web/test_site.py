"""The phone app's static folder (``trackwright site``): complete, deterministic, engines only
(nothing that draws or serves goes to the phone), Pyodide checked by its pinned hash, and bad
input refused in one line with nothing half-written."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.support import cli
from trackwright.core.errors import TrackwrightError
from trackwright.web import pyodide, site

trackwright = cli.trackwright


def digest(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_site_is_complete_and_its_service_worker_keeps_every_file(phone_site):
    files = digest(phone_site)
    for name in (
        "index.html",
        "app.js",
        "engine.js",
        "store.js",
        "sw.js",
        # the photo's pixels, loaded by the photo worker and the page: offline too
        "games/transamerica-photo-worker.js",
        "games/transamerica-photo-pixels.js",
        "manifest.webmanifest",
        "icons/icon-192.png",
        "icons/icon-512.png",
        "engines.zip",
        "catalogue.json",
        "maps/index.json",
        *(f"pyodide/{n}" for n in pyodide.FILES),
    ):
        assert name in files, name
    sw = (phone_site / "sw.js").read_text(encoding="utf-8")
    kept = json.loads(sw.split("const PRECACHE = ")[1].split(";\n")[0])
    assert set(kept) == {"./", *files} - {site.MARKER, "sw.js"}
    manifest = json.loads((phone_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    index = json.loads((phone_site / "maps/index.json").read_text(encoding="utf-8"))
    builtins = {(m["game"], m["id"]) for m in index if m["builtin"]}
    assert {("transamerica", "usa"), ("dampfross", "england"), ("lastrada", "standard")} <= builtins
    for m in index:
        for lang in site.LANGS:
            assert m["boards"][lang] in files
    # Nothing is loaded from elsewhere at run time.
    for name in ("index.html", "app.js", "engine.js", "store.js", "sw.js"):
        assert "https://" not in (phone_site / name).read_text(encoding="utf-8"), name


def test_the_phone_gets_the_engines_and_nothing_that_draws_or_serves(phone_site):
    names = zipfile.ZipFile(phone_site / "engines.zip").namelist()
    # Exactly the pure-Python half, scorer/trackwright/, and the maps and presets it reads.
    half = ROOT / "scorer"
    code = {
        p.relative_to(half).as_posix()
        for p in (half / "trackwright").rglob("*")
        if p.suffix in (".py", ".json") and "__pycache__" not in p.parts
    }
    assert {n for n in names if not n.startswith("trackwright/templates/")} == code
    assert "trackwright/play/bridge.py" in names
    assert not any("/kits/" in n or "/web/" in n or "/cli/" in n for n in names)


def test_the_same_inputs_give_the_same_bytes(phone_site, tmp_path, monkeypatch):
    """Built again with its boards drawn afresh (not those kept in the cache folder)."""
    monkeypatch.setattr(site, "_boards_cache", lambda: tmp_path / "boards")
    (tmp_path / "boards").mkdir()
    again = tmp_path / "again"
    site.build(again)
    assert digest(again) == digest(phone_site)


def test_a_board_is_drawn_once_for_a_version_of_the_code(tmp_path, monkeypatch):
    """`trackwright serve` builds the site at every start: the boards, nine tenths of the
    work, are kept in the cache folder, one folder per version of what draws them."""
    drawn = []
    draw = site.board_json
    monkeypatch.setattr(site, "board_json", lambda *a: drawn.append(a) or draw(*a))
    monkeypatch.setattr(site, "_boards_cache", lambda: tmp_path)
    m = site.builtin_maps()[0]
    first = site.kept_board(m, "fr")
    assert first == draw(m.game, m.data, "fr") and len(drawn) == 1
    assert site.kept_board(m, "fr") == first and len(drawn) == 1  # kept
    site.kept_board(m, "de")
    assert len(drawn) == 2  # each language its own
    (kept,) = tmp_path.glob(f"*{m.sha256}-fr.json")
    kept.write_bytes(first[:100])  # cut short (by a full disk, say): drawn again
    assert site.kept_board(m, "fr") == first and len(drawn) == 3
    assert kept.read_bytes() == first


def test_the_boards_cache_has_a_folder_per_version_and_keeps_the_newest(tmp_path, monkeypatch):
    monkeypatch.setattr(pyodide, "cache_dir", lambda: tmp_path / "pyodide")
    folders = []
    for age, key in enumerate(("one", "two", "three")):
        monkeypatch.setattr(site.prints, "inputs_key", lambda key=key: key)
        folders.append(site._boards_cache.__wrapped__())
        os.utime(folders[-1], (age, age))  # made in this order
    assert len(set(folders)) == 3
    assert sorted((tmp_path / "boards").iterdir()) == sorted(folders[-site.KEEP_BOARDS :])


def test_the_caches_keep_their_newest_files_and_folders(tmp_path):
    """The snapshots, the kits' versions and the boards' versions: the last written stay."""
    made = []
    for age, name in enumerate(("a.bin", "b", "c.bin", "d")):
        path = tmp_path / name
        if name.endswith(".bin"):
            path.write_bytes(b"x")
        else:
            (path / "inside").mkdir(parents=True)
        os.utime(path, (age, age))
        made.append(path)
    pyodide.forget_all_but_newest(iter(made), 2)
    assert sorted(tmp_path.iterdir()) == made[2:]
    pyodide.forget_all_but_newest([*made[2:], tmp_path / "gone meanwhile"], 0)
    assert not any(tmp_path.iterdir())


def test_maps_given_and_found_in_kits_are_offered(tmp_path, phone_site):
    kits = tmp_path / "output" / "tiny"
    kits.mkdir(parents=True)
    (kits / "map.json").write_bytes(
        (ROOT / "templates/transamerica/examples/minimal-map.json").read_bytes()
    )
    (kits.parent / "notes.json").write_text(
        "{}", encoding="utf-8"
    )  # other JSON in a kit is left alone
    out = tmp_path / "site"
    done = trackwright("site", str(out), "--kits", str(tmp_path / "output"), "--no-print")
    assert done.returncode == 0, done.stderr
    assert "files" in done.stdout and "MB" in done.stdout
    assert "snapshot" in done.stdout  # made, kept, or why not: said
    index = json.loads((out / "maps/index.json").read_text(encoding="utf-8"))
    mine = [m for m in index if not m["builtin"]]
    assert len(mine) == 1 and mine[0]["source"] == "output/tiny"
    assert (out / mine[0]["file"]).is_file() and (out / mine[0]["boards"]["de"]).is_file()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda d: (
                (d / "out").mkdir() or (d / "out" / "mine.txt").write_text("x", encoding="utf-8")
            ),
            "is not an earlier trackwright site",
        ),
        (lambda d: None, "file not found"),
    ],
)
def test_bad_input_is_one_line_and_nothing_is_written(tmp_path, make, message):
    make(tmp_path)
    args = ["site", str(tmp_path / "out")]
    if message == "file not found":
        args += ["--map", str(tmp_path / "nowhere.json")]
    done = trackwright(*args)
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    if message == "file not found":
        assert not (tmp_path / "out").exists()


def test_pyodide_is_checked_by_its_pinned_hash(tmp_path):
    fake = tmp_path / "pyodide.tgz"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("x", "not the package")
    fake.write_bytes(buffer.getvalue())
    done = trackwright("site", str(tmp_path / "out"), env={"TRACKWRIGHT_PYODIDE": str(fake)})
    assert done.returncode == 2 and "not the pinned" in done.stderr
    assert not (tmp_path / "out").exists()
    missing = trackwright(
        "site", str(tmp_path / "out"), env={"TRACKWRIGHT_PYODIDE": str(tmp_path / "none.tgz")}
    )
    assert missing.returncode == 2 and "TRACKWRIGHT_PYODIDE" in missing.stderr


def test_the_engines_snapshot_is_made_with_node_and_left_out_without(phone_site, monkeypatch):
    """With Node.js the site holds the engines' memory snapshot (gzipped Pyodide memory, kept by
    the service worker like every file); without it the site is built all the same, without
    the snapshot, and the build says so (the page then starts Pyodide as before)."""
    data = (phone_site / site.SNAPSHOT).read_bytes()
    assert data[:2] == b"\x1f\x8b" and len(gzip.decompress(data)) > 1_000_000
    engines = (phone_site / "engines.zip").read_bytes()
    found = pyodide.shutil.which
    monkeypatch.setattr(
        pyodide.shutil, "which", lambda name: None if name == "node" else found(name)
    )
    notes: list[str] = []
    files = site.site_files([], boards=False, notes=notes)
    assert site.SNAPSHOT not in files and files["engines.zip"] == engines
    assert notes == [pyodide.NO_NODE]
    assert site.SNAPSHOT not in json.loads(
        files["sw.js"].decode().split("const PRECACHE = ")[1].split(";\n")[0]
    )


def test_the_printed_kits_are_made_last_once_everything_else_holds(tmp_path, monkeypatch):
    """The Print page's kits (trackwright.web.prints, test_print_page.py) take the longest to
    make: a folder that is not a site, a map file missing or Pyodide not the pinned one is
    refused first, without drawing a kit."""
    asked: list[bool] = []

    def printed():
        asked.append(True)
        raise AssertionError("the kits were made before the checks")

    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mine.txt").write_text("x", encoding="utf-8")
    with pytest.raises(TrackwrightError, match="not an earlier trackwright site"):
        site.build(tmp_path / "out", printed=printed)
    with pytest.raises(TrackwrightError, match="file not found"):
        site.build(tmp_path / "new", [tmp_path / "nowhere.json"], printed=printed)
    monkeypatch.setenv("TRACKWRIGHT_PYODIDE", str(tmp_path / "none.tgz"))
    with pytest.raises(TrackwrightError, match="no such file"):
        site.build(tmp_path / "new", printed=printed)
    assert not asked and not (tmp_path / "new").exists()
