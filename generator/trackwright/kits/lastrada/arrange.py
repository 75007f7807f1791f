"""Lay out a La Strada board from a seed. The arrangement lives with the map model
(``trackwright.core.lastrada``), since a record's ``standard`` board is arranged there; the kit
and the CLI use it through this module."""

from __future__ import annotations

from trackwright.core.lastrada import (
    ARRANGER_VERSION,
    LETTERS,
    arrange,
    piece_cells,
    pieces_data,
)

__all__ = ["ARRANGER_VERSION", "LETTERS", "arrange", "piece_cells", "pieces_data"]
