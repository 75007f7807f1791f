"""Render a kit's documents to files in the requested formats (in memory, nothing written)."""

from __future__ import annotations

from pathlib import Path

from trackwright.core import progress
from trackwright.kits.draw.ops import Document
from trackwright.kits.draw.pdf import render_pdf
from trackwright.kits.draw.svg import render_svg


def render_documents(
    documents: dict[str, Document], formats: tuple[str, ...], out: Path
) -> dict[Path, bytes]:
    """``stem.pdf`` per document; ``stem.svg``, or ``stem-01.svg`` ... for several pages."""
    files: dict[Path, bytes] = {}
    for stem, document in documents.items():
        progress.report("progress.drawing", file=str(out / stem))
        if "pdf" in formats:
            files[out / f"{stem}.pdf"] = render_pdf(document)
        if "svg" in formats:
            for k, page in enumerate(document.pages):
                suffix = f"-{k + 1:02d}" if len(document.pages) > 1 else ""
                files[out / f"{stem}{suffix}.svg"] = render_svg(page, document.title)
    return files


def kit_files(
    documents: dict[str, Document], formats: tuple[str, ...], out: Path, map_json: bytes
) -> dict[Path, bytes]:
    """A kit's files: its documents in the chosen formats and its map file, ``map.json``."""
    files = render_documents(documents, formats, out)
    files[out / "map.json"] = map_json
    return files
