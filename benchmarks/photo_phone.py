"""The phone's own reading of a folder of photo cases, beside the command line's: each photo
handed to the phone app's Photo button (headless Chromium at 360 x 740, not throttled: this
measures what it reads, not how fast), the review it draws compared with the case's truth space
by space, as ``trackwright photo check`` compares the command line's reading.

    python benchmarks/photo_phone.py DIR [--first SEED] [--count 100]

(``--first``: the final rendered set's first seed, benchmarks/photo_render.py FINAL_SEEDS.)

The page decodes and scales the photo with the browser's canvas and draws the board's picture
from its SVG, where the command line uses Pillow and the kit's drawing: the pixels differ a
little, so spaces near a threshold may go the other way. Printed: the totals of both readers
against the issue's targets, and the photos whose wrong spaces differ.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks, tests.support

# The photo just handed over read (the page's state says when none is being read), then what
# its review holds: the tracks found and the spaces to check (null: no review, a photo to take
# again).
READ = """async () => {
    const state = window.TW.taPhoto.state, pause = (ms) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 100 && !state.reading.size; i++) await pause(20);
    while (state.reading.size) await pause(50);
    const r = state.review;
    return r ? { track: r.track, unsure: r.unsure.map((u) => [u.a, u.b]) } : null;
}"""


def _outcome(case, answer: dict | None, seconds: float):
    from trackwright.cli import photo as photo_cli
    from trackwright.core.errors import TrackwrightError

    if answer is None:
        problem = TrackwrightError("the phone asked for the photo again", str(case.photo))
        return photo_cli.Outcome(case, seconds, problem=problem)
    read = [tuple(sorted(e)) for e in answer["track"]]
    unsure = [tuple(sorted(e)) for e in answer["unsure"]]
    return photo_cli.compared(case, read, unsure, seconds)


def phone_outcomes(cases: list) -> list:
    """Each case's photo read by the phone app (its TransAmerica round on the case's board)."""
    from playwright.sync_api import sync_playwright

    from benchmarks.served import ARGS, served_app

    outcomes = []
    with served_app() as (base, _folder), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(base)
        page.wait_for_selector("#create", timeout=120_000)
        page.evaluate("window.trackwright.ready")
        idle = "async () => { if (window.twIdle) await window.twIdle(); }"
        page.select_option("#new-game", "transamerica")
        page.evaluate(idle)
        page.select_option("#new-map", f"b:{cases[0].details['board']}")
        page.evaluate(idle)
        page.click("#create")
        page.wait_for_function("window.TW.taPhoto?.state.ready", timeout=300_000)
        for case in cases:
            if page.locator("#photo-cancel").count():
                page.click("#photo-cancel")
            started = time.perf_counter()
            page.set_input_files("#photo-input", str(case.photo))
            answer = page.evaluate(READ)
            outcomes.append(_outcome(case, answer, time.perf_counter() - started))
            print(f"{case.name}: phone {outcomes[-1].wrong} wrong", file=sys.stderr, flush=True)
        browser.close()
    return outcomes


def _row(name: str, phone: object, cli: object, target: str = "") -> None:
    print(f"| {name} | {phone} | {cli} | {target} |")


def main() -> None:
    from trackwright.cli import photo as photo_cli
    from trackwright.core.errors import TrackwrightError

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="a folder of photo cases")
    from benchmarks.photo_render import FINAL_SEEDS

    parser.add_argument("--first", type=int, default=FINAL_SEEDS.start)
    parser.add_argument("--count", type=int, default=len(FINAL_SEEDS))
    args = parser.parse_args()
    names = {f"usa-{seed}" for seed in range(args.first, args.first + args.count)}
    maps: dict = {}
    try:
        cases = [
            photo_cli.load_case(args.folder, p, maps)
            for p in photo_cli.case_photos(args.folder)
            if p.stem in names
        ]
    except TrackwrightError as exc:
        parser.exit(2, f"photo_phone.py: error: {exc.line()}\n")
    if not cases or len({c.details.get("board") for c in cases}) != 1:
        parser.error(f"{args.folder}: no photo cases of one board among usa-{args.first}...")
    phone = phone_outcomes(cases)
    cli = [photo_cli.judge(c) for c in cases]
    a, b = photo_cli.totals(phone), photo_cli.totals(cli)
    print("| | phone | CLI | target |\n|---|---|---|---|")
    _row("photos", a["cases"], b["cases"])
    _row("board found", a["boards_found"], b["boards_found"], "99 %")
    _row("track spaces judged", a["spaces"], b["spaces"])
    _row("wrong without a flag", a["wrong"], b["wrong"], "0")
    _row("flagged", f"{a['flagged_percent']:.2f} %", f"{b['flagged_percent']:.2f} %", "at most 1 %")
    print("\nwrong spaces, where the two differ:")
    for p, c in zip(phone, cli, strict=True):
        ours, theirs = sorted(p.missed + p.extra), sorted(c.missed + c.extra)
        if ours != theirs:
            print(f"  {p.case.name}: phone {ours or '-'}, CLI {theirs or '-'}")


if __name__ == "__main__":
    main()
