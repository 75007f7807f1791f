"""Dampfross rules engine: the accounts of a game, exactly by the rules, from the map file.

``score`` applies a record's events (builds, passes and races) in order to a ``State`` and
returns the ledger: every transaction with its reason, the balances after each event, the phase
and the winners. Construction turns go round the table in seat order (the record's players);
a player who does not build records a pass. Each event is applied to a copy of the state, so an
illegal event changes nothing; it is reported naming the event. Rule numbers come from a preset
(``RuleSet``), never from branches.

Helpers for the table: ``cheapest_build`` (the cheapest line from a network to a town, and how
far a roll gets), ``race_route`` (an entrant's fastest legal race route and its fares), and for the
phone's page, which only shows what they decide: ``paying`` (what pays the next build),
``tap_line`` (a build's line drawn by taps: hex by hex, or the cheapest line to a tapped hex cut
to what the budget pays, in one or more places), ``preview_build`` (its cost, payments and the
budget left, before it is recorded), ``race_towns`` and ``tap_route``.
"""

from __future__ import annotations

import functools
import itertools
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, cast

from trackwright.core import dampfross as model
from trackwright.core import graphs, hexgrid, mapfile, messages
from trackwright.core.dampfross import DampfrossMap
from trackwright.core.errors import TrackwrightError
from trackwright.core.hexgrid import Hex

Segment = tuple[Hex, Hex]  # a built line between two hex centres, sorted
BANK = "bank"
RESERVED_NAMES = frozenset({BANK})  # names the ledger uses: no player may take them


def name_key(name: str) -> str:
    """When two names are one: equal after Unicode compatibility normalisation (NFKC), case
    folding and collapsing white space ("Zoë" composed or not, "ＡＮＮ" and "ann")."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


# ------------------------------------------------------------------ rule presets


RuleSet = model.DampfrossRules
PRESETS = tuple(model.PRESETS.names())


def _preset_text(name: str) -> str:
    return model.PRESETS.text(name)


def load_rules(ref: str = "epopee", base: Path | None = None) -> RuleSet:
    """A built-in preset (epopee, dampfross) or a preset file of one's own."""
    return model.rules(ref, base)


# ------------------------------------------------------------------ state and ledger


@dataclass(frozen=True)
class Transaction:
    event: int
    payer: str  # a player or "bank"
    payee: str
    amount: int
    reason: str
    # For the table (not in the JSON): what the payment is for, one of KINDS, and the hexes it
    # is about (the hex entered, the two ends of a parallel step, the town reached).
    kind: str = ""
    hexes: tuple[Hex, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "from": self.payer,
            "to": self.payee,
            "amount": self.amount,
            "reason": self.reason,
        }


@dataclass
class State:
    balances: dict[str, int]
    lines: dict[str, dict[Segment, int]]  # player -> segment -> event that built it
    network: dict[str, set[Hex]]  # hexes on each player's line (their start hex included)
    reached: set[Hex]  # town hexes reached by any line (start towns included)
    winnings: dict[str, int]  # what each player may still spend on building from race winnings
    phase: str = "construction"
    last_race_end: Hex | None = None
    races_run: int = 0
    number_uses: Counter = field(default_factory=Counter)
    winners: list[str] = field(default_factory=list)  # the game is over when there are any
    ledger: list[Transaction] = field(default_factory=list)
    round: int = 0  # construction rounds completed
    acted: list[str] = field(default_factory=list)  # who has had their turn in this round
    round_roll: int | None = None  # tournament: everyone's roll in this round
    window: tuple[str, ...] = ()  # tournament building turn: who may build, richest first
    window_next: int = 0  # the first place in ``window`` whose turn has not passed
    race_pairs: set[frozenset[Hex]] = field(default_factory=set)  # tournament: towns raced

    @property
    def winner(self) -> str | None:
        """The winner, or None while the game goes on or when the win is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    def owners(self, seg: Segment, exclude: str | Collection[str] = ()) -> list[str]:
        """Rivals (players not in ``exclude``) who built this segment, first builder first."""
        excluded = {exclude} if isinstance(exclude, str) else set(exclude)
        found = [
            (segs[seg], p) for p, segs in self.lines.items() if p not in excluded and seg in segs
        ]
        return [p for _built, p in sorted(found)]

    def pay(
        self,
        event: int,
        payer: str,
        payee: str,
        amount: int,
        reason: str,
        kind: str = "",
        hexes: tuple[Hex, ...] = (),
    ) -> None:
        if amount <= 0:
            return
        if payer != BANK:
            self.balances[payer] -= amount
        if payee != BANK:
            self.balances[payee] += amount
        self.ledger.append(Transaction(event, payer, payee, amount, reason, kind, hexes))

    def copy(self) -> State:
        """A copy to change without touching this one (hexes, segments and transactions are
        immutable, so only the containers are copied: far cheaper than ``copy.deepcopy``)."""
        return State(
            balances=dict(self.balances),
            lines={p: dict(segs) for p, segs in self.lines.items()},
            network={p: set(hexes) for p, hexes in self.network.items()},
            reached=set(self.reached),
            winnings=dict(self.winnings),
            phase=self.phase,
            last_race_end=self.last_race_end,
            races_run=self.races_run,
            number_uses=Counter(self.number_uses),
            winners=list(self.winners),
            ledger=list(self.ledger),
            round=self.round,
            acted=list(self.acted),
            round_roll=self.round_roll,
            window=self.window,
            window_next=self.window_next,
            race_pairs=set(self.race_pairs),
        )


Payment = tuple[str, int, str, str]  # (rival, amount, why, kind: "entry" or "parallel")


@dataclass(frozen=True)
class Step:
    a: Hex
    b: Hex
    cost: int
    payments: tuple[Payment, ...]


@dataclass(frozen=True)
class EventResult:
    number: int
    kind: str
    summary: dict[str, Any]
    balances: dict[str, int]


Line = tuple[Hex, ...]  # hex centres one after the other


Place = Callable[[Any], Hex]  # a record's hex reference ([q, r], "F7", a town) -> hex


def _axial(raw: Any) -> Hex:
    """A hex given as [q, r] (what a record without its map can read)."""
    if isinstance(raw, str | int):
        raise TrackwrightError.of("df.place.needs-map", "hex", raw=repr(raw))
    return raw[0], raw[1]


def hex_text(m: DampfrossMap, h: Hex) -> str:
    """A hex as the printed map shows it: its label, "F7" (the axial pair for a hex off the
    map's labelled rows)."""
    try:
        return m.label(h)
    except ValueError:
        return f"[{h[0]}, {h[1]}]"


def place_of(m: DampfrossMap, raw: Any, where: str = "record") -> Hex:
    """The hex a record or a question names: [q, r] (axial, as map files count), the label
    printed on the board ("F7"), a town's name or a town's number."""
    if isinstance(raw, list | tuple):
        return _axial(raw)
    if isinstance(raw, int) and not isinstance(raw, bool):
        town = m.town_by_number.get(raw)
        if town is None:
            raise TrackwrightError.of("df.place.no-number", where, raw=raw)
        return town.hex
    text = unicodedata.normalize("NFC", str(raw)).strip()
    town = m.town_by_name.get(text) or next(
        (t for t in m.towns if t.name.casefold() == text.casefold()), None
    )
    if town is not None:
        return town.hex
    h = m.hex_of_label(text)
    if h is None:
        raise TrackwrightError.of("df.place.unknown", where, text=repr(text[:40]))
    return h


def _path(raw: Any, place: Place = _axial) -> Line:
    return tuple(place(h) for h in raw)


@dataclass(frozen=True)
class Build:
    """A build event: the player's line, paid with a die roll (construction phase), from race
    winnings (race phase) or from the account (a tournament's building turn); with a partner, a
    tournament's joint line on both players' rolls."""

    kind: ClassVar[str] = "build"
    player: str
    paths: tuple[Line, ...]
    roll: int | None = None
    paid_from: str = "roll"  # roll, winnings, account
    partner: str | None = None


@dataclass(frozen=True)
class Pass:
    """A player's turn without a build (construction, or a tournament's building turn)."""

    kind: ClassVar[str] = "pass"
    player: str
    roll: int | None = None


@dataclass(frozen=True)
class Race:
    """A race event between two town numbers: each company's route and the finishing order."""

    kind: ClassVar[str] = "race"
    start: int  # "from"
    to: int
    routes: dict[str, Line]
    placing: tuple[str, ...]
    partners: tuple[tuple[str, ...], ...] = ()


Event = Build | Pass | Race


def event_from_json(
    raw: Mapping[str, Any], name: Callable[[str], str] | None = None, place: Place = _axial
) -> Event:
    """One schema-valid event of a record as its typed form; ``name`` spells each player's name
    as the record's players list does (``GameRecord.player_name``), ``place`` reads a hex
    (``place_of`` with the record's map: labels and towns too)."""
    n = name or (lambda x: x)
    if raw["type"] == "build":
        return Build(
            player=n(raw["player"]),
            paths=tuple(_path(p, place) for p in (raw.get("paths") or [raw["path"]])),
            roll=raw.get("roll"),
            paid_from=raw.get("paid_from", "roll"),
            partner=n(raw["partner"]) if "partner" in raw else None,
        )
    if raw["type"] == "pass":
        return Pass(player=n(raw["player"]), roll=raw.get("roll"))
    return Race(
        start=raw["from"],
        to=raw["to"],
        routes={n(p): _path(route, place) for p, route in raw["routes"].items()},
        placing=tuple(n(p) for p in raw["placing"]),
        partners=tuple(tuple(n(p) for p in pair) for pair in raw.get("partners", [])),
    )


@dataclass(frozen=True)
class GameRecord:
    map: DampfrossMap
    rules: RuleSet
    players: tuple[str, ...]
    starts: dict[str, Hex]
    events: tuple[Event, ...]
    mode: str = "standard"
    races: int | None = None
    source: str = "<record>"
    experienced: bool = False
    joint_lines: bool = False

    def player_name(self, name: str) -> str:
        """The players list's spelling of a name that is one with it (``name_key``); other
        names unchanged (NFC), to be refused as not a player."""
        for p in self.players:
            if name_key(p) == name_key(name):
                return p
        return unicodedata.normalize("NFC", name)

    def victory_total(self) -> int:
        return self.rules.victory_total(len(self.players), self.experienced)

    def event(self, raw: Mapping[str, Any], where: str = "event") -> Event:
        """An event in its JSON form read for this game: its players' spelling, its map's
        hexes (``place_of``)."""
        return event_from_json(
            raw, self.player_name, functools.partial(place_of, self.map, where=where)
        )


@dataclass(frozen=True)
class Result:
    record: GameRecord
    state: State
    events: tuple[EventResult, ...]

    def to_json(self) -> dict[str, Any]:
        s = self.state
        return {
            "rules": self.record.rules.name,
            "phase": s.phase,
            "balances": dict(s.balances),
            "winner": s.winner,
            "winners": list(s.winners),
            "game_over": bool(s.winners),
            "next_turn": next_turn(self.record, s),
            "races_run": s.races_run,
            "unreached_towns": sorted(
                t.name for t in self.record.map.towns if t.hex not in s.reached
            ),
            "ledger": [t.to_json() for t in s.ledger],
            "events": [
                {"event": e.number, "type": e.kind, **e.summary, "balances": e.balances}
                for e in self.events
            ],
        }


def _seg(a: Hex, b: Hex) -> Segment:
    return hexgrid.side(a, b)


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _points_said(n: int) -> dict[str, object]:
    """'1 point', '3 points' in an error's words."""
    return messages.part("df.points.one" if n == 1 else "df.points", n=n)


def _both(company: Sequence[str]) -> object:
    """A company's name in an error's words: 'Ann', or 'Ann and Bo'."""
    return messages.both(tuple(company))


def _commas(items: Sequence[object]) -> list[object]:
    """Names (or their parts) with ', ' between them, for an error's words."""
    out: list[object] = []
    for i, item in enumerate(items):
        out += [", ", item] if i else [item]
    return out


def _name(m: DampfrossMap, h: Hex) -> str:
    town = m.town_by_hex.get(h)
    return f"{town.name} ({hex_text(m, h)})" if town else hex_text(m, h)


# ------------------------------------------------------------------ building


def step_payments(
    m: DampfrossMap,
    rules: RuleSet,
    state: State,
    company: tuple[str, ...],
    a: Hex,
    b: Hex,
    on_line: Collection[Hex],
) -> list[Payment]:
    """What building from a to b owes rivals: entering a hex a rival uses (not a town, and not
    again where the builder's line already is), and a line parallel to a rival's (unless both
    ends are towns: the half of the step outside a town is parallel, whichever way it is drawn)."""
    payments: list[Payment] = []
    if b not in m.town_by_hex and b not in on_line:
        for rival in sorted(p for p in state.network if p not in company and b in state.network[p]):
            payments.append(
                (rival, rules.rival_entry, f"entering {hex_text(m, b)}, used by {rival}", "entry")
            )
    if a not in m.town_by_hex or b not in m.town_by_hex:
        for rival in state.owners(_seg(a, b), company):
            why = f"line parallel to {rival}'s from {_name(m, a)} to {_name(m, b)}"
            payments.append((rival, rules.parallel, why, "parallel"))
    return payments


def plan_steps(
    m: DampfrossMap,
    rules: RuleSet,
    state: State,
    player: str | tuple[str, ...],
    path: list[Hex],
    where: str,
) -> list[Step]:
    """Check one path of a build and price it: die points per step, payments to rivals. The
    builder is a player, or two partners building a joint line."""
    company = (player,) if isinstance(player, str) else player
    label = _both(company)
    on_line = set().union(*(state.network[p] for p in company))
    if path[0] not in on_line:
        raise TrackwrightError.of(
            "df.line.start" if len(company) == 1 else "df.line.start.joint",
            where,
            label=label,
            path=_name(m, path[0]),
        )
    steps: list[Step] = []
    mine = set().union(*(state.lines[p] for p in company))
    for a, b in itertools.pairwise(path):
        if b not in m.terrain:
            raise TrackwrightError.of("df.line.off-map", where, b=hex_text(m, b))
        if not hexgrid.are_neighbours(a, b):
            raise TrackwrightError.of("df.line.not-neighbours", where, a=_name(m, a), b=_name(m, b))
        if m.terrain[b] == "water":
            raise TrackwrightError.of("df.line.water", where, b=hex_text(m, b))
        seg = _seg(a, b)
        if seg in mine:
            raise TrackwrightError.of(
                "df.line.twice", where, label=label, a=_name(m, a), b=_name(m, b)
            )
        mine.add(seg)
        payments = step_payments(m, rules, state, company, a, b, on_line)
        on_line.add(b)
        steps.append(Step(a, b, rules.step_cost(m, a, b), tuple(payments)))
    return steps


def seat_order(record: GameRecord, state: State) -> list[str]:
    """This construction round's order: seat order from the first player; in a tournament each
    round begins with the next player ("commencent à jouer chacun leur tour au cours de rondes
    successives")."""
    players = list(record.players)
    k = state.round % len(players) if record.mode == "tournament" else 0
    return players[k:] + players[:k]


def next_turn(record: GameRecord, state: State) -> str | None:
    """Who builds (or passes) next: in the construction phase, and in a tournament's building
    turn (the first whose turn has not passed); None between races and when the game is over."""
    if state.winners:
        return None
    if state.phase == "construction":
        return next(p for p in seat_order(record, state) if p not in state.acted)
    if state.window_next < len(state.window):
        return state.window[state.window_next]
    return None


def _take_turn(
    record: GameRecord,
    state: State,
    player: str,
    roll: int | None,
    where: str,
    partner: str | None = None,
) -> None:
    """Check that it is the player's turn (and, in a tournament, the round's roll) and use it."""
    if state.phase == "construction":
        due = next_turn(record, state)
        if player != due:
            if player in state.acted:
                raise TrackwrightError.of("df.turn.played", where, player=player, due=due)
            raise TrackwrightError.of(
                "df.turn.out-of-order", where, due=due, seats=", ".join(seat_order(record, state))
            )
        if record.mode == "tournament" and roll is not None:
            if state.round_roll is not None and roll != state.round_roll:
                raise TrackwrightError.of(
                    "df.turn.roll", where, round_roll=state.round_roll, roll=roll
                )
            state.round_roll = roll
        state.acted += [p for p in (player, partner) if p is not None]
        if len(state.acted) == len(record.players):
            state.round += 1
            state.acted = []
            state.round_roll = None
        return
    # A tournament's building turn: the richest first.
    if player not in state.window:
        raise TrackwrightError.of(
            "df.build.not-window", where, tournament_build_every=record.rules.tournament_build_every
        )
    place = state.window.index(player)
    if place != state.window_next:
        due = state.window[state.window_next]
        whose = (
            messages.part("df.window.passed", player=player)
            if place < state.window_next
            else messages.part("df.window.due", due=due)
        )
        raise TrackwrightError.of(
            "df.window.out-of-turn", where, whose=whose, window=", ".join(state.window)
        )
    state.window_next = place + 1


def apply_pass(record: GameRecord, state: State, event: Pass, where: str) -> dict[str, Any]:
    if state.phase != "construction" and not state.window:
        raise TrackwrightError.of("df.pass.when", where)
    _take_turn(record, state, event.player, event.roll, where)
    return {"player": event.player, "roll": event.roll}


def _check_partner(record: GameRecord, state: State, player: str, partner: str, where: str) -> None:
    """A joint line: a tournament's option, with another player who has not had their turn."""
    if not (record.mode == "tournament" and record.joint_lines):
        raise TrackwrightError.of("df.joint.not-tournament", where)
    if partner not in record.players or partner == player:
        raise TrackwrightError.of("df.joint.partner", where, partner=repr(partner))
    if partner in state.acted:
        raise TrackwrightError.of("df.joint.partner-played", where, partner=partner)


def _construction_budget(record: GameRecord, state: State, event: Build, where: str) -> int:
    """A construction-phase build's budget (its roll, or a joint line's share of both rolls);
    the player's turn is taken."""
    paid_from, partner = event.paid_from, event.partner
    if paid_from == "winnings":
        raise TrackwrightError.of("df.pay.winnings-early", where)
    if paid_from == "account":
        raise TrackwrightError.of("df.pay.account-early", where)
    assert event.roll is not None  # the schema: a roll or "paid_from"
    budget = event.roll
    if partner is not None:
        _check_partner(record, state, event.player, partner, where)
        # Both rolls (the round's roll, twice), of which the share the rules give.
        budget = 2 * event.roll * record.rules.joint_line_percent // 100
    _take_turn(record, state, event.player, event.roll, where, partner)
    return budget


def _race_phase_budget(record: GameRecord, state: State, event: Build, where: str) -> int:
    """A race-phase build's budget (the winnings, or in a tournament's building turn a share
    of the account); a tournament's building turn is taken."""
    player, paid_from = event.player, event.paid_from
    tournament = record.mode == "tournament"
    if paid_from == "roll":
        how = "account" if tournament else "winnings"
        raise TrackwrightError.of("df.pay.construction-over", where, how=how)
    if event.partner is not None:
        raise TrackwrightError.of("df.joint.construction", where)
    if tournament:
        if paid_from == "winnings":
            raise TrackwrightError.of("df.pay.tournament-accounts", where)
        _take_turn(record, state, player, None, where)
    elif paid_from == "account":
        raise TrackwrightError.of("df.pay.account-not-tournament", where)
    return spending_budget(record, state, player, paid_from)


def _lay_paths(
    record: GameRecord,
    state: State,
    company: tuple[str, ...],
    paths: tuple[Line, ...],
    number: int,
    where: str,
) -> list[Step]:
    """Plan each path of a build and draw it for the company, so that the next path (or step)
    may start from it: the steps, in order."""
    all_steps: list[Step] = []
    for path in paths:
        steps = plan_steps(record.map, record.rules, state, company, list(path), where)
        for st in steps:
            for p in company:
                state.lines[p][_seg(st.a, st.b)] = number
                state.network[p].update((st.a, st.b))
        all_steps += steps
    return all_steps


def _check_affordable(
    rules: RuleSet, event: Build, total: int, owed: int, budget: int, where: str
) -> None:
    """The build's cost (and, paid from money, what it owes rivals) is within its budget."""
    player, partner = event.player, event.partner
    if event.paid_from == "roll":
        if total > budget:
            what = (
                messages.part("df.budget.rolls", label=_both((player, partner)))
                if partner
                else messages.part("df.budget.roll-is", player=player)
            )
            raise TrackwrightError.of(
                "df.budget.roll", where, total=_points_said(total), what=what, budget=budget
            )
    elif total + owed > budget:
        what = (
            messages.part("df.budget.winnings", player=player)
            if event.paid_from == "winnings"
            else messages.part(
                "df.budget.share", player=player, percent=rules.tournament_build_percent
            )
        )
        raise TrackwrightError.of(
            "df.budget.money", where, total=_points_said(total), owed=owed, what=what, budget=budget
        )


def _pay_for_build(state: State, number: int, event: Build, total: int, owed: int) -> None:
    """A build paid with money: its cost to the bank (from winnings, or from the account)."""
    player = event.player
    if event.paid_from == "winnings":
        state.winnings[player] -= total + owed
        why = f"{total} building points paid from winnings"
        state.pay(number, player, BANK, total, why, "build")
    elif event.paid_from == "account":
        why = f"{total} building points paid from the account"
        state.pay(number, player, BANK, total, why, "build")


def _pay_rivals_and_arrivals(
    record: GameRecord, state: State, number: int, company: tuple[str, ...], steps: list[Step]
) -> None:
    """What the company's steps owe rivals (entries, parallels) and the bank's prize for each
    town first reached, split between partners by their money before the build."""
    m, rules = record.map, record.rules
    before = dict(state.balances)
    for st in steps:
        for rival, amount, why, kind in st.payments:
            about = (st.b,) if kind == "entry" else (st.a, st.b)
            for p, share in split_cost(amount, company, before).items():
                state.pay(number, p, rival, share, why, kind, about)
        town = m.town_by_hex.get(st.b)
        if town and st.b not in state.reached:
            state.reached.add(st.b)
            for p, share in split_cost(rules.first_arrival, company, before).items():
                state.pay(number, BANK, p, share, f"first to reach {town.name}", "first", (st.b,))


def _build_summary(
    event: Build, budget: int, total: int, owed: int, steps: list[Step]
) -> dict[str, Any]:
    """A build's entry in the result: who, paid how, its budget, cost and steps."""
    summary: dict[str, Any] = {
        "player": event.player,
        "paid_from": event.paid_from,
        "budget": budget,
        "cost": total,
        "steps": [{"from": list(s.a), "to": list(s.b), "cost": s.cost} for s in steps],
    }
    if event.partner is not None:
        summary["partner"] = event.partner
    if event.paid_from != "roll":
        summary["payments"] = owed
    return summary


def apply_build(
    record: GameRecord, state: State, event: Build, number: int, where: str
) -> dict[str, Any]:
    m = record.map
    company = (event.player,) if event.partner is None else (event.player, event.partner)
    if state.phase == "construction":
        budget = _construction_budget(record, state, event, where)
    else:
        budget = _race_phase_budget(record, state, event, where)
    all_steps = _lay_paths(record, state, company, event.paths, number, where)
    total = sum(st.cost for st in all_steps)
    owed = sum(pay[1] for st in all_steps for pay in st.payments)
    _check_affordable(record.rules, event, total, owed, budget, where)
    _pay_for_build(state, number, event, total, owed)
    _pay_rivals_and_arrivals(record, state, number, company, all_steps)
    if state.phase == "construction" and all(t.hex in state.reached for t in m.towns):
        state.phase = "races"
    return _build_summary(event, budget, total, owed, all_steps)


# ------------------------------------------------------------------ races


def race_length(m: DampfrossMap, a: Hex, b: Hex) -> int:
    """Fewest hexes between two towns over land (the shortest possible race). The map check
    makes sure every town is reached over land from the others."""
    land = {h: [n for n in hexgrid.neighbours(h) if n in m.land] for h in m.land}
    return graphs.shortest_path_length(land, a, b)


def _companies(event: Race, players: tuple[str, ...], where: str) -> list[tuple[str, ...]]:
    partners = list(event.partners)
    seen: set[str] = set()
    for pair in partners:
        for p in pair:
            if p not in players:
                raise TrackwrightError.of("df.partner.not-player", where, p=repr(p))
            if p in seen:
                raise TrackwrightError.of("df.partner.twice", where, p=p)
            seen.add(p)
    companies = list(partners)
    for p in event.routes:
        if p not in seen:
            companies.append((p,))
    return companies


def split_cost(amount: int, members: tuple[str, ...], balances: dict[str, int]) -> dict[str, int]:
    """Partners share a payment; the richer pays the odd point (rules: A with 48 and B with 31
    owe 7: A pays 4, B pays 3)."""
    order = sorted(members, key=lambda p: (-balances[p], members.index(p)))
    share, odd = divmod(amount, len(members))
    return {p: share + (1 if i < odd else 0) for i, p in enumerate(order)}


def route_fares(
    record: GameRecord,
    state: State,
    company: tuple[str, ...],
    route: Line,
    start: Hex,
    end: Hex,
    where: str = "race",
) -> dict[str, int]:
    """Check a company's race route (from the first town to the second, long enough, along drawn
    lines, using part of its own line) and what it pays each rival whose line it runs on: one
    fare per hex, on the first builder's line, capped when the rules cap it."""
    m, rules = record.map, record.rules
    label = _both(company)
    if route[0] != start or route[-1] != end:
        raise TrackwrightError.of(
            "df.route.ends", where, label=label, start=_name(m, start), end=_name(m, end)
        )
    if len(route) - 1 < rules.race_min_hexes:
        raise TrackwrightError.of(
            "df.route.short",
            where,
            label=label,
            count=len(route) - 1,
            race_min_hexes=rules.race_min_hexes,
        )
    own = set().union(*(state.lines[p] for p in company))
    owed: Counter = Counter()
    uses_own = False
    for a, b in itertools.pairwise(route):
        seg = _seg(a, b)
        if not hexgrid.are_neighbours(a, b):
            raise TrackwrightError.of(
                "df.route.jumps", where, label=label, a=_name(m, a), b=_name(m, b)
            )
        if seg in own:
            uses_own = True
            continue
        owners = [p for p in state.owners(seg, "") if p not in company]
        if not owners:
            raise TrackwrightError.of(
                "df.route.off-lines", where, label=label, a=_name(m, a), b=_name(m, b)
            )
        owed[owners[0]] += rules.fare_per_hex
    if not uses_own:
        raise TrackwrightError.of("df.route.own-line", where, label=label)
    cap = rules.fare_cap
    return {rival: n if cap is None else min(n, cap) for rival, n in sorted(owed.items())}


def race_towns(
    record: GameRecord, state: State, first: int, to: int, where: str = "race"
) -> tuple[Hex, Hex, list[int]]:
    """Check that a race may run between two town numbers now (the phase, where the last race
    ended, the shortest race, a tournament's numbers and pairs): the two towns' hexes and the
    numbers this race rolls."""
    m, rules = record.map, record.rules
    if state.phase != "races":
        missing = sorted(t.name for t in m.towns if t.hex not in state.reached)
        raise TrackwrightError.of(
            "df.race.too-early",
            where,
            towns=", ".join(missing[:5]) + (" ..." if len(missing) > 5 else ""),
        )
    for number in (first, to):
        if number not in m.town_by_number:
            raise TrackwrightError.of("df.race.not-number", where, number=number)
    start, end = m.town_by_number[first].hex, m.town_by_number[to].hex
    tournament = record.mode == "tournament"
    if not tournament and state.last_race_end is not None and start != state.last_race_end:
        raise TrackwrightError.of(
            "df.race.start", where, last_race_end=_name(m, state.last_race_end)
        )
    if start == end:
        raise TrackwrightError.of("df.race.same-town", where)
    apart = race_length(m, start, end)
    if apart < rules.race_min_hexes:
        raise TrackwrightError.of(
            "df.race.close",
            where,
            name=m.town_by_hex[start].name,
            name2=m.town_by_hex[end].name,
            apart=apart,
            race_min_hexes=rules.race_min_hexes,
        )
    # Numbers rolled for this race: both for the first race, then only the new destination; in
    # a tournament both, every race ("chacun entre un couple de villes différent").
    rolled = [to] if state.races_run and not tournament else [first, to]
    if tournament:
        limit = 2 if record.races == 36 else 1
        for n in sorted(set(rolled)):
            if state.number_uses[n] + rolled.count(n) > limit:
                raise TrackwrightError.of("df.race.number-used", where, n=n, limit=limit)
        if frozenset((start, end)) in state.race_pairs:
            raise TrackwrightError.of(
                "df.race.pair-run",
                where,
                name=m.town_by_hex[start].name,
                name2=m.town_by_hex[end].name,
            )
    return start, end, rolled


def _race_places(
    event: Race, players: tuple[str, ...], companies: list[tuple[str, ...]], where: str
) -> list[tuple[str, ...]]:
    """The companies in finishing order, checked: every entrant a player, every company with a
    route, and each placed."""
    for p in (p for c in companies for p in c):
        if p not in players:
            raise TrackwrightError.of("df.race.not-player", where, p=repr(p))
    for c in companies:
        if not any(p in event.routes for p in c):
            raise TrackwrightError.of("df.race.no-route", where, c=_both(c))
    company_of = {p: c for c in companies for p in c}
    places: list[tuple[str, ...]] = []
    for p in event.placing:
        if p not in company_of:
            raise TrackwrightError.of("df.race.placed-not-entered", where, p=repr(p))
        if company_of[p] not in places:
            places.append(company_of[p])
    if len(places) != len(companies):
        absent = [_both(c) for c in companies if c not in places]
        raise TrackwrightError.of("df.race.no-place", where, absent=_commas(absent))
    return places


def _pay_fares(
    record: GameRecord,
    rules: RuleSet,
    state: State,
    event: Race,
    companies: list[tuple[str, ...]],
    ends: tuple[Hex, Hex],
    number: int,
    where: str,
) -> tuple[dict[str, list[dict[str, Any]]], Counter]:
    """Each company pays the fares of its route to the rivals whose lines it runs on: the fares
    by company, and what each player received."""
    start, end = ends
    fares: dict[str, list[dict[str, Any]]] = {}
    received: Counter = Counter()  # fares paid to each player in this race
    for company in companies:
        route_owner = next(p for p in company if p in event.routes)
        route = event.routes[route_owner]
        label = " and ".join(company)
        fares[label] = []
        for rival, amount in route_fares(record, state, company, route, start, end, where).items():
            shares = split_cost(amount, company, state.balances)
            for p, share in shares.items():
                state.pay(
                    number,
                    p,
                    rival,
                    share,
                    f"fare: {amount // rules.fare_per_hex} hexes on "
                    f"{rival}'s line, race {event.start}-{event.to}",
                    "fare",
                    (start, end),
                )
            received[rival] += amount
            fares[label].append({"to": rival, "amount": amount, "shares": shares})
    return fares, received


def _award_prizes(
    rules: RuleSet,
    state: State,
    event: Race,
    places: list[tuple[str, ...]],
    ends: tuple[Hex, Hex],
    number: int,
) -> tuple[list[dict[str, Any]], Counter]:
    """The bank pays the prizes in finishing order (one prize when one company ran): the
    prizes awarded, and what each player won."""
    prizes = [rules.lone_prize] if len(places) == 1 else list(rules.prizes)
    awarded: list[dict[str, Any]] = []
    won: Counter = Counter()
    for company, prize in zip(places, prizes, strict=False):
        shares = split_cost(prize, company, state.balances)
        for p, share in shares.items():
            place = "winner" if not awarded else "second"
            why = f"{place} of race {event.start}-{event.to}"
            state.pay(number, BANK, p, share, why, place, ends)
            won[p] += share
        awarded.append({"company": list(company), "prize": prize})
    return awarded, won


def _after_race(
    record: GameRecord, rules: RuleSet, state: State, ends: tuple[Hex, Hex], rolled: list[int]
) -> None:
    """Where the next race starts, the numbers used, and in a tournament the pair run and
    whether a building turn follows (the richest first)."""
    state.last_race_end = ends[1]
    state.races_run += 1
    state.number_uses.update(rolled)
    state.window, state.window_next = (), 0
    if record.mode != "tournament":
        return
    state.race_pairs.add(frozenset(ends))
    if state.races_run % rules.tournament_build_every == 0 and state.races_run < (
        record.races or rules.tournament_races[0]
    ):
        # A building turn: each may spend a share of their money, the richest first.
        state.window = tuple(
            sorted(record.players, key=lambda p: (-state.balances[p], record.players.index(p)))
        )


def apply_race(
    m: DampfrossMap,
    rules: RuleSet,
    state: State,
    event: Race,
    number: int,
    record: GameRecord,
    where: str,
) -> dict[str, Any]:
    start, end, rolled = race_towns(record, state, event.start, event.to, where)
    companies = _companies(event, record.players, where)
    places = _race_places(event, record.players, companies, where)
    ends = (start, end)
    fares, received = _pay_fares(record, rules, state, event, companies, ends, number, where)
    order = sorted(companies, key=lambda c: -sum(state.balances[p] for p in c))
    awarded, won = _award_prizes(rules, state, event, places, ends, number)
    # What each player may spend on building until the next race: this race's prize and the
    # fares rivals paid them.
    for p in record.players:
        state.winnings[p] = won[p] + received[p]
    _after_race(record, rules, state, ends, rolled)
    return {
        "from": event.start,
        "to": event.to,
        "from_town": m.town_by_hex[start].name,
        "to_town": m.town_by_hex[end].name,
        "order": [" and ".join(c) for c in order],
        "fares": fares,
        "prizes": awarded,
    }


# ------------------------------------------------------------------ the game


def load_record(path: Path) -> GameRecord:
    return record_from_json(mapfile.read_json(path), str(path), base=path.parent)


def _players_from_json(data: Any, where: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """The record's players (NFC) and each one's place by name key, checked: no blank,
    reserved or repeated names."""
    players = tuple(unicodedata.normalize("NFC", p) for p in data["players"])
    keys: dict[str, int] = {}
    for i, p in enumerate(players):
        key = name_key(p)
        if not key:
            raise TrackwrightError.of("df.players.blank", f"{where}: $.players[{i}]")
        if key in RESERVED_NAMES:
            raise TrackwrightError.of("df.players.bank", f"{where}: $.players[{i}]", p=repr(p))
        if key in keys:
            raise TrackwrightError.of(
                "df.players.same",
                f"{where}: $.players[{i}]",
                p=repr(p),
                other=repr(players[keys[key]]),
            )
        keys[key] = i
    return players, keys


def _spelled(players: tuple[str, ...], keys: dict[str, int], name: str) -> str:
    """A name as the players list spells it (any other name in NFC)."""
    i = keys.get(name_key(name))
    return players[i] if i is not None else unicodedata.normalize("NFC", name)


def _start_hex(m: DampfrossMap, player: str, raw: Any, where: str) -> Hex:
    """A player's start hex: a town (a sea port, on a map whose players start from ports),
    given as [q, r], its printed label, its name or its number."""
    h = place_of(m, raw, f"{where}: $.starts")
    town = m.town_by_hex.get(h)
    if town is None:
        raise TrackwrightError.of(
            "df.start.not-town", f"{where}: $.starts", player=player, h=hex_text(m, h)
        )
    if m.start == "port" and town.name not in m.ports:
        raise TrackwrightError.of(
            "df.start.not-port", f"{where}: $.starts", player=player, name=town.name
        )
    return h


def _starts_from_json(
    data: Any,
    m: DampfrossMap,
    players: tuple[str, ...],
    player_name: Callable[[str], str],
    where: str,
) -> dict[str, Hex]:
    """Each player's start hex, checked: one for each player, and none for anyone else."""
    given: dict[str, Any] = {}
    for p, raw in data["starts"].items():
        if player_name(p) in given:
            raise TrackwrightError.of("df.start.twice", f"{where}: $.starts", p=player_name(p))
        given[player_name(p)] = raw
    starts: dict[str, Hex] = {}
    for p in players:
        if p not in given:
            raise TrackwrightError.of("df.start.missing", f"{where}: $.starts", p=p)
        starts[p] = _start_hex(m, p, given[p], where)
    for p in given:
        if p not in players:
            raise TrackwrightError.of("df.start.not-player", f"{where}: $.starts", p=repr(p))
    return starts


def _check_options(rules: RuleSet, data: Any, mode: str, experienced: bool, where: str) -> None:
    """The record's options exist in its rules and mode (experienced players, joint lines)."""
    if experienced and rules.experienced_bonus is None:
        raise TrackwrightError.of(
            "df.rules.no-experienced", f"{where}: $.experienced", rules=rules.name
        )
    if data.get("joint_lines") and mode != "tournament":
        raise TrackwrightError.of("df.joint.option", f"{where}: $.joint_lines")


def record_from_json(
    data: Any, where: str = "<record>", base: Path | None = None, m: DampfrossMap | None = None
) -> GameRecord:
    mapfile.validate_for(data, model.GAME, model.TITLE, where, record=True)
    if m is None:
        m = mapfile.record_model(model.GAME, data, base, where, model.from_json)
    rules = model.PRESETS.of_record(data.get("rules"), base, where)
    players, keys = _players_from_json(data, where)
    player_name = functools.partial(_spelled, players, keys)
    low, high = rules.players
    if not low <= len(players) <= high:
        raise TrackwrightError.of(
            "df.players.count",
            f"{where}: $.players",
            name=rules.name,
            low=low,
            high=high,
            count=len(players),
        )
    starts = _starts_from_json(data, m, players, player_name, where)
    mode = data.get("mode", "standard")
    races = data.get("races", rules.tournament_races[0] if mode == "tournament" else None)
    experienced = bool(data.get("experienced", False))
    _check_options(rules, data, mode, experienced, where)
    events = tuple(
        event_from_json(
            raw, player_name, functools.partial(place_of, m, where=f"{where}: $.events[{i}]")
        )
        for i, raw in enumerate(data["events"])
    )
    return GameRecord(
        m,
        rules,
        players,
        starts,
        events,
        mode,
        races,
        where,
        experienced=experienced,
        joint_lines=bool(data.get("joint_lines", False)),
    )


def initial_state(record: GameRecord) -> State:
    players = record.players
    return State(
        balances=dict.fromkeys(players, record.rules.start_capital),
        lines={p: {} for p in players},
        network={p: {record.starts[p]} for p in players},
        reached=set(record.starts.values()),
        winnings=dict.fromkeys(players, 0),
    )


def apply_event(
    record: GameRecord, state: State, event: Event | Mapping[str, Any], number: int
) -> tuple[State, EventResult]:
    """A new state with the event applied (the old one untouched), or a TrackwrightError. An
    event given as its JSON form (a dict, as in a record) is read with ``event_from_json``."""
    if not isinstance(event, Build | Pass | Race):
        event = record.event(event)
    m, rules = record.map, record.rules
    where = f"{record.source}: event {number} ({event.kind}"
    where += ")" if isinstance(event, Race) else f", {event.player})"
    if state.winners:
        raise TrackwrightError.of(
            "df.game.over.one" if len(state.winners) == 1 else "df.game.over",
            where,
            winners=_both(state.winners),
        )
    if record.mode == "tournament" and state.races_run >= (record.races or 36):
        raise TrackwrightError.of("df.tournament.over", where, races=record.races)
    new = state.copy()
    if isinstance(event, Build | Pass) and event.player not in record.players:
        raise TrackwrightError.of("df.event.not-player", where, player=repr(event.player))
    if isinstance(event, Build):
        summary = apply_build(record, new, event, number, where)
    elif isinstance(event, Pass):
        summary = apply_pass(record, new, event, where)
    else:
        summary = apply_race(m, rules, new, event, number, record, where)
    seat = record.players.index
    if record.mode == "standard":
        # Everyone who reaches the total in the same event wins (the richest first).
        target = record.victory_total()
        rich = [p for p in record.players if new.balances[p] >= target]
        new.winners = sorted(rich, key=lambda p: (-new.balances[p], seat(p)))
    elif new.races_run == record.races:
        best = max(new.balances.values())
        new.winners = [p for p in record.players if new.balances[p] == best]
    return new, EventResult(number, event.kind, summary, dict(new.balances))


def score(record: GameRecord) -> Result:
    state = initial_state(record)
    results = []
    for number, event in enumerate(record.events, start=1):
        state, result = apply_event(record, state, event, number)
        results.append(result)
    return Result(record, state, tuple(results))


def score_file(path: Path) -> Result:
    return score(load_record(path))


# ------------------------------------------------------------------ helpers for the table


@dataclass(frozen=True)
class BuildPlan:
    path: tuple[Hex, ...]
    cost: int  # die points for the whole line
    payments: int  # money owed to rivals on the way
    reach: tuple[Hex, ...] | None  # with a roll: the part that roll pays for


def _cheapest_lines(
    record: GameRecord, state: State, player: str
) -> tuple[dict[Any, float], dict[Any, list[Any]]]:
    """Dijkstra from the player's whole network over the land: each step weighs its die points,
    then its payments to rivals. Built in the order the equal-cost lines were always chosen by
    (graphs follows networkx's Dijkstra, tie-breaking included)."""
    m, rules = record.map, record.rules
    # Where a step may owe a rival anything: it enters a rival's hex or runs along a rival's line
    # (step_payments is asked only there, which keeps this quick on the phone).
    rivals = [p for p in state.network if p != player]
    rival_hexes = set().union(*(state.network[p] for p in rivals))
    rival_segs = set().union(*(state.lines[p] for p in rivals))
    g: dict[Hex | str, dict[Hex | str, int]] = {}
    for h in m.land:
        for n in hexgrid.neighbours(h):
            seg = _seg(h, n)
            if n in m.land and seg not in state.lines[player]:
                pay = 0
                if n in rival_hexes or seg in rival_segs:
                    payments = step_payments(
                        m, rules, state, (player,), h, n, state.network[player]
                    )
                    pay = sum(amount for _r, amount, _w, _k in payments)
                g.setdefault(h, {})[n] = rules.step_cost(m, h, n) * 1000 + pay
                g.setdefault(n, {})
    net = g.setdefault("net", {})  # one source: the player's whole network, at no cost
    for h in sorted(state.network[player]):
        net[h] = 0
        g.setdefault(h, {})
    return graphs.single_source_dijkstra(g, "net")


def _cut(
    record: GameRecord,
    state: State,
    player: str,
    path: list[Hex],
    budget: int,
    paid_from: str = "roll",
) -> Line:
    """The first part of a line that a budget pays: die points from a roll; die points and
    payments to rivals from winnings or the account."""
    m, rules = record.map, record.rules
    on_line = set(state.network[player])
    spent, k = 0, 1
    while k < len(path):
        a, b = path[k - 1], path[k]
        price = rules.step_cost(m, a, b)
        if paid_from != "roll":
            price += sum(pay[1] for pay in step_payments(m, rules, state, (player,), a, b, on_line))
        if spent + price > budget:
            break
        spent += price
        on_line.add(b)
        k += 1
    return tuple(path[:k])


def _plan(
    record: GameRecord,
    state: State,
    player: str,
    found: tuple[dict[Any, float], dict[Any, list[Any]]],
    target: Hex,
    budget: int | None,
    paid_from: str = "roll",
) -> BuildPlan:
    """The cheapest line to a hex from the Dijkstra's answers, and what a budget pays of it."""
    dist, paths = found
    path = cast(list[Hex], paths[target][1:])  # hexes after the source, "net"
    cost, payments = divmod(int(dist[target]), 1000)
    reach = None
    if budget is not None:
        reach = _cut(record, state, player, path, budget, paid_from)
    return BuildPlan(tuple(path), cost, payments, reach)


def cheapest_builds(
    record: GameRecord,
    state: State,
    player: str,
    roll: int | None = None,
    paid_from: str = "roll",
) -> dict[str, BuildPlan]:
    """For every town the player's line does not reach yet: the cheapest line to it (in die
    points, then in payments to rivals), and the part of it the build's budget pays for (what
    ``tap_line`` draws on an empty draft): with a roll, its die points; paid from winnings or the
    account, the money left, which pays the payments to rivals too."""
    found = _cheapest_lines(record, state, player)
    budget = build_budget(record, state, player, paid_from, roll)
    return {
        town.name: _plan(record, state, player, found, town.hex, budget, paid_from)
        for town in record.map.towns
        if town.hex not in state.network[player] and town.hex in found[1]
    }


def cheapest_line(
    record: GameRecord, state: State, player: str, target: Hex, roll: int | None = None
) -> BuildPlan:
    """The cheapest line from the player's network to a hex (a town's or any land hex)."""
    if target in state.network[player]:
        return BuildPlan((target,), 0, 0, (target,))
    found = _cheapest_lines(record, state, player)
    if target not in found[1]:
        raise TrackwrightError.of(
            "df.build.unreachable", None, player=player, target=_name(record.map, target)
        )
    return _plan(record, state, player, found, target, roll)


def cheapest_build(
    record: GameRecord, state: State, player: str, town: str | int, roll: int | None = None
) -> BuildPlan:
    """The cheapest line from the player's network to one town (by name or number)."""
    m = record.map
    target = m.town_by_number[town] if isinstance(town, int) else m.town_by_name[town]
    return cheapest_line(record, state, player, target.hex, roll)


def route_text(m: DampfrossMap, route: Collection[Hex]) -> str:
    """A line or route as the printed map names it: "Leeds (N11) → M12 → Sheffield (M13)"."""
    return " → ".join(_name(m, h) for h in route)


@dataclass(frozen=True)
class RaceRoute:
    player: str
    route: tuple[Hex, ...]
    pips: int  # die pips to run it: one per hex, one more entering a hill
    fares: dict[str, int]


def route_pips(record: GameRecord, route: Line) -> int:
    """The die pips a race route takes: one a hex, more entering a hill."""
    m, rules = record.map, record.rules
    return sum(1 + (rules.hill_move_penalty if m.terrain[v] == "hill" else 0) for v in route[1:])


def race_route(
    record: GameRecord, state: State, player: str, start: int, end: int
) -> RaceRoute | None:
    """The player's fastest legal route between two town numbers (then the cheapest in fares):
    along drawn lines, using part of the player's own line. None if there is none."""
    m, rules = record.map, record.rules
    a, b = m.town_by_number[start].hex, m.town_by_number[end].hex
    # Nodes (hex, flag): flag 1 once the route has used the player's own line. Weights: pips,
    # then fares. Built in the order the equal routes were always chosen by (graphs follows
    # networkx's Dijkstra, tie-breaking included).
    g: dict[tuple[Hex, int], dict[tuple[Hex, int], int]] = {}
    all_segments = {s for segs in state.lines.values() for s in segs}
    for seg in all_segments:
        own = seg in state.lines[player]
        for u, v in (seg, seg[::-1]):
            pips = 1 + (rules.hill_move_penalty if m.terrain[v] == "hill" else 0)
            fare = 0 if own else rules.fare_per_hex
            for flag in (0, 1):
                head = (v, 1 if own else flag)
                g.setdefault((u, flag), {})[head] = pips * 1000 + fare
                g.setdefault(head, {})
    if (a, 0) not in g:
        return None
    try:
        nodes = graphs.dijkstra_path(g, (a, 0), (b, 1))
    except graphs.NoPath:
        return None
    route = tuple(h for h, _ in nodes)
    fares: Counter = Counter()
    pips = route_pips(record, route)
    for u, v in itertools.pairwise(route):
        if _seg(u, v) not in state.lines[player]:
            fares[state.owners(_seg(u, v), player)[0]] += rules.fare_per_hex
    if rules.fare_cap is not None:
        fares = Counter({k: min(v, rules.fare_cap) for k, v in fares.items()})
    return RaceRoute(player, route, pips, dict(fares))


# ------------------------------------------------------------------ the phone's page


#: What a ledger transaction is for (``Transaction.kind``).
KINDS = ("build", "entry", "parallel", "first", "fare", "winner", "second")


def build_budget(
    record: GameRecord, state: State, player: str, paid_from: str, roll: int | None = None
) -> int | None:
    """What a build may spend: the roll (die points only), the winnings left (die points and
    payments to rivals) or, in a tournament's building turn, the share of the account; None for
    a roll not known yet."""
    if paid_from == "roll":
        return roll
    return spending_budget(record, state, player, paid_from)


def spending_budget(record: GameRecord, state: State, player: str, paid_from: str) -> int:
    """What a build paid with money may spend: the winnings left, or in a tournament's building
    turn the share of the account the rules allow."""
    if paid_from == "winnings":
        return state.winnings[player]
    return max(state.balances[player], 0) * record.rules.tournament_build_percent // 100


def paying(record: GameRecord, state: State) -> str | None:
    """What pays the next build: "roll" in the construction phase, "account" in a tournament's
    building turn, "winnings" between the races of a standard game; None when no build can be
    made (a tournament between building turns, or the game over)."""
    if state.winners:
        return None
    if state.phase == "construction":
        return "roll"
    if record.mode == "tournament":
        return "account" if state.window_next < len(state.window) else None
    return "winnings"


def race_start(record: GameRecord, state: State) -> int | None:
    """The number of the town the next race starts from, when the rules fix it (a standard
    game's next race starts where the last one ended); None when it is rolled."""
    if record.mode == "tournament" or state.last_race_end is None:
        return None
    last = [e for e in record.events if isinstance(e, Race)]
    return last[-1].to if last else None


def with_lines(
    record: GameRecord, state: State, player: str, parts: Collection[Line], where: str = "draft"
) -> tuple[State, int, int]:
    """A copy of the state with the first parts of a build drawn (each checked as a build's
    paths are, each may start from the ones before), and their die points and payments."""
    new = state.copy()
    cost = owed = 0
    for path in parts:
        if len(path) < 2:
            continue
        steps = plan_steps(record.map, record.rules, new, player, list(path), where)
        for st in steps:
            new.lines[player][_seg(st.a, st.b)] = len(record.events) + 1
            new.network[player].update((st.a, st.b))
        cost += sum(st.cost for st in steps)
        owed += sum(pay[1] for st in steps for pay in st.payments)
    return new, cost, owed


def line_to(
    record: GameRecord,
    state: State,
    player: str,
    target: Hex,
    budget: int | None = None,
    paid_from: str = "roll",
) -> Line | None:
    """The cheapest line from the player's network to a hex (``cheapest_builds``' choice between
    equal lines), cut to what the budget pays: die points from a roll; die points and payments
    to rivals from winnings or the account. None if no line reaches it over land."""
    _dist, paths = _cheapest_lines(record, state, player)
    if target not in paths:
        return None
    path = cast(list[Hex], paths[target][1:])
    if budget is None:
        return tuple(path)
    return _cut(record, state, player, path, budget, paid_from)


@dataclass(frozen=True)
class LineEdit:
    """A build's line after a tap: its parts (a roll may be spent in several places), the town
    the last part was drawn to (when the tap was on a town), whether the tapped hex is on the
    player's network already, and whether the engine drew the last part (the cheapest line)."""

    parts: tuple[Line, ...]
    town: str | None
    reached: bool
    drawn: bool


def tap_line(
    record: GameRecord,
    state: State,
    player: str,
    parts: Collection[Line],
    tapped: Hex,
    paid_from: str = "roll",
    roll: int | None = None,
    where: str = "draft",
) -> LineEdit:
    """A tap on a hex while a build is drawn. The last part is the one being drawn: a tap on its
    end takes that hex back, on a hex of it cuts it there, on a neighbour of its end goes on to
    it. A tap on the player's network starts a new part there (the roll spent in another place).
    A tap anywhere else draws the cheapest line from the network (with the other parts) to that
    hex, cut to what is left of the budget."""
    m = record.map
    if tapped not in m.land:
        raise TrackwrightError.of("df.tap.water", where, tapped=place_name(m, tapped))
    done = [tuple(p) for p in parts]
    current = list(done.pop()) if done else []
    before, cost, owed = with_lines(record, state, player, done, where)
    network = before.network[player]
    drawn = False
    if current and tapped == current[-1]:
        current.pop()
    elif tapped in current:
        current = current[: current.index(tapped) + 1]
    elif current and hexgrid.are_neighbours(current[-1], tapped):
        current.append(tapped)
    elif tapped in network:
        if len(current) > 1:
            done.append(tuple(current))
        current = [tapped]
    else:
        budget = build_budget(record, before, player, paid_from, roll)
        left = None
        if budget is not None:
            left = budget - cost - (owed if paid_from != "roll" else 0)
        line = line_to(record, before, player, tapped, left, paid_from)
        if line is None:
            raise TrackwrightError.of(
                "df.tap.no-line", where, player=player, tapped=place_name(m, tapped)
            )
        current, drawn = list(line), True
    town = m.town_by_hex.get(tapped)
    return LineEdit(
        parts=tuple(p for p in [*done, tuple(current)] if p),
        town=town.name if town and drawn else None,
        reached=tapped in network,
        drawn=drawn,
    )


@dataclass(frozen=True)
class BuildPreview:
    """A build before it is recorded: its die points, payments to rivals, the budget and what is
    left of it, the money it moves (or would move), the balances after, and the rules' objection
    (None when the build keeps the rules)."""

    cost: int | None
    payments: int | None
    budget: int | None
    left: int | None
    money: tuple[Transaction, ...]
    balances: dict[str, int] | None
    error: str | None


def preview_build(record: GameRecord, state: State, event: Build) -> BuildPreview:
    """What a build would cost and pay, from the engine's own accounting (``apply_event``)."""
    number = len(record.events) + 1
    company = (event.player,) if event.partner is None else (event.player, event.partner)
    new: State | None = None
    error: str | None = None
    try:
        new, _result = apply_event(record, state, event, number)
    except TrackwrightError as exc:
        error = exc.message
    cost = owed = None
    money: tuple[Transaction, ...] = ()
    if new is not None:
        money = tuple(t for t in new.ledger if t.event == number)
    if all(p in record.players for p in company):
        try:
            drawn = state.copy()
            steps: list[Step] = []
            for path in event.paths:
                part = plan_steps(record.map, record.rules, drawn, company, list(path), "draft")
                for st in part:
                    for p in company:
                        drawn.lines[p][_seg(st.a, st.b)] = number
                        drawn.network[p].update((st.a, st.b))
                steps += part
        except TrackwrightError:
            pass
        else:
            cost = sum(st.cost for st in steps)
            owed = sum(pay[1] for st in steps for pay in st.payments)
            if new is None:
                money = tuple(
                    Transaction(number, event.player, rival, amount, why, kind)
                    for st in steps
                    for rival, amount, why, kind in st.payments
                )
    budget = None
    if event.player in record.players and event.partner is None:
        budget = build_budget(record, state, event.player, event.paid_from, event.roll)
    left = None
    if budget is not None and cost is not None and owed is not None:
        left = budget - cost - (owed if event.paid_from != "roll" else 0)
    return BuildPreview(cost, owed, budget, left, money, dict(new.balances) if new else None, error)


def tap_route(route: Collection[Hex], start: Hex, tapped: Hex, where: str = "race") -> Line:
    """An entrant's race route edited by a tap: it starts at the race's first town; a tap on its
    end takes that hex back, on a hex of it cuts it there, on a neighbour of its end goes on."""
    current = list(route) or [start]
    if tapped == current[-1] and len(current) > 1:
        current.pop()
    elif tapped in current:
        current = current[: current.index(tapped) + 1]
    elif hexgrid.are_neighbours(current[-1], tapped):
        current.append(tapped)
    else:
        raise TrackwrightError.of("df.tap.not-next", where)
    return tuple(current)


def nearest_town(m: DampfrossMap, h: Hex) -> model.Town:
    """The town nearest a hex (fewest hexes away, then the first on the map): how the page names
    a hex that is no town."""
    return min(m.towns, key=lambda t: hexgrid.distance(t.hex, h))


def place_name(m: DampfrossMap, h: Hex) -> str:
    """A hex for people: its town's name, or the hex near the nearest town."""
    town = m.town_by_hex.get(h)
    return town.name if town else f"{hex_text(m, h)}, near {nearest_town(m, h).name}"
