"""``trackwright photo MAP PHOTO``: the track spaces a photo of a printed TransAmerica board shows
taken (and the ones it is unsure about).

Pillow decodes the photo and scales it to the reader's working size, and renders the printed
board's own picture (the reference); the reading itself is :mod:`trackwright.photo`, the
same pure Python the phone app runs.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Annotated

import typer

from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.photo import tracks
from trackwright.photo.image import Picture

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


_BOARDS: dict[int, tuple[model.TransAmericaMap, tracks.Board]] = {}


def board(m: model.TransAmericaMap) -> tracks.Board:
    """What the reader knows of the map's printed board (kept for further photos)."""
    if id(m) not in _BOARDS:
        _BOARDS[id(m)] = (m, tracks.Board(m, *reference(m)))
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
        raise TrackwrightError("not a JPEG or PNG photo", where, code="not_photo") from exc
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
            raise TrackwrightError(
                f"{value!r} is not NAME=X,Y (a city and its pixel position in the photo)",
                "--anchor",
            )
        out[hit["name"].strip()] = (float(hit["x"]), float(hit["y"]))
    if out and len(out) < 4:
        raise TrackwrightError("give four cities' positions (--anchor four times)", "--anchor")
    return out


def read_photo(
    m: model.TransAmericaMap, data: bytes, where: str, anchors: dict[str, tuple[float, float]]
) -> tracks.Reading:
    """The reading of one photo (anchors in the photo's own pixels)."""
    pic, scale = working_picture(data, where)
    scaled = {k: (x * scale, y * scale) for k, (x, y) in anchors.items()}
    try:
        reading = tracks.read(pic, board(m), scaled or None)
    except tracks.PhotoError as exc:
        raise TrackwrightError(exc.message, where, code=exc.code) from exc
    return reading.settled()


def photo(
    map_ref: Annotated[str, typer.Argument(help="A built-in map name (usa) or a map file.")],
    photo_path: Annotated[Path, typer.Argument(help="The photo of the board (JPEG or PNG).")],
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
    where = str(photo_path)
    try:
        size = photo_path.stat().st_size
        if size > MAX_PHOTO_BYTES:
            raise TrackwrightError("the photo is too big (over 64 MB)", where)
        data = photo_path.read_bytes()
    except OSError as exc:
        raise TrackwrightError(f"cannot read the photo ({exc.strerror})", where) from exc
    reading = read_photo(m, data, where, anchors)
    if as_json:
        out = reading.to_json()
        typer.echo(json.dumps({"track": out["track"], "uncertain": out["uncertain"]}))
        return
    typer.echo(
        f"{len(reading.track)} track spaces taken, {len(reading.uncertain)} to check "
        f"(board found by {'anchors' if reading.anchored else f'{reading.marks} marks'})"
    )
    for label, edges in (
        ("taken", reading.track),
        ("check", reading.uncertain),
        ("hidden, joined to no track, so empty", reading.empty_by_rule),
    ):
        if edges:
            typer.echo(f"{label}: " + " ".join(f"{a}-{b}" for a, b in edges))
