"""Where a hex map's hexes lie on a printed board, as data for the web page.

The page draws its tap targets from these numbers, made by the same geometry as the print
(:mod:`trackwright.core.hexgrid`), so it never repeats a formula. They live in the pure half
(:mod:`trackwright.core.boardplan`), where the phone makes a board plan of a map of its own
with them."""

from __future__ import annotations

from trackwright.core.boardplan import hex_places

__all__ = ["hex_places"]
