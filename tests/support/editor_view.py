"""Aiming at the map editor's board in Chromium, for the editor tests and benchmarks/editor_page.py."""

from __future__ import annotations


def into_view(game: str) -> str:
    """A page function (for ``page.evaluate``) of board points in the editor's SVG coordinates
    (``[[x, y], ...]``) that brings them into view together, as a player would: the page scrolled
    to the board, the board's window scrolled to the points' middle. It returns where they then
    are on the screen, CSS px. ``game`` is the editor's prefix: ``ta`` (TransAmerica), ``ls``
    (La Strada)."""
    return f"""pts => {{
    const o = document.querySelector('#{game}-edit-overlay');
    const w = document.getElementById('{game}-edit-board');
    let r = w.getBoundingClientRect();
    if (r.top < 60 || r.bottom > window.innerHeight) window.scrollBy(0, r.top - 70);
    r = w.getBoundingClientRect();
    const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
    const x = (Math.min(...xs) + Math.max(...xs)) / 2, y = (Math.min(...ys) + Math.max(...ys)) / 2;
    let m = o.getScreenCTM();
    w.scrollLeft += x * m.a + m.e - (r.left + r.width / 2);
    w.scrollTop += y * m.d + m.f - (r.top + Math.min(r.height, window.innerHeight - r.top) / 2);
    m = o.getScreenCTM();
    return pts.map(([x, y]) => [x * m.a + m.e, y * m.d + m.f]);
}}"""


def press_through(pg, points, steps: int) -> None:
    """A mouse pressed at the first screen point, moved through the others (``steps`` straight
    moves from each to the next, as Playwright's ``mouse.move(..., steps=)`` makes them) and
    released: a stroke or a drag on the editor's board."""
    pg.mouse.move(*points[0])
    pg.mouse.down()
    for x, y in points[1:]:
        pg.mouse.move(x, y, steps=steps)
    pg.mouse.up()
