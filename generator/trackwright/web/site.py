"""The phone app as a static folder: ``trackwright site OUT`` writes it, ``trackwright serve``
serves the same folder. Everything the app needs is inside (pages, the engines as Python files,
Pyodide, the maps and their printed boards in every language, a web manifest, icons and a
service worker that keeps it all for offline use), so any static HTTPS host can serve it. It can
also hold the built-in kits as ready-to-print PDFs (``print/``, the Print page), which are
downloaded when a player taps them and never kept for offline use.

The build is deterministic: the same inputs give byte-identical files (zip entries carry a fixed
date, lists are sorted), so the service worker's version changes only when something did."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import version
from importlib.resources import files as package_files
from pathlib import Path
from typing import Any

from trackwright import games
from trackwright.core import mapfile
from trackwright.core.errors import TrackwrightError
from trackwright.kits.draw.svg import render_svg
from trackwright.play import bridge
from trackwright.version import VERSION
from trackwright.web import prints, pyodide

LANGS = ("en", "fr", "de", "it")
MARKER = ".trackwright-site"
#: The parts of the package the browser runs: the pure-Python half, scorer/trackwright/ (core,
#: engines, photo reader, registry, play), and the data they read. Nothing that draws, serves or
#: prints.
ENGINE_PACKAGES = (
    "trackwright.core",
    "trackwright.scorer",
    "trackwright.photo",
    "trackwright.games",
    "trackwright.edit",
    "trackwright.play",
)
ENGINE_DATA = re.compile(r"^[a-z]+/(maps|rules)/[^/]+\.json$|^[a-z]+/[a-z_]+\.json$")
ZIP_DATE = (2024, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class SiteMap:
    """A map the app offers: a built-in, or a map file given or found in a kits folder."""

    game: str
    id: str
    name: str
    builtin: bool
    sha256: str
    data: dict[str, Any]
    source: str
    seed: Any = None

    def index(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "id": self.id,
            "name": self.name,
            "builtin": self.builtin,
            "sha256": self.sha256,
            "source": self.source,
            "seed": self.seed,
            "file": f"maps/{self.game}/{self.id}.json",
            "boards": {lang: f"boards/{self.game}/{self.id}.{lang}.json" for lang in LANGS},
        }


@dataclass
class Report:
    out: Path
    files: int = 0
    size: int = 0
    pyodide_size: int = 0
    maps: list[SiteMap] = field(default_factory=list)
    #: Whether the engines' memory snapshot was made, kept from an earlier build, or why not.
    snapshot: str = ""
    #: The printed kits: how many PDFs, their size, made or kept (trackwright.web.prints).
    printed: str = ""
    print_size: int = 0
    largest: tuple[str, int] = ("", 0)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "map"


def builtin_maps() -> list[SiteMap]:
    """Every game's built-in maps (loaded once for a given set of games)."""
    return _builtin_maps(tuple(games.games()))


@cache
def _builtin_maps(names: tuple[str, ...]) -> list[SiteMap]:
    found = []
    for g in (games.get(n) for n in names):
        for name in g.builtin_maps():
            m = g.load_map(name)
            # The hash a record names a built-in with (map_sha256): of its file as shipped, or
            # of the map a game makes (La Strada's standard board).
            path = mapfile.builtin_map_path(g.name, name)
            data = mapfile.read_json(path) if path is not None else m.to_json()
            found.append(
                SiteMap(g.name, name, getattr(m, "name", name), True, _hash(data), data, "built-in")
            )
    return found


def _hash(data: dict[str, Any]) -> str:
    return mapfile.content_hash(data)


def map_file(path: Path, source: str) -> SiteMap:
    """A map file checked by its game's own loader."""
    data = mapfile.read_json(path)
    g = games.of_record(data, str(path))
    m = g.map_from_json(data, str(path))
    sha = _hash(data)
    name = str(getattr(m, "name", "") or path.parent.name)
    seed = (data.get("generator") or {}).get("seed") if isinstance(data, dict) else None
    return SiteMap(g.name, f"{_slug(name)}-{sha[:8]}", name, False, sha, data, source, seed)


def kit_maps(kits: Path) -> list[SiteMap]:
    """Every map.json under a kits folder (``output/``), each checked; a file that is not a
    map of a known game is left out (kits hold other JSON)."""
    found = []
    if kits.is_dir():
        for path in sorted(kits.glob("**/map.json")):
            try:
                found.append(map_file(path, f"{kits.name}/{path.parent.relative_to(kits)}"))
            except TrackwrightError:
                continue
    return found


def collect_maps(extra: list[Path], kits: Path | None) -> list[SiteMap]:
    maps = list(builtin_maps())
    maps += [map_file(p, p.name) for p in extra]
    if kits is not None:
        maps += kit_maps(kits)
    seen: set[tuple[str, str]] = set()
    unique = []
    for m in maps:
        if (m.game, m.sha256) not in seen:
            seen.add((m.game, m.sha256))
            unique.append(m)
    return unique


def board_json(game: str, data: dict[str, Any], lang: str) -> bytes:
    """The printed board of a map as the page shows it: the SVG, where its places lie, its size
    and the players' colours."""
    g = games.get(game)
    view = g.board_view(g.map_from_json(data, "map"), lang)
    out = {
        "svg": render_svg(view.drawing).decode("utf-8"),
        "layout": view.places,
        "width": view.drawing.width,
        "height": view.drawing.height,
        "players": view.players,
    }
    return json.dumps(out, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


#: How many versions of the code the boards' cache folder keeps the boards of.
KEEP_BOARDS = 2


@cache
def _boards_cache() -> Path:
    """The cache folder of the boards drawn for the page (:func:`kept_board`), one folder per
    version of what draws them: what the kits are drawn from (:func:`prints.inputs_key`), the
    SVG and font libraries, and this module, which writes them. Older versions' folders are
    removed."""
    drawn_by = f"{prints.inputs_key()}\0{version('svgwrite')}\0{version('fonttools')}\0"
    key = hashlib.sha256(drawn_by.encode() + Path(__file__).read_bytes())
    folder = pyodide.cache_dir().parent / "boards" / key.hexdigest()[:24]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        others = (p for p in folder.parent.iterdir() if p != folder)
        pyodide.forget_all_but_newest(others, KEEP_BOARDS - 1)
    except OSError:
        pass  # an unwritable cache: every board is drawn, nothing kept
    return folder


def kept_board(m: SiteMap, lang: str) -> bytes:
    """:func:`board_json` of a site's map, drawn once for a version of the code and kept in the
    cache folder: drawing the boards was nine tenths of building the site, and `trackwright
    serve` builds it at every start. Written whole or not at all; a kept file that does not
    read back as JSON is drawn again."""
    path = _boards_cache() / f"{m.game}-{m.sha256}-{lang}.json"
    try:
        data = path.read_bytes()
        json.loads(data)
        return data
    except (OSError, ValueError):
        pass
    data = board_json(m.game, m.data, lang)
    try:
        fd, partial = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with open(fd, "wb") as f:
            f.write(data)
        Path(partial).replace(path)
    except OSError:
        pass  # an unwritable cache: drawn again next time
    return data


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name])
    return buffer.getvalue()


def _package_sources(package: str) -> dict[str, bytes]:
    """A package's Python and JSON files by their path in site-packages."""
    root = Path(str(package_files(package)))
    prefix = package.replace(".", "/")
    entries = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if "__pycache__" not in rel and path.is_file() and path.suffix in (".py", ".json"):
            entries[f"{prefix}/{rel}"] = path.read_bytes()
    return entries


def _other_games() -> dict[str, bytes]:
    """The games from other packages: their pure-Python packages, and an entry point each (a
    ``.dist-info`` folder) by which the registry finds them in the phone as it does here."""
    entries: dict[str, bytes] = {}
    for g in games.games().values():
        entry = games.entry_point(g.name)
        if entry is None:
            continue
        for package in g.engine_packages or (entry.module.partition(".")[0],):
            entries.update(_package_sources(package))
        info = f"trackwright_game_{g.name}-0.dist-info"
        entries[f"{info}/METADATA"] = (
            f"Metadata-Version: 2.1\nName: trackwright-game-{g.name}\nVersion: 0\n".encode()
        )
        entries[f"{info}/entry_points.txt"] = (
            f"[trackwright.games]\n{entry.name} = {entry.value}\n".encode()
        )
    return entries


def engine_zip() -> bytes:
    """The engines as Python source for the browser's site-packages: ``trackwright/...``, and
    the games from other packages (:func:`_other_games`)."""
    entries: dict[str, bytes] = {}
    for package in ENGINE_PACKAGES:
        entries.update(_package_sources(package))
    entries.update(_other_games())
    templates = Path(str(package_files("trackwright.templates")))
    entries["trackwright/templates/__init__.py"] = b""
    for path in sorted(templates.rglob("*.json")):
        rel = path.relative_to(templates).as_posix()
        if ENGINE_DATA.match(rel):
            entries[f"trackwright/templates/{rel}"] = path.read_bytes()
    return _zip(entries)


def _icons() -> dict[str, bytes]:
    from PIL import Image, ImageDraw

    out = {}
    for size in (192, 512):
        img = Image.new("RGB", (size, size), "#2b2b2b")
        d = ImageDraw.Draw(img)
        s = size / 32
        d.line(
            [(6 * s, 24 * s), (16 * s, 8 * s), (26 * s, 24 * s), (6 * s, 24 * s)],
            fill="#e69f00",
            width=max(3, round(3 * s)),
            joint="curve",
        )
        r = 3 * s
        d.ellipse([16 * s - r, 8 * s - r, 16 * s + r, 8 * s + r], fill="#ffffff")
        buffer = io.BytesIO()
        img.save(buffer, "PNG", optimize=True)
        out[f"icons/icon-{size}.png"] = buffer.getvalue()
    return out


def _titles() -> str:
    """The games' titles as a sentence names them: "A, B and C"."""
    titles = [g.title for g in games.games().values()]
    return ", ".join(titles[:-1]) + (" and " if len(titles) > 1 else "") + titles[-1]


def _manifest() -> bytes:
    manifest = {
        "name": "trackwright scorer",
        "short_name": "trackwright",
        "description": f"Score {_titles()} at the table, offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f6f3ea",
        "theme_color": "#2b2b2b",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "favicon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return json.dumps(manifest, indent=1).encode("utf-8")


#: The engines' memory snapshot (gzipped), when Node.js could make it (trackwright.web.pyodide).
SNAPSHOT = "engines.snapshot.gz"


def site_files(
    maps: list[SiteMap], boards: bool = True, notes: list[str] | None = None
) -> dict[str, bytes]:
    """Every file of the site by its path in the folder (the service worker last: it lists the
    others, each with its SHA-256, and carries their digest as its version). ``notes`` gets
    what was done about the engines' snapshot."""
    out: dict[str, bytes] = {}
    static = Path(str(package_files("trackwright.web").joinpath("static")))
    for path in sorted(static.rglob("*")):
        rel = path.relative_to(static).as_posix()
        if path.is_file() and "__pycache__" not in rel and rel != "sw.js":
            out[rel] = path.read_bytes()
    for g in games.games().values():
        for name, data in g.page_files().items():
            out[f"games/{name}"] = data
    python = pyodide.files()
    for name, data in python.items():
        out[f"pyodide/{name}"] = data
    out["engines.zip"] = engine_zip()
    snapshot, note = pyodide.snapshot(out["engines.zip"], python)
    if snapshot is not None:
        out[SNAPSHOT] = snapshot
    if notes is not None:
        notes.append(note)
    out["catalogue.json"] = json.dumps(bridge.catalogue(), ensure_ascii=False).encode("utf-8")
    out["maps/index.json"] = json.dumps(
        [m.index() for m in maps], ensure_ascii=False, indent=1
    ).encode("utf-8")
    for m in maps:
        out[f"maps/{m.game}/{m.id}.json"] = mapfile.dumps(m.data)
        if boards:
            for lang in LANGS:
                out[f"boards/{m.game}/{m.id}.{lang}.json"] = kept_board(m, lang)
    out.update(_icons())
    out["manifest.webmanifest"] = _manifest()
    out["version.json"] = json.dumps(
        {"trackwright": VERSION, "pyodide": pyodide.VERSION, "python": pyodide.PYTHON}
    ).encode("utf-8")
    digest = hashlib.sha256()
    for name in sorted(out):
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256(out[name]).digest())
    template = static.joinpath("sw.js").read_text("utf-8")
    # Each file with the SHA-256 of its bytes: the service worker takes a file it finds on the
    # device (an earlier version's cache, the HTTP cache) only when its bytes are these, so a
    # first visit downloads each file once and an update only what changed (sw.js).
    precache = {"./": hashlib.sha256(out["index.html"]).hexdigest()}
    precache |= {name: hashlib.sha256(out[name]).hexdigest() for name in sorted(out)}
    out["sw.js"] = (
        template.replace("__VERSION__", digest.hexdigest()[:16])
        .replace("__PRECACHE__", json.dumps(precache))
        .encode("utf-8")
    )
    return out


def build(
    out: Path,
    extra: list[Path] | None = None,
    kits: Path | None = None,
    printed: Callable[[], prints.Made] | None = None,
) -> Report:
    """Write the site into ``out`` (made, or replaced if it holds an earlier site; any other
    non-empty folder is refused). Everything is built in memory and written to a new folder
    beside it first, so a failure leaves nothing half-written. ``printed`` makes the printed
    kits for the Print page (trackwright.web.prints; none: the page says the site has none):
    called last, once everything else is checked and built, and its files added after the
    service worker is made, which neither keeps them nor changes its version for them."""
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise TrackwrightError.of("site.folder.taken", str(out))
    maps = collect_maps(extra or [], kits)
    notes: list[str] = []
    contents = site_files(maps, notes=notes)
    made = printed() if printed is not None else None
    contents.update(made.files if made is not None else {})
    contents[MARKER] = f"trackwright {VERSION} phone app\n".encode()
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    except OSError as exc:
        raise TrackwrightError.of(
            "site.folder.unwritable", str(out), reason=exc.strerror or str(exc)
        ) from None
    try:
        for rel, data in contents.items():
            target = staging / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        if out.exists():
            old = out.with_name(f".{out.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            out.replace(old)
            staging.replace(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.replace(out)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise TrackwrightError.of(
            "site.unwritable", str(out), reason=exc.strerror or str(exc)
        ) from None
    report = Report(out, len(contents), sum(len(d) for d in contents.values()))
    report.pyodide_size = sum(len(d) for k, d in contents.items() if k.startswith("pyodide/"))
    report.maps = maps
    report.snapshot = notes[0]
    if made is not None:
        report.printed = made.note()
        report.print_size = sum(map(len, made.pdfs.values()))
    report.largest = max(((k, len(d)) for k, d in contents.items()), key=lambda kv: kv[1])
    return report
