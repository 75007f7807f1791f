"""Every word in the chosen language: the command's score reports (Dampfross's ledger and answers
at the table too, in the phone app's own words), generate's status lines, analyse's tables and
histogram and TransAmerica's explanation pictures in French, German and Italian hold none of the
English words they used to; numbers are
written the language's way (one helper, ``trackwright.kits.i18n.number``) on every printed
page; German and Italian quotes are their own; the German kit calls the score track one name;
a La Strada game not ended names a leader, not a winner."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT
from tests.support.cli import trackwright
from trackwright.core import dampfross as df_model
from trackwright.core import transamerica as ta_model
from trackwright.kits.draw.ops import Group, Place, Text
from trackwright.kits.i18n import names, number, tables
from trackwright.scorer import transamerica as ta

TA_GAME = ROOT / "templates/transamerica/examples/game.json"
LS_RECORDS = ROOT / "tests/records/lastrada"
LS_OVER = LS_RECORDS / "example-standard.json"  # settlements only: the final position
LS_GOING = LS_RECORDS / "passing-to-save-days.json"  # turns, and the game goes on
OTHERS = ("fr", "de", "it")

#: English words the reports and pictures printed whatever the language (word by word, case
#: kept: German 'Start' and French 'Score' are their languages' words too).
TA_ENGLISH = (
    "Round",
    "tracks",
    "board",
    "Player",
    "Cities",
    "Lost",
    "Missing",
    "connected",
    "Game over",
    "win",
    "wins",
    "goes on",
    "completed",
    "fewer",
    "drawn",
    "the",
    "and",
)
LS_ENGLISH = (
    "Settlement",
    "Kind",
    "Merchants",
    "Gold each",
    "gold",
    "travel days",
    "reserve",
    "wins",
    "leads",
    "goes on",
    "next turn",
    "days",
    "Farm",
    "Hamlet",
    "City",
    "and",
)


def english_in(text: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def texts(ops) -> list[str]:
    """Every line of text a drawing's operations hold, groups and placed drawings included."""
    found: list[str] = []
    for op in ops:
        if isinstance(op, Text):
            found.append(op.text)
        elif isinstance(op, Group):
            found.extend(texts(op.ops))
        elif isinstance(op, Place):
            found.extend(texts(op.drawing.ops))
    return found


# ------------------------------------------------------------------ TransAmerica's score


@pytest.mark.parametrize("lang", OTHERS)
def test_the_transamerica_report_and_pictures_speak_the_language(lang, tmp_path):
    picture = tmp_path / "why.svg"  # as .png: one file a round too, drawn slower
    done = trackwright("score", "transamerica", TA_GAME, "--lang", lang, "--explain", picture)
    assert done.returncode == 0, done.stderr
    assert english_in(done.stdout, TA_ENGLISH) == [], done.stdout
    # The files it wrote, each named: not why.svg, which it never writes.
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["why-round1.svg", "why-round2.svg", "why-round3.svg"]
    last = done.stdout.strip().splitlines()[-1]
    assert f"{tmp_path / 'why-round1.svg'}, why-round2.svg, why-round3.svg" in last, last
    from trackwright.views.transamerica.explain import explanation

    record = ta.load_record(TA_GAME)
    document = explanation(record.map, ta.score(record), lang)
    board = set(texts(document.pages[0].ops[:1]))  # the printed board, placed
    for page in document.pages:
        said = [x for x in texts(page.ops) if x not in board]
        assert english_in(" | ".join(said), TA_ENGLISH) == [], said
    assert "TransAmerica" in document.title and "score" not in document.title


def test_the_transamerica_report_in_english_is_unchanged():
    done = trackwright("score", "transamerica", TA_GAME)
    assert "Round 1: " in done.stdout and "Game over. Ann and Dev win with 7 points." in done.stdout


# ------------------------------------------------------------------ La Strada's score


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("record", [LS_OVER, LS_GOING, LS_RECORDS / "rules-example-by-hand.json"])
def test_the_lastrada_report_speaks_the_language(lang, record):
    data = json.loads(record.read_text("utf-8"))
    ask = ["--reachable", data["players"][0]] if "turns" in data else []
    done = trackwright("score", "lastrada", record, "--lang", lang, *ask)
    assert done.returncode == 0, done.stderr
    assert english_in(done.stdout, LS_ENGLISH) == [], done.stdout


def test_a_lastrada_game_not_ended_names_a_leader():
    going = trackwright("score", "lastrada", LS_GOING).stdout
    assert "The game goes on; Ann leads." in going and "wins" not in going
    over = trackwright("score", "lastrada", LS_OVER).stdout
    assert over.strip().endswith("Cleo wins.")
    ended = trackwright("score", "lastrada", LS_RECORDS / "grey-cannot-reach-ends-the-game.json")
    assert ended.stdout.strip().endswith("grey wins.")
    shared = trackwright(
        "score", "lastrada", LS_RECORDS / "tie-shared-by-hand.json", "--lang", "fr"
    )
    assert " et " in shared.stdout and shared.stdout.strip().endswith("gagnent.")


# ------------------------------------------------------------------ numbers and words in the kits


def test_numbers_the_language_s_way():
    assert [number(690.0, lang) for lang in ("en", "fr")] == ["690", "690"]
    assert [number(26.84, lang) for lang in ("en", "fr", "de", "it")] == [
        "26.8",
        "26,8",
        "26,8",
        "26,8",
    ]
    assert number(-0.01, "de") == "0" and number(7.25, "it", 2) == "7,25"
    assert names(["Ann"], "de") == "Ann" and names(["Ann", "Bo", "Dev"], "it") == "Ann, Bo e Dev"


def kit_texts(lang: str) -> list[str]:
    """Every text of the TransAmerica and Dampfross kits' pages (the poster note and hex sheets
    print board sizes with decimals; the board, the average hand)."""
    from trackwright.kits.dampfross import kit as df_kit
    from trackwright.kits.transamerica import kit as ta_kit

    found: list[str] = []
    documents = {
        **ta_kit.documents(ta_model.load("usa"), ta_kit.KitOptions(lang=lang)),
        **df_kit.documents(df_model.load("england"), df_kit.KitOptions(lang=lang)),
    }
    for document in documents.values():
        for page in document.pages:
            found.extend(texts(page.ops))
    return found


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_printed_numbers_follow_the_language(lang):
    # Versions are not numbers, nor is the duplex test's --back-offset X,Y (0,0).
    said = [x.replace("0,0", "") for x in kit_texts(lang) if "trackwright" not in x]
    decimals = [x for x in said if re.search(r"\d[.,]\d", x)]
    other = "," if lang == "en" else "."
    assert decimals, "the kits print numbers with decimals"
    assert [x for x in decimals if re.search(rf"\d{re.escape(other)}\d", x)] == []
    dotted = [x for x in said if "2-3" in x and len(x) < 40]
    assert dotted and not [x for x in dotted if "✕" in x], dotted  # a card says it in words


def test_quotes_and_the_score_track_in_german_and_italian():
    every = tables()
    for table in every.values():
        for key, text in table.items():
            assert '"' not in text["de"] and '"' not in text["it"], key
            assert "Zählleiste" not in text["de"] and "percorso dei punti" not in text["it"], key
    german = " ".join(text["de"] for table in every.values() for text in table.values())
    assert "Wertungsleiste" in german and "„" in german


# ------------------------------------------------------------------ Dampfross's score

DF_GAME = ROOT / "templates/dampfross/examples/game.json"
DF_RECORDS = ROOT / "tests/records/dampfross"
#: English words of the ledger, its closing lines and the answers at the table.
DF_ENGLISH = (
    "ledger",
    "rules",
    "Event",
    "Transactions",
    "start capital",
    "builds",
    "passes",
    "bank",
    "first to reach",
    "entering",
    "beside",
    "fare",
    "winner",
    "second",
    "winnings",
    "account",
    "Races run",
    "Balances",
    "wins",
    "win",
    "Towns not reached",
    "cheapest line",
    "building points",
    "rivals",
    "steps",
    "Route",
    "A roll of",
    "gets to",
    "fastest first",
    "pips",
    "hexes",
    "fares",
    "no route",
    "near",
    "to",
    "of",
    "and",
    "the",
)
#: English words that are the language's own words too (French "second", "options").
SHARED = {"fr": {"second", "options", "intersections", "maximum"}}


def english(words: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The words that would be English in this language's text."""
    return tuple(w for w in words if w not in SHARED.get(lang, set()))


DF_ASK = ("--cheapest", "Cleo", "London", "--roll", "4", "--race", "Hull", "London", "--ledger")


def page_strings(lang: str) -> dict[str, str]:
    """The phone app's Dampfross texts in one language."""
    path = ROOT / "generator/trackwright/web/static/games/dampfross.strings.json"
    return json.loads(path.read_text("utf-8"))[lang]


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize(
    ("record", "ask"),
    [
        (DF_GAME, DF_ASK),
        (DF_RECORDS / "small-shared-win.json", ()),  # two winners
        (DF_RECORDS / "small-tournament-joint-line.json", ()),  # partners; towns not reached
        (DF_RECORDS / "small-lone-entrant-spends-winnings.json", ()),  # paid from winnings
        (DF_RECORDS / "small-partnership-race.json", ()),  # partners race as one company
    ],
)
def test_the_dampfross_ledger_and_answers_speak_the_language(lang, record, ask):
    done = trackwright("score", "dampfross", record, "--lang", lang, *ask, env={"COLUMNS": "250"})
    assert done.returncode == 0, done.stderr
    assert english_in(done.stdout, english(DF_ENGLISH, lang)) == [], done.stdout


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_the_dampfross_ledger_says_what_the_phone_says(lang):
    """Each payment and event in the phone app's own words (its strings, by the same codes):
    no text written twice."""
    page = page_strings(lang)
    done = trackwright("score", "dampfross", DF_GAME, "--lang", lang, env={"COLUMNS": "400"})
    first = page["df.money-first"].format(to="Ann", amount=5, town="Hull")
    entry = page["df.money-entry"].format(
        **{"from": "Ann", "to": "Ben", "amount": 1, "hex": "N7", "town": "Middlesbrough"}
    )
    built = page["df.led-build"].format(
        player="Ann", where=page["df.led-to"].format(towns="Hull"), paid="⚁ 2"
    )
    assert first in done.stdout and entry in done.stdout, done.stdout
    assert built.split(" · ")[0] in done.stdout
    assert "(3, 18)" not in done.stdout  # the printed labels, never axial coordinates


def test_the_dampfross_answers_in_french():
    done = trackwright("score", "dampfross", DF_GAME, "--lang", "fr", *DF_ASK[:-1])
    lines = done.stdout.splitlines()
    assert lines[0] == (
        "Ligne la moins chère de Cleo vers London (R23) : 7 points de construction et 0 aux "
        "adversaires, 7 cases."
    )
    assert lines[2] == "  Un jet de 4 mène à O23 (4 cases)."
    assert lines[3] == "Course 21 Hull → 56 London, la plus rapide d'abord :"
    assert lines[4] == "  Ann : 25 points de dé, 25 cases, péages : Ben 10"


# ------------------------------------------------------------------ status lines, analyse

#: English words of generate's status lines.
GEN_ENGLISH = (
    "wrote",
    "files",
    "to",
    "at true size",
    "prints on",
    "or larger",
    "trim",
    "crop marks",
    "random map",
    "seed",
    "the same",
    "options",
    "board layout",
)
#: English words of analyse's tables and histogram.
AN_ENGLISH = (
    "hands",
    "exact costs",
    "this board",
    "the original",
    "cheapest hand",
    "mean",
    "dearest hand",
    "double lines",
    "What each city",
    "region",
    "cities",
    "difference",
    "within",
    "outside",
    "band",
    "at most",
    "histogram",
    "green",
    "blue",
    "yellow",
    "red",
    "hand cost",
    "dashed",
    "black",
    "cost of every hand",
    "tracks",
    "intersections",
    "maximum",
    "try",
    "tries",
)


def decimals_with(text: str, mark: str) -> list[str]:
    return re.findall(rf"\d{re.escape(mark)}\d+", text)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", ["dampfross", "lastrada"])
def test_generate_s_status_lines_speak_the_language(lang, game, tmp_path):
    done = trackwright(
        "generate", game, "--seed", "3", "--lang", lang, "--format", "pdf", "--out", tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert english_in(done.stdout, english(GEN_ENGLISH, lang)) == [], done.stdout
    # Megabytes, seconds and the poster's millimetres: the language's decimal mark.
    assert decimals_with(done.stdout, ",") and not decimals_with(done.stdout, "."), done.stdout


def test_generate_s_status_lines_in_english_are_unchanged_but_for_numbers(tmp_path):
    done = trackwright("generate", "dampfross", "--seed", "3", "--format", "pdf", "--out", tmp_path)
    lines = done.stdout.splitlines()
    assert lines[0] == "random map, seed 3 (the same seed and options give the same map)"
    assert re.fullmatch(r"wrote 8 files \([\d.]+ MB\) to \S+ in [\d.]+ s", lines[1]), lines[1]
    assert "mm at true size, prints on A2 or larger (trim at the crop marks)" in lines[2]


@pytest.mark.parametrize("lang", OTHERS)
def test_a_built_board_s_balance_line_speaks_the_language(lang):
    from trackwright.cli.transamerica import _balance_line
    from trackwright.kits.transamerica import balance

    m = ta_model.load("usa")
    said = _balance_line(m, balance.analyse(m), 2, lang)
    assert english_in(said, english(AN_ENGLISH, lang)) == [], said
    assert "27,5" in said and not decimals_with(said, "."), said


@pytest.mark.parametrize("lang", OTHERS)
def test_analyse_speaks_the_language(lang, tmp_path):
    done = trackwright(
        "analyse", "transamerica", "usa", "--lang", lang, "--out", tmp_path, env={"COLUMNS": "200"}
    )
    assert done.returncode == 0, done.stderr
    assert english_in(done.stdout, english(AN_ENGLISH, lang)) == [], done.stdout
    assert "26,77" in done.stdout and not decimals_with(done.stdout, "."), done.stdout
    from trackwright.edit import hands
    from trackwright.kits.transamerica import balance
    from trackwright.views.transamerica import plots

    m = ta_model.load("usa")
    drawing = plots.histogram(balance.analyse(m), m.name, hands.Band(), lang)
    said = " | ".join(texts(drawing.ops))
    assert english_in(said, english(AN_ENGLISH, lang)) == [] and "27,5" in said, said


def test_analyse_in_english_is_unchanged_but_for_trailing_zeros(tmp_path):
    done = trackwright("analyse", "transamerica", "usa", "--out", tmp_path)
    assert "USA: 16807 hands, exact costs" in done.stdout
    assert "within the band (mean 26-29, maximum at most 38)" in done.stdout
    assert "Boston +2.2" in done.stdout and "27%" in done.stdout
