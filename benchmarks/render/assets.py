"""What the renderer pastes on its meshes: the kit's board and cards as printed, and table tops.

The kit is made by ``trackwright generate transamerica`` (a subprocess, as a player makes it)
for A4 and Letter, and its PDFs rasterised by poppler's ``pdftoppm`` (another rasteriser than
the kit's PNG renderer the photo reader builds its own picture with). Kept in a folder keyed by
the printed board, so a changed board is printed again.
"""

from __future__ import annotations

import hashlib
import math
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from benchmarks.render import scene
from trackwright.kits.layout import card_grid
from trackwright.kits.sheets import tiled_pages
from trackwright.kits.transamerica.board import board_drawing

PPM = 5.0  # texture pixels per mm (127 dpi): about twice what the camera resolves
POSTER_TRIM = 15.0  # mm from the poster PDF's page edge to the trim box (the board's edge)
CARD = (63.0, 88.0)


@dataclass(frozen=True)
class Print:
    """A printed page as a texture: RGB pixels (uint8), and its size in mm."""

    pixels: np.ndarray
    width: float
    height: float


def printed_board_key() -> str:
    """The printed board and how it is tiled on A4 and Letter (a new tiling prints new sheets)."""
    drawing = board_drawing(scene.board_map(), "en")
    tilings = [tiled_pages(drawing, paper, "en", "TransAmerica")[0] for paper in ("a4", "letter")]
    return hashlib.sha1((repr(drawing.ops) + repr(tilings)).encode()).hexdigest()[:12]


def _made_once(target: Path, make: Callable[[Path], None]) -> Path:
    """``target``, a folder made by ``make`` into a folder of this process's own and then
    renamed into place: two renders run side by side (one per core) each see the folder
    whole or not at all (a page read while the other was still writing it was truncated)."""
    if not target.exists():
        part = target.with_name(f"{target.name}.{os.getpid()}.part")
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir(parents=True)
        make(part)
        try:
            part.rename(target)
        except OSError:  # the other made it meanwhile: the same files
            shutil.rmtree(part, ignore_errors=True)
    return target


def _generate(out: Path, paper: str) -> Path:
    def make(folder: Path) -> None:
        cmd = [sys.executable, "-m", "trackwright", "generate", "transamerica"]
        cmd += ["--out", str(folder), "--paper", paper]
        subprocess.run(cmd, check=True, capture_output=True)

    return _made_once(out / f"kit-{paper}", make)


def _rasterise(pdf: Path, out: Path, dpi: float) -> list[Path]:
    """The PDF's pages as PNG files in the folder ``out``, in page order."""

    def make(folder: Path) -> None:
        cmd = ["pdftoppm", "-r", f"{dpi:.3f}", "-png", str(pdf), str(folder / "page")]
        subprocess.run(cmd, check=True, capture_output=True)

    return sorted(_made_once(out, make).glob("page-*.png"))


class Assets:
    """The kit's prints for one printed board, made once in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / printed_board_key()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.made: dict[tuple[str, object], Any] = {}

    def _once(self, what: str, arg: object, make: Callable[[], Any]) -> Any:
        if (what, arg) not in self.made:
            self.made[what, arg] = make()
        return self.made[what, arg]

    def poster(self) -> Print:
        """The poster trimmed at its crop marks: the board edge to edge."""
        return self._once("poster", None, self._poster)

    def _poster(self) -> Print:
        kit = _generate(self.folder, "a4")
        (page,) = _rasterise(kit / "board-poster.pdf", self.folder / "poster", PPM * 25.4)
        image = np.asarray(Image.open(page).convert("RGB"))
        w, h = scene.board_size()
        t = round(POSTER_TRIM * PPM)
        return Print(image[t : t + round(h * PPM), t : t + round(w * PPM)].copy(), w, h)

    def sheets(self, paper: str) -> list[Print]:
        """The tiled sheets, whole pages (the renderer cuts them)."""
        return self._once("sheets", paper, lambda: self._sheets(paper))

    def _sheets(self, paper: str) -> list[Print]:
        kit = _generate(self.folder, paper)
        pages = _rasterise(kit / f"board-{paper}.pdf", self.folder / f"sheets-{paper}", PPM * 25.4)
        out = []
        for page in pages:
            image = np.asarray(Image.open(page).convert("RGB"))
            out.append(Print(image, image.shape[1] / PPM, image.shape[0] / PPM))
        return out

    def card(self, slot: int) -> Print:
        """A city card's face, cut from the first sheet of the kit's cards."""
        return self._once("card", slot, lambda: self._card(slot))

    def _card(self, slot: int) -> Print:
        kit = _generate(self.folder, "a4")
        pages = _rasterise(kit / "cards-a4.pdf", self.folder / "cards", PPM * 25.4)
        image = np.asarray(Image.open(pages[0]).convert("RGB"))
        grid = card_grid(210.0, 297.0, *CARD)
        x, y = grid.slot_origin(slot % grid.per_sheet)
        x0, y0 = round(x * PPM), round(y * PPM)
        cut = image[y0 : y0 + round(CARD[1] * PPM), x0 : x0 + round(CARD[0] * PPM)]
        return Print(cut.copy(), *CARD)


def table_top(kind: str, colour, grain: float, seed: int, size_mm: float, ppm: float) -> np.ndarray:
    """A table top, ``size_mm`` square at ``ppm`` pixels per mm: wood grain and planks, or
    cloth (uint8 RGB)."""
    n = round(size_mm * ppm)
    nrng = np.random.default_rng(seed)
    base = np.array(colour, dtype=np.float32)
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) / ppm
    if kind == "wood":
        a = math.radians(grain)
        u = xx * math.cos(a) + yy * math.sin(a)
        v = -xx * math.sin(a) + yy * math.cos(a)
        k = 1.0 + np.sin(v / 2.5 + 2.0 * np.sin(u / 85.0)) * 0.05
        k += nrng.normal(0, 0.03, (n, n)).astype(np.float32)
        k -= (np.floor(v / 70.0) % 3) * 0.04
    else:
        k = 1.0 + nrng.normal(0, 0.05, (n, n)).astype(np.float32)
        k += 0.03 * np.sin(xx * 2.2) * np.sin(yy * 2.2)
    return np.clip(base[None, None, :] * k[:, :, None], 0, 255).astype(np.uint8)
