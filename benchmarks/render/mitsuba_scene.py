"""A scene description (``benchmarks/render/scene.py``) as a Mitsuba 3 scene, and its render.

World units are metres (the description's mm / 1000), z up; the board's centre at the origin.
The paper is a grid mesh (2 mm cells) bent by ``scene.surface_height``, each tiled sheet its own
mesh glued over its neighbours (a paper's thickness higher, its cut edges lifted a little);
pieces are boxes, strips and ellipsoids with their materials; the window is an area light (and
the sun a directional one), the lamp a small glowing sphere, the room a dim constant light, each
sampled in proportion to the light it gives the board (uniform choice left the grain of a
photo at 24 samples a pixel far above a phone's); the
phone is a thin-lens camera (depth of field) with its body behind it, which casts its shadow.
"""

from __future__ import annotations

import importlib
import json
import math
import os
from functools import cache
from typing import Any

import numpy as np

from benchmarks.render import llvm, scene
from benchmarks.render.assets import Assets, Print, table_top
from trackwright.kits.sheets import TILE_MARGINS, tiled_pages
from trackwright.kits.transamerica.board import board_drawing

# Dr.Jit reads which LLVM to load once, on import: the newest new enough (llvm.MINIMUM), or
# none (the llvm variants are then not tried), unless DRJIT_LIBLLVM_PATH names one.
LLVM = os.environ.get("DRJIT_LIBLLVM_PATH") or llvm.newest_libllvm()
if LLVM:
    os.environ["DRJIT_LIBLLVM_PATH"] = LLVM
# Mitsuba is the optional `render` extra, not in the test environment: imported by name, so
# an editor's (and tests/project/test_editor_imports.py's) import check does not look for it.
mi: Any = importlib.import_module("mitsuba")
dr: Any = importlib.import_module("drjit")

GRID = 2.0  # mm between the paper mesh's vertices
STACK = 0.1  # mm: a sheet of paper's thickness
TABLE = 2000.0  # mm: the table top's side


def choose_variant(name: str | None = None) -> str:
    """The fastest variant this Mitsuba has that works here: llvm_ad_rgb (needs libLLVM
    :data:`.llvm.MINIMUM` or newer, about five times scalar_rgb's speed on one core), else
    scalar_rgb."""
    names = [name] if name else ["llvm_ad_rgb", "scalar_rgb"] if LLVM else ["scalar_rgb"]
    for n in names:
        if n not in mi.variants():
            continue
        try:
            mi.set_variant(n)
            return n
        except (ImportError, RuntimeError):
            continue
    raise RuntimeError(f"none of the Mitsuba variants {names} can be used here")


def srgb_linear(colour) -> list[float]:
    c = np.asarray(colour, dtype=np.float64) / 255.0
    return [float(v) for v in np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)]


def kelvin_rgb(kelvin: float) -> np.ndarray:
    """A black body's colour in linear sRGB, luminance 1 (Tanner Helland's fit of the sRGB
    values, linearised)."""
    t = kelvin / 100.0
    r = 255.0 if t <= 66 else 329.698727446 * (t - 60) ** -0.1332047592
    g = (
        99.4708025861 * math.log(t) - 161.1195681661
        if t <= 66
        else 288.1221695283 * (t - 60) ** -0.0755148492
    )
    b = (
        255.0
        if t >= 66
        else (0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307)
    )
    rgb = np.array(srgb_linear([min(255, max(0, v)) for v in (r, g, b)]))
    return rgb / (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2])


def _m(p) -> list[float]:
    """World mm to metres."""
    return [v / 1000.0 for v in p]


def _world(x: float, y: float, z: float) -> list[float]:
    return _m(scene.to_world(x, y, z))


# --------------------------------------------------------------------- meshes


_LOADED: dict[str, Any] = {}


def loaded(plain: dict[str, Any]) -> Any:
    """A BSDF of plain values made once (making one costs a tenth of a second)."""
    key = json.dumps(plain, sort_keys=True)
    if key not in _LOADED:
        _LOADED[key] = mi.load_dict(plain)
    return _LOADED[key]


def mesh(name: str, verts: np.ndarray, faces: np.ndarray, uv: np.ndarray | None, bsdf) -> Any:
    """A triangle mesh from world-metre vertices, with smooth normals."""
    props = mi.Properties()
    props["bsdf"] = bsdf
    m = mi.Mesh(
        name,
        len(verts),
        len(faces),
        props,
        has_vertex_normals=True,
        has_vertex_texcoords=uv is not None,
    )
    params = mi.traverse(m)
    # the buffers' own types: Dr.Jit arrays (llvm variants) or dynamic arrays (scalar ones)
    for key, values, dtype in (
        ("vertex_positions", verts, np.float32),
        ("faces", faces, np.uint32),
        ("vertex_texcoords", uv, np.float32),
    ):
        if values is not None:
            params[key] = type(params[key])(np.ravel(values).astype(dtype))
    params.update()
    m.recompute_vertex_normals()
    return m


def grid_faces(nu: int, nv: int) -> np.ndarray:
    i = np.arange(nu - 1)[None, :] + nu * np.arange(nv - 1)[:, None]
    i = i.ravel()
    return np.concatenate(
        [np.stack([i, i + 1, i + nu + 1], 1), np.stack([i, i + nu + 1, i + nu], 1)]
    )


def ellipsoid(
    centre, axes, yaw: float, pitch: float = 0.0, n: int = 16
) -> tuple[np.ndarray, np.ndarray]:
    """An ellipsoid's vertices (world metres) and faces: semi-axes (mm) along its own x, y, z,
    turned by ``yaw`` about z and tipped by ``pitch`` (radians; its x end up)."""
    th, ph = np.meshgrid(np.linspace(0, math.pi, n), np.linspace(0, 2 * math.pi, 2 * n))
    p = np.stack(
        [
            np.sin(th) * np.cos(ph) * axes[0],
            np.sin(th) * np.sin(ph) * axes[1],
            np.cos(th) * axes[2],
        ],
        -1,
    )
    p = p.reshape(-1, 3)
    cp, sp = math.cos(pitch), math.sin(pitch)
    p = p @ np.array([[cp, 0, -sp], [0, 1, 0], [sp, 0, cp]]).T
    cy, sy = math.cos(yaw), math.sin(yaw)
    p = p @ np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]]).T
    verts = (p + np.asarray(centre)[None, :]) / 1000.0
    return verts, grid_faces(n, 2 * n)


def _bitmap(pixels: np.ndarray, filter_type: str = "bilinear") -> dict[str, Any]:
    return {
        "type": "bitmap",
        "bitmap": mi.Bitmap(np.array(pixels, dtype=np.uint8, order="C")),
        "raw": False,
        "filter_type": filter_type,
    }


def _paper_bsdf(texture: dict[str, Any], gloss: float) -> Any:
    """Printed paper: mostly diffuse, a little sheen (laser toner and coated paper glint)."""
    return mi.load_dict(
        {
            "type": "twosided",
            "material": {
                "type": "roughplastic",
                "distribution": "ggx",
                "alpha": gloss,
                "int_ior": 1.45,
                "diffuse_reflectance": texture,
                "nonlinear": True,
            },
        }
    )


def _sheet_mesh(name: str, desc: dict, page: Print, cut, place, lift, base: float, gloss: float):
    """A piece of paper: the page's part ``cut`` (x0, y0, x1, y1 in page mm), placed by
    ``place`` (page mm -> board mm), lying on the paper's surface ``base`` mm higher, its left
    and top cut edges lifted by ``lift`` mm."""
    x0, y0, x1, y1 = cut
    nu, nv = max(2, round((x1 - x0) / GRID) + 1), max(2, round((y1 - y0) / GRID) + 1)
    px, py = np.meshgrid(np.linspace(x0, x1, nu), np.linspace(y0, y1, nv))
    bx, by = place(px, py)
    z = scene.surface_height(desc["board"], bx, by) + base
    z += lift[0] * np.exp(-(px - x0) / 3.0) + lift[1] * np.exp(-(py - y0) / 3.0)
    w, h = scene.board_size()
    verts = np.stack([(bx - w / 2) / 1000, (h / 2 - by) / 1000, z / 1000], -1).reshape(-1, 3)
    uv = np.stack([px / page.width, py / page.height], -1).reshape(-1, 2)
    return mesh(name, verts, grid_faces(nu, nv), uv, _paper_bsdf(_bitmap(page.pixels), gloss))


def paper(desc: dict, assets: Assets) -> dict[str, Any]:
    board = desc["board"]
    if board["paper"] == "poster":
        p = assets.poster()
        return {
            "poster": _sheet_mesh(
                "poster",
                desc,
                p,
                (0, 0, p.width, p.height),
                lambda x, y: (x, y),
                (0.0, 0.0),
                0.0,
                board["gloss"],
            )
        }
    return tiled(desc, assets)


@cache
def tiling_of(paper: str):
    return tiled_pages(board_drawing(scene.board_map(), "en"), paper, "en", "TransAmerica")[0]


def _levels(tiling) -> list[int]:
    """How many sheets lie under each sheet at most (a sheet is glued over its seams' ``under``
    sheets, which come before it in reading order)."""
    levels = [0] * len(tiling.tiles)
    for seam in sorted(tiling.seams(), key=lambda s: s.over):
        levels[seam.over] = max(levels[seam.over], levels[seam.under] + 1)
    return levels


def tiled(desc: dict, assets: Assets) -> dict[str, Any]:
    """The tiled sheets (rows or columns of sheets, laid as bricks or a grid), each cut at the
    middle of the overlap where it is glued over a neighbour, kept to its window's edge where a
    neighbour is glued over it, outer margins trimmed; each glued a little off (the
    description's shift and turn), a paper's thickness above the sheets under it."""
    board = desc["board"]
    tiling = tiling_of(board["paper"])
    prints = assets.sheets(board["paper"])
    top, _right, _bottom, left = TILE_MARGINS
    half = tiling.overlap / 2
    seams = tiling.seams()
    levels = _levels(tiling)
    out = {}
    for k, (tile, page) in enumerate(zip(tiling.tiles, prints, strict=True)):
        move = board["sheets"][k]
        cut = {s.axis for s in seams if s.over == k}  # 0: cut at its left, 1: at its top
        x0 = left + half if 0 in cut else left
        y0 = top + half if 1 in cut else top
        x1, y1 = left + tile.w, top + tile.h
        a = math.radians(move["turn"])
        ox, oy = tile.x - left + move["dx"], tile.y - top + move["dy"]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

        def place(px, py, a=a, ox=ox, oy=oy, cx=cx, cy=cy):
            dx, dy = px - cx, py - cy
            return (
                cx + ox + dx * math.cos(a) - dy * math.sin(a),
                cy + oy + dx * math.sin(a) + dy * math.cos(a),
            )

        base = STACK * levels[k] + 0.01 * k
        lift = (move["lift"] * (0 in cut), move["lift"] * (1 in cut))
        mesh_ = _sheet_mesh(
            f"sheet{k}", desc, page, (x0, y0, x1, y1), place, lift, base, board["gloss"]
        )
        out[f"sheet{k}"] = mesh_
    return out


def table(desc: dict) -> dict[str, Any]:
    t = desc["table"]
    ppm = 0.8
    pixels = table_top(t["kind"], t["colour"], t["grain"], t["seed"], TABLE, ppm)
    s = TABLE / 2000.0
    material: dict[str, Any] = {"type": "diffuse", "reflectance": _bitmap(pixels)}
    if t["kind"] == "wood":
        material = {
            "type": "roughplastic",
            "alpha": 0.25,
            "diffuse_reflectance": _bitmap(pixels),
            "nonlinear": True,
        }
    return {
        "table": {
            "type": "rectangle",
            "to_world": mi.ScalarTransform4f().translate([0, 0, -0.0002]).scale([s, s, 1]),
            "bsdf": material,
        }
    }


# --------------------------------------------------------------------- things on the board


def _height(desc: dict, x, y):
    """The paper's top at board point (x, y) (mm), glued sheets' stacking included."""
    extra = 0.45 if desc["board"]["paper"] != "poster" else 0.0
    return scene.surface_height(desc["board"], x, y) + extra


def _lying(desc: dict, piece: dict) -> tuple[float, float, float, float]:
    """Where a rigid piece rests: its centre's height (mm, its underside), its yaw (world
    radians) and its pitch (radians) from the paper under its two ends."""
    cx, cy = piece["centre"]
    a = math.radians(piece["angle"])
    half = piece["size"][0] / 2
    ends = [
        _height(desc, cx + s * half * math.cos(a), cy + s * half * math.sin(a)) for s in (-1, 1)
    ]
    mid = _height(desc, cx, cy)
    z = max(mid, (ends[0] + ends[1]) / 2)
    return z, -a, math.atan2(ends[1] - ends[0], 2 * half), 0.0


def _matrix(centre_mm, yaw: float, pitch: float, scale_mm) -> Any:
    cy, sy, cp, sp = math.cos(yaw), math.sin(yaw), math.cos(pitch), math.sin(pitch)
    rot = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]]) @ np.array(
        [[cp, 0, -sp], [0, 1, 0], [sp, 0, cp]]
    )
    m = np.eye(4)
    m[:3, :3] = rot @ np.diag(np.asarray(scale_mm) / 1000.0)
    m[:3, 3] = np.asarray(centre_mm) / 1000.0
    return mi.ScalarTransform4f(m.tolist())


def _box(desc, piece, bsdf: dict) -> dict[str, Any]:
    z, yaw, pitch, _ = _lying(desc, piece)
    length, width, height = piece["size"]
    centre = scene.to_world(*piece["centre"], z + height / 2)
    return {
        "type": "cube",
        "to_world": _matrix(centre, yaw, pitch, (length / 2, width / 2, height / 2)),
        "bsdf": bsdf,
    }


def _strip(desc, piece, bsdf: dict, name: str) -> Any:
    """A thin strip: paper curled at its ends, or the kit's strip folded along its length."""
    length, width, _h = piece["size"]
    nu, nv = 16, 5
    u, v = np.meshgrid(
        np.linspace(-length / 2, length / 2, nu), np.linspace(-width / 2, width / 2, nv)
    )
    if piece["kind"] == "paper":
        z = piece["bend"] * (2 * u / length) ** 2
    else:  # folded lengthwise, ridge up: each half turned by half the fold's angle
        z = np.abs(v) * -math.tan(math.radians(piece["bend"]) / 2) + width / 2 * math.tan(
            math.radians(piece["bend"]) / 2
        )
    a = math.radians(piece["angle"])
    cx, cy = piece["centre"]
    bx = cx + u * math.cos(a) - v * math.sin(a)
    by = cy + u * math.sin(a) + v * math.cos(a)
    base = _height(desc, bx, by) + 0.08
    w, h = scene.board_size()
    verts = np.stack([(bx - w / 2) / 1000, (h / 2 - by) / 1000, (base + z) / 1000], -1).reshape(
        -1, 3
    )
    return mesh(
        name, verts, grid_faces(nu, nv), None, loaded({"type": "twosided", "material": bsdf})
    )


def _head(desc, piece, name: str) -> Any:
    z, yaw, pitch, _ = _lying(desc, piece)
    length, width, height = piece["size"]
    a = math.radians(piece["angle"])
    x = piece["centre"][0] + math.cos(a) * (length / 2 - 2.0)
    y = piece["centre"][1] + math.sin(a) * (length / 2 - 2.0)
    centre = scene.to_world(x, y, z + height / 2 + math.sin(pitch) * (length / 2 - 2.0))
    verts, faces = ellipsoid(centre, (2.6, width / 2 + 0.5, height / 2 + 0.5), yaw, pitch, n=10)
    bsdf = loaded(
        {
            "type": "roughplastic",
            "alpha": 0.3,
            "diffuse_reflectance": {"type": "rgb", "value": srgb_linear((150, 28, 24))},
        }
    )
    return mesh(name, verts, faces, None, bsdf)


def _piece_bsdf(piece: dict) -> dict[str, Any]:
    colour = {"type": "rgb", "value": srgb_linear(piece["colour"])}
    if piece["kind"] == "dark":
        return {"type": "roughplastic", "alpha": 0.2, "diffuse_reflectance": colour}
    if piece["kind"] == "kit":
        return {
            "type": "roughplastic",
            "alpha": 0.45,
            "diffuse_reflectance": colour,
            "nonlinear": True,
        }
    return {"type": "diffuse", "reflectance": colour}


def pieces(desc: dict) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, piece in enumerate(desc["pieces"]):
        bsdf = _piece_bsdf(piece)
        if piece["kind"] in ("dark", "matches"):
            out[f"piece{i}"] = _box(desc, piece, bsdf)
        else:
            out[f"piece{i}"] = _strip(desc, piece, bsdf, f"piece{i}")
        if piece.get("head"):
            out[f"head{i}"] = _head(desc, piece, f"head{i}")
    return out


def markers(desc: dict) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, mk in enumerate(desc["markers"]):
        x, y = mk["centre"]
        z = _height(desc, x, y)
        r, h = mk["radius"], mk["height"]
        bsdf = {
            "type": "roughplastic",
            "alpha": 0.3,
            "diffuse_reflectance": {"type": "rgb", "value": srgb_linear(mk["colour"])},
        }
        body = h if mk["shape"] == "disc" else h * 0.6
        out[f"marker{i}"] = {
            "type": "cylinder",
            "p0": _world(x, y, z),
            "p1": _world(x, y, z + body),
            "radius": r / 1000,
            "bsdf": bsdf,
        }
        out[f"marker{i}top"] = {
            "type": "disk",
            "to_world": mi.ScalarTransform4f().translate(_world(x, y, z + body)).scale(r / 1000),
            "bsdf": bsdf,
        }
        if mk["shape"] == "pawn":
            out[f"marker{i}head"] = {
                "type": "sphere",
                "center": _world(x, y, z + body + r * 0.55),
                "radius": r * 0.75 / 1000,
                "bsdf": bsdf,
            }
    return out


def cards(desc: dict, assets: Assets) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, card in enumerate(desc["cards"]):
        face = assets.card(card["slot"])
        a = math.radians(card["angle"])
        u, v = np.meshgrid(
            np.linspace(-face.width / 2, face.width / 2, 8),
            np.linspace(-face.height / 2, face.height / 2, 10),
        )
        cx, cy = card["centre"]
        bx = cx + u * math.cos(a) - v * math.sin(a)
        by = cy + u * math.sin(a) + v * math.cos(a)
        z = float(np.max(_height(desc, bx, by))) + 0.35
        w, h = scene.board_size()
        verts = np.stack(
            [(bx - w / 2) / 1000, (h / 2 - by) / 1000, np.full_like(bx, z / 1000)], -1
        ).reshape(-1, 3)
        uv = np.stack(
            [(u + face.width / 2) / face.width, (v + face.height / 2) / face.height], -1
        ).reshape(-1, 2)
        bsdf = mi.load_dict(
            {
                "type": "twosided",
                "material": {
                    "type": "roughplastic",
                    "alpha": 0.3,
                    "diffuse_reflectance": _bitmap(face.pixels),
                    "nonlinear": True,
                },
            }
        )
        out[f"card{i}"] = mesh(f"card{i}", verts, grid_faces(8, 10), uv, bsdf)
    return out


def hand(desc: dict) -> dict[str, Any]:
    """A rough hand: four fingers, a thumb, a palm and a forearm rising towards the player."""
    hd = desc["hand"]
    if hd is None:
        return {}
    a = math.radians(hd["angle"])
    d, side = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))
    tx, ty = hd["tip"]
    z0 = _height(desc, tx, ty) + hd["height"]
    yaw = -a
    parts = []
    spread = 1.0 + 0.3 * hd["spread"]
    for k, off in enumerate((-24, -8, 8, 24)):
        flen = 36 - 4 * abs(k - 1.5)
        c = (tx - d[0] * flen + side[0] * off * spread, ty - d[1] * flen + side[1] * off * spread)
        parts.append((c, (flen, 8.5, 7.5), yaw, 0.05, z0))
    palm = (tx - d[0] * 100, ty - d[1] * 100)
    parts.append((palm, (50, 40, 16), yaw, 0.1, z0 + 6))
    thumb = (palm[0] + side[0] * 42 + d[0] * 25, palm[1] + side[1] * 42 + d[1] * 25)
    parts.append((thumb, (30, 10, 9), yaw - 0.6, 0.1, z0 + 4))
    arm = (palm[0] - d[0] * 190, palm[1] - d[1] * 190)
    parts.append((arm, (160, 36, 30), yaw, -0.35, z0 + 70))
    bsdf = loaded(
        {
            "type": "roughplastic",
            "alpha": 0.5,
            "diffuse_reflectance": {"type": "rgb", "value": srgb_linear(hd["skin"])},
        }
    )
    out = {}
    for i, ((x, y), axes, yw, pitch, z) in enumerate(parts):
        verts, faces = ellipsoid(scene.to_world(x, y, z), axes, yw, pitch)
        out[f"hand{i}"] = mesh(f"hand{i}", verts, faces, None, bsdf)
    return out


# --------------------------------------------------------------------- light and camera


def _window_lights(win: dict, irradiance: float) -> dict[str, Any]:
    centre = scene.to_world(*win["centre"])
    d = math.sqrt(sum(c * c for c in centre))
    area = win["size"][0] * win["size"][1]
    cos_board = centre[2] / d
    radiance = irradiance * d * d / (area * cos_board) * kelvin_rgb(win["kelvin"])
    to_world = mi.ScalarTransform4f().look_at(origin=_m(centre), target=[0, 0, 0], up=[0, 0, 1])
    out: dict[str, Any] = {
        "window": {
            "type": "rectangle",
            "to_world": to_world
            @ mi.ScalarTransform4f().scale([win["size"][0] / 2000, win["size"][1] / 2000, 1]),
            "emitter": {
                "type": "area",
                "radiance": {"type": "rgb", "value": list(radiance)},
                "sampling_weight": irradiance,
            },
        }
    }
    if win["sun"]:
        az, el = math.radians(win["sun_side"]), math.radians(win["sun_elevation"])
        towards_sun = [math.cos(el) * math.cos(az), -math.cos(el) * math.sin(az), math.sin(el)]
        out["sun"] = {
            "type": "directional",
            "direction": [-v for v in towards_sun],
            "irradiance": {
                "type": "rgb",
                "value": list(2.5 * irradiance / math.sin(el) * kelvin_rgb(5500)),
            },
            "sampling_weight": 2.5 * irradiance,
        }
    return out


def _lamp_light(lamp: dict, irradiance: float) -> dict[str, Any]:
    centre = scene.to_world(*lamp["centre"])
    d = math.sqrt(sum(c * c for c in centre))
    r = lamp["radius"]
    radiance = irradiance * d * d / (math.pi * r * r * (centre[2] / d)) * kelvin_rgb(lamp["kelvin"])
    return {
        "lamp": {
            "type": "sphere",
            "center": _m(centre),
            "radius": r / 1000,
            "emitter": {
                "type": "area",
                "radiance": {"type": "rgb", "value": list(radiance)},
                "sampling_weight": irradiance,
            },
        }
    }


def lights(desc: dict) -> dict[str, Any]:
    light = desc["light"]
    out: dict[str, Any] = {}
    lamp_share = light["lamp_share"] if "lamp" in light else 0.0
    if "window" in light:
        out.update(_window_lights(light["window"], 1.0 - lamp_share if "lamp" in light else 1.0))
    if "lamp" in light:
        out.update(_lamp_light(light["lamp"], lamp_share))
    tint = kelvin_rgb(light["lamp"]["kelvin"]) if light["name"] == "warm lamp" else kelvin_rgb(6500)
    out["room"] = {
        "type": "constant",
        "radiance": {"type": "rgb", "value": list(light["fill"] / math.pi * tint)},
        "sampling_weight": light["fill"],
    }
    return out


def illuminant(desc: dict) -> np.ndarray:
    """The light's mean colour at the board (what a phone's white balance tries to undo)."""
    light = desc["light"]
    colour = np.zeros(3)
    if "window" in light:
        colour += (1.0 - (light["lamp_share"] if "lamp" in light else 0.0)) * kelvin_rgb(
            light["window"]["kelvin"]
        )
    if "lamp" in light:
        colour += light["lamp_share"] * kelvin_rgb(light["lamp"]["kelvin"])
    return colour / (0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2])


MARGIN = 0.04  # rendered beyond the photo on each side, for the lens distortion


def camera(desc: dict, spp: int, scale: float = 1.0) -> dict[str, Any]:
    pose = desc["camera"]["pose"]
    w, h = pose["size"]
    rw, rh = round(w * scale * (1 + 2 * MARGIN)), round(h * scale * (1 + 2 * MARGIN))
    fov = math.degrees(2 * math.atan(math.tan(math.radians(pose["fov_x"]) / 2) * (1 + 2 * MARGIN)))
    to_world = mi.ScalarTransform4f().look_at(
        origin=_m(pose["eye"]), target=_m(pose["target"]), up=pose["up"]
    )
    return {
        "type": "thinlens",
        "fov": fov,
        "fov_axis": "x",
        "aperture_radius": pose["aperture_radius"] / 1000,
        "focus_distance": pose["focus"] / 1000,
        "to_world": to_world,
        "film": {
            "type": "hdrfilm",
            "width": rw,
            "height": rh,
            "rfilter": {"type": "gaussian"},
            "pixel_format": "rgb",
        },
        "sampler": {"type": "independent", "sample_count": spp},
    }


def phone_body(desc: dict) -> dict[str, Any]:
    """The phone: a slab 150 x 72 x 8 mm just behind its lens (its shadow falls on the board
    when a light is behind the player)."""
    pose = desc["camera"]["pose"]
    eye, target = np.array(pose["eye"]), np.array(pose["target"])
    fwd = (target - eye) / np.linalg.norm(target - eye)
    up = np.array(pose["up"])
    right = np.cross(fwd, up)
    long_axis = right if not pose["portrait"] else up
    short_axis = up if not pose["portrait"] else right
    centre = eye - fwd * 5.0 + long_axis * 50.0  # the lens sits near a corner
    m = np.eye(4)
    m[:3, 0] = long_axis * 75.0 / 1000
    m[:3, 1] = short_axis * 36.0 / 1000
    m[:3, 2] = fwd * 4.0 / 1000
    m[:3, 3] = centre / 1000
    return {
        "phone": {
            "type": "cube",
            "to_world": mi.ScalarTransform4f(m.tolist()),
            "bsdf": {
                "type": "diffuse",
                "reflectance": {"type": "rgb", "value": [0.03, 0.03, 0.03]},
            },
        }
    }


def build(desc: dict, assets: Assets, spp: int, scale: float = 1.0) -> dict[str, Any]:
    """The Mitsuba scene dictionary of a description (``scale``: the picture's size, 1 for the
    description's own)."""
    parts: dict[str, Any] = {"type": "scene", "integrator": {"type": "path", "max_depth": 3}}
    parts["sensor"] = camera(desc, spp, scale)
    for part in (
        paper(desc, assets),
        table(desc),
        pieces(desc),
        markers(desc),
        cards(desc, assets),
        hand(desc),
        lights(desc),
        phone_body(desc),
    ):
        parts.update(part)
    return parts


def render(
    desc: dict, assets: Assets, spp: int, scale: float = 1.0, threads: int | None = None
) -> np.ndarray:
    """The linear RGB picture (float32, H x W x 3) the sensor saw, margins included."""
    if threads:
        dr.set_thread_count(threads)
    scene_obj = mi.load_dict(build(desc, assets, spp, scale))
    image = mi.render(scene_obj, spp=spp, seed=desc["post"]["noise_seed"] % (1 << 31))
    return np.array(image, dtype=np.float32)[:, :, :3]
