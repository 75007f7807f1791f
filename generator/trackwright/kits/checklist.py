"""A kit's one-page checklist and assembly guide, made from the documents the kit writes (so
its counts are right): each file, how many pages, how to print it (single- or double-sided,
at 100 %), what to cut, and what else the game needs.
"""

from __future__ import annotations

from collections.abc import Mapping

from trackwright.core.tiling import paper_size
from trackwright.kits.draw import fonts
from trackwright.kits.draw.ops import Document, Drawing, Group, Op, Style, Text, rect
from trackwright.kits.i18n import t

#: What a document is, by the start of its file name: its line's key in the strings, in the
#: order the checklist lists them: the duplex test first (it says how to print what has backs),
#: then the board's alternatives, then the rest.
KINDS = (
    ("duplex-test", "ck_duplex_test"),
    ("board", "ck_board"),
    ("map", "ck_board"),
    ("board-poster", "ck_poster"),
    ("map-poster", "ck_poster"),
    ("pieces", "ck_pieces"),
    ("cards", "ck_cards"),
    ("tiles", "ck_tiles"),
    ("tokens", "ck_tokens"),
    ("tracks", "ck_tracks"),
    ("hexsheets", "ck_hexsheets"),
    ("ledger", "ck_ledger"),
    ("races", "ck_races"),
    ("rules", "ck_rules"),
)
#: The kinds that are one board made three ways (tiled sheets, a poster, loose pieces): a kit
#: needs only one of them, and the checklist says so ("either ... or").
ALTERNATIVES = frozenset({"ck_board", "ck_poster", "ck_pieces"})


def _match(stem: str) -> int | None:
    """The index in KINDS of the longest prefix the stem starts with ("board-poster" is not a
    "board")."""
    found = [k for k, (prefix, _) in enumerate(KINDS) if stem.startswith(prefix)]
    return max(found, key=lambda k: len(KINDS[k][0])) if found else None


def kind(stem: str) -> str:
    k = _match(stem)
    return "ck_other" if k is None else KINDS[k][1]


def _order(stem: str) -> int:
    k = _match(stem)
    return len(KINDS) if k is None else k


def pieces(document: Document) -> int:
    """How many pieces (cards, tiles) the document holds: as it says, else the top-level groups
    of its front pages."""
    if document.pieces is not None:
        return document.pieces
    return sum(
        sum(isinstance(op, Group) for op in page.ops)
        for page in document.pages
        if page.name.endswith("_front")
    )


def sheet_names(document: Document, lang: str) -> str:
    """For a board tiled over sheets, the names its sheets carry (" sheet 1 ... to sheet 9",
    as each sheet prints its own); nothing for another document."""
    labels = [p.name.removeprefix("sheet_") for p in document.pages]
    labels = [label for label in labels if label.isdigit()]  # tiled sheets are numbered
    if len(labels) < 2:
        return ""
    first, last = (t("sheet_name", lang, label=label) for label in (labels[0], labels[-1]))
    return " " + t("ck_sheet_names", lang, first=first, last=last)


def two_sided(document: Document) -> bool:
    return any(page.name.endswith("_back") for page in document.pages)


def checklist_page(
    documents: Mapping[str, Document], paper: str, lang: str, game: str, duplex: str, needs: str
) -> Drawing:
    """The checklist: one row per file, then the things to have at hand (``needs``: the game's
    own words for them, in ``lang``)."""
    pw, ph = paper_size(paper)
    x, width = 15.0, pw - 30.0
    size, lead = 9.0, 9.0 * 0.3528 * 1.3
    ops: list[Op] = [Text(x, 22, t("ck_title", lang, game=game), size=16, bold=True)]
    y = 30.0
    for row in fonts.wrap(t("ck_intro", lang), size, width):
        ops.append(Text(x, y, row, size=size))
        y += lead
    y += 3
    stems = sorted(documents, key=_order)
    choices = [stem for stem in stems if kind(stem) in ALTERNATIVES]
    if len(choices) < 2:
        choices = []
    for stem in stems:
        document = documents[stem]
        if choices and stem == choices[0]:
            for row in fonts.wrap(t("ck_choose", lang), size, width):
                ops.append(Text(x, y, row, size=size, bold=True))
                y += lead
            y += 1.5
        word = ""
        if stem in choices:
            word = t("ck_either" if stem == choices[0] else "ck_or", lang) + " "
        pages = len(document.pages)
        double = two_sided(document) or stem.startswith("duplex-test")
        sheets = -(-pages // 2) if double else pages
        how = (
            t(
                "ck_double_test" if stem.startswith("duplex-test") else "ck_double",
                lang,
                edge=t(f"edge_{duplex}", lang),
            )
            if double
            else ""
            if kind(stem) == "ck_poster"
            else t("ck_single", lang)
        )
        what = t(kind(stem), lang, n=pieces(document), sheets=pages) + sheet_names(document, lang)
        if document.checklist:
            what += " " + document.checklist
        count = f"{pages} {t('ck_pages', lang) if pages > 1 else t('ck_page', lang)}"
        if double:
            count += f" ({t('ck_sheets', lang, n=sheets)})"
        head = f"{word}{stem}.pdf · {count}"
        ops.append(rect(x, y - 3.2, 3.4, 3.4, Style(width=0.3)))
        ops.append(Text(x + 6, y, head, size=size, bold=True))
        y += lead
        for row in fonts.wrap(f"{how} {what}".strip(), size, width - 6):
            ops.append(Text(x + 6, y, row, size=size))
            y += lead
        y += 1.5
    y += 2
    ops.append(Text(x, y, t("ck_needed", lang), size=size + 1, bold=True))
    y += lead * 1.1
    for row in fonts.wrap(needs, size, width):
        ops.append(Text(x, y, row, size=size))
        y += lead
    if y > ph - 12:
        raise ValueError(f"the {game} checklist does not fit one {paper} page")
    return Drawing("checklist", pw, ph, tuple(ops))
