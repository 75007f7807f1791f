"""TransAmerica rules beyond the counting: the end of the game (the French minimum of two rounds,
the Italian preset without it), turn order, rounds that have not ended, and the two variants
of the French text (visible cards, blocking). The recorded games in tests/records/transamerica/
show each of them end to end; these tests check the parts."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from tests.support import simulate
from trackwright.cli import run
from trackwright.core import graphs
from trackwright.core import transamerica as model
from trackwright.core.errors import TrackwrightError
from trackwright.core.transamerica import edge_key
from trackwright.scorer import transamerica as ta
from trackwright.scorer.steiner import Graph, steiner_tree

RECORDS = ROOT / "tests" / "records" / "transamerica"
ANN = ["Ashford", "Harbury", "Oakridge", "Valemont", "Dovecote"]
BEN = ["Glenrock", "Kestrel", "Stonegate", "Castleford", "Kingsmoor"]


def score(path, *args: str, capsys) -> dict:
    capsys.readouterr()
    assert run(["score", "transamerica", str(path), "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------ the end of the game


def test_no_game_ends_after_round_one_by_the_french_texts(capsys):
    result = score(RECORDS / "ends-after-one-round.json", capsys=capsys)
    assert result["scores"] == {"Ann": 13, "Ben": 0} and result["game_over"] is False


def test_the_italian_preset_ends_the_game_after_round_one(capsys):
    """transamerica-it.txt, line 100: 'Il gioco termina non appena la locomotiva di almeno un
    giocatore attraversa la barriera': no minimum number of rounds."""
    result = score(RECORDS / "ends-after-one-round.json", "--rules", "italian", capsys=capsys)
    assert result["game_over"] is True and result["winners"] == ["Ann"]
    italian, original = model.rules("italian"), model.rules("original")
    assert italian.min_rounds == 1 and original.min_rounds == 2
    assert replace(italian, name="original", title=original.title, min_rounds=2) == original


@pytest.mark.parametrize(("min_rounds", "over"), [(2, False), (1, True)])
def test_the_minimum_applies_to_rounds_given_by_turns(min_rounds, over):
    """Ann misses 1 in the hand-derived round played turn by turn; from 1 point she lands on 0."""
    record = ta.load_record(RECORDS / "minimal-second-track-by-hand.json")
    rules = replace(ta.ORIGINAL, start_points=1, min_rounds=min_rounds)
    result = ta.score(record, rules)
    assert result.rounds[0].replay is not None and result.scores["Ann"] == 0
    assert result.game_over is over


# ------------------------------------------------------------------ turns and rounds


def test_first_player_passes_left():
    players = ("Ann", "Ben", "Cleo")
    assert [ta.first_player(players, k) for k in range(1, 6)] == [
        "Ann", "Ben", "Cleo", "Ann", "Ben",
    ]  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulated_games_play_in_turn_and_end(usa, players):
    names = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn"][:players]
    record = simulate.play_game(usa, names, 500 + players)
    for k, rnd in enumerate(record["rounds"], start=1):
        order = [t["player"] for t in rnd["turns"]]
        first = names.index(ta.first_player(tuple(names), k))
        assert order == [names[(first + i) % players] for i in range(len(order))]
    result = ta.score(ta.record_from_json(record))
    assert result.game_over and all(r.replay and r.replay.ended for r in result.rounds)


def test_the_recorded_simulated_games_are_what_the_simulator_plays(usa):
    for name, players, seed in (("usa-3-players", 3, 1000), ("usa-5-players-barrier", 5, 1003)):
        data = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
        names = ["Ann", "Ben", "Cleo", "Dev", "Eve"][:players]
        assert data["rounds"] == simulate.play_game(usa, names, seed)["rounds"]


def test_a_round_in_progress_is_shown_and_never_deducted():
    result = ta.score_file(RECORDS / "last-round-in-progress.json")
    last = result.rounds[-1]
    assert last.in_progress and last.replay is not None and not last.replay.ended
    assert any(m.points for m in last.missing.values())
    assert last.scores == result.rounds[0].scores == result.scores
    assert result.to_json()["rounds"][-1]["in_progress"] is True
    assert "in_progress" not in result.to_json()["rounds"][0]


# ------------------------------------------------------------------ visible cards


def test_visible_cards_pass_to_the_right_each_round():
    """Each player plays the cards of their left-hand neighbour: the next in seat order."""
    hands = {"Ann": ["a"], "Ben": ["b"], "Cleo": ["c"]}
    assert ta.rotated_hands(("Ann", "Ben", "Cleo"), hands) == {
        "Ann": ["b"], "Ben": ["c"], "Cleo": ["a"],
    }  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_visible_cards_last_as_many_rounds_as_players(usa, players):
    names = ["Ann", "Ben", "Cleo", "Dev"][:players]
    record = simulate.play_game(usa, names, 77, variant="visible-cards")
    assert len(record["rounds"]) == players
    result = ta.score(ta.record_from_json(record))
    assert result.game_over and len(result.rounds) == players
    best = max(result.scores.values())
    assert result.winners == tuple(p for p in names if result.scores[p] == best)
    for before, after in zip(result.rounds, result.rounds[1:], strict=False):
        assert after.hands == ta.rotated_hands(tuple(names), before.hands)


def test_visible_cards_with_the_barrier_as_an_option(usa):
    """By default the game lasts as many rounds as players whatever the scores; with the
    preset's visible_cards_barrier a locomotive past the barrier ends it early."""
    data = simulate.play_game(usa, ["Ann", "Ben", "Cleo"], 77, "visible-cards")
    low = replace(ta.ORIGINAL, start_points=1)
    result = ta.score(ta.record_from_json(data), low)
    assert len(result.rounds) == 3 and min(result.rounds[1].scores.values()) <= 0
    data["rounds"] = data["rounds"][:2]
    early = ta.score(ta.record_from_json(data), replace(low, visible_cards_barrier=True))
    assert early.game_over and min(early.scores.values()) <= early.threshold
    assert not ta.score(ta.record_from_json(data), low).game_over


# ------------------------------------------------------------------ blocking


def test_a_held_intersection_is_not_passed_through(minimal):
    """blocking-marker-in-the-way: Ben's cheapest completion ran through A3, where Ann's marker
    stands; the blocked count goes round it."""
    record = ta.load_record(RECORDS / "blocking-marker-in-the-way.json")
    rnd = record.rounds[0]
    board = ta.RoundBoard(minimal, {edge_key(*e) for e in rnd.track or ()})
    free = board.missing("G1", BEN)
    blocked = board.missing("G1", BEN, held={"A3"})
    assert (free.points, blocked.points) == (1, 2)
    assert ta.score(record).rounds[0].missing["Ben"] == blocked


def test_blocked_count_is_the_count_on_the_board_without_the_held_intersections(minimal):
    """Where no terminal is held and a way round exists, the blocked count equals an exact
    count on the lattice with the held intersections taken out."""
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        hand = simulate.deal(minimal, ["P"], rng)["P"]
        start = sorted(minimal.nodes)[int(rng.random() * len(minimal.nodes))]
        terminals = {start, *(minimal.city_by_name[c].node for c in hand)}
        held = {n for n in sorted(minimal.nodes) if rng.random() < 0.12} - terminals
        keys = sorted(minimal.edge_by_key)
        track = {keys[int(rng.random() * len(keys))] for _ in range(15)}
        edges = [
            (e.a, e.b, 0 if e.key in track else e.cost)
            for e in minimal.edges
            if e.a not in held and e.b not in held
        ]
        graph = Graph([n for n in minimal.nodes if n not in held], edges)
        try:
            plain = steiner_tree(graph, sorted(terminals))
        except ValueError:
            continue  # fenced in: no way round
        blocked = ta.RoundBoard(minimal, track).missing(start, hand, held)
        assert blocked.points == round(plain.cost)
        assert not {n for e in blocked.edges for n in e} & held
        checked += 1
    assert checked > 30


def test_a_held_city_is_reached_not_passed(minimal):
    """Ben's Kestrel (A7) under Ann's marker: his count ends there, it does not go on through."""
    free = ta.missing_track(minimal, set(), "G1", BEN)
    blocked = ta.missing_track(minimal, set(), "G1", BEN, held={"A7"})
    ends = [e for e in blocked.edges if "A7" in e]
    assert len(ends) == 1 and blocked.points >= free.points


def test_a_fenced_city_passes_as_few_held_intersections_as_it_must(minimal):
    """Ashford (A1) has two neighbours, A2 and B1; markers on both fence it in. The count then
    passes through one of them, never both."""
    free = ta.missing_track(minimal, set(), "C3", ANN)
    fenced = ta.missing_track(minimal, set(), "C3", ANN, held={"A2", "B1"})
    through = {n for e in fenced.edges for n in e} & {"A2", "B1"}
    assert len(through) == 1 and fenced.points >= free.points


def test_markers_belong_to_the_blocking_variant():
    data = json.loads((RECORDS / "blocking-marker-in-the-way.json").read_text(encoding="utf-8"))
    del data["variant"]
    with pytest.raises(TrackwrightError, match="markers: start markers move only in the blocking"):
        ta.record_from_json(data, base=RECORDS)


def test_a_marker_that_moves_away_can_end_the_round():
    """blocking-moving-away-opens-the-way: Ann's marker on B6 keeps Ben's Kestrel (A7) off his
    network; by the standard rules his C6-B6 (turn 11) ends the round, in the blocking variant
    it goes on until Ann moves her marker away (turn 12)."""
    data = json.loads(
        (RECORDS / "blocking-moving-away-opens-the-way.json").read_text(encoding="utf-8")
    )
    blocking = ta.score(ta.record_from_json(data, base=RECORDS)).rounds[0]
    assert blocking.replay is not None
    assert (blocking.replay.ended_on_turn, blocking.replay.completed_by) == (12, ("Ben",))
    assert blocking.starts == {"Ben": "G1", "Ann": "A5"}
    standard = dict(data, rounds=[dict(data["rounds"][0], turns=data["rounds"][0]["turns"][:11])])
    del standard["variant"]
    replay = ta.score(ta.record_from_json(standard, base=RECORDS)).rounds[0].replay
    assert replay is not None and (replay.ended_on_turn, replay.completed_by) == (11, ("Ben",))


# ------------------------------------------------------------------ a photo's unsure spaces


def test_unsure_spaces_joined_to_no_track_are_empty():
    """A track is joined to its start marker through track, so an unsure space (under a card,
    say) that no chain of unsure spaces joins to a track the photo shows holds none."""
    seen = [("A", "B")]
    unsure = [("C", "B"), ("C", "D"), ("X", "Y"), ("Z", "Y"), ("A", "B")]
    assert ta.unjoined_spaces(seen, unsure) == [("X", "Y"), ("Y", "Z")]
    assert ta.unjoined_spaces([], unsure[:2]) == [("B", "C"), ("C", "D")]
    assert ta.unjoined_spaces(seen, []) == []


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), radius=st.floats(20.0, 120.0), where=st.randoms())
def test_a_hidden_patch_never_empties_a_track(usa, seed, radius, where):
    """Simulated rounds, a patch of the board hidden (a card, a hand: every space within
    ``radius`` mm of a point): the spaces the rule empties hold no track, whenever each network
    keeps a track in sight; and every hidden space it leaves unsure is joined to a track seen."""
    rnd = simulate.play_round(usa, ["Ann", "Ben", "Cleo"], seed)
    track = {edge_key(a, b) for turn in rnd["turns"] for a, b in turn["track"]}
    x, y = where.uniform(0, usa.board_w), where.uniform(0, usa.board_h)

    def hidden(e) -> bool:
        a, b = usa.nodes[e.a], usa.nodes[e.b]
        return math.hypot((a.x + b.x) / 2 - x, (a.y + b.y) / 2 - y) < radius

    unsure = {edge_key(e.a, e.b) for e in usa.edges if hidden(e)}
    seen = track - unsure
    empty = set(ta.unjoined_spaces(seen, unsure))
    assert empty <= unsure
    networks = graphs.connected_components(graphs.undirected(track))
    if all(any(a in part for a, _b in seen) for part in networks):
        assert not empty & track
    parts = list(graphs.connected_components(graphs.undirected(seen | unsure)))
    for a, _b in unsure - empty:
        part = next(p for p in parts if a in p)
        assert any(c in part for c, _d in seen)
