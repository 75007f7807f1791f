"""Printed text shared by every kit, in English, French, German and Italian, and the lookup.

Each game's own text lives with the game (``kits/<game>/strings.py``, made into a lookup with
:func:`translator`); only what every kit prints is here. Every key exists in every language (a
test checks every table, and that the bundled font has every glyph). Use ``t(key, lang, **values)``.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

from trackwright import kits

LANGS = ("en", "fr", "de", "it")

STRINGS: dict[str, dict[str, str]] = {
    "sheet": {
        "en": "Sheet",
        "fr": "Feuille",
        "de": "Blatt",
        "it": "Foglio",
    },
    "of": {
        "en": "of",
        "fr": "sur",
        "de": "von",
        "it": "di",
    },
    "cut": {
        "en": "cut",
        "fr": "couper",
        "de": "schneiden",
        "it": "tagliare",
    },
    "glue": {
        "en": "glue",
        "fr": "coller",
        "de": "kleben",
        "it": "incollare",
    },
    "scale_check": {
        "en": "Print at 100 % (actual size): this bar measures 50 mm.",
        "fr": "Imprimer à 100 % (taille réelle) : cette barre mesure 50 mm.",
        "de": "Mit 100 % drucken (Originalgröße): dieser Balken misst 50 mm.",
        "it": "Stampare al 100 % (dimensioni reali): questa barra misura 50 mm.",
    },
    "assembly": {
        "en": "Cut the left and top edges of each sheet along the dashed line, lay it on its neighbour so the crosses meet, glue.",
        "fr": "Découper les bords gauche et haut de chaque feuille le long du pointillé, la poser sur sa voisine en faisant coïncider les croix, coller.",
        "de": "Linken und oberen Rand jedes Blatts an der gestrichelten Linie abschneiden, auf das Nachbarblatt legen, bis sich die Kreuze decken, kleben.",
        "it": "Tagliare i bordi sinistro e superiore di ogni foglio lungo la linea tratteggiata, sovrapporlo al vicino facendo coincidere le croci, incollare.",
    },
    "map": {
        "en": "map",
        "fr": "carte",
        "de": "Karte",
        "it": "mappa",
    },
    "duplex_test": {
        "en": "Duplex test: print these two pages double-sided as you will print the cards, then hold the sheet against the light. Each back frame must lie on its front frame, and the arrows point the same way. If the back is upside down, print with the other --duplex setting (long or short edge); if the frames are shifted, your printer offsets its backs.",
        "fr": "Test recto verso : imprimer ces deux pages en recto verso comme les cartes, puis regarder la feuille à contre-jour. Chaque cadre du verso doit tomber sur son cadre du recto, flèches dans le même sens. Si le verso est à l'envers, utiliser l'autre réglage --duplex (bord long ou court) ; si les cadres sont décalés, l'imprimante décale ses versos.",
        "de": "Duplex-Test: diese zwei Seiten doppelseitig drucken wie die Karten, dann das Blatt gegen das Licht halten. Jeder Rückseitenrahmen muss auf seinem Vorderseitenrahmen liegen, die Pfeile gleich zeigen. Steht die Rückseite auf dem Kopf, die andere --duplex-Einstellung nehmen (lange oder kurze Kante); sind die Rahmen verschoben, versetzt der Drucker seine Rückseiten.",
        "it": "Test fronte-retro: stampare queste due pagine fronte-retro come le carte, poi guardare il foglio controluce. Ogni cornice del retro deve cadere sulla sua cornice del fronte, frecce nello stesso verso. Se il retro è capovolto, usare l'altra impostazione --duplex (lato lungo o corto); se le cornici sono spostate, la stampante sposta i retro.",
    },
    "front": {
        "en": "front",
        "fr": "recto",
        "de": "Vorderseite",
        "it": "fronte",
    },
    "back": {
        "en": "back",
        "fr": "verso",
        "de": "Rückseite",
        "it": "retro",
    },
    "version": {
        "en": "version",
        "fr": "version",
        "de": "Version",
        "it": "versione",
    },
    "seed": {
        "en": "seed",
        "fr": "graine",
        "de": "Startwert",
        "it": "seme",
    },
    "made_with": {
        "en": "made with trackwright {version}",
        "fr": "créé avec trackwright {version}",
        "de": "erstellt mit trackwright {version}",
        "it": "creato con trackwright {version}",
    },
    "duplex_long": {
        "en": "Backs follow each sheet: print double-sided, flip on the long edge.",
        "fr": "Les dos suivent chaque feuille : imprimer en recto verso, retourner sur le bord long.",
        "de": "Rückseiten folgen jedem Blatt: doppelseitig drucken, an der langen Kante wenden.",
        "it": "I retro seguono ogni foglio: stampare fronte-retro, capovolgere sul lato lungo.",
    },
    "duplex_short": {
        "en": "Backs follow each sheet: print double-sided, flip on the short edge.",
        "fr": "Les dos suivent chaque feuille : imprimer en recto verso, retourner sur le bord court.",
        "de": "Rückseiten folgen jedem Blatt: doppelseitig drucken, an der kurzen Kante wenden.",
        "it": "I retro seguono ogni foglio: stampare fronte-retro, capovolgere sul lato corto.",
    },
    "rules_preset": {
        "en": "rules: {name}",
        "fr": "règles : {name}",
        "de": "Regeln: {name}",
        "it": "regole: {name}",
    },
}

#: Small numbers as words, where the printed rules say "two spaces" or "one less".
WORDS: dict[str, tuple[str, ...]] = {
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    "fr": ("zéro", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
    "de": (
        "kein",
        "eines",
        "zwei",
        "drei",
        "vier",
        "fünf",
        "sechs",
        "sieben",
        "acht",
        "neun",
        "zehn",
    ),
    "it": (
        "nessuna",
        "uno",
        "due",
        "tre",
        "quattro",
        "cinque",
        "sei",
        "sette",
        "otto",
        "nove",
        "dieci",
    ),
}


def word(n: int, lang: str) -> str:
    """A small number as a word (digits from 11 on)."""
    words = WORDS[lang]
    return words[n] if 0 <= n < len(words) else str(n)


def translator(table: dict[str, dict[str, str]]) -> Callable[..., str]:
    """The lookup ``t(key, lang, **values)`` over a game's table and the shared one."""
    merged = {**STRINGS, **table}

    def t(key: str, lang: str, **values: object) -> str:
        """The text for key in lang, with {placeholders} filled in."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
        text = merged[key][lang]
        return text.format(**values) if values else text

    return t


t = translator({})


def tables() -> dict[str, dict[str, dict[str, str]]]:
    """Every table of printed text: the shared one and each kit's ``strings`` module."""
    found = {"shared": STRINGS}
    for info in pkgutil.iter_modules(kits.__path__, "trackwright.kits."):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{info.name}.strings")
        except ModuleNotFoundError as exc:
            if exc.name != f"{info.name}.strings":
                raise
            continue
        found[info.name.rsplit(".", 1)[1]] = module.STRINGS
    return found
