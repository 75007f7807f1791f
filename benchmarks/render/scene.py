"""A rendered photo's scene from its seed, as plain data (JSON-ready): no renderer needed.

    describe(seed) -> dict

One ``random.Random(seed)`` makes every choice, in a fixed order, so the same seed gives the
same description on any machine (the pixels Mitsuba renders from it may differ a little by noise
across builds). Lengths are board millimetres (x right, y down the printed board, z up from the
table), colours sRGB 0-255.

What it holds: ``record`` (the truth: a TransAmerica game record of one simulated round),
``board`` (poster or tiled sheets, curl, waviness, creases, each sheet's shift and turn),
``pieces`` (one per track space of the round, its kind, colour, size, shift and turn),
``markers`` (start markers), ``cards``, ``hand``, ``light``, ``camera``, ``post`` (the phone's
processing) and ``table``.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

import numpy as np

from tests.support import simulate
from tests.support.photo_scenes import PLAYER_COLOURS, SKIN, TABLES
from trackwright.core import transamerica as model
from trackwright.kits.sheets import TILE_MARGINS
from trackwright.kits.transamerica.board import board_drawing

VERSION = 3  # bump when a seed's description changes

#: Piece kinds as the case files name them (their first word group is the kind).
KINDS = ("kit", "dark", "matches", "paper")
KIND_NAMES = {
    "kit": "kit strips, magenta, folded",
    "dark": "wooden rails, dark painted",
    "matches": "matches, red heads",
    "paper": "paper strips",
}
PAPER_COLOURS = {
    "white": (238, 238, 232),
    "cream": (236, 226, 190),
    "kraft": (168, 128, 88),
    "yellow": (240, 214, 80),
    "light blue": (140, 186, 226),
    "green": (96, 170, 96),
    "pink": (236, 150, 176),
    "red": (200, 50, 46),
}
MAGENTA = (226, 0, 122)
LIGHTS = ("window daylight", "warm lamp", "window and lamp")
SENSOR = (1600, 1200)  # the photo's pixels (long side first): the reader works at 1600 px


@cache
def board_map() -> model.TransAmericaMap:
    return model.load("usa")


@cache
def board_size() -> tuple[float, float]:
    d = board_drawing(board_map(), "en")
    return d.width, d.height


def _r(value: float, digits: int = 3) -> float:
    return round(value, digits)


# --------------------------------------------------------------------- the round (the truth)


def _record(seed: int, rng: random.Random) -> dict[str, Any]:
    m = board_map()
    players = ["p1", "p2", "p3", "p4", "p5", "p6"][: rng.randint(3, 6)]
    entry = simulate.play_round(m, players, seed=seed)
    return {"game": "transamerica", "map": "usa", "players": players, "rounds": [entry]}


def round_track(record: dict[str, Any]) -> list[tuple[str, str]]:
    entry = record["rounds"][-1]
    laid = entry.get("track") or [e for t in entry["turns"] for e in t["track"]]
    return sorted({(min(a, b), max(a, b)) for a, b in laid})


# --------------------------------------------------------------------- the paper


def _board(rng: random.Random) -> dict[str, Any]:
    """Poster or tiled, and the paper's shape: curl towards the edges, a gentle waviness, and
    (a folded poster) one or two creases."""
    paper = rng.choices(["poster", "a4", "letter"], weights=[4, 4, 2])[0]
    w, h = board_size()
    board: dict[str, Any] = {
        "paper": paper,
        "curl": [_r(rng.uniform(0.0, 6.0), 2), _r(rng.uniform(0.0, 3.0), 2)],
        "waves": [
            [
                _r(rng.uniform(0.15, 0.7), 2),
                _r(rng.uniform(70, 260), 1),
                _r(rng.uniform(0, math.pi)),
                _r(rng.uniform(0, 2 * math.pi)),
            ]
            for _ in range(3)
        ],
        "creases": [],
        "gloss": _r(rng.uniform(0.25, 0.5), 2),
    }
    if paper == "poster":
        for axis in rng.sample(["x", "y"], rng.choice([0, 1, 1, 2])):
            at = (w if axis == "x" else h) / 2 + rng.uniform(-4, 4)
            height = rng.choice([-1, 1]) * rng.uniform(0.4, 1.4)
            board["creases"].append([axis, _r(at, 2), _r(height, 2), _r(rng.uniform(3, 10), 2)])
    else:
        board["sheets"] = _sheets(rng)
    return board


def _sheets(rng: random.Random) -> list[dict[str, Any]]:
    """Each tiled sheet's shift (mm), turn (degrees) and the lift of its cut edges (mm), in the
    order they were glued (the first sheet stays put)."""
    out = []
    for k in range(12):  # more than any tiling has; the renderer takes as many as it needs
        first = k == 0
        out.append(
            {
                "dx": 0.0 if first else _r(rng.uniform(-1.3, 1.3), 2),
                "dy": 0.0 if first else _r(rng.uniform(-1.3, 1.3), 2),
                "turn": 0.0 if first else _r(rng.uniform(-0.25, 0.25)),
                "lift": _r(rng.uniform(0.1, 0.6), 2),
            }
        )
    return out


def surface_height(board: dict[str, Any], x, y):
    """How high the paper lies at board point (x, y), mm above the table (not counting the
    stacking of glued sheets); x and y may be numpy arrays."""
    w, h = board_size()
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    u, v = 2 * x / w - 1, 2 * y / h - 1
    z = board["curl"][0] * u**4 + board["curl"][1] * v**4
    for amp, wavelength, direction, phase in board["waves"]:
        t = x * math.cos(direction) + y * math.sin(direction)
        z = z + amp * (1 + np.sin(2 * math.pi * t / wavelength + phase)) / 2
    for axis, at, height, width in board["creases"]:
        d = np.abs((x if axis == "x" else y) - at)
        # a ridge lifts the paper along the fold; a valley rests on the table, the paper lifted
        # either side of it
        bump = np.exp(-d / width)
        z = z + (height * bump if height > 0 else -height * (1 - bump))
    return z if z.ndim else float(z)


# --------------------------------------------------------------------- what lies on the board


def _kinds(rng: random.Random) -> list[str]:
    """One kind of piece (four photos in five), or two."""
    if rng.random() < 0.8:
        return [rng.choice(KINDS)]
    return rng.sample(list(KINDS), 2)


def _piece(kind: str, a, b, rng: random.Random, colour) -> dict[str, Any]:
    """One piece on the space a-b, off by up to 3 mm and 8 degrees."""
    r, t = 3.0 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
    cx = (a[0] + b[0]) / 2 + r * math.cos(t)
    cy = (a[1] + b[1]) / 2 + r * math.sin(t)
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) + rng.uniform(-8, 8)
    size = {
        "kit": (rng.uniform(26, 29), 4.0, 0.25),
        "dark": (rng.uniform(24, 30), rng.uniform(3.2, 4.2), rng.uniform(3.0, 4.5)),
        "matches": (rng.uniform(40, 46), rng.uniform(2.0, 2.5), rng.uniform(2.0, 2.5)),
        "paper": (rng.uniform(25, 31), rng.uniform(4.0, 6.5), 0.1),
    }[kind]
    piece = {
        "kind": kind,
        "centre": [_r(cx, 2), _r(cy, 2)],
        "angle": _r(angle, 2),
        "size": [_r(s, 2) for s in size],
        "colour": list(colour),
        # paper: the lift of its ends (curl); kit strips: the fold's angle (degrees)
        "bend": _r(rng.uniform(0.2, 1.6) if kind == "paper" else rng.uniform(10, 40), 2),
        "head": kind == "matches" and rng.random() < 0.85,
    }
    if kind == "matches":
        piece["colour"] = [min(255, round(c * rng.uniform(0.93, 1.05))) for c in colour]
    return piece


#: Pale strips weigh half: white and cream paper on the beige land is the case issue 28 found
#: read wrong without a flag.
PAPER_WEIGHTS = {"white": 3, "cream": 3}


def _colours(rng: random.Random) -> dict[str, Any]:
    names = list(PAPER_COLOURS)
    paper_colour = rng.choices(names, weights=[PAPER_WEIGHTS.get(n, 1) for n in names])[0]
    return {
        "kit": MAGENTA,
        "dark": rng.choice([(38, 30, 26), (58, 40, 28), (28, 28, 32), (70, 48, 34)]),
        "matches": (rng.randint(205, 232), rng.randint(165, 195), rng.randint(105, 140)),
        "paper": PAPER_COLOURS[paper_colour],
        "paper_name": paper_colour,
    }


def _pieces(track, kinds: list[str], colours: dict[str, Any], rng: random.Random) -> list[dict]:
    m = board_map()
    out = []
    for a_id, b_id in track:
        a, b = m.nodes[a_id], m.nodes[b_id]
        kind = kinds[rng.randrange(len(kinds))]
        got = _piece(kind, (a.x, a.y), (b.x, b.y), rng, colours[kind])
        out.append({"space": [a_id, b_id], **got})
    return out


def _markers(starts: list[str], rng: random.Random) -> list[dict[str, Any]]:
    """Start markers: wooden discs or pawns on their intersections, any colour."""
    m = board_map()
    shape = rng.choice(["disc", "pawn"])
    out = []
    for i, node in enumerate(starts):
        n = m.nodes[node]
        out.append(
            {
                "node": node,
                "shape": shape,
                "centre": [
                    _r(n.x + rng.uniform(-1.5, 1.5), 2),
                    _r(n.y + rng.uniform(-1.5, 1.5), 2),
                ],
                "radius": _r(rng.uniform(4.5, 6.0), 2),
                "height": _r(rng.uniform(4.0, 6.0) if shape == "disc" else rng.uniform(14, 20), 2),
                "colour": list(PLAYER_COLOURS[i % len(PLAYER_COLOURS)]),
            }
        )
    return out


def _cards(rng: random.Random) -> list[dict[str, Any]]:
    """City cards (63 x 88 mm) lying on the board near its edge (none, one or two)."""
    w, h = board_size()
    out = []
    for _ in range(rng.choice([0, 1, 1, 2])):
        side, along, depth = rng.randrange(4), rng.random(), rng.uniform(10, 45)
        cx, cy = [
            (along * w, depth),
            (w - depth, along * h),
            (along * w, h - depth),
            (depth, along * h),
        ][side]
        out.append(
            {
                "centre": [_r(cx, 2), _r(cy, 2)],
                "angle": _r(rng.uniform(0, 360), 2),
                "slot": rng.randrange(9),
            }
        )
    return out


def _hand(rng: random.Random) -> dict[str, Any] | None:
    """A hand reaching in over the board's edge, held above it (in about half the photos)."""
    if rng.random() < 0.5:
        return None
    w, h = board_size()
    side, along = rng.randrange(4), rng.uniform(0.15, 0.85)
    edge = [(along * w, 0.0), (w, along * h), (along * w, h), (0.0, along * h)][side]
    inward = [90.0, 180.0, 270.0, 0.0][side] + rng.uniform(-30, 30)
    reach = rng.uniform(10, 70)
    a = math.radians(inward)
    tip = (edge[0] + reach * math.cos(a), edge[1] + reach * math.sin(a))
    return {
        "tip": [_r(tip[0], 2), _r(tip[1], 2)],
        "angle": _r(inward, 2),
        "height": _r(rng.uniform(15, 70), 2),
        "skin": list(rng.choice(SKIN)),
        "spread": _r(rng.uniform(0.0, 1.0), 2),
    }


# --------------------------------------------------------------------- light


def _window(rng: random.Random) -> dict[str, Any]:
    w, h = board_size()
    side = rng.uniform(0, 360)
    a = math.radians(side)
    dist = rng.uniform(700, 1500)
    return {
        "centre": [
            _r(w / 2 + dist * math.cos(a), 1),
            _r(h / 2 + dist * math.sin(a), 1),
            _r(rng.uniform(500, 1000), 1),
        ],
        "size": [_r(rng.uniform(800, 1400), 1), _r(rng.uniform(900, 1300), 1)],
        "kelvin": rng.randint(5200, 7500),
        "sun": rng.random() < 0.35,
        "sun_elevation": _r(rng.uniform(20, 50), 2),
        "sun_side": _r(side + rng.uniform(-30, 30), 2),
    }


LAMP_CLEAR = 120.0  # mm: a lamp's centre in front of the phone's lens at least this far from it


def _lamp(rng: random.Random, camera: dict[str, Any]) -> dict[str, Any]:
    """A warm lamp (a bulb in a shade: a glowing ball of 12-35 mm) beside the board, or in
    three photos in ten a ceiling lamp above and behind the player, so the phone's own shadow
    falls on the board; drawn again while it would lie in front of the lens within
    :data:`LAMP_CLEAR` of it (seed 2863 put it 76 mm from it: a blurred glow over the frame,
    the board black, no board to find). A seed whose first lamp is clear draws the same numbers
    as before (of the seeds 1800-2919, only 2863 changes)."""
    while True:
        lamp = _lamp_drawn(rng, camera)
        if not _before_lens(camera["pose"], to_world(*lamp["centre"]), LAMP_CLEAR):
            return lamp


def _before_lens(pose: dict[str, Any], point: tuple[float, float, float], reach: float) -> bool:
    """Whether a world point lies in front of the camera's lens within ``reach`` mm of it."""
    eye, target = np.array(pose["eye"]), np.array(pose["target"])
    offset = np.array(point) - eye
    ahead = float(offset @ (target - eye)) > 0
    return ahead and float(np.linalg.norm(offset)) < reach


def _lamp_drawn(rng: random.Random, camera: dict[str, Any]) -> dict[str, Any]:
    """One draw of :func:`_lamp`'s lamp."""
    w, h = board_size()
    behind = rng.random() < 0.3
    if behind:
        eye = camera["pose"]["eye"]
        a = math.radians(camera["azimuth"])
        back, aside = rng.uniform(0, 250), rng.uniform(-150, 150)
        x = eye[0] + w / 2 + back * math.cos(a) - aside * math.sin(a)
        y = h / 2 - eye[1] + back * math.sin(a) + aside * math.cos(a)
        centre = [x, y, eye[2] + rng.uniform(250, 700)]
    else:
        a = math.radians(rng.uniform(0, 360))
        dist = rng.uniform(250, 550)
        centre = [w / 2 + dist * math.cos(a), h / 2 + dist * math.sin(a), rng.uniform(450, 800)]
    return {
        "centre": [_r(v, 1) for v in centre],
        "radius": _r(rng.uniform(12, 35), 2),
        "kelvin": rng.randint(2600, 3000),
        "behind_player": behind,
    }


def _light(rng: random.Random, camera: dict[str, Any]) -> dict[str, Any]:
    name = rng.choice(LIGHTS)
    light: dict[str, Any] = {"name": name, "fill": _r(rng.uniform(0.08, 0.25))}
    if name != "warm lamp":
        light["window"] = _window(rng)
    if name != "window daylight":
        light["lamp"] = _lamp(rng, camera)
    light["lamp_share"] = _r(rng.uniform(0.3, 0.7) if name == "window and lamp" else 1.0)
    return light


# --------------------------------------------------------------------- the camera


def _camera(rng: random.Random) -> dict[str, Any]:
    """A phone's main camera (26 mm equivalent, f/1.8) held from a chair: the player's side,
    the tilt from straight down, the roll of the hand, how much of the frame the board fills.
    Where the camera then stands is ``camera_pose``'s arithmetic."""
    return {
        "azimuth": _r(rng.uniform(0, 360), 2),
        "tilt": _r(rng.uniform(0, 35), 2),
        "roll": _r(rng.uniform(-8, 8), 2),
        "fill": _r(rng.uniform(0.7, 0.95)),
        "aim": [_r(rng.uniform(-0.04, 0.04)), _r(rng.uniform(-0.04, 0.04))],
        "focal_35mm": 26.0,
        "f_number": 1.8,
        "crop_factor": 4.6,  # a 1/1.56" sensor: a 5.65 mm lens is 26 mm equivalent
        "focus_error": _r(rng.uniform(-0.03, 0.03)),
    }


def to_world(x: float, y: float, z: float = 0.0) -> tuple[float, float, float]:
    """Board mm (y down the print) to world mm: the board's centre at the origin, y up the
    print, z up from the table."""
    w, h = board_size()
    return (x - w / 2, h / 2 - y, z)


def _sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _dot(a, b) -> float:
    return sum(a[i] * b[i] for i in range(3))


def _unit(a):
    n = math.sqrt(_dot(a, a))
    return [v / n for v in a]


def _frame(camera: dict[str, Any]):
    """The view direction, the picture's up and right (world, unit), the target (world mm) and
    whether the phone is held upright (portrait: the player sits at a short side)."""
    w, h = board_size()
    az, tilt = math.radians(camera["azimuth"]), math.radians(camera["tilt"])
    target = list(to_world(w / 2 + camera["aim"][0] * w, h / 2 + camera["aim"][1] * h))
    towards_player = [math.cos(az), -math.sin(az), 0.0]  # board y runs down: world y flips
    back = _unit(
        [math.sin(tilt) * towards_player[0], math.sin(tilt) * towards_player[1], math.cos(tilt)]
    )
    forward = [-v for v in back]
    far = [-v for v in towards_player]  # the picture's top is the board's far side
    right = _unit(_cross(forward, far))
    up = _cross(right, forward)
    roll = math.radians(camera["roll"])
    up, right = (
        [math.cos(roll) * up[i] + math.sin(roll) * right[i] for i in range(3)],
        [math.cos(roll) * right[i] - math.sin(roll) * up[i] for i in range(3)],
    )
    portrait = abs(math.cos(az)) > abs(math.sin(az))
    return forward, up, right, target, portrait


def _half_tangents(camera: dict[str, Any], portrait: bool) -> tuple[float, float]:
    """tan of half the field of view across and up the picture (a 4:3 sensor whose diagonal
    is the 35 mm frame's)."""
    diag = math.hypot(36.0, 24.0)
    long_side, short_side = diag * 0.8, diag * 0.6
    tx, ty = long_side / 2 / camera["focal_35mm"], short_side / 2 / camera["focal_35mm"]
    return (ty, tx) if portrait else (tx, ty)


def camera_pose(camera: dict[str, Any]) -> dict[str, Any]:
    """Where the phone is (world mm), at the distance where the board fills ``fill`` of the
    frame (its bounding box's larger share of the picture's width or height)."""
    w, h = board_size()
    forward, up, right, target, portrait = _frame(camera)
    tx, ty = _half_tangents(camera, portrait)
    corners = [to_world(x, y) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]

    def span(dist: float) -> float:
        eye = [target[i] - forward[i] * dist for i in range(3)]
        xs, ys = [], []
        for c in corners:
            d = _sub(c, eye)
            depth = _dot(d, forward)
            xs.append(_dot(d, right) / depth / tx)
            ys.append(_dot(d, up) / depth / ty)
        return max((max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2)

    lo, hi = 100.0, 5000.0
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if span(mid) > camera["fill"] else (lo, mid)
    eye = [target[i] - forward[i] * hi for i in range(3)]
    size = (SENSOR[1], SENSOR[0]) if portrait else SENSOR
    return {
        "eye": [_r(v, 2) for v in eye],
        "target": [_r(v, 2) for v in target],
        "up": [_r(v, 5) for v in up],
        "fov_x": _r(math.degrees(2 * math.atan(tx)), 3),
        "size": list(size),
        "portrait": portrait,
        "height": _r(eye[2], 1),
        "focus": _r(hi * (1 + camera["focus_error"]), 1),
        # the lens's aperture: focal length (real, mm) over the f-number, halved
        "aperture_radius": _r(
            camera["focal_35mm"] / camera["crop_factor"] / camera["f_number"] / 2, 4
        ),
    }


def _post(rng: random.Random) -> dict[str, Any]:
    return {
        "exposure": _r(rng.uniform(0.85, 1.1)),
        "white_balance_strength": _r(rng.uniform(0.55, 0.9)),
        "white_balance_error": [_r(rng.uniform(0.94, 1.06)), _r(rng.uniform(0.94, 1.06))],
        "distortion": _r(rng.uniform(0.005, 0.03), 4),
        "vignetting": _r(rng.uniform(0.1, 0.35)),
        "noise": _r(rng.uniform(0.002, 0.006), 4),
        "read_noise": _r(rng.uniform(0.0005, 0.002), 4),
        "denoise": _r(rng.uniform(0.5, 0.9), 2),
        "sharpen": _r(rng.uniform(0.3, 1.0)),
        "quality": rng.randint(80, 92),
        "noise_seed": rng.randrange(1 << 30),
    }


def describe(seed: int) -> dict[str, Any]:
    """The scene of photo ``seed`` (see the module's description)."""
    rng = random.Random(seed)
    record = _record(seed, rng)
    board = _board(rng)
    kinds = _kinds(rng)
    colours = _colours(rng)
    track = round_track(record)
    pieces = _pieces(track, kinds, colours, rng)
    markers = _markers(list(record["rounds"][-1]["starts"].values()), rng)
    cards = _cards(rng)
    hand = _hand(rng)
    camera = _camera(rng)
    camera["pose"] = camera_pose(camera)
    light = _light(rng, camera)
    table = rng.choice(TABLES)
    return {
        "version": VERSION,
        "seed": seed,
        "record": record,
        "board": board,
        "kinds": kinds,
        "paper_colour": colours["paper_name"] if "paper" in kinds else None,
        "pieces": pieces,
        "markers": markers,
        "cards": cards,
        "hand": hand,
        "camera": camera,
        "light": light,
        "table": {
            "kind": table[0],
            "colour": list(table[1]),
            "grain": _r(rng.uniform(0, 180), 2),
            "seed": rng.randrange(1 << 30),
        },
        "post": _post(rng),
        "sheet_margins": list(TILE_MARGINS),
    }
