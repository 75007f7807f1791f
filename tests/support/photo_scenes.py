"""Photos of a TransAmerica table at the end of a round, made up from a seed, for measuring the
photo reader (``benchmarks/photos.py``) and testing it (``tests/photo/``, ``tests/web/test_photo_page.py``).

Each photo: the board as the kit prints it (the poster, or the tiled sheets cut and glued with
seams and up to 2 mm misalignment, outer margins trimmed or not), a simulated round's track
(``tests.support.simulate``) as pieces of one or several kinds - printed strips of a
saturated colour, wooden matchsticks, dark wooden pieces; and since issue 28 strips cut from
plain paper (white, cream, pale grey, pale yellow, kraft: a little translucent, rough cut edges,
a faint shadow or none) and the kit's magenta strips folded (one half lit, one in shade) - each
off by up to 3 mm and 8 degrees (a paper strip stays over its line), with shadows; the round's
start markers (of any colour in the new photos); a city card lying on the board near its edge; often a
hand partly in the frame, with its shadow; a table around it; a warm lamp, cold daylight or flat diffuse light, and
sometimes the phone's own shadow over part of the board. Then a phone camera: tilted up to
35 degrees, turned any way, the board filling 55-95 % of the frame; uneven light, vignetting, a
colour cast, blur, noise and JPEG at quality 55-75.

    scene(seed, map_name="usa", size=(4000, 3000)) -> Photo(jpeg, truth)

The truth: every track space with a piece on it, which pieces, where the board's millimetres
land in the photo (a homography), and which spaces the card or hand hide. numpy and Pillow do
the work here (this is not the reader, which is pure Python).
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from tests.support import simulate
from trackwright.core import transamerica as model
from trackwright.kits.draw.png import _Renderer
from trackwright.kits.sheets import TILE_MARGINS, tiled_pages
from trackwright.kits.transamerica.board import board_drawing

KINDS = ("strips", "matches", "dark")  # the kinds the reader was first tuned on
#: What else players lay: strips cut from ordinary paper (white, cream, pale grey, pale
#: yellow, kraft; a little translucent, rough cut edges) and the kit's magenta strips folded
#: lengthwise (a ridge: one half in the light, the other in shade).
NEW_KINDS = ("paper", "folded")
ALL_KINDS = KINDS + NEW_KINDS
PAPERS = {
    "white": (250, 250, 247),
    "cream": (249, 242, 220),
    "grey": (226, 226, 222),
    "yellow": (250, 241, 178),
    "kraft": (196, 160, 118),
}
#: Which papers are at hand: mostly plain white or cream printer paper.
PAPER_ODDS = ("white", "white", "white", "cream", "cream", "cream", "grey", "yellow", "kraft")
KIT_MAGENTA = (226, 0, 116)
#: The light over the table: the first generator's (a colour cast, shadows down-light), a warm
#: lamp (strong cast and shadows), cold daylight from a window (soft shadows), flat diffuse
#: light (no shadows): a tint over the photo and how strong and soft the shadows are.
LIGHTS = {
    "classic": ((1.0, 1.0, 1.0), 1.0, 1.0),
    "lamp": ((1.14, 1.0, 0.76), 1.25, 0.8),
    "daylight": ((0.91, 0.98, 1.12), 0.7, 1.8),
    "diffuse": ((1.0, 1.0, 1.0), 0.0, 1.0),
}
STRIP_COLOURS = [
    (214, 40, 40),
    (226, 0, 116),
    (240, 120, 0),
    (0, 150, 70),
    (30, 90, 200),
    (120, 40, 170),
]
PLAYER_COLOURS = [
    (200, 30, 30),
    (30, 70, 190),
    (20, 140, 60),
    (235, 200, 30),
    (245, 245, 240),
    (30, 30, 30),
]
SKIN = [(224, 172, 140), (198, 140, 105), (160, 110, 80), (110, 75, 55), (236, 196, 170)]
TABLES = [
    ("wood", (150, 100, 60)),
    ("wood", (190, 150, 100)),
    ("wood", (90, 60, 40)),
    ("cloth", (40, 90, 60)),
    ("cloth", (70, 70, 75)),
    ("cloth", (225, 225, 220)),
    ("wood", (210, 190, 160)),
]


@dataclass
class Photo:
    jpeg: bytes
    truth: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------- the printed board


@cache
def _map(name: str) -> model.TransAmericaMap:
    return model.load(name)


@cache
def _drawing(name: str):
    return board_drawing(_map(name), "en")


def _render(page, ppm: float) -> Image.Image:
    """A page of drawing operations as a picture (the kit's PNG renderer, without the PNG)."""
    size = (max(1, round(page.width * ppm)), max(1, round(page.height * ppm)))
    image = Image.new("RGBA", size, (255, 255, 255, 255))
    _Renderer(image, ppm).ops(page.ops, 0.0, 0.0, 1.0)
    return image.convert("RGB")


@cache
def _poster(name: str, ppm: float) -> Image.Image:
    return _render(_drawing(name), ppm)


@cache
def _sheets(name: str, paper: str, ppm: float) -> tuple[Any, list[Image.Image]]:
    tiling, pages = tiled_pages(_drawing(name), paper, "en", "TransAmerica")
    return tiling, [_render(p, ppm) for p in pages]


PAD = 40.0  # mm of room round the board in the board's own picture (untrimmed margins)


def _assembled(name: str, tiled: bool, paper: str, ppm: float, rng: random.Random):
    """The board as it lies on the table, in board mm + PAD at ppm pixels per mm (RGBA: alpha
    is paper); for tiled sheets, each sheet cut, moved a little, glued over its neighbours."""
    d = _drawing(name)
    w, h = d.width, d.height
    size = (round((w + 2 * PAD) * ppm), round((h + 2 * PAD) * ppm))
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    info: dict[str, Any] = {"tiled": tiled}
    if not tiled:
        poster = _poster(name, ppm).convert("RGBA")
        canvas.alpha_composite(poster, (round(PAD * ppm), round(PAD * ppm)))
        return canvas, info
    tiling, images = _sheets(name, paper, ppm)
    trim_outer = rng.random() < 0.6
    info.update(paper=paper, trimmed=trim_outer, sheets=len(images), moves=[])
    top, _right, _bottom, left = TILE_MARGINS
    seams = Image.new("L", canvas.size, 0)
    sd = ImageDraw.Draw(seams)
    for tile, image in zip(tiling.tiles, images, strict=True):
        piece, x0, y0 = _cut(tile, image, tiling, trim_outer, ppm)
        # Where the piece goes on the board (mm), moved by up to ~2 mm and turned a little.
        first = tile.row == 0 and tile.col == 0
        dx = 0.0 if first else rng.uniform(-1.3, 1.3)
        dy = 0.0 if first else rng.uniform(-1.3, 1.3)
        angle = 0.0 if first else rng.uniform(-0.25, 0.25)
        info["moves"].append((tile.label, round(dx, 2), round(dy, 2), round(angle, 3)))
        bx = tile.x - left + x0 + dx + PAD
        by = tile.y - top + y0 + dy + PAD
        pw, ph = piece.size
        # The cut edges: a thin light line of paper core, and a soft shadow on the sheet below.
        core = ImageDraw.Draw(piece)
        if tile.col > 0:
            core.line((0, 0, 0, ph), fill=(255, 255, 255, 255), width=1)
        if tile.row > 0:
            core.line((0, 0, pw, 0), fill=(255, 255, 255, 255), width=1)
        if angle:
            piece = piece.rotate(angle, resample=Image.BICUBIC, expand=True)
            bx -= (piece.width - pw) / ppm / 2
            by -= (piece.height - ph) / ppm / 2
        ox, oy = round(bx * ppm), round(by * ppm)
        canvas.alpha_composite(piece, (ox, oy))
        # Seam shadows drawn so far stay only where this sheet does not cover them.
        seams.paste(0, (ox + 1, oy + 1, ox + piece.width, oy + piece.height))
        if tile.col > 0:
            sd.rectangle((ox - 2, oy, ox, oy + piece.height), fill=90)
        if tile.row > 0:
            sd.rectangle((ox, oy - 2, ox + piece.width, oy), fill=90)
    seams = seams.filter(ImageFilter.GaussianBlur(1.2))
    dark = Image.new("RGBA", canvas.size, (20, 20, 20, 255))
    canvas = Image.composite(dark, canvas, _scaled_mask(seams, canvas))
    return canvas, info


def _cut(tile: Any, image: Image.Image, tiling: Any, trim_outer: bool, ppm: float):
    """What is kept of a sheet (RGBA), and where its top-left corner is in its page's mm: cut
    edges at the overlap's middle; the outer margins trimmed at the board's edge or left on."""
    top, _right, _bottom, left = TILE_MARGINS
    half = tiling.overlap / 2
    x0 = left + half if tile.col > 0 else (left if trim_outer else 0.0)
    y0 = top + half if tile.row > 0 else (top if trim_outer else 0.0)
    x1 = left + tile.w if (trim_outer or tile.col < tiling.cols - 1) else tiling.paper_w
    y1 = top + tile.h if (trim_outer or tile.row < tiling.rows - 1) else tiling.paper_h
    if tile.col < tiling.cols - 1:
        x1 = tiling.paper_w  # the glue margin goes under the next sheet
    if tile.row < tiling.rows - 1:
        y1 = tiling.paper_h
    piece = image.crop((round(x0 * ppm), round(y0 * ppm), round(x1 * ppm), round(y1 * ppm)))
    return piece.convert("RGBA"), x0, y0


def _scaled_mask(shadow: Image.Image, canvas: Image.Image) -> Image.Image:
    """A shadow mask that only darkens paper (where the canvas has alpha)."""
    alpha = np.asarray(canvas.getchannel("A"), dtype=np.uint16)
    s = np.asarray(shadow, dtype=np.uint16)
    return Image.fromarray((s * alpha // 255).astype(np.uint8), "L")


# --------------------------------------------------------------------- things on the board


def _rect_poly(cx: float, cy: float, length: float, width: float, angle: float):
    c, s = math.cos(angle), math.sin(angle)
    hl, hw = length / 2, width / 2
    return [
        (cx + c * dx - s * dy, cy + s * dx + c * dy)
        for dx, dy in ((-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw))
    ]


def _shade(rgb: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(v * k))) for v in rgb)  # type: ignore[return-value]


class _Painter:
    """Draws on the board's picture in board mm (PAD added)."""

    def __init__(self, image: Image.Image, ppm: float, light: tuple[float, float]) -> None:
        self.image = image
        self.ppm = ppm
        self.todo: list[Any] = []  # drawing waits until every shadow is cast
        self.shadow = Image.new("L", image.size, 0)
        self.sdraw = ImageDraw.Draw(self.shadow)
        self.light = light  # shadow offset per mm of height
        self.shadow_gain = 1.0  # the light's: 0 under flat diffuse light

    def px(self, pts):
        return [((x + PAD) * self.ppm, (y + PAD) * self.ppm) for x, y in pts]

    def cast(self, pts, height: float, strength: int = 150) -> None:
        strength = round(strength * self.shadow_gain)
        if strength <= 0:
            return
        dx, dy = self.light[0] * height, self.light[1] * height
        self.sdraw.polygon(self.px([(x + dx, y + dy) for x, y in pts]), fill=min(255, strength))

    def sheer(self, pts, fill, opacity: float) -> None:
        """A polygon of thin paper: what is printed below shows through at 1 - opacity."""
        q = self.px(pts)
        x0, y0 = int(min(x for x, _ in q)) - 1, int(min(y for _, y in q)) - 1
        x1, y1 = int(max(x for x, _ in q)) + 2, int(max(y for _, y in q)) + 2
        local = [(x - x0, y - y0) for x, y in q]
        alpha = round(255 * opacity)

        def job(_d) -> None:
            layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
            ImageDraw.Draw(layer).polygon(local, fill=(*fill, alpha))
            self.image.alpha_composite(layer, (x0, y0))

        self.todo.append(job)

    def finish(self, blur: float) -> None:
        """Every shadow at once (soft, darkening by up to ~55 %), then what casts them."""
        small = self.shadow.resize((self.shadow.width // 2, self.shadow.height // 2), Image.BOX)
        mask = small.filter(ImageFilter.GaussianBlur(blur * self.ppm / 2)).resize(self.shadow.size)
        dark = Image.new("RGBA", self.image.size, (15, 15, 20, 255))
        m = (np.asarray(mask, dtype=np.float32) * 0.6).astype(np.uint8)
        alpha = np.asarray(self.image.getchannel("A"))
        m = np.where(alpha > 0, m, 0).astype(np.uint8)
        self.image.paste(Image.composite(dark, self.image, Image.fromarray(m, "L")))
        draw = ImageDraw.Draw(self.image)
        for job in self.todo:
            job(draw)
        self.todo = []

    def poly(self, pts, fill, outline=None, width: float = 0.0) -> None:
        w = max(1, round(width * self.ppm)) if outline else 0
        q = self.px(pts)
        self.todo.append(lambda d: d.polygon(q, fill=fill, outline=outline, width=w))

    def line(self, a, b, fill, width: float) -> None:
        q, w = self.px([a, b]), max(1, round(width * self.ppm))
        self.todo.append(lambda d: d.line(q, fill=fill, width=w))

    def disc(self, cx: float, cy: float, r: float, fill, outline=None) -> None:
        (x, y), k = self.px([(cx, cy)])[0], r * self.ppm
        self.todo.append(
            lambda d: d.ellipse((x - k, y - k, x + k, y + k), fill=fill, outline=outline)
        )


def _piece(
    p: _Painter, kind: str, a, b, rng: random.Random, colour, extra: random.Random
) -> dict[str, Any]:
    """One track piece on the space a-b, off by up to 3 mm and 8 degrees (the new kinds draw
    their own choices from ``extra``, so the old kinds' scenes stay as they were)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    base = math.atan2(b[1] - a[1], b[0] - a[0])
    r, t = 3.0 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
    cx, cy = mx + r * math.cos(t), my + r * math.sin(t)
    angle = base + math.radians(rng.uniform(-8, 8))
    c, s = math.cos(angle), math.sin(angle)
    placed = {"centre": (round(cx, 2), round(cy, 2)), "angle": round(math.degrees(angle), 2)}
    if kind == "paper":
        return _paper_piece(p, (mx, my), base, extra, colour)
    if kind == "folded":
        return {**placed, **_folded_piece(p, cx, cy, angle, extra)}
    if kind == "strips":
        length, width = rng.uniform(26, 30), rng.uniform(4.0, 5.5)
        pts = _rect_poly(cx, cy, length, width, angle)
        p.cast(pts, 0.4, 120)
        p.poly(pts, fill=colour, outline=_shade(colour, 0.75), width=0.25)
        # a little print on the strip: a paler line along it
        if rng.random() < 0.5:
            p.line(
                (cx - c * length * 0.35, cy - s * length * 0.35),
                (cx + c * length * 0.35, cy + s * length * 0.35),
                _shade(colour, 1.25),
                0.5,
            )
    elif kind == "matches":
        length, width = rng.uniform(40, 46), rng.uniform(2.0, 2.5)
        pts = _rect_poly(cx, cy, length, width, angle)
        p.cast(pts, 2.2)
        p.poly(pts, fill=colour)
        p.line(
            (cx - c * length / 2 - s * width * 0.25, cy - s * length / 2 + c * width * 0.25),
            (cx + c * length / 2 - s * width * 0.25, cy + s * length / 2 + c * width * 0.25),
            _shade(colour, 1.08),
            0.5,
        )
        if rng.random() < 0.6:  # a head
            end = 1 if rng.random() < 0.5 else -1
            hx, hy = cx + end * c * (length / 2 - 1.6), cy + end * s * (length / 2 - 1.6)
            head = rng.choice([(150, 30, 25), (90, 40, 25), (30, 30, 30), (40, 90, 160)])
            p.poly(_rect_poly(hx, hy, 4.0, width + 0.8, angle), fill=head)
    else:  # dark wooden pieces
        length, width = rng.uniform(24, 30), rng.uniform(3.2, 4.2)
        pts = _rect_poly(cx, cy, length, width, angle)
        p.cast(pts, 3.0)
        p.poly(pts, fill=colour)
        edge = _rect_poly(cx - s * width * 0.3, cy + c * width * 0.3, length - 0.6, 0.7, angle)
        p.poly(edge, fill=_shade(colour, 1.9))
    return placed


def _rough(pts, rng: random.Random, step: float = 1.5, jitter: float = 0.12):
    """A polygon's outline cut by hand: points every ``step`` mm, each off by up to ``jitter``."""
    out = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        n = max(1, round(math.hypot(x2 - x1, y2 - y1) / step))
        for k in range(n):
            t = k / n
            out.append(
                (
                    x1 + (x2 - x1) * t + rng.uniform(-jitter, jitter),
                    y1 + (y2 - y1) * t + rng.uniform(-jitter, jitter),
                )
            )
    return out


def _paper_piece(p: _Painter, middle, base: float, rng: random.Random, colour) -> dict[str, Any]:
    """A strip cut from ordinary paper, laid over the space's line (off by up to 3 mm along,
    across as far as keeps the line under it, and 8 degrees): a little translucent (the line
    shows faintly), rough cut edges, lying almost flat (a faint soft shadow, none under diffuse
    light). A pale strip beside the line, on flat light, is the board's own colour on the
    board: nothing shows it at the reader's resolution (a limit, not a case to measure)."""
    length, width = rng.uniform(25, 31), rng.uniform(3.5, 7.0)
    along, across = rng.uniform(-3, 3), rng.uniform(-1, 1) * min(3.0, width / 2 - 0.6)
    angle = base + math.radians(rng.uniform(-8, 8))
    c, s = math.cos(base), math.sin(base)
    cx, cy = middle[0] + c * along - s * across, middle[1] + s * along + c * across
    placed = {"centre": (round(cx, 2), round(cy, 2)), "angle": round(math.degrees(angle), 2)}
    pts = _rect_poly(cx, cy, length, width, angle)
    p.cast(pts, rng.uniform(0.2, 0.6), rng.randint(50, 110))
    outline = _rough(pts, rng)
    opacity = rng.uniform(0.8, 0.93)  # 80 g paper lets about a tenth of the print through
    p.sheer(outline, colour, opacity)
    # the cut edges: paper fibres catch the light, a hair lighter than the face
    edge = _shade(colour, rng.uniform(1.0, 1.06))
    for a, b in zip(outline[::3], outline[3::3], strict=False):
        p.line(a, b, edge, 0.15)
    return {**placed, "width": round(width, 2), "opacity": round(opacity, 2)}


def _folded_piece(p: _Painter, cx, cy, angle, rng: random.Random) -> dict[str, Any]:
    """The kit's magenta strip folded lengthwise: a ridge, the half towards the light lighter,
    the other in shade, and a shadow beside it."""
    length, width = rng.uniform(26, 30), rng.uniform(2.5, 3.5)
    c, s = math.cos(angle), math.sin(angle)
    nx, ny = -s, c
    side = 1 if (nx * p.light[0] + ny * p.light[1]) < 0 else -1  # the half facing the light
    lit = _shade(KIT_MAGENTA, rng.uniform(1.1, 1.3))
    lit = tuple(min(255, v + rng.randint(10, 40)) for v in lit)
    shade = _shade(KIT_MAGENTA, rng.uniform(0.6, 0.85))
    pts = _rect_poly(cx, cy, length, width, angle)
    p.cast(pts, rng.uniform(1.0, 2.0), 130)
    for half, colour in ((side, lit), (-side, shade)):
        hx, hy = cx + nx * half * width / 4, cy + ny * half * width / 4
        p.poly(_rect_poly(hx, hy, length, width / 2, angle), fill=colour)
    return {"width": round(width, 2)}


def _card(p: _Painter, m: model.TransAmericaMap, width: float, height: float, rng):
    """A city card (63 x 88 mm) lying on the board, its centre within 45 mm of the edge."""
    side = rng.randrange(4)
    along = rng.random()
    depth = rng.uniform(10, 45)
    cx, cy = [
        (along * width, depth),
        (width - depth, along * height),
        (along * width, height - depth),
        (depth, along * height),
    ][side]
    angle = rng.uniform(0, 2 * math.pi)
    pts = _rect_poly(cx, cy, 88, 63, angle)
    p.cast(pts, 0.6, 110)
    p.poly(pts, fill=(250, 250, 246), outline=(120, 120, 120), width=0.3)
    region = rng.choice(
        [(46, 139, 87), (37, 99, 184), (240, 200, 40), (200, 40, 50), (235, 130, 30)]
    )
    c, s = math.cos(angle), math.sin(angle)

    def at(u: float, v: float):
        return (cx + c * u - s * v, cy + s * u + c * v)

    band = [at(-41.5, -29), at(-29, -29), at(-29, 29), at(-41.5, 29)]
    p.poly(band, fill=region)
    for k in range(3):  # a city name and a few words, as dark blocks
        u0 = -24 + k * 6
        p.poly(
            [
                at(u0, -18 + k * 3),
                at(u0 + 3, -18 + k * 3),
                at(u0 + 3, 12 - k * 6),
                at(u0, 12 - k * 6),
            ],
            fill=(30, 30, 30),
        )
    p.poly([at(2, -26), at(36, -26), at(36, 26), at(2, 26)], fill=(224, 236, 244))
    return pts


def _covered(m: model.TransAmericaMap, poly) -> list[list[str]]:
    """The track spaces whose middle half lies mostly inside the polygon (board mm)."""
    out = []
    for e in m.edges:
        a, b = m.nodes[e.a], m.nodes[e.b]
        inside = sum(
            _inside(poly, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            for t in (0.3, 0.4, 0.5, 0.6, 0.7)
        )
        if inside >= 3:
            out.append(sorted([e.a, e.b]))
    return out


def _inside(poly, x: float, y: float) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


# --------------------------------------------------------------------- the camera


def _camera(width_mm: float, height_mm: float, size, rng: random.Random, fill: float):
    """A homography from table mm (the board at 0..width, 0..height) to photo pixels: a camera
    tilted by up to 35 degrees, turned any way, the board filling ``fill`` of the frame."""
    W, H = size
    f = 0.5 * max(W, H) / math.tan(math.radians(34))  # about a phone's 26 mm lens
    tilt = math.radians(35 * math.sqrt(rng.random()))
    azimuth = rng.uniform(0, 2 * math.pi)
    roll = rng.uniform(0, 2 * math.pi)
    centre = np.array([width_mm / 2, height_mm / 2, 0.0])

    def homography(dist: float, shift: tuple[float, float]) -> np.ndarray:
        # Board mm run right and down the paper, so the third axis points into the table: the
        # camera is on its negative side (a camera on the positive side would see a mirror).
        eye = centre + dist * np.array(
            [
                math.sin(tilt) * math.cos(azimuth),
                math.sin(tilt) * math.sin(azimuth),
                -math.cos(tilt),
            ]
        )
        forward = centre - eye
        forward /= np.linalg.norm(forward)
        up = np.array([0.0, 0.0, -1.0])
        right = np.cross(forward, up if abs(forward @ up) < 0.99 else np.array([0.0, -1.0, 0.0]))
        right /= np.linalg.norm(right)
        down = np.cross(forward, right)
        cr, sr = math.cos(roll), math.sin(roll)
        r1, r2 = cr * right + sr * down, -sr * right + cr * down
        R = np.stack([r1, r2, forward])
        t = -R @ eye
        K = np.array([[f, 0, W / 2 + shift[0]], [0, f, H / 2 + shift[1]], [0, 0, 1.0]])
        M = K @ np.column_stack([R[:, 0], R[:, 1], t])
        return M / M[2, 2]

    def project(M: np.ndarray, pts) -> np.ndarray:
        p = np.column_stack([pts, np.ones(len(pts))]) @ M.T
        return p[:, :2] / p[:, 2:3]

    corners = np.array([[0, 0], [width_mm, 0], [width_mm, height_mm], [0, height_mm]])
    lo, hi = 100.0, 20000.0
    for _ in range(40):  # the distance at which the board spans ``fill`` of the frame
        mid = (lo + hi) / 2
        q = project(homography(mid, (0, 0)), corners)
        span = max((q[:, 0].max() - q[:, 0].min()) / W, (q[:, 1].max() - q[:, 1].min()) / H)
        lo, hi = (mid, hi) if span > fill else (lo, mid)
    M = homography(lo, (0, 0))
    q = project(M, corners)
    room_x = W - (q[:, 0].max() - q[:, 0].min())
    room_y = H - (q[:, 1].max() - q[:, 1].min())
    sx = rng.uniform(0.05, 0.95) * room_x - q[:, 0].min()
    sy = rng.uniform(0.05, 0.95) * room_y - q[:, 1].min()
    shift_m = np.array([[1, 0, sx], [0, 1, sy], [0, 0, 1.0]])
    info = {"tilt": round(math.degrees(tilt), 1), "roll": round(math.degrees(roll), 1)}
    return shift_m @ M, info


def _warp(image: Image.Image, M: np.ndarray, size, ppm: float, offset: float) -> Image.Image:
    """The picture (at ppm pixels per mm, its mm origin at -offset) as the camera sees it."""
    S = np.array([[ppm, 0, offset * ppm], [0, ppm, offset * ppm], [0, 0, 1.0]])
    inv = S @ np.linalg.inv(M)
    inv = inv / inv[2, 2]
    coeffs = tuple(inv.flatten()[:8])
    return image.transform(size, Image.PERSPECTIVE, coeffs, resample=Image.BILINEAR)


def _table(kind: str, colour, size_mm: tuple[float, float], rng: random.Random) -> Image.Image:
    """A table top at 1 px/mm: wood grain or cloth."""
    w, h = round(size_mm[0]), round(size_mm[1])
    nrng = np.random.default_rng(rng.randrange(1 << 30))
    base = np.array(colour, dtype=np.float32)
    if kind == "wood":
        angle = rng.uniform(0, math.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        u = xx * math.cos(angle) + yy * math.sin(angle)
        v = -xx * math.sin(angle) + yy * math.cos(angle)
        grain = np.sin(v / rng.uniform(1.5, 4) + 2.0 * np.sin(u / 85.0)) * 0.05
        grain += nrng.normal(0, 0.03, (h, w)).astype(np.float32)
        planks = (np.floor(v / rng.uniform(45, 80)) % 3) * 0.04
        k = 1.0 + grain - planks
    else:
        k = 1.0 + nrng.normal(0, 0.04, (h, w)).astype(np.float32)
    arr = np.clip(base[None, None, :] * k[:, :, None], 0, 255).astype(np.uint8)
    return Image.fromarray(arr, "RGB")


def _hand(size, board_quad: np.ndarray, rng: random.Random, scale: float):
    """A hand coming in from the frame's edge over the board's edge: (RGBA picture, shadow mask).
    ``scale``: photo pixels per mm near the board."""
    side = rng.randrange(4)
    # Aim at a point on the board's outline and come in across that edge, from outside the
    # board: the fingers over the board, the arm behind them off it. (Coming from the frame's
    # middle instead laid the arm across the whole board when the board was off-centre.)
    i = rng.randrange(4)
    a, b = board_quad[i], board_quad[(i + 1) % 4]
    t = rng.uniform(0.15, 0.85)
    tip = a + (b - a) * t
    along = (b - a) / (np.linalg.norm(b - a) + 1e-9)
    inward = np.array([-along[1], along[0]])
    if np.dot(inward, board_quad.mean(axis=0) - tip) < 0:
        inward = -inward
    reach = rng.uniform(20, 70) * scale  # how far over the board the fingers come
    tip = tip + inward * reach
    ang = math.atan2(inward[1], inward[0]) + rng.uniform(-0.5, 0.5)
    c, s = math.cos(ang), math.sin(ang)
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    mask = Image.new("L", size, 0)
    d, md = ImageDraw.Draw(layer), ImageDraw.Draw(mask)
    skin = rng.choice(SKIN)
    palm_c = tip - np.array([c, s]) * 120 * scale
    pieces = []
    # the palm and the arm behind it, out to the frame's edge
    for k in range(0, 12):
        q = palm_c - np.array([c, s]) * k * 45 * scale
        r = (48 if k == 0 else 40) * scale
        pieces.append(("e", q, r))
    for f_i, off in enumerate((-33, -11, 11, 33)):
        length = (70 + 8 * (1.5 - abs(f_i - 1.5))) * scale
        base = palm_c + np.array([-s, c]) * off * scale + np.array([c, s]) * 30 * scale
        for k in range(8):
            q = base + np.array([c, s]) * length * k / 7
            pieces.append(("e", q, 9.5 * scale))
    thumb_base = palm_c + np.array([-s, c]) * 45 * scale * (1 if rng.random() < 0.5 else -1)
    for k in range(6):
        q = thumb_base + np.array([c, s]) * 10 * k * scale + np.array([-s, c]) * 5 * k * scale
        pieces.append(("e", q, 11 * scale))
    for _kind, q, r in pieces:
        box = (q[0] - r, q[1] - r, q[0] + r, q[1] + r)
        d.ellipse(box, fill=(*skin, 255))
        md.ellipse(box, fill=255)
    # shading: darker towards the edges
    layer = layer.filter(ImageFilter.GaussianBlur(1.5))
    return layer, mask, side


NEW_MIXES = (("paper",), ("paper",), ("folded",), ("paper", "folded"), ALL_KINDS)


def _kinds(
    mode: float, forced: list[str] | None, rng: random.Random, extra: random.Random, new: float
) -> list[str]:
    """The kinds of pieces on the table: one kind (three photos in four), or all of them; in
    ``new`` of the photos, paper strips, folded kit strips or a mix of every kind instead."""
    if forced is not None:
        return list(forced)
    old = [rng.choice(KINDS)] if mode < 0.75 else list(KINDS)
    if extra.random() < new:
        return list(extra.choice(NEW_MIXES))
    return old


def _track_pieces(
    p: _Painter, m, track, kinds: list[str], rng: random.Random, extra: random.Random, papers
) -> list[dict]:
    """The round's track, a piece on each space, in the colours of their kinds (paper strips
    cut from any of ``papers``, the sheets at hand)."""
    colours = {
        "strips": rng.choice(STRIP_COLOURS),
        "matches": (rng.randint(205, 232), rng.randint(165, 195), rng.randint(105, 140)),
        "dark": rng.choice([(38, 30, 26), (58, 40, 28), (28, 28, 32), (70, 48, 34)]),
        "folded": KIT_MAGENTA,
    }
    pieces = []
    for a_id, b_id in track:
        a, b = m.nodes[a_id], m.nodes[b_id]
        kind = kinds[rng.randrange(len(kinds))]
        colour = colours.get(kind, (0, 0, 0))
        named: dict[str, Any] = {}
        if kind == "matches":
            colour = _shade(colour, rng.uniform(0.93, 1.05))
        elif kind == "paper":
            name = extra.choice(papers)
            colour, named = _shade(PAPERS[name], extra.uniform(0.97, 1.02)), {"paper": name}
        got = _piece(p, kind, (a.x, a.y), (b.x, b.y), rng, colour, extra)
        pieces.append({"space": [a_id, b_id], "kind": kind, **named, **got})
    return pieces


def _marker_colour(extra: random.Random) -> tuple[int, int, int]:
    """A start marker of any colour: a game's wooden disc, a button, a coin, a paper dot."""
    if extra.random() < 0.3:  # pale ones too: beige, white, cream, pale grey
        return tuple(extra.randint(200, 252) for _ in range(3))  # type: ignore[return-value]
    return tuple(extra.randint(0, 255) for _ in range(3))  # type: ignore[return-value]


def _start_markers(
    p: _Painter, m, starts: list[str], rng: random.Random, extra: random.Random | None = None
) -> None:
    """Start markers: wooden discs on their intersections (of any colour, given ``extra``)."""
    for i, node in enumerate(starts):
        n = m.nodes[node]
        r = rng.uniform(4.5, 5.5)
        ox, oy = rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5)
        ring = [
            (n.x + ox + r * math.cos(k / 10 * math.pi), n.y + oy + r * math.sin(k / 10 * math.pi))
            for k in range(20)
        ]
        p.cast(ring, 6.0)
        colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
        if extra is not None:
            colour = _marker_colour(extra)
        p.disc(n.x + ox, n.y + oy, r, fill=colour, outline=_shade(colour, 0.6))
        p.disc(n.x + ox - 0.8, n.y + oy - 0.8, r * 0.6, fill=_shade(colour, 1.12))


def _projector(M: np.ndarray):
    def project(pts):
        q = np.column_stack([np.asarray(pts, dtype=float), np.ones(len(pts))]) @ M.T
        return q[:, :2] / q[:, 2:3]

    return project


def _hand_in_frame(photo: Image.Image, m, size, quad, width, light, project, rng: random.Random):
    """A hand partly in the frame with its shadow: the photo, and the spaces it hides."""
    scale = float(np.linalg.norm(quad[1] - quad[0]) / width)
    layer, mask, _side = _hand(size, quad, rng, scale)
    # its shadow first, offset and soft
    off = (np.array(light) / 0.45 * 60 * scale).astype(int)
    shadow = Image.new("L", size, 0)
    shadow.paste(mask, (int(off[0]), int(off[1])))
    q = (size[0] // 4, size[1] // 4)
    shadow = shadow.resize(q, Image.BOX).filter(ImageFilter.GaussianBlur(25 * scale / 4))
    shadow = shadow.resize(size, Image.BILINEAR)
    arr = np.asarray(photo, dtype=np.float32)
    arr *= 1.0 - 0.45 * (np.asarray(shadow, dtype=np.float32)[:, :, None] / 255.0)
    photo = Image.fromarray(arr.clip(0, 255).astype(np.uint8), "RGB")
    photo.paste(layer, (0, 0), layer)
    # the spaces under the hand (seen from the camera)
    hm = np.asarray(mask) > 0
    covered = set()
    for e in m.edges:
        a, b = m.nodes[e.a], m.nodes[e.b]
        hits = 0
        for t in (0.3, 0.4, 0.5, 0.6, 0.7):
            x, y = project([(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)])[0]
            if 0 <= x < size[0] and 0 <= y < size[1] and hm[int(y), int(x)]:
                hits += 1
        if hits >= 3:
            covered.add(tuple(sorted([e.a, e.b])))
    return photo, covered


def _phone_shadow(photo: Image.Image, size, width, height, project, extra: random.Random):
    """The shadow of the phone taking the photo (and the hand holding it) over part of the
    board: a soft dark shape, darkening by 20-45 %. The photo, and where it lies (board mm)."""
    cx, cy = extra.uniform(0.1, 0.9) * width, extra.uniform(0.1, 0.9) * height
    angle = extra.uniform(0, math.pi)
    long, short = extra.uniform(140, 260), extra.uniform(70, 130)
    outline = project(_rect_poly(cx, cy, long, short, angle))
    q = (size[0] // 4, size[1] // 4)
    mask = Image.new("L", q, 0)
    ImageDraw.Draw(mask).polygon([(x / 4, y / 4) for x, y in outline], fill=255)
    scale = float(np.linalg.norm(project([(0, 0), (width, 0)])[1] - project([(0, 0)])[0]) / width)
    mask = mask.filter(ImageFilter.GaussianBlur(extra.uniform(6, 18) * scale / 4))
    mask = mask.resize(size, Image.BILINEAR)
    depth = extra.uniform(0.2, 0.45)
    arr = np.asarray(photo, dtype=np.float32)
    arr *= 1.0 - depth * (np.asarray(mask, dtype=np.float32)[:, :, None] / 255.0)
    info = {"centre": (round(cx), round(cy)), "size": (round(long), round(short))}
    return Image.fromarray(arr.clip(0, 255).astype(np.uint8), "RGB"), {
        **info,
        "depth": round(depth, 2),
    }


def grain(size: tuple[int, int], sigma: float, seed: Any) -> np.ndarray:
    """A camera's grain: Gaussian noise of ``sigma`` levels, one value per pixel (int16, rows
    first), the same for the same ``seed`` (anything numpy's SeedSequence takes, or a tuple of
    ints). Pillow's ``Image.effect_noise`` draws from C's unseeded rand(), so the same scene
    came out differently each time it was made, and a test's photo depended on the tests before
    it."""
    ints = [int(v) & 0xFFFFFFFF for v in seed] if isinstance(seed, tuple) else seed
    noise = np.random.default_rng(ints).normal(0.0, sigma, (size[1], size[0]))
    return np.clip(np.rint(noise), -128, 127).astype(np.int16)


def _light_and_lens(photo: Image.Image, size, pick, rng: random.Random, tint=(1.0, 1.0, 1.0)):
    """Light: a gradient, vignetting, a colour cast, exposure; then blur, noise, JPEG. The JPEG
    and the choices made (quality, blur, noise)."""
    rng.randrange(1 << 30)  # keeps every seed's scene as it was
    Wp, Hp = size[0] // 8, size[1] // 8
    yy, xx = np.mgrid[0:Hp, 0:Wp].astype(np.float32)
    gx, gy = rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)
    illum = 1.0 + gx * (xx / Wp - 0.5) + gy * (yy / Hp - 0.5)
    rr = ((xx - Wp / 2) ** 2 + (yy - Hp / 2) ** 2) / ((Wp / 2) ** 2 + (Hp / 2) ** 2)
    illum *= 1.0 - rng.uniform(0.1, 0.4) * rr
    big = Image.fromarray(illum.astype(np.float32), "F").resize(size, Image.BILINEAR)
    illum = np.asarray(big, dtype=np.float32)
    exposure = pick("exposure", rng.uniform(0.8, 1.1))
    cast = [
        (1.06, 1.0, 0.88),
        (1.0, 1.0, 1.0),
        (0.93, 0.98, 1.08),
        (1.03, 1.0, 0.95),
    ][rng.randrange(4)]
    cast = tuple(c * t for c, t in zip(cast, tint, strict=True))
    arr = np.asarray(photo, dtype=np.float32)
    arr = arr * (illum * exposure)[:, :, None] * np.array(cast, dtype=np.float32)[None, None, :]
    gamma = rng.uniform(0.9, 1.1)
    arr = 255.0 * (np.clip(arr, 0, 255) / 255.0) ** gamma
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8), "RGB")
    blur = pick("blur", rng.uniform(0.5, 2.2) * max(size) / 4000)
    img = img.filter(ImageFilter.GaussianBlur(blur))
    noise = pick("noise", rng.uniform(2.0, 6.0))
    arr = np.asarray(img, dtype=np.int16)
    arr = arr + grain(size, noise, rng.getstate()[1])[:, :, None]
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8), "RGB")
    quality = pick("quality", rng.randint(55, 75))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=quality)
    return out.getvalue(), {"quality": quality, "blur": round(blur, 2), "noise": round(noise, 2)}


def _on_the_table(board, M, size, ppm: float, board_mm, rng: random.Random) -> Image.Image:
    """The board on a table round it, as the camera sees them."""
    width, height = board_mm
    kind, colour = rng.choice(TABLES)
    colour = _shade(colour, rng.uniform(0.85, 1.1))
    T = 1200.0
    table = _table(kind, colour, ((width + 2 * T) / 2, (height + 2 * T) / 2), rng)
    photo = _warp(table, M, size, 0.5, T)
    warped = _warp(board, M, size, ppm, PAD)
    photo.paste(warped, (0, 0), warped)
    return photo


def _extras(seed: int, pick) -> tuple[random.Random, dict[str, Any]]:
    """The choices the first generator did not make (piece kinds beyond its three, the light,
    a phone's shadow, the papers at hand), from a second seeded generator, so each seed's
    board, round, card, camera and hand stay as they were. ``classic=True`` makes none."""
    extra = random.Random(f"pieces-{seed}")
    if pick("classic", False):
        return extra, {"new": 0.0, "light": "classic", "phone": False, "papers": ["white"]}
    choices = {
        "new": pick("new", 0.6),
        "light": pick("light", extra.choice(list(LIGHTS))),
        "phone": pick("phone", extra.random() < 0.35),
        "papers": pick("papers", sorted(set(extra.choices(PAPER_ODDS, k=extra.choice([1, 1, 2]))))),
    }
    return extra, choices


def scene(
    seed: int,
    map_name: str = "usa",
    size: tuple[int, int] = (4000, 3000),
    ppm: float = 4.0,
    **force: Any,
) -> Photo:
    """One photo (see the module's description). ``force`` pins a choice: tiled, paper, kinds,
    hand, fill, quality, blur, noise, exposure, portrait, card, round; light (a key of
    LIGHTS), phone (its shadow), papers (keys of PAPERS), new (the share of photos with the new
    piece kinds), classic (the first generator's photo, none of the new choices)."""
    rng = random.Random(seed)
    m = _map(map_name)
    pick = lambda name, value: force.get(name, value)  # noqa: E731
    extra, more = _extras(seed, pick)
    tiled = pick("tiled", rng.random() < 0.5)
    paper = pick("paper", rng.choice(["a4", "a4", "letter", "a3"]))
    portrait = pick("portrait", rng.random() < 0.3)
    if portrait:
        size = (size[1], size[0]) if size[0] > size[1] else size
    board, info = _assembled(map_name, tiled, paper, ppm, rng)
    width, height = _drawing(map_name).width, _drawing(map_name).height

    # The round: a simulated one's track and start markers (or the round given as ``round``:
    # its ``track`` and ``starts``, as a record's round has them).
    players = ["p1", "p2", "p3", "p4", "p5", "p6"][: rng.randint(3, 6)]
    entry = pick("round", None) or simulate.play_round(m, players, seed=seed)
    laid = entry.get("track") or [e for t in entry["turns"] for e in t["track"]]
    track = sorted({tuple(sorted(e)) for e in laid})
    mode = rng.random()
    kinds = _kinds(mode, pick("kinds", None), rng, extra, more["new"])
    light_dir = rng.uniform(0, 2 * math.pi)
    light = (0.45 * math.cos(light_dir), 0.45 * math.sin(light_dir))
    tint, shadow_gain, softness = LIGHTS[more["light"]]
    p = _Painter(board, ppm, light)
    p.shadow_gain = shadow_gain
    pieces = _track_pieces(p, m, track, kinds, rng, extra, more["papers"])
    classic = more["light"] == "classic" and not (set(kinds) - set(KINDS))
    _start_markers(p, m, list(entry["starts"].values()), rng, None if classic else extra)
    card_poly = None
    if pick("card", True):
        card_poly = _card(p, m, width, height, rng)
    p.finish(1.0 * softness)

    # The camera.
    fill = pick("fill", rng.uniform(0.65, 0.97))
    M, cam = _camera(width, height, size, rng, fill)
    photo = _on_the_table(board, M, size, ppm, (width, height), rng)

    project = _projector(M)
    quad = project([(0, 0), (width, 0), (width, height), (0, height)])
    phone = None
    if more["phone"]:
        photo, phone = _phone_shadow(photo, size, width, height, project, extra)
    covered: set[tuple[str, str]] = set()
    if card_poly is not None:
        covered.update(tuple(e) for e in _covered(m, card_poly))
    hand = pick("hand", rng.random() < 0.6)
    if hand:
        photo, under_hand = _hand_in_frame(photo, m, size, quad, width, light, project, rng)
        covered |= under_hand

    jpeg, lens = _light_and_lens(photo, size, pick, rng, tint)
    truth = {
        "map": map_name,
        "seed": seed,
        "track": [list(e) for e in track],
        "covered": sorted(list(e) for e in covered),
        "kinds": kinds,
        "pieces": pieces,
        "homography": [round(float(v), 8) for v in M.flatten()],
        "size": list(size),
        **lens,
        "fill": round(fill, 3),
        "hand": hand,
        "light": more["light"],
        "phone_shadow": phone,
        **cam,
        **info,
    }
    return Photo(jpeg, truth)
