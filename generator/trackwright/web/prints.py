"""The built-in kits as ready-to-print PDFs, for the static site's Print page (``print/`` in the
site): every game's kits as ``trackwright generate all`` makes them, in every language and on A4
and Letter, each kit's checklist first and its other files in the checklist's order, with what
each file is, its pages and its size, and which files are alternatives.

The kits are made by the command line (``make``: the games' ``generate_all``, which lives above
this layer) and kept in the cache folder under a digest of everything they are made from (the
package's sources and data, the drawing library's version): a second build with the same
sources takes them from there instead of drawing them again. Drawing is deterministic, so a kit
taken from the cache is byte for byte the one that would be drawn."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.resources import files as package_files
from pathlib import Path, PurePosixPath
from typing import Any

import PIL
import reportlab

import trackwright
from trackwright import games
from trackwright.core.errors import TrackwrightError
from trackwright.kits import checklist
from trackwright.version import VERSION
from trackwright.web import pyodide

FOLDER = "print"
INDEX = f"{FOLDER}/index.json"
PAPERS = ("a4", "letter")
#: The largest file a free static host takes (Cloudflare Pages: 25 MiB; GitHub Pages 100 MB).
FILE_LIMIT = 25 * 2**20
#: A kit's files that are alternatives to each other, by their checklist kind: one of them makes
#: the board (the poster for a print shop, the board tiled over sheets, or La Strada's loose land
#: pieces).
CHOICES = {"ck_poster": "board", "ck_board": "board", "ck_pieces": "board"}
#: How many sets of kits the cache folder keeps (each about 30 MB).
KEEP = 2
ZIP_DATE = (2024, 1, 1, 0, 0, 0)
PAGE = re.compile(rb"/Type /Page\b(?!s)")


@dataclass(frozen=True)
class Job:
    """One game's kits in one language on one paper."""

    game: str
    lang: str
    paper: str


#: Makes the kits of some jobs: for each job (in order), its files by their path relative to the
#: folder the kits are written in, as ``generate all`` lays them out (``dampfross/england/
#: map-a4.pdf``).
Maker = Callable[[list[Job]], list[dict[str, bytes]]]


@dataclass
class Made:
    """The site's files of the printed kits (``print/...``) and what the build did."""

    files: dict[str, bytes] = field(default_factory=dict)
    made: int = 0
    kept: int = 0

    @property
    def pdfs(self) -> dict[str, bytes]:
        return {k: v for k, v in self.files.items() if k.endswith(".pdf")}

    def note(self) -> str:
        pdfs = self.pdfs
        if not pdfs:
            return "no printed kits"
        size, largest = sum(map(len, pdfs.values())), max(map(len, pdfs.values()))
        index = json.loads(self.files[INDEX])
        return (
            f"printed kits: {len(pdfs)} PDFs in {len(index['kits'])} kits, {size / 1e6:.1f} MB "
            f"(the largest file {largest / 1e6:.2f} MB); {self.made} made, {self.kept} kept "
            "from an earlier build"
        )


def cache_root() -> Path:
    return pyodide.cache_dir().parent / "kits"


def _source_roots() -> list[Path]:
    """Every folder the kits are made from: the package's two halves, its data, and the
    packages of games from elsewhere."""
    roots = [Path(p) for p in trackwright.__path__ if Path(p).is_dir()]
    roots.append(Path(str(package_files("trackwright.templates"))))
    for g in games.games().values():
        entry = games.entry_point(g.name)
        if entry is not None:
            roots.append(Path(str(package_files(entry.module.partition(".")[0]))))
    return list(dict.fromkeys(roots))


def inputs_key() -> str:
    """A digest of what the kits are made from: the version, the drawing libraries' versions
    and every source and data file (the web app's own files left out: they draw no kit)."""
    digest = hashlib.sha256(f"{VERSION}\0{reportlab.Version}\0{PIL.__version__}".encode())
    for k, root in enumerate(_source_roots()):
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root)
            if rel.parts[0] == "web" or "__pycache__" in rel.parts or not path.is_file():
                continue
            if path.suffix in (".py", ".json", ".ttf"):
                digest.update(f"{k}/{rel.as_posix()}\0".encode() + path.read_bytes())
    return digest.hexdigest()[:24]


def _pack(files: dict[str, bytes]) -> bytes:
    """A job's files in one uncompressed zip (PDFs are compressed already), in the order
    ``make`` gave them: the order of the kits on the page."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        for name in files:
            z.writestr(zipfile.ZipInfo(name, ZIP_DATE), files[name])
    return buffer.getvalue()


def _unpack(path: Path) -> dict[str, bytes] | None:
    try:
        with zipfile.ZipFile(path) as z:
            return {name: z.read(name) for name in z.namelist()}
    except (OSError, zipfile.BadZipFile):
        return None


def _keep(path: Path, files: dict[str, bytes]) -> None:
    """A job's kits written to the cache (whole or not at all)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, partial = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "wb") as f:
        f.write(_pack(files))
    Path(partial).replace(path)


def _forget_old(root: Path, current: Path) -> None:
    pyodide.forget_all_but_newest((p for p in root.iterdir() if p != current), KEEP - 1)


def _kit_files(job: Job, files: dict[str, bytes]) -> dict[str, bytes]:
    """A job's PDFs and map files, each in a kit's folder (a game that writes its kit at the top
    of the folder gets its name as the kit's)."""
    kept = {}
    for name, data in files.items():
        path = PurePosixPath(name)
        if path.suffix == ".pdf" or path.name == "map.json":
            kept[str(path if path.parent.name else job.game / path)] = data
    return kept


def kits(
    jobs: list[Job], make: Maker, cache: Path | None = None
) -> tuple[list[dict[str, bytes]], int]:
    """Each job's kit files (as ``make`` gives them: only their PDFs and map files), from the
    cache where they are, made (and kept) where not; and how many were made."""
    folder = (cache or cache_root()) / inputs_key()
    places = [folder / f"{j.game}-{j.lang}-{j.paper}.zip" for j in jobs]
    found = [_unpack(p) if p.is_file() else None for p in places]
    missing = [k for k, f in enumerate(found) if f is None]
    if missing:
        for k, files in zip(missing, make([jobs[k] for k in missing]), strict=True):
            found[k] = _kit_files(jobs[k], files)
            _keep(places[k], found[k] or {})
        _forget_old(folder.parent, folder)
    return [f or {} for f in found], len(missing)


def pages(pdf: bytes) -> int:
    return len(PAGE.findall(pdf))


def _rank(stem: str) -> tuple[int, str]:
    """Where a file comes in its kit: the checklist first, then as the checklist lists them."""
    if stem.startswith("checklist"):
        return (-1, stem)
    order = [key for _, key in checklist.KINDS]
    kind = checklist.kind(stem)
    return (order.index(kind) if kind in order else len(order), stem)


def _kind(stem: str) -> str:
    return "checklist" if stem.startswith("checklist") else checklist.kind(stem)


def _kit(job: Job, folder: str, files: dict[str, bytes]) -> tuple[dict[str, Any], dict[str, bytes]]:
    """One kit's entry of the index and its files in the site."""
    base = f"{FOLDER}/{job.lang}/{job.paper}/{folder}"
    data = json.loads(files.get(f"{folder}/map.json", b"{}"))
    stems = sorted((PurePosixPath(n).stem for n in files if n.endswith(".pdf")), key=_rank)
    out: dict[str, bytes] = {}
    listed: list[dict[str, Any]] = []
    for stem in stems:
        pdf = files[f"{folder}/{stem}.pdf"]
        out[f"{base}/{stem}.pdf"] = pdf
        kind = _kind(stem)
        listed.append(
            {
                "file": f"{base}/{stem}.pdf",
                "name": f"{stem}.pdf",
                "kind": kind,
                "pages": pages(pdf),
                "size": len(pdf),
                "choice": CHOICES.get(kind),
            }
        )
    entry = {
        "game": job.game,
        "kit": folder,
        "map": data.get("name") or PurePosixPath(folder).name,
        "lang": job.lang,
        "paper": job.paper,
        "size": sum(f["size"] for f in listed),
        "files": listed,
    }
    return entry, out


def layout(jobs: list[Job], made: list[dict[str, bytes]]) -> dict[str, bytes]:
    """The site's ``print/`` files: each kit's PDFs and the index the Print page reads."""
    out: dict[str, bytes] = {}
    index: list[dict[str, Any]] = []
    for job, files in zip(jobs, made, strict=True):
        folders = dict.fromkeys(str(PurePosixPath(n).parent) for n in files if n.endswith(".pdf"))
        for folder in folders:
            entry, pdfs = _kit(
                job, folder, {n: d for n, d in files.items() if n.startswith(folder + "/")}
            )
            index.append(entry)
            out.update(pdfs)
    too_big = [name for name, data in out.items() if len(data) > FILE_LIMIT]
    if too_big:
        raise TrackwrightError.of("prints.too-big", too_big[0], limit=FILE_LIMIT // 2**20)
    langs = sorted({j.lang for j in jobs}, key=[j.lang for j in jobs].index)
    papers = sorted({j.paper for j in jobs}, key=[j.paper for j in jobs].index)
    document = {"langs": langs, "papers": papers, "kits": index}
    out[INDEX] = json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")
    return out


def build(names: list[str], make: Maker, langs: tuple[str, ...], cache: Path | None = None) -> Made:
    """The printed kits of the games ``names`` in every language of ``langs``, on A4 and
    Letter."""
    jobs = [Job(name, lang, paper) for lang in langs for paper in PAPERS for name in names]
    made, count = kits(jobs, make, cache)
    return Made(layout(jobs, made), count, len(jobs) - count)
