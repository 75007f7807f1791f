"""The physically rendered photo benchmark (benchmarks/photo_render.py): a seed's scene is plain
data, the same in any process; one tiny scene renders with Mitsuba 3 when it is installed (the
``render`` extra); and ``trackwright photo check --by`` breaks the figures down by the cases'
details."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from benchmarks.render import scene
from tests.conftest import ROOT
from tests.support import cli
from trackwright.cli import photo as cli_photo
from trackwright.scorer import transamerica as engine

REAL = ROOT / "tests" / "photos" / "real"


def fingerprint(seed: int) -> str:
    return hashlib.sha256(json.dumps(scene.describe(seed), sort_keys=True).encode()).hexdigest()


def test_a_seeds_scene_is_plain_data_and_the_same_in_another_process():
    desc = scene.describe(7)
    assert json.loads(json.dumps(desc)) == desc
    assert scene.describe(7) == desc
    code = (
        "import sys; sys.path[:0] = ['scorer', 'generator', '.'];"
        "from tests.photo.test_render_scene import fingerprint; print(fingerprint(7))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    other = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert other.stdout.strip() == fingerprint(7)
    assert fingerprint(8) != fingerprint(7)


def test_the_scene_lays_a_piece_on_every_space_of_its_true_round():
    desc = scene.describe(3)
    record = engine.record_from_json(desc["record"], "seed 3")
    laid = record.rounds[-1].track or [e for t in record.rounds[-1].turns or () for e in t.track]
    truth = {tuple(sorted(e)) for e in laid}
    assert {tuple(sorted(p["space"])) for p in desc["pieces"]} == truth
    starts = set(desc["record"]["rounds"][-1]["starts"].values())
    assert {m["node"] for m in desc["markers"]} == starts
    pose = desc["camera"]["pose"]
    assert 0 <= desc["camera"]["tilt"] <= 35
    assert pose["eye"][2] > 300  # the phone is above the table, looking down


def test_the_dev_seeds_hold_every_kind_light_and_paper():
    descs = [scene.describe(s) for s in range(20)]
    assert {k for d in descs for k in d["kinds"]} == set(scene.KINDS)
    assert {d["light"]["name"] for d in descs} == set(scene.LIGHTS)
    assert {d["board"]["paper"] for d in descs} == {"poster", "a4", "letter"}


def test_the_paper_lies_on_the_table_and_its_creases_are_shaped():
    board = scene.describe(2)["board"]
    w, h = scene.board_size()
    xs, ys = np.meshgrid(np.linspace(0, w, 50), np.linspace(0, h, 30))
    z = scene.surface_height(board, xs, ys)
    assert z.min() >= 0.0
    assert z.max() < 12.0
    assert scene.surface_height(board, 10.0, 20.0) == pytest.approx(z[0, 0], abs=5.0)


class FlatAssets:
    """The kit's prints as plain grey pages with a dark cross (no kit made, no pdftoppm)."""

    def _page(self, w: float, h: float):
        from benchmarks.render.assets import Print

        pixels = np.full((round(h), round(w), 3), 230, dtype=np.uint8)
        pixels[round(h) // 2, :] = 20
        pixels[:, round(w) // 2] = 20
        return Print(pixels, w, h)

    def poster(self):
        return self._page(*scene.board_size())

    def sheets(self, paper: str):
        from benchmarks.render.mitsuba_scene import tiling_of

        t = tiling_of(paper)
        return [self._page(t.paper_w, t.paper_h) for _ in t.tiles]

    def card(self, slot: int):
        return self._page(63.0, 88.0)


def test_one_tiny_scene_renders():
    pytest.importorskip("mitsuba", reason="Mitsuba 3 is not installed (pip install -e '.[render]')")
    from PIL import Image

    from benchmarks.render import mitsuba_scene, post

    mitsuba_scene.choose_variant("scalar_rgb")
    desc = scene.describe(5)
    linear = mitsuba_scene.render(desc, FlatAssets(), spp=2, scale=0.08, threads=1)
    size = tuple(round(v * 0.08) for v in desc["camera"]["pose"]["size"])
    assert linear.shape[1] == round(size[0] * (1 + 2 * mitsuba_scene.MARGIN))
    assert np.isfinite(linear).all() and linear.mean() > 0.0
    jpeg = post.develop(
        linear, size, mitsuba_scene.illuminant(desc), desc["post"], mitsuba_scene.MARGIN
    )
    image = Image.open(io.BytesIO(jpeg))
    assert image.format == "JPEG" and image.size == size
    assert 20 < np.asarray(image).mean() < 235


def test_the_scene_taken_again_is_the_same_with_the_board_cleared():
    """``photo_render.py --lifted``: the same scene (camera, light, pieces, noise) with its
    cards lifted and its hand away."""
    from benchmarks import photo_render

    seed = next(s for s in range(3120, 3220) if scene.describe(s)["cards"])  # the 20th's final
    first, again = scene.describe(seed), photo_render.scene_of(seed, lifted=True)
    assert again["cards"] == [] and again["hand"] is None
    assert {k: v for k, v in again.items() if k not in ("cards", "hand")} == {
        k: v for k, v in first.items() if k not in ("cards", "hand")
    }
    assert photo_render.scene_of(seed) == first


def test_the_photos_taken_again_are_read_together(tmp_path, capsys):
    """``photo_render.py --again DIR``: each seed's photo, the same seed's taken again, and
    the two together, in a table (here the same photo twice: the same figures thrice)."""
    from benchmarks import photo_render

    first, again = (
        copy_cases(tmp_path / "first", "usa-1001"),
        copy_cases(tmp_path / "again", "usa-1001"),
    )
    photo_render.print_again(first, again, range(1001, 1002))
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("| ")]
    assert rows[0] == "| photos | read | flagged | wrong, not flagged |"
    figures = {r.split("|", 2)[2] for r in rows[1:]}
    assert len(rows) == 4 and len(figures) == 1 and " 1 of 1 " in figures.pop()


# ------------------------------------------------------------------ photo check --by


def copy_cases(folder: Path, *names: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        for suffix in (".jpg", ".json", ".case.json"):
            (folder / f"{name}{suffix}").write_bytes((REAL / f"{name}{suffix}").read_bytes())
    return folder


def test_check_by_groups_the_cases_by_their_details(tmp_path):
    folder = copy_cases(tmp_path, "usa-1001", "usa-1002")
    done = cli.trackwright("photo", "check", folder, "--json", "--by", "kind,tilt,paper+source")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out["by"]) == {"kind", "tilt", "paper+source"}
    for rows in out["by"].values():
        assert sum(r["cases"] for r in rows) == out["total"]["cases"]
        assert sum(r["spaces"] for r in rows) == out["total"]["spaces"]
        assert sum(r["wrong"] for r in rows) == out["total"]["wrong"]
    assert [r["group"] for r in out["by"]["paper+source"]] == ["poster / composited"]
    kinds = {r["group"] for r in out["by"]["kind"]}
    assert "matches" in kinds  # usa-1002: one kind, named by its words before a comma


def test_check_by_prints_a_table_per_breakdown(tmp_path):
    copy_cases(tmp_path, "usa-1001")
    done = cli.trackwright("photo", "check", tmp_path, "--by", "tilt,light")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    head = lines.index(next(line for line in lines if line.startswith("tilt ")))
    assert lines[head].split() == [
        "tilt", "photos", "found", "spaces", "right", "wrong", "flagged", "median", "s",
    ]  # fmt: skip
    assert lines[head + 1].startswith(
        cli_photo._tilt(cli_photo.case_details(tmp_path / "usa-1001.jpg"))
    )
    assert any(line.startswith("light ") for line in lines[head + 2 :])


def test_check_by_an_unknown_key_is_one_line(tmp_path: Path):
    done = cli.trackwright("photo", "check", REAL, "--by", "kind,colour")
    assert done.returncode == 2
    assert "'colour'" in done.stderr and "kind, pieces, light" in done.stderr
    assert done.stderr.count("\n") == 1


def test_no_lamp_glows_right_before_the_lens():
    """Seed 2863 put its warm lamp 76 mm in front of the phone's lens: a blurred glow over the
    frame, the board black, no board to find. A lamp is drawn again while it lies there; a seed
    whose first lamp is clear keeps its scene."""
    for seed in (2863, *range(2900, 2920)):
        desc = scene.describe(seed)
        lamp = desc["light"].get("lamp")
        if lamp is not None:
            at = scene.to_world(*lamp["centre"])
            assert not scene._before_lens(desc["camera"]["pose"], at, scene.LAMP_CLEAR), seed


def test_the_newest_llvm_is_the_one_dr_jit_is_given(tmp_path):
    """Debian 12 installs LLVM 15 beside Chromium, which stops Mitsuba's llvm variant on its
    first kernel: the render gives Dr.Jit the newest LLVM installed, by version, not by name,
    and none older than 19 (it then renders with scalar_rgb)."""
    from benchmarks.render import llvm

    for name in ("libLLVM-14.so.1", "libLLVM-15.so", "libLLVM.so.19.1", "libLLVM-20.so"):
        (tmp_path / name).touch()
    (tmp_path / "libLLVMSupport.a").touch()
    pattern = (str(tmp_path / "libLLVM*"),)
    assert llvm.newest_libllvm(pattern) == str(tmp_path / "libLLVM-20.so")
    (tmp_path / "libLLVM-20.so").unlink()
    assert llvm.newest_libllvm(pattern) == str(tmp_path / "libLLVM.so.19.1")
    (tmp_path / "libLLVM.so.19.1").unlink()
    assert llvm.newest_libllvm(pattern) is None
    assert llvm.newest_libllvm(pattern, minimum=15) == str(tmp_path / "libLLVM-15.so")
    assert all("i386" not in folder for folder in llvm.folders())
