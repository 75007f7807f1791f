"""A photo benchmark no reader was tuned on: TransAmerica tables rendered physically with
Mitsuba 3, written as photo cases for ``trackwright photo check``.

    pip install -e '.[render]'        # Mitsuba 3 (and Dr.Jit); pdftoppm from poppler-utils
    python benchmarks/photo_render.py --out DIR [--first 1800] [--count 100] [--spp 32]
    python benchmarks/photo_render.py --describe SEED     # the scene of a seed, as JSON
    python benchmarks/photo_render.py --out LIFTED --lifted --again DIR   # the photo taken again
    trackwright photo check DIR --by kind,light,tilt

Each seed is one scene (``benchmarks/render/scene.py``: plain data, the same on any machine):
the kit's printed board (``trackwright generate transamerica``'s poster or A4/Letter sheets,
rasterised by pdftoppm) as paper with curl, waviness and creases, tiled sheets glued a little off
over their neighbours; a simulated round's track as pieces with their materials (the kit's
magenta strips folded along their length, dark painted wooden rails, matches with red heads,
paper strips in white, cream, kraft or a colour), start markers, the kit's city cards, often a
hand; a window's daylight (sometimes the sun), a warm lamp, or both, with a dim room light, the
phone's own shadow when a light is behind the player; a phone's camera (26 mm equivalent, f/1.8
thin lens, 1600 x 1200) tilted 0-35 degrees from straight down, then the phone's processing
(``benchmarks/render/post.py``: exposure, white balance, barrel distortion, vignetting, noise,
sharpening, JPEG 80-92).

Written per seed: ``usa-SEED.jpg``, its truth ``usa-SEED.json`` (the round as a game record)
and ``usa-SEED.case.json`` (``"source": "rendered"``, paper, pieces, light, and under
``x-scene`` the seed, tilt, height, kinds, hand, cards). A case already written is kept
(``--force`` renders it again). The rendered pixels of one seed may differ slightly across
Mitsuba builds and variants (Monte Carlo noise); the scene does not.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks.render, tests.support

from benchmarks.render import scene

DEV_SEEDS = range(0, 20)  # looked at while building this; never for tuning the reader
# The final set: rendered once the reader's thresholds and its second look were frozen (a
# thirtieth time; scorer/trackwright/photo/tracks.py says why): 4700-4799, then 4800-4899 in
# the same session, each read once.
FINAL_SEEDS = range(4700, 4900)
# Rendered for the second look to learn from (benchmarks/second_look.py), never a final set
# (4000-4099 before the twenty-seventh freeze).
LEARNING_SEEDS = range(4200, 4300)
# (1000-1199 was the third freeze's final set, 1200-1399 the fourth's, 1400-1599 the fifth's,
# 1600-1699 the sixth's, 1700-1799 the seventh's, 1800-1899 the eighth's, 1900-1999 the ninth's,
# 2120-2219 the tenth's, 2220-2319 the eleventh's, 2320-2419 the twelfth's, 2420-2519 the
# thirteenth's, 2520-2619 the fourteenth's, 2620-2719 the fifteenth's, 2720-2819 the
# sixteenth's, 2820-2919 the seventeenth's, 2920-3019 the eighteenth's, 3020-3119 the
# nineteenth's, 3120-3219 the twentieth's, 3220-3319 the twenty-first's, 3320-3419 the
# twenty-second's (read before it was frozen again), 3420-3519 the twenty-second's again,
# 3520-3619 the twenty-third's, 3620-3719 the twenty-fourth's, 3720-3819 the twenty-fifth's,
# 3820-3919 the twenty-sixth's, 4300-4499 the twenty-seventh's (4400-4499 read by the
# twenty-eighth too, reverted), 4500-4699 the twenty-ninth's: their figures were seen before
# this freeze, so they are no longer sets no one tuned on (the twenty-ninth's and thirtieth's
# gates were chosen on 3520-3819 and checked on 3820-3919, 4200-4299 and the 2D sets); the
# second look learns from 3520-3919, with LEARNING_SEEDS and 2D
# photos (benchmarks/photos.py, 10200-10239, 10300-10339, 20000-20119, classic
# 11200-11239, 11300-11339 and 21000-21079). The tuning seeds are 2000-2119; the twenty-first
# to twenty-sixth freezes' look learnt from them, from 3020-3219 and from 4000-4099.)


def pieces_named(desc: dict) -> list[str]:
    out = []
    for kind in desc["kinds"]:
        name = scene.KIND_NAMES[kind]
        if kind == "paper":
            name = f"{name}, {desc['paper_colour']}"
        out.append(name)
    return out


def details(desc: dict, seconds: float, variant: str, spp: int) -> dict:
    """The case file: how the photo was made."""
    cam, light = desc["camera"], desc["light"]
    notes = []
    if desc["hand"]:
        notes.append(f"a hand {desc['hand']['height']:.0f} mm over the board")
    if desc["cards"]:
        notes.append(f"{len(desc['cards'])} card(s) on the board")
    if desc["board"]["creases"]:
        notes.append(f"{len(desc['board']['creases'])} crease(s)")
    if light.get("lamp", {}).get("behind_player"):
        notes.append("the lamp behind the player (the phone's shadow)")
    if light.get("window", {}).get("sun"):
        notes.append("sunlight")
    return {
        "source": "rendered",
        "board": "usa",
        "paper": desc["board"]["paper"],
        "pieces": pieces_named(desc),
        "light": light["name"],
        "camera": "rendered: 26 mm equivalent, f/1.8, 1600 x 1200",
        "taken_by": f"benchmarks/photo_render.py, seed {desc['seed']} (Mitsuba 3 {variant}, {spp} spp; not a real photo)",
        "licence": "CC0-1.0",
        "notes": "; ".join(notes) or "nothing over the board",
        "x-scene": {
            "seed": desc["seed"],
            "version": desc["version"],
            "kind": desc["kinds"][0] if len(desc["kinds"]) == 1 else "mixed",
            "tilt": cam["tilt"],
            "height_mm": cam["pose"]["height"],
            "portrait": cam["pose"]["portrait"],
            "hand": desc["hand"] is not None,
            "cards": len(desc["cards"]),
            "render_seconds": round(seconds, 1),
        },
    }


def scene_of(seed: int, lifted: bool = False) -> dict:
    """The scene of ``seed`` (:func:`scene.describe`); ``lifted``: the same with its cards
    lifted and its hand away (the photo taken again once the board is cleared: the same
    camera, light, pieces and noise)."""
    desc = scene.describe(seed)
    return {**desc, "cards": [], "hand": None} if lifted else desc


def render_case(seed: int, out: Path, args: argparse.Namespace, assets) -> float:
    from benchmarks.render import mitsuba_scene, post

    desc = scene_of(seed, args.lifted)
    started, cpu = time.perf_counter(), time.process_time()
    linear = mitsuba_scene.render(desc, assets, args.spp, args.scale, args.threads)
    size = tuple(round(v * args.scale) for v in desc["camera"]["pose"]["size"])
    jpeg = post.develop(
        linear, size, mitsuba_scene.illuminant(desc), desc["post"], mitsuba_scene.MARGIN
    )
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    out.mkdir(parents=True, exist_ok=True)
    (out / f"usa-{seed}.jpg").write_bytes(jpeg)
    (out / f"usa-{seed}.json").write_text(json.dumps(desc["record"], indent=1) + "\n")
    case = details(desc, seconds, args.variant, args.spp)
    case["x-scene"]["render_cpu_seconds"] = round(cpu, 1)
    (out / f"usa-{seed}.case.json").write_text(json.dumps(case, indent=1) + "\n")
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="the folder of photo cases to write")
    parser.add_argument("--first", type=int, default=FINAL_SEEDS.start)
    parser.add_argument("--count", type=int, default=len(FINAL_SEEDS))
    parser.add_argument("--spp", type=int, default=24, help="samples per pixel")
    parser.add_argument("--scale", type=float, default=1.0, help="picture size (1: 1600 x 1200)")
    parser.add_argument(
        "--variant", default=None, help="Mitsuba variant (default: llvm_ad_rgb, else scalar_rgb)"
    )
    parser.add_argument("--threads", type=int, default=1, help="render threads (default 1)")
    parser.add_argument(
        "--assets", type=Path, default=Path(tempfile.gettempdir()) / "trackwright-render-assets"
    )
    parser.add_argument("--force", action="store_true", help="render cases already written again")
    parser.add_argument(
        "--lifted",
        action="store_true",
        help="render each scene with its cards lifted and its hand away (the same camera, light "
        "and pieces): the photo taken again once the board is cleared",
    )
    parser.add_argument(
        "--again",
        type=Path,
        default=None,
        metavar="DIR",
        help="then read each photo of DIR (the first), the same seed's of --out (taken again: "
        "rendered with --lifted), and the two together, and print their figures",
    )
    parser.add_argument(
        "--describe", type=int, default=None, metavar="SEED", help="print a seed's scene"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="then read the set's photos (those of --first and --count) and print the figures "
        "(markdown), in total and by piece kind, light and tilt",
    )
    args = parser.parse_args()
    if args.describe is not None:
        print(json.dumps(scene.describe(args.describe), indent=1))
        return
    if args.out is None:
        parser.error("--out DIR is needed")
    seeds = range(args.first, args.first + args.count)
    if args.again is not None and not any((args.again / f"usa-{s}.jpg").is_file() for s in seeds):
        parser.error(f"--again {args.again}: no photo usa-SEED.jpg of these seeds")
    render_all(args)
    if args.again is not None:
        print_again(args.again, args.out, seeds)
    if args.check:
        from trackwright.core.errors import TrackwrightError

        try:
            print_check(args.out, range(args.first, args.first + args.count))
        except TrackwrightError as exc:
            print(f"photo_render.py: error: {exc.line()}", file=sys.stderr)
            sys.exit(2)


def render_all(args: argparse.Namespace) -> None:
    """The set's photos not yet written, rendered (all of them with --force)."""
    from benchmarks.render import mitsuba_scene
    from benchmarks.render.assets import Assets

    args.variant = mitsuba_scene.choose_variant(args.variant)
    assets = Assets(args.assets)
    times = []
    for seed in range(args.first, args.first + args.count):
        if (args.out / f"usa-{seed}.case.json").exists() and not args.force:
            continue
        times.append(render_case(seed, args.out, args, assets))
        print(
            f"usa-{seed}: {times[-1]:.1f} s of CPU ({args.variant}, {args.spp} spp)",
            file=sys.stderr,
            flush=True,
        )
    if times:
        times.sort()
        print(
            f"{len(times)} photo(s), median {times[len(times) // 2]:.1f} s of CPU a photo",
            file=sys.stderr,
        )


#: The groups the rendered set is reported by (``trackwright photo check --by``'s keys): the
#: pieces in the photo (kit strips, matches, paper strips, wooden rails, alone or two kinds), the
#: light (warm lamp, window daylight, both) and the camera's tilt (0-10 degrees, 10-20, 20-30,
#: 30 degrees or more).
GROUPS = {"kind": "piece kind", "light": "light", "tilt": "tilt"}


def print_check(folder: Path, seeds: range) -> None:
    """The set's figures as ``trackwright photo check`` judges them: the totals against the
    issue's targets, then one table for each of piece kind, light and tilt."""
    from trackwright.cli import photo as photo_cli
    from trackwright.core.errors import TrackwrightError

    maps: dict = {}
    names = {f"usa-{seed}" for seed in seeds}
    found = [p for p in photo_cli.case_photos(folder) if p.stem in names]
    if not found:
        raise TrackwrightError.of("photo.case.empty", str(folder))
    outcomes = [photo_cli.judge(photo_cli.load_case(folder, p, maps)) for p in found]
    total = photo_cli.totals(outcomes)
    cases = max(total["cases"], 1)
    print("| | measured | target |\n|---|---|---|")
    print(f"| photos | {total['cases']} | |")
    print(f"| board found without help | {100 * total['boards_found'] / cases:.1f} % | 99 % |")
    print(f"| track spaces judged | {total['spaces']} | |")
    print(f"| wrong without a flag | {total['wrong']} | 0 |")
    print(f"| flagged | {total['flagged_percent']:.2f} % | at most 1 % |")
    print(f"| CLI seconds a photo, median | {total['seconds_median']:.2f} | under 3 |")
    for key, title in GROUPS.items():
        print(f"\n| {title} | photos | board found | spaces | wrong | flagged |")
        print("|---|---:|---:|---:|---:|---:|")
        for row in photo_cli.breakdown(outcomes, [key]):
            print(
                f"| {row['group']} | {row['cases']} | {row['boards_found']} | {row['spaces']} "
                f"| {row['wrong']} | {row['flagged_percent']:.2f} % |"
            )


AGAIN = ("the first photo", "taken again (cards lifted, no hand)", "the two read together")


def print_again(first: Path, again: Path, seeds: range) -> None:
    """Each seed's photo of ``first``, the same seed's of ``again``, and the two read together
    (``trackwright photo MAP FIRST AGAIN``), judged as ``trackwright photo check`` judges a
    case: a table of photos read, spaces flagged and wrong without a flag, and the wrong ones."""
    from trackwright.cli import photo as photo_cli
    from trackwright.core.errors import TrackwrightError
    from trackwright.photo import combine

    maps: dict = {}
    outcomes: dict[str, list] = {name: [] for name in AGAIN}
    for seed in seeds:
        pair = [folder / f"usa-{seed}.jpg" for folder in (first, again)]
        if not all(p.is_file() for p in pair):
            continue
        cases = [photo_cli.load_case(p.parent, p, maps) for p in pair]
        try:
            readings = [
                photo_cli.read_photo(c.map, c.photo.read_bytes(), str(c.photo), {}, settled=False)
                for c in cases
            ]
        except TrackwrightError as exc:
            for name in AGAIN:
                outcomes[name].append(photo_cli.Outcome(cases[0], problem=exc))
            continue
        settled = [r.settled() for r in readings] + [combine.combined(readings).settled()]
        for name, reading in zip(AGAIN, settled, strict=True):
            outcomes[name].append(photo_cli.compared(cases[0], reading.track, reading.uncertain, 0))
    print("| photos | read | flagged | wrong, not flagged |\n|---|---:|---:|---:|")
    for name, got in outcomes.items():
        total = photo_cli.totals(got)
        print(
            f"| {name} | {total['boards_found']} of {total['cases']} "
            f"| {total['flagged_percent']:.2f} % | {total['wrong']} |"
        )
    for name, got in outcomes.items():
        for o in got:
            for a, b in [*o.missed, *o.extra]:
                print(f"{name}: {o.case.photo.stem} {a}-{b}")


if __name__ == "__main__":
    main()
