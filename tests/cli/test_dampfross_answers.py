"""``score dampfross --cheapest`` and ``--race`` at the table: the answer first and alone, in the
printed map's words (town names, hex labels as the board prints them, the route), the ledger
only with ``--ledger``; towns by name or number, hexes by label."""

from __future__ import annotations

import json

from tests.conftest import ROOT
from tests.support.cli import trackwright

GAME = ROOT / "templates" / "dampfross" / "examples" / "game.json"
LEDGER = "Dampfross ledger"


def score(*args: str):
    done = trackwright("score", "dampfross", str(GAME), *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cheapest_answers_first_with_town_names_and_the_route():
    out = score("--cheapest", "Cleo", "London", "--roll", "4")
    lines = out.splitlines()
    assert lines[0] == (
        "Cleo's cheapest line to London (R23): 7 building points and 0 to rivals, 7 steps."
    )
    assert lines[1] == "  Route: Bristol (K23) → L23 → M23 → N23 → O23 → P23 → Q23 → London (R23)"
    assert lines[2] == "  A roll of 4 gets to O23 (4 steps)."
    assert LEDGER not in out and len(lines) == 3


def test_cheapest_takes_a_town_number_or_a_printed_hex():
    by_number = score("--cheapest", "cleo", "56")  # London's number, the player in any case
    assert by_number.splitlines()[0].startswith("Cleo's cheapest line to London (R23):")
    to_hex = score("--cheapest", "Ann", "m19")
    assert to_hex.splitlines()[0].startswith("Ann's cheapest line to M19:")
    assert to_hex.splitlines()[1] == "  Route: N18 → N19 → M19"


def test_race_answers_first_naming_the_towns_and_each_route():
    out = score("--race", "Hull", "london")
    lines = out.splitlines()
    assert lines[0] == "Race 21 Hull → 56 London, fastest first:"
    assert lines[1] == "  Ann: 25 pips, 25 hexes, fares: Ben 10"
    assert lines[2].startswith("    Hull (Q10) → P10 → York (O10) → ")
    assert lines[2].endswith(" → London (R23)")
    assert [x.split(":")[0].strip() for x in lines[1::2]] == ["Ann", "Ben", "Cleo"]
    assert LEDGER not in out
    assert score("--race", "21", "56") == out


def test_the_ledger_only_when_asked_after_the_answer():
    out = score("--race", "21", "56", "--ledger")
    assert out.index("Race 21 Hull") < out.index(LEDGER)
    accounts = out[out.index(LEDGER) :]
    assert "M19" in accounts and "(3, 18)" not in accounts  # the ledger speaks labels too
    assert LEDGER in score()  # no question: the accounts, as ever


def test_json_gives_the_labels_beside_the_axial_hexes():
    data = json.loads(score("--cheapest", "Cleo", "London", "--race", "Hull", "London", "--json"))
    assert data["cheapest"]["route"][0] == "K23" and data["cheapest"]["hex"] == "R23"
    assert len(data["cheapest"]["route"]) == len(data["cheapest"]["path"])
    assert data["race"]["from_town"] == "Hull" and data["race"]["to"] == 56
    assert data["race"]["routes"]["Ann"]["labels"][-1] == "R23"


def test_a_place_that_is_not_on_the_map_is_one_line():
    done = trackwright("score", "dampfross", str(GAME), "--cheapest", "Ann", "Atlantis")
    assert done.returncode == 2 and done.stdout == ""
    assert "'Atlantis' is neither a town nor a hex of this map" in done.stderr
    assert done.stderr.count("\n") == 1
    done = trackwright("score", "dampfross", str(GAME), "--race", "Hull", "99")
    assert done.returncode == 2 and "'99' is not a town of this map" in done.stderr
