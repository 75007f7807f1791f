"""``trackwright photo MAP PHOTO``: the track spaces a photo of a printed TransAmerica board shows
taken (and the ones it is unsure about). ``trackwright photo check FOLDER``: the reader scored on
a folder of photo cases, each a photo and the true track as a game record (the folder format is
in core/schema/photo-case.schema.json and tests/photos/real/README.md); ``--by kind,light,tilt``
breaks its figures down by the cases' details.

Pillow decodes the photo and scales it to the reader's working size, and renders the printed
board's own picture (the reference); the reading itself is :mod:`trackwright.photo`, the
same pure Python the phone app runs.
"""

from __future__ import annotations

import io
import json
import re
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from trackwright.core import mapfile
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.photo import combine, tracks
from trackwright.photo.image import Picture
from trackwright.scorer import transamerica as engine

MAX_PHOTO_BYTES = 64 * 1024 * 1024
ANCHOR = re.compile(r"^(?P<name>.+)=(?P<x>-?\d+(?:\.\d+)?),(?P<y>-?\d+(?:\.\d+)?)$")


def reference(m: model.TransAmericaMap) -> tuple[tracks.Reference, Picture]:
    """The printed board's picture at the reader's resolution, softened a little, and the same
    softened less."""
    from PIL import Image, ImageFilter

    from trackwright.kits.draw.png import _Renderer
    from trackwright.kits.transamerica.board import board_drawing

    drawing = board_drawing(m, "en")
    ppm = tracks.REF_PPM
    size = (round(drawing.width * ppm), round(drawing.height * ppm))
    image = Image.new("RGBA", size, (255, 255, 255, 255))
    _Renderer(image, ppm).ops(drawing.ops, 0.0, 0.0, 1.0)
    image = image.convert("RGB")
    soft = image.filter(ImageFilter.GaussianBlur(tracks.REF_BLUR))
    sharp = image.filter(ImageFilter.GaussianBlur(tracks.SHARP_BLUR))
    return (
        tracks.Reference(Picture.from_bytes(soft.tobytes(), *soft.size, "board"), ppm),
        Picture.from_bytes(sharp.tobytes(), *sharp.size, "board"),
    )


def keepouts(m: model.TransAmericaMap) -> list[tuple[float, float, float, float]]:
    """The printed board's words and discs, where the tiled kit's seams do not run."""
    from trackwright.kits.sheets import seam_keepouts
    from trackwright.kits.transamerica.board import board_drawing

    return seam_keepouts(board_drawing(m, "en").ops)


_BOARDS: dict[int, tuple[model.TransAmericaMap, tracks.Board]] = {}


def board(m: model.TransAmericaMap) -> tracks.Board:
    """What the reader knows of the map's printed board (kept for further photos)."""
    if id(m) not in _BOARDS:
        _BOARDS[id(m)] = (m, tracks.Board(m, *reference(m), keepouts=keepouts(m)))
    return _BOARDS[id(m)][1]


def working_picture(data: bytes, where: str) -> tuple[Picture, float]:
    """The photo decoded and scaled so its longer side is the working size, and the scale
    (working pixels per photo pixel). JPEG is decoded at a reduced size straight away."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        opened = Image.open(io.BytesIO(data))
        full = opened.size
        opened.draft("RGB", (tracks.WORKING, tracks.WORKING))
        image: Image.Image = ImageOps.exif_transpose(opened.convert("RGB"))
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise TrackwrightError.of("not_photo", where) from exc
    scale = tracks.WORKING / max(image.size)
    if scale < 1.0:
        size = (max(8, round(image.width * scale)), max(8, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0)
    # Anchors are in the photo's own pixels (its longer side is the same turned or not).
    return Picture.from_bytes(image.tobytes(), image.width, image.height, where), (
        max(image.size) / max(full)
    )


def parse_anchors(values: list[str]) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    for value in values:
        hit = ANCHOR.match(value.strip())
        if hit is None:
            raise TrackwrightError.of("photo.anchor.form", "--anchor", value=repr(value))
        out[hit["name"].strip()] = (float(hit["x"]), float(hit["y"]))
    if out and len(out) < 4:
        raise TrackwrightError.of("photo.anchors.four", "--anchor")
    return out


def read_photo(
    m: model.TransAmericaMap,
    data: bytes,
    where: str,
    anchors: dict[str, tuple[float, float]],
    look: tracks.Look | None = None,
    *,
    settled: bool = True,
) -> tracks.Reading:
    """The reading of one photo (anchors in the photo's own pixels; ``look``: the second
    look, when not the one trackwright ships); ``settled=False``: before the game's rules
    settle it (to read it with other photos of the board: :mod:`trackwright.photo.combine`)."""
    pic, scale = working_picture(data, where)
    scaled = {k: (x * scale, y * scale) for k, (x, y) in anchors.items()}
    try:
        reading = tracks.read(pic, board(m), scaled or None, look)
    except tracks.PhotoError as exc:
        raise TrackwrightError(
            exc.message, where, code=exc.code, params=exc.params, key=exc.key
        ) from exc
    return reading.settled() if settled else reading


def _photo_bytes(path: Path) -> bytes:
    where = str(path)
    try:
        if path.stat().st_size > MAX_PHOTO_BYTES:
            raise TrackwrightError.of("photo.too-big", where)
        return path.read_bytes()
    except OSError as exc:
        raise TrackwrightError.of("photo.unreadable", where, reason=exc.strerror) from exc


def photo(
    map_ref: Annotated[str, typer.Argument(help="A built-in map name (usa) or a map file.")],
    photo_paths: Annotated[
        list[Path],
        typer.Argument(
            help="The photo of the board (JPEG or PNG); or several photos of it at the same "
            "moment (taken again with a card lifted, say), read as one.",
            metavar="PHOTO",
            show_default=False,
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    anchor: Annotated[
        list[str] | None,
        typer.Option(
            help="NAME=X,Y: a city's pixel position in the photo; four of them when the board's "
            "marks cannot be found."
        ),
    ] = None,
) -> None:
    """The track spaces a photo of a printed TransAmerica board shows taken, and the ones it
    is unsure about (to confirm by eye)."""
    m = model.load(map_ref)
    anchors = parse_anchors(anchor or [])
    if anchors and len(photo_paths) > 1:
        raise TrackwrightError.of("photo.anchors-one", str(photo_paths[1]))
    photos = [(_photo_bytes(path), str(path)) for path in photo_paths]
    reading = combine.combined(
        [read_photo(m, data, where, anchors, settled=False) for data, where in photos]
    ).settled()
    if as_json:
        out = reading.to_json()
        keys = ("track", "uncertain", "covered", "shaded")
        typer.echo(json.dumps({k: out[k] for k in keys}))
        return
    typer.echo(
        f"{len(reading.track)} track spaces taken, {len(reading.uncertain)} to check "
        f"(board found by {'anchors' if reading.anchored else f'{reading.marks} marks'})"
    )
    for label, edges in (
        ("taken", reading.track),
        ("check", reading.uncertain),
        (
            "of which under a card, paper or glare (clear or shade the board, take it again)",
            reading.covered,
        ),
        ("of which in a shadow or under a hand (take it again in even light)", reading.shaded),
        ("hidden, joined to no track, so empty", reading.empty_by_rule),
    ):
        if edges:
            typer.echo(f"{label}: " + " ".join(f"{a}-{b}" for a, b in edges))


# ------------------------------------------------------------------ photo check FOLDER

#: A case's photo; beside it NAME.json (the truth, a game record) and NAME.case.json (details).
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")
SOURCES = ("camera", "composited", "rendered")
Space = tuple[str, str]


@dataclass
class Case:
    """One photo and what it truly shows."""

    name: str  # the photo's path within the folder
    photo: Path
    truth: Path
    details: dict[str, Any]
    map: model.TransAmericaMap
    track: set[Space]


@dataclass
class Outcome:
    """The reader on one case, space by space."""

    case: Case
    seconds: float = 0.0
    problem: TrackwrightError | None = None  # the board was not found: why
    right: int = 0
    flagged: int = 0
    missed: list[Space] = field(default_factory=list)  # taken, read empty, not flagged
    extra: list[Space] = field(default_factory=list)  # empty, read taken, not flagged

    @property
    def found(self) -> bool:
        return self.problem is None

    @property
    def wrong(self) -> int:
        return len(self.missed) + len(self.extra)

    def to_json(self) -> dict[str, Any]:
        c = self.case
        return {
            "case": c.name,
            "photo": str(c.photo),
            "truth": str(c.truth),
            "source": c.details.get("source"),
            "known_failure": c.details.get("known_failure"),
            "board_found": self.found,
            "problem": None
            if self.problem is None
            else {"code": self.problem.code, "message": self.problem.message},
            "spaces": self.right + self.flagged + self.wrong if self.found else 0,
            "right": self.right,
            "wrong": self.wrong,
            "flagged": self.flagged,
            "missed": [list(e) for e in self.missed],
            "extra": [list(e) for e in self.extra],
            "seconds": round(self.seconds, 3),
        }


def case_photos(folder: Path) -> list[Path]:
    """Every photo under ``folder`` (its subfolders too), in name order."""
    if not folder.is_dir():
        raise TrackwrightError.of("photo.case.not-folder", str(folder))
    photos = sorted(
        p for p in folder.rglob("*") if p.suffix.lower() in PHOTO_SUFFIXES and p.is_file()
    )
    if not photos:
        raise TrackwrightError.of("photo.case.empty", str(folder))
    return photos


def case_details(photo: Path) -> dict[str, Any]:
    """NAME.case.json beside the photo, checked against its schema ({} when there is none)."""
    path = photo.with_name(photo.stem + ".case.json")
    if not path.exists():
        return {}
    data = mapfile.read_json(path)
    mapfile.validate(data, str(path), "photo-case")
    return dict(data)


def check_image(photo: Path) -> None:
    """A bad photo named before anything is read: too big, or not a JPEG or PNG."""
    from PIL import Image, UnidentifiedImageError

    where = str(photo)
    try:
        if photo.stat().st_size > MAX_PHOTO_BYTES:
            raise TrackwrightError.of("photo.too-big", where)
        with Image.open(photo) as image:
            if image.format not in ("JPEG", "PNG", "MPO"):
                raise TrackwrightError.of("photo.format", where, format=image.format)
            image.verify()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        raise TrackwrightError.of("not_photo", where) from exc


def round_track(record: engine.GameRecord, number: int, where: str) -> set[Space]:
    """The track on the board at the end of round ``number`` (counted from 1)."""
    if not 1 <= number <= len(record.rounds):
        raise TrackwrightError.of(
            "photo.case.round",
            f"{where}: $.round",
            number=number,
            name=Path(record.source).name,
            count=len(record.rounds),
        )
    rnd = record.rounds[number - 1]
    laid = rnd.track if rnd.track is not None else [e for t in rnd.turns or () for e in t.track]
    return {(min(a, b), max(a, b)) for a, b in laid}


def check_board(details: dict[str, Any], photo: Path, m: model.TransAmericaMap, truth: Path):
    """The board the details name must be the record's map."""
    if "board" not in details:
        return
    where = str(photo.with_name(photo.stem + ".case.json"))
    path, named = mapfile.record_map(model.GAME, details["board"], photo.parent, where)
    board_map = mapfile.load_model(path, named, model.from_json)
    if board_map.to_json() != m.to_json():
        raise TrackwrightError.of("photo.case.board", str(truth), board=repr(details["board"]))


def load_case(folder: Path, photo: Path, maps: dict[str, model.TransAmericaMap]) -> Case:
    """A case checked whole (its details, its truth, its board, its photo), its map shared
    with the cases on the same board (so the board is prepared once)."""
    truth = photo.with_suffix(".json")
    if not truth.is_file():
        raise TrackwrightError.of("photo.case.no-truth", str(photo), name=truth.name)
    details = case_details(photo)
    record = engine.record_from_json(mapfile.read_json(truth), str(truth), base=truth.parent)
    check_board(details, photo, record.map, truth)
    where = str(photo.with_name(photo.stem + ".case.json"))
    track = round_track(record, details.get("round", len(record.rounds)), where)
    check_image(photo)
    key = json.dumps(record.map.to_json(), sort_keys=True)
    m = maps.setdefault(key, record.map)
    return Case(photo.relative_to(folder).as_posix(), photo, truth, details, m, track)


def judge(case: Case) -> Outcome:
    """The case's photo read as ``trackwright photo`` reads it, and compared space by space."""
    board(case.map)  # prepared once per board, not counted in the photo's time
    data = case.photo.read_bytes()
    started = time.perf_counter()
    try:
        reading = read_photo(case.map, data, str(case.photo), {})
    except TrackwrightError as exc:
        if exc.code == "not_photo":
            raise
        return Outcome(case, time.perf_counter() - started, problem=exc)
    return compared(case, reading.track, reading.uncertain, time.perf_counter() - started)


def compared(
    case: Case, track: Iterable[Space], uncertain: Iterable[Space], seconds: float
) -> Outcome:
    """A reading of the case's photo (its spaces taken and uncertain, each as (a, b) with
    a < b) compared with the truth space by space."""
    out = Outcome(case, seconds)
    read, unsure = set(track), set(uncertain)
    for e in case.map.edges:
        key = (min(e.a, e.b), max(e.a, e.b))
        if key in unsure:
            out.flagged += 1
        elif (key in read) == (key in case.track):
            out.right += 1
        else:
            (out.missed if key in case.track else out.extra).append(key)
    return out


def totals(outcomes: list[Outcome]) -> dict[str, Any]:
    found = [o for o in outcomes if o.found]
    spaces = sum(o.right + o.flagged + o.wrong for o in found)
    sources: dict[str, int] = {}
    for o in outcomes:
        name = o.case.details.get("source", "not said")
        sources[name] = sources.get(name, 0) + 1
    seconds = [o.seconds for o in outcomes]
    return {
        "cases": len(outcomes),
        "sources": sources,
        "boards_found": len(found),
        "spaces": spaces,
        "right": sum(o.right for o in found),
        "wrong": sum(o.wrong for o in found),
        "flagged": sum(o.flagged for o in found),
        "flagged_percent": round(100.0 * sum(o.flagged for o in found) / spaces, 2)
        if spaces
        else 0.0,
        "seconds_median": round(statistics.median(seconds), 3),
        "seconds_total": round(sum(seconds), 3),
    }


def print_outcomes(outcomes: list[Outcome], total: dict[str, Any]) -> None:
    width = max(len("case"), *(len(o.case.name) for o in outcomes))
    typer.echo(
        f"{'case':{width}}  {'source':10}  {'board':9}  {'right':>5}  {'wrong':>5}  "
        f"{'flagged':>7}  {'seconds':>7}"
    )
    for o in outcomes:
        source = o.case.details.get("source", "not said")
        if o.found:
            typer.echo(
                f"{o.case.name:{width}}  {source:10}  {'found':9}  {o.right:>5}  {o.wrong:>5}  "
                f"{o.flagged:>7}  {o.seconds:>7.2f}"
            )
        else:
            assert o.problem is not None
            typer.echo(
                f"{o.case.name:{width}}  {source:10}  {'not found':9}  ({o.problem.message})  "
                f"{o.seconds:.2f}"
            )
    sources = ", ".join(f"{n} {name}" for name, n in sorted(total["sources"].items()))
    typer.echo(
        f"total: {total['cases']} case(s) ({sources}), board found in {total['boards_found']}; "
        f"{total['spaces']} spaces: {total['right']} right, {total['wrong']} wrong without a "
        f"flag, {total['flagged']} flagged ({total['flagged_percent']:.2f} %); "
        f"{total['seconds_median']:.2f} s a photo (median)"
    )
    for o in outcomes:
        for kind, spaces in (("missed", o.missed), ("extra", o.extra)):
            for a, b in spaces:
                typer.echo(f"wrong: {o.case.name} {a}-{b} {kind}")


# ------------------------------------------------------------------ photo check --by KEY


def _pieces(details: dict[str, Any]) -> list[str]:
    return [str(p) for p in details.get("pieces", [])]


def _kind(details: dict[str, Any]) -> str | None:
    """The piece kinds, each named by its words before the first comma ("paper strips, cream"
    is a paper strip), several joined with +."""
    kinds = sorted({p.split(",")[0].strip() for p in _pieces(details)})
    return " + ".join(kinds) or None


def _tilt(details: dict[str, Any]) -> str | None:
    """The camera's tilt from straight down, in 10-degree steps (generated cases say it in
    their x-scene details)."""
    tilt = (details.get("x-scene") or {}).get("tilt")
    if not isinstance(tilt, int | float):
        return None
    low = min(30, int(tilt // 10) * 10)
    return f"{low}-{low + 10} degrees" if low < 30 else "30 degrees or more"


#: What ``photo check --by`` groups cases by: a case's details, read as a word or two.
GROUP_KEYS = {
    "kind": _kind,
    "pieces": lambda d: " + ".join(_pieces(d)) or None,
    "light": lambda d: d.get("light"),
    "paper": lambda d: d.get("paper"),
    "source": lambda d: d.get("source"),
    "tilt": _tilt,
}


def parse_by(value: str | None) -> list[list[str]]:
    """``kind,light`` is two breakdowns; ``kind+light`` one, by both."""
    if not value:
        return []
    out = []
    for part in value.split(","):
        keys = [k.strip() for k in part.split("+") if k.strip()]
        bad = [k for k in keys if k not in GROUP_KEYS]
        if bad or not keys:
            raise TrackwrightError.of(
                "photo.check.by", "--by", value=repr(part.strip()), keys=", ".join(GROUP_KEYS)
            )
        out.append(keys)
    return out


def group_name(details: dict[str, Any], keys: list[str]) -> str:
    return " / ".join(str(GROUP_KEYS[k](details) or "not said") for k in keys)


def breakdown(outcomes: list[Outcome], keys: list[str]) -> list[dict[str, Any]]:
    """The totals of each group of cases (in name order)."""
    groups: dict[str, list[Outcome]] = {}
    for o in outcomes:
        groups.setdefault(group_name(o.case.details, keys), []).append(o)
    return [{"group": name, **totals(groups[name])} for name in sorted(groups)]


def print_breakdown(keys: list[str], rows: list[dict[str, Any]]) -> None:
    title = "+".join(keys)
    width = max(len(title), *(len(r["group"]) for r in rows))
    typer.echo("")
    typer.echo(
        f"{title:{width}}  {'photos':>6}  {'found':>5}  {'spaces':>6}  {'right':>6}  "
        f"{'wrong':>5}  {'flagged':>7}  {'median s':>8}"
    )
    for r in rows:
        typer.echo(
            f"{r['group']:{width}}  {r['cases']:>6}  {r['boards_found']:>5}  {r['spaces']:>6}  "
            f"{r['right']:>6}  {r['wrong']:>5}  {r['flagged_percent']:>6.2f}%  "
            f"{r['seconds_median']:>8.2f}"
        )


def check(
    folder: Annotated[
        Path,
        typer.Argument(help="A folder of cases: NAME.jpg (or .png), its truth NAME.json."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            help="Also the figures per group of cases: kind, pieces, light, paper, source, "
            "tilt (several: kind,light,tilt; together: kind+light).",
        ),
    ] = None,
) -> None:
    """Score the reader on a folder of photo cases: per photo and in total, the board found or
    not, the spaces read right, wrong without a flag, flagged, and the seconds; with --by, the
    same per group of cases (piece kind, light, paper, tilt, as their details say)."""
    groupings = parse_by(by)
    maps: dict[str, model.TransAmericaMap] = {}
    cases = [load_case(folder, p, maps) for p in case_photos(folder)]
    outcomes = [judge(c) for c in cases]
    total = totals(outcomes)
    groups = {"+".join(keys): breakdown(outcomes, keys) for keys in groupings}
    if as_json:
        out: dict[str, Any] = {"cases": [o.to_json() for o in outcomes], "total": total}
        if groups:
            out["by"] = groups
        typer.echo(json.dumps(out))
        return
    print_outcomes(outcomes, total)
    for keys in groupings:
        print_breakdown(keys, groups["+".join(keys)])


class PhotoCommands(TyperGroup):
    """``trackwright photo``: ``check FOLDER``, or a photo read as ``photo MAP PHOTO`` always was
    (the ``read`` command, named or not)."""

    # The context is typer's own click class (typer vendors click): typed loosely, as
    # cli/__init__.py's GameCommands does.
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["read", *args]
        return super().parse_args(ctx, args)


def photo_app() -> typer.Typer:
    app = typer.Typer(
        cls=PhotoCommands,
        help="Read a photo of a printed TransAmerica board (photo MAP PHOTO), or score the "
        "reader on a folder of photos (photo check FOLDER).",
        no_args_is_help=True,
    )
    app.command("read")(photo)
    app.command("check")(check)
    return app
