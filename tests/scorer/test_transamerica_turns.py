"""The turn-by-turn entry of a TransAmerica round on the phone: the engine's own placement rules
(``replay_round``) say, after every track, whose turn it is and what breaks a rule."""

from __future__ import annotations

import pytest

from tests.support import simulate
from trackwright.core import transamerica as ta_model
from trackwright.play import bridge
from trackwright.scorer import transamerica as ta_engine


def draft_record(record, number, turns, hands=True):
    rnd = record["rounds"][number - 1]
    return {
        "game": "transamerica",
        "map": "usa",
        "players": record["players"],
        "rounds": record["rounds"][: number - 1],
        "x-draft": {
            "cities": rnd["cities"] if hands else {},
            "starts": rnd["starts"],
            "track": [e for t in turns for e in t["track"]],
            "turns": turns,
        },
    }


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("hands", [True, False])
def test_every_track_of_a_played_round_is_accepted_and_the_turns_pass_round(seed, hands):
    m = ta_model.load("usa")
    record = simulate.play_game(m, ["Ann", "Ben", "Cleo", "Dan"], seed=seed)
    for number, rnd in enumerate(record["rounds"][:2], start=1):
        turns = rnd["turns"]
        for k, turn in enumerate(turns):
            # Before the turn (the one before it ended, by a tap on "end turn" that begins an
            # empty one): it is this player's.
            ended = [*turns[:k], {"track": []}] if k else []
            state = bridge.ask("turn_state", draft_record(record, number, ended, hands), None)
            assert state["problem"] is None, state
            assert state["due"] == turn["player"]
            # Track by track within the turn.
            for j in range(1, len(turn["track"]) + 1):
                part = [*turns[:k], {"player": turn["player"], "track": turn["track"][:j]}]
                state = bridge.ask("turn_state", draft_record(record, number, part, hands), None)
                assert state["problem"] is None, state
                assert state["placed"] == sum(len(t["track"]) for t in turns[:k]) + j
        state = bridge.ask("turn_state", draft_record(record, number, turns, hands), None)
        # With the hands known, the engine sees the round end where the game recorded it; with
        # the cards still secret, it ends only once every track is placed (and play goes on).
        assert state["problem"] is None
        assert state["ended"] is (hands or state["placed"] == ta_engine.ORIGINAL.tracks)
        assert (state["due"] is None) is state["ended"]


def test_rules_broken_are_named_with_the_turn_and_its_track():
    m = ta_model.load("usa")
    record = simulate.play_game(m, ["Ann", "Ben", "Cleo"], seed=5)
    turns = record["rounds"][0]["turns"]
    wrong_player = [{"player": turns[1]["player"], "track": turns[0]["track"]}]
    state = bridge.ask("turn_state", draft_record(record, 1, wrong_player), None)
    assert state["problem"]["code"] == "turn" and state["problem"]["turn"] == 1
    assert "out of turn" in state["problem"]["message"]
    assert state["problem"]["reason"] == "out-of-turn"
    assert state["problem"]["reason_params"]["due"] == turns[0]["player"]
    far = next(e for e in m.edges if e.cost == 1 and m.nodes[e.a].x > 200 and m.nodes[e.a].y > 100)
    stray = [*turns[:3], {"player": turns[3]["player"], "track": [[far.a, far.b]]}]
    state = bridge.ask("turn_state", draft_record(record, 1, stray), None)
    assert state["problem"]["turn"] == 4 and state["problem"]["edges"] == [[far.a, far.b]]
    assert "does not touch" in state["problem"]["message"]
    assert state["problem"]["reason"] == "not-touching"
    assert state["problem"]["reason_params"]["a"] == far.a
