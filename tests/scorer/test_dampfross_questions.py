"""What the phone's Dampfross page asks the engine (``Game.questions``) and the engine's helpers
behind the answers: a build's line drawn by taps (hex by hex, or the cheapest line to a tapped
town as far as the budget pays, in several places), its preview, what pays the next build, races
proposed and checked, the ledger in words. The page shows these answers and decides nothing."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from tests.scorer.test_dampfross import (
    ANN_ROUTE,
    CONSTRUCTION,
    MAP,
    NUM,
    RACE_C_TO_B,
    TOURNAMENT,
    H,
    build,
    race,
    record,
    row,
    skip,
)
from tests.support.dampfross_taps import Planner
from trackwright.core import hexgrid
from trackwright.core.errors import TrackwrightError
from trackwright.play import bridge
from trackwright.scorer import dampfross as df

EXAMPLE = ROOT / "tests" / "records" / "dampfross" / "example-england.json"


def example() -> dict:
    return json.loads(EXAMPLE.read_text("utf-8"))


def hexes(cells) -> tuple:
    return tuple(tuple(H(*c)) for c in cells)


# ------------------------------------------------------------------ the engine's state


def test_a_copied_state_is_independent_and_replays_the_same():
    state = df.score(record([*CONSTRUCTION, RACE_C_TO_B])).state
    copy = state.copy()
    assert vars(copy) == vars(state)
    copy.balances["Ann"] += 1
    copy.lines["Ann"][((0, 0), (0, 1))] = 99
    copy.network["Ben"].add((99, 99))
    copy.ledger.append(copy.ledger[0])
    copy.number_uses[11] += 1
    copy.acted.append("Ann")
    copy.race_pairs.add(frozenset())
    fresh = df.score(record([*CONSTRUCTION, RACE_C_TO_B])).state
    assert vars(state) == vars(fresh)


def test_every_payment_says_what_it_is_for_and_the_json_is_unchanged():
    result = df.score_file(EXAMPLE)
    kinds = Counter(t.kind for t in result.state.ledger)
    assert set(kinds) <= set(df.KINDS) and kinds["first"] and kinds["fare"] and kinds["entry"]
    for t in result.state.ledger:
        assert t.reason.startswith(
            {
                "build": "",
                "entry": "entering",
                "parallel": "line parallel",
                "first": "first to reach",
                "fare": "fare:",
                "winner": "winner",
                "second": "second",
            }[t.kind]
        )
        assert set(t.to_json()) == {"event", "from", "to", "amount", "reason"}
        if t.kind == "first":
            assert result.record.map.town_by_hex[t.hexes[0]].name in t.reason


# ------------------------------------------------------------------ what pays the next build


def test_what_pays_the_next_build():
    rec = record([])
    assert df.paying(rec, df.initial_state(rec)) == "roll"
    after = record([*CONSTRUCTION, RACE_C_TO_B])
    state = df.score(after).state
    assert df.paying(after, state) == "winnings"
    assert df.build_budget(after, state, "Ben", "winnings") == state.winnings["Ben"] > 0
    assert df.build_budget(after, state, "Ben", "roll", 4) == 4
    assert df.race_start(after, state) == NUM["B"]  # the next race starts where this one ended
    tour = record(
        [*TOURNAMENT, race({"Ben": [H(*c) for c in row(2, 0, 9)]}, ["Ben"], "C", "D")],
        mode="tournament",
    )
    state = df.score(tour).state
    assert df.paying(tour, state) is None  # a tournament builds only in its building turns
    assert df.race_start(tour, state) is None  # both towns rolled afresh


# ------------------------------------------------------------------ a build's line by taps


def test_a_line_tapped_hex_by_hex():
    rec = record([])
    state = df.initial_state(rec)

    def tap(parts, cell):
        return df.tap_line(rec, state, "Ann", parts, tuple(H(*cell)), "roll", 3)

    edit = tap([], (0, 0))  # on Ann's network: a part starts there
    assert edit.parts == (hexes([(0, 0)]),) and edit.reached and not edit.drawn
    edit = tap(edit.parts, (1, 0))
    edit = tap(edit.parts, (2, 0))
    assert edit.parts == (hexes(row(0, 0, 2)),)
    assert tap(edit.parts, (2, 0)).parts == (hexes(row(0, 0, 1)),)  # its end: taken back
    assert tap(edit.parts, (1, 0)).parts == (hexes(row(0, 0, 1)),)  # a hex of it: cut there
    with pytest.raises(TrackwrightError, match="not land"):
        tap(edit.parts, (20, 20))


def test_a_tap_on_a_town_draws_the_cheapest_line_as_far_as_the_roll_pays():
    rec = record([skip("Ann"), build("Ben", row(2, 0, 4), 4)])
    state = df.score(rec).state
    edit = df.tap_line(rec, state, "Cleo", [], tuple(H(4, 2)), "roll", 3)
    plan = df.cheapest_build(rec, state, "Cleo", "X", roll=3)
    assert edit.parts == (plan.reach,) and edit.town == "X" and edit.drawn
    whole = df.tap_line(rec, state, "Cleo", [], tuple(H(4, 2)), "roll", None)
    assert whole.parts == (plan.path,)  # no roll yet: the whole line
    # The line keeps the rules: the engine takes it as a build.
    event = {"type": "build", "player": "Cleo", "path": [list(h) for h in edit.parts[0]], "roll": 3}
    df.apply_event(rec, state, event, 3)


def test_a_roll_spent_in_two_places():
    rec = record(CONSTRUCTION[:3])  # Ann's line runs from A along row 0 to (6, 0)
    state = df.score(rec).state
    first = df.tap_line(rec, state, "Ann", [], tuple(H(6, 0)), "roll", 4)
    first = df.tap_line(rec, state, "Ann", first.parts, tuple(H(7, 0)), "roll", 4)
    # Another place: the second part is drawn to B from the network with the first part on it,
    # with what the roll has left.
    second = df.tap_line(rec, state, "Ann", [*first.parts, ()], tuple(H(9, 0)), "roll", 4)
    assert second.parts == (hexes(row(0, 6, 7)), hexes(row(0, 7, 9))) and second.town == "B"
    # A tap on the network starts a part there too.
    third = df.tap_line(rec, state, "Ann", first.parts, tuple(H(3, 0)), "roll", 4)
    assert third.parts == (hexes(row(0, 6, 7)), hexes([(3, 0)]))
    event = build("Ann", row(0, 6, 7), 4) | {"paths": [[list(h) for h in p] for p in second.parts]}
    del event["path"]
    preview = df.preview_build(rec, state, df.event_from_json(event))
    assert preview.error is None and preview.cost == 3 and preview.left == 1
    _new, result = df.apply_event(rec, state, event, 4)
    assert result.summary["cost"] == 3


def test_winnings_pay_the_payments_too_so_the_line_stops_sooner():
    rec = record([*CONSTRUCTION, RACE_C_TO_B])
    state = df.score(rec).state
    # Ben to (3, 1) from (4, 2): 1 die point and 1 for entering a hex of Ann's line.
    target = tuple(H(3, 1))
    assert df.line_to(rec, state, "Ben", target, 1, "roll")[-1] == target
    assert df.line_to(rec, state, "Ben", target, 1, "winnings")[-1] != target
    assert df.line_to(rec, state, "Ben", target, 2, "winnings")[-1] == target


def test_the_preview_is_the_engines_own_accounting():
    rec = record(CONSTRUCTION[:3])
    state = df.score(rec).state
    joins = df.event_from_json(CONSTRUCTION[3])  # Ann joins Ben's line: pays him 1
    p = df.preview_build(rec, state, joins)
    new, _ = df.apply_event(rec, state, CONSTRUCTION[3], 4)
    assert (p.cost, p.payments, p.budget, p.left, p.error) == (2, 1, 2, 0, None)
    assert p.balances == new.balances
    assert [(t.payer, t.payee, t.amount, t.kind) for t in p.money] == [("Ann", "Ben", 1, "entry")]
    too_far = df.event_from_json(build("Ann", [(6, 0), (6, 1), (7, 2), (8, 2)], 2))
    p = df.preview_build(rec, state, too_far)
    assert p.error is not None and "costs 3 points" in p.error
    assert p.cost == 3 and p.left == -1 and p.balances is None


# ------------------------------------------------------------------ races


def test_race_checks_are_the_races_own():
    rec = record([*CONSTRUCTION, RACE_C_TO_B])
    state = df.score(rec).state
    for first, to in ((NUM["C"], NUM["D"]), (NUM["B"], NUM["B"])):
        with pytest.raises(TrackwrightError) as asked:
            df.race_towns(rec, state, first, to, "race")
        bad = race({"Ann": ANN_ROUTE}, ["Ann"], first, to)
        with pytest.raises(TrackwrightError) as raced:
            df.apply_event(rec, state, bad, 9)
        assert asked.value.message == raced.value.message


def test_route_fares_are_what_the_race_charges():
    rec = record(CONSTRUCTION)
    state = df.score(rec).state
    a, b = tuple(H(0, 2)), tuple(H(9, 0))
    route = tuple(tuple(h) for h in ANN_ROUTE)
    assert df.route_fares(rec, state, ("Ann",), route, a, b) == {"Ben": 3}
    assert df.route_fares(rec, state, ("Ben",), route, a, b) == {"Ann": 8}
    assert df.route_pips(rec, route) == len(route) - 1  # no hill on the way
    with pytest.raises(TrackwrightError, match="own line"):
        df.route_fares(rec, state, ("Cleo",), route, a, b)


def test_a_route_edited_by_taps():
    start = tuple(H(0, 2))
    r = df.tap_route([], start, tuple(H(1, 2)))
    assert r == hexes([(0, 2), (1, 2)])
    r = df.tap_route(r, start, tuple(H(2, 2)))
    assert df.tap_route(r, start, tuple(H(2, 2))) == hexes([(0, 2), (1, 2)])
    assert df.tap_route(r, start, start) == (start,)
    with pytest.raises(TrackwrightError, match="tap the hexes in order"):
        df.tap_route(r, start, tuple(H(7, 0)))


def test_a_hex_is_named_by_its_nearest_town():
    assert df.nearest_town(MAP, tuple(H(4, 3))).name == "X"
    assert df.nearest_town(MAP, tuple(H(9, 1))).name in {"B", "D"}


# ------------------------------------------------------------------ the page's questions


def test_the_table_after_the_example_game():
    data = example()
    tb = bridge.ask("table", data, None)
    score = bridge.score_record(data)
    assert tb["next"] is None and tb["pays"] == "winnings"
    assert tb["race_from"] == data["events"][-2]["to"]  # the last race's end
    assert tb["winnings"] == {"Ann": 10, "Ben": 24, "Cleo": 6}
    assert len(tb["events"]) == len(score["events"])
    names = {
        t["name"]
        for t in json.loads(
            (ROOT / "templates/dampfross/maps/england.json").read_text(encoding="utf-8")
        )["towns"]
    }
    for mine, scored in zip(tb["events"], score["events"], strict=True):
        assert mine["balances"] == scored["balances"] and mine["type"] == scored["type"]
        money = [(m["from"], m["to"], m["amount"]) for m in mine["money"]]
        ledger = [
            (t["from"], t["to"], t["amount"])
            for t in score["ledger"]
            if t["event"] == mine["event"]
        ]
        assert money == ledger
        assert all(m["kind"] in df.KINDS for m in mine["money"])
        assert all(m["town"] in names for m in mine["money"] if m["town"] is not None)
        if mine["type"] == "build":
            assert set(mine["towns"]) <= names and (mine["near"] is None or mine["near"] in names)
    assert tb["events"][0]["towns"] == ["Hull"]
    # The game being built: Ann's turn first, paid with a roll.
    start = bridge.ask("table", {**data, "events": []}, None)
    assert (start["next"], start["pays"], start["race_from"]) == ("Ann", "roll", None)


def test_the_line_question_answers_as_the_engine():
    data = {**example(), "events": example()["events"][:10]}
    rec = df.record_from_json(data)
    state = df.score(rec).state
    oxford = list(rec.map.town_by_name["Oxford"].hex)
    got = bridge.ask(
        "line", data, {"player": "Ben", "paid_from": "roll", "roll": 4, "parts": [], "tap": oxford}
    )
    want = df.tap_line(rec, state, "Ben", [], tuple(oxford), "roll", 4)
    assert got == {
        "parts": [[list(h) for h in p] for p in want.parts],
        "town": "Oxford",
        "reached": False,
        "drawn": True,
        # Roll 4 stops short of Oxford: the words name the end's label and the town near it.
        "words": [
            {
                "steps": len(want.parts[0]) - 1,
                "towns": [],
                "hex": rec.map.label(want.parts[0][-1]),
                "near": "Oxford",
            }
        ],
    }
    # The page's x-draft does not count: the same answer with one.
    assert (
        bridge.ask(
            "line", {**data, "x-draft": {"parts": []}}, {"player": "Ben", "roll": 4, "tap": oxford}
        )
        == got
    )
    for bad in (
        {"player": "Nobody", "roll": 4, "tap": oxford},
        {"player": "Ben", "roll": 7, "tap": oxford},
        {"player": "Ben", "roll": 4, "tap": "here"},
        {"player": "Ben", "roll": 4, "paid_from": "luck", "tap": oxford},
    ):
        reply = json.loads(bridge.ask_text("line", json.dumps(data), json.dumps(bad)))
        assert "error" in reply


def test_a_line_ending_on_no_town_is_named_by_its_printed_label_and_nearest_town():
    # Hex by hex from Ann's start: the line's words carry the end's label and the town nearest
    # it, as the page shows them ("Line of 1 step to M19, near Worcester"); the page computes
    # nothing.
    data = {**example(), "events": []}
    rec = df.record_from_json(data)
    start = rec.starts["Ann"]
    step = next(h for h in hexgrid.neighbours(start) if h in rec.map.land)
    assert step not in rec.map.town_by_hex
    got = bridge.ask(
        "line", data, {"player": "Ann", "roll": 2, "parts": [[list(start)]], "tap": list(step)}
    )
    assert got["parts"] == [[list(start), list(step)]]
    assert got["words"] == [
        {
            "steps": 1,
            "towns": [],
            "hex": rec.map.label(step),
            "near": df.nearest_town(rec.map, step).name,
        }
    ]


def test_money_paid_builds_have_destinations_cut_to_the_money_left():
    # Between races, Ann's builds are paid from winnings: the lines a tap on a town draws are
    # tap_line's on an empty draft, cut to the winnings (payments to rivals spend them too).
    data = example()
    rec = df.record_from_json(data)
    checked = 0
    for n, e in enumerate(rec.events):
        if not isinstance(e, df.Build) or e.paid_from == "roll":
            continue
        part = {**data, "events": data["events"][:n]}
        state = df.score(df.record_from_json(part)).state
        got = bridge.ask("destinations", part, {"player": e.player, "paid_from": e.paid_from})
        assert got["paid_from"] == e.paid_from and got["roll"] is None
        assert got["lines"], n
        for x in got["lines"]:
            for town in x["towns"]:
                edit = df.tap_line(rec, state, e.player, [], tuple(town["hex"]), e.paid_from)
                assert edit.parts == (tuple(tuple(h) for h in x["line"]),), (n, town)
        checked += 1
    assert checked == 6
    # The cut is money-aware: at event 58 Ann's 26 of winnings pay rivals too, so the lines to
    # Exeter and Plymouth stop sooner than a roll of 26 points would draw them.
    part = df.record_from_json({**data, "events": data["events"][:57]})
    state = df.score(part).state
    budget = df.spending_budget(part, state, "Ann", "winnings")
    by_money = df.cheapest_builds(part, state, "Ann", None, "winnings")
    by_roll = df.cheapest_builds(part, state, "Ann", budget)
    assert budget == 26
    assert [k for k in by_money if by_money[k].reach != by_roll[k].reach] == ["Exeter", "Plymouth"]
    assert all(len(by_money[k].reach or ()) <= len(by_roll[k].reach or ()) for k in by_money)


def test_the_destinations_question_groups_the_towns_by_the_line_a_tap_draws():
    # Ben's network spans England at event 53: a roll of 4 draws twenty lines, each drawn by a
    # tap on any of its towns (the engine's own tap_line), the nearest town first.
    data = {**example(), "events": example()["events"][:52]}
    rec = df.record_from_json(data)
    state = df.score(rec).state
    got = bridge.ask("destinations", data, {"player": "Ben", "roll": 4})
    lines = got["lines"]
    assert got["roll"] == 4 and len(lines) == 20
    assert len({json.dumps(x["line"]) for x in lines}) == len(lines)
    firsts = [(x["towns"][0]["cost"], x["towns"][0]["name"]) for x in lines]
    assert firsts == sorted(firsts)
    for x in lines:
        assert [t["cost"] for t in x["towns"]] == sorted(t["cost"] for t in x["towns"])
        for town in x["towns"]:
            assert tuple(town["hex"]) not in state.network["Ben"]
            edit = df.tap_line(rec, state, "Ben", [], tuple(town["hex"]), "roll", 4)
            assert edit.parts == (tuple(tuple(h) for h in x["line"]),), town
    newcastle = next(x for x in lines if x["towns"][0]["name"] == "Newcastle")
    assert [t["name"] for t in newcastle["towns"]] == ["Newcastle"]
    for bad in (
        {"player": "Ben"},
        {"player": "Nobody", "roll": 4},
        {"player": "Ben", "roll": 0},
        {"player": "Ben", "paid_from": "luck"},
    ):
        reply = json.loads(bridge.ask_text("destinations", json.dumps(data), json.dumps(bad)))
        assert "error" in reply


def test_the_preview_question():
    data = {**example(), "events": example()["events"][:44]}
    event = example()["events"][44]  # Cleo enters a hex of Ben's: pays him 1
    p = bridge.ask("preview", data, {"event": event})
    assert p["error"] is None and p["cost"] == event["roll"] and p["left"] == 0
    entry = [m for m in p["money"] if m["kind"] == "entry"]
    assert entry == [
        {
            "from": "Cleo",
            "to": "Ben",
            "amount": 1,
            "kind": "entry",
            "town": "Worcester",
            "hex": "M19",  # the hex as the board prints it
        }
    ]
    after = bridge.score_record({**data, "events": example()["events"][:45]})
    assert p["balances"] == after["balances"] and p["towns"] == ["Birmingham"]
    reply = json.loads(
        bridge.ask_text(
            "preview", json.dumps(data), json.dumps({"event": {**event, "path": event["path"][:1]}})
        )
    )
    assert "too short" in reply["error"]


def test_the_race_question_proposes_the_recorded_routes_of_the_example():
    data = example()
    for k, event in enumerate(data["events"]):
        if event["type"] != "race":
            continue
        before = {**data, "events": data["events"][:k]}
        asked = bridge.ask("race", before, {"from": event["from"], "to": event["to"]})
        proposed = {p: r["route"] for p, r in asked["routes"].items() if r}
        assert proposed == event["routes"]
        # The routes as entered, priced: the fares the race charges.
        checked = bridge.ask(
            "race", before, {"from": event["from"], "to": event["to"], "routes": event["routes"]}
        )
        scored = bridge.score_record({**data, "events": data["events"][: k + 1]})["events"][k]
        for p, r in checked["routes"].items():
            assert [(f["to"], f["amount"]) for f in r["fares"]] == [
                (f["to"], f["amount"]) for f in scored["fares"][p]
            ]
    first = {**data, "events": data["events"][:56]}
    bad = bridge.ask("race", first, {"from": 32, "to": 45, "routes": {"Ann": [[0, 0], [1, 0]]}})
    assert "error" in bad["routes"]["Ann"]
    reply = json.loads(
        bridge.ask_text("race", json.dumps(data), json.dumps({"from": 11, "to": 12}))
    )
    assert "starts where the last one ended" in reply["error"]


def test_the_route_question():
    data = example()
    start = df.record_from_json(data).map.town_by_number[46].hex
    step = list(hexgrid.neighbours(start)[0])
    got = bridge.ask("route", data, {"from": 46, "route": [], "tap": step})
    assert got == {"route": [list(start), step]}
    reply = json.loads(
        bridge.ask_text("route", json.dumps(data), json.dumps({"from": 99, "tap": step}))
    )
    assert "not a town number" in reply["error"]


# ------------------------------------------------------------------ properties and the game


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(list("ABCDEFX")), st.integers(1, 6)), min_size=1, max_size=20
    )
)
def test_a_line_drawn_to_a_tapped_town_always_keeps_the_rules(moves):
    """Whatever town is tapped with whatever roll, the line the engine draws is a build it takes,
    paid by the roll, and one more step toward the town would cost more than the roll."""
    rec = record([])
    state = df.initial_state(rec)
    for n, (town, roll) in enumerate(moves, start=1):
        if state.phase != "construction":
            break
        player = df.next_turn(rec, state)
        target = MAP.town_by_name[town].hex
        edit = df.tap_line(rec, state, player, [], target, "roll", roll)
        line = edit.parts[-1]
        if len(line) < 2:
            event = skip(player, roll)
        else:
            event = {
                "type": "build",
                "player": player,
                "path": [list(h) for h in line],
                "roll": roll,
            }
            whole = df.line_to(rec, state, player, target)
            assert whole[: len(line)] == line
            spent = sum(rec.rules.step_cost(MAP, a, b) for a, b in itertools.pairwise(line))
            assert spent <= roll
            if len(whole) > len(line):
                assert (
                    spent + rec.rules.step_cost(MAP, whole[len(line) - 1], whole[len(line)]) > roll
                )
        state, _ = df.apply_event(rec, state, event, n)


@pytest.mark.slow  # about 12 s: the engine asked for every town at every build
def test_the_example_game_needs_no_line_tapped_hex_by_hex():
    """The benchmark's plan of the whole example game (tests/support/dampfross_taps.py): every
    build is the die's face, at most one town and confirm; every race its numbers, the places
    and recording it. The browser benchmark counts the same taps in the page."""
    plans = Planner(df.load_record(EXAMPLE)).plan()
    builds = [p for p in plans if p["type"] == "build"]
    races = [p for p in plans if p["type"] == "race"]
    assert len(builds) >= 40 and len(races) >= 6
    assert all(len(p["actions"]) <= 3 for p in builds)
    assert all(len(p["actions"]) <= 5 for p in races)
    assert sum(len(p["actions"]) for p in plans) <= 190
