"""Dampfross's ledger in the terminal (rich tables), in the chosen language; the numbers come
from the rules engine. Each event and payment is said as the phone app says it, by the same
codes (the payment's kind: ``df.money-entry``, ...; the event's: ``df.led-build``, ...) from
its strings (``page``: the language's part of static/games/dampfross.strings.json), so no
text is written twice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from trackwright.games.dampfross import build_words, money_words
from trackwright.kits.dampfross.strings import t
from trackwright.kits.i18n import names
from trackwright.scorer import dampfross as engine
from trackwright.views.dampfross.answers import page_text

#: A die's faces, one to six, as the page shows a roll.
FACES = ("⚀", "⚁", "⚂", "⚃", "⚄", "⚅")

#: The page's text for each kind of payment (``scorer.dampfross.KINDS``).
MONEY = {kind: f"df.money-{kind}" for kind in engine.KINDS}


def money_text(page: Mapping[str, str], m: dict[str, Any]) -> str:
    """A payment as the page says it (its ``moneyText``)."""
    key = MONEY.get(m["kind"], "df.money-other")
    return page_text(
        page,
        key,
        to=m["to"],
        amount=m["amount"],
        town=m["town"] or "",
        hex=m["hex"] or "",
        **{"from": m["from"]},
    )


def _paid(page: Mapping[str, str], event: engine.Build, s: dict[str, Any]) -> str:
    if event.paid_from == "roll":
        face = FACES[event.roll - 1] if event.roll and 1 <= event.roll <= 6 else ""
        return page_text(page, "df.led-roll", face=face, cost=s["cost"], budget=s["budget"])
    key = "df.led-winnings" if event.paid_from == "winnings" else "df.led-account"
    return page_text(page, key, cost=s["cost"], budget=s["budget"])


def _company(said: str, players: tuple[str, ...], lang: str) -> str:
    """A race's company as the language joins names: the engine's summary joins partners with
    "and" ("Ann and Cleo"), which becomes "Ann et Cleo" when both are players."""
    partners = said.split(" and ")
    return names(partners, lang) if all(p in players for p in partners) else said


def event_text(
    m: Any,
    page: Mapping[str, str],
    lang: str,
    event: Any,
    done: engine.EventResult,
    players: tuple[str, ...] = (),
) -> str:
    """An event's head as the page's ledger says it: who built where and how it was paid, who
    passed, which race and the finishing order."""
    s = done.summary
    if isinstance(event, engine.Build):
        words = build_words(m, event.paths)
        if words["towns"]:
            where = page_text(page, "df.led-to", towns=names(words["towns"], lang))
        elif words["near"]:
            where = page_text(page, "df.led-near", town=words["near"], hex=words["near_hex"])
        else:
            where = ""
        who = names([event.player, event.partner] if event.partner else [event.player], lang)
        return page_text(page, "df.led-build", player=who, where=where, paid=_paid(page, event, s))
    if isinstance(event, engine.Pass):
        return page_text(page, "df.led-pass", player=event.player)
    order = " · ".join(_company(c, players, lang) for c in s.get("order", []))
    return page_text(page, "df.led-race", to=s["to_town"], order=order, **{"from": s["from_town"]})


def print_dampfross(
    result: engine.Result,
    page: Mapping[str, str],
    lang: str = "en",
    console: Console | None = None,
) -> None:
    """The ledger event by event, then the balances, phase and winner."""
    console = console or Console(highlight=False)
    record, state = result.record, result.state
    players, m = record.players, record.map
    title = t("df_rep_title", lang, rules=record.rules.name)
    table = Table(title=escape(title), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(t("df_rep_event", lang))
    table.add_column(t("df_rep_money", lang))
    for p in players:
        table.add_column(escape(p), justify="right")
    by_event: dict[int, list[engine.Transaction]] = {}
    for tr in state.ledger:
        by_event.setdefault(tr.event, []).append(tr)
    capital = str(record.rules.start_capital)
    table.add_row("", t("df_rep_start", lang), "", *(capital for _ in players))
    for event, done in zip(record.events, result.events, strict=True):
        what = event_text(m, page, lang, event, done, players)
        moves = "; ".join(
            money_text(page, x) for x in money_words(m, by_event.get(done.number, []))
        )
        balances = (str(done.balances[p]) for p in players)
        table.add_row(str(done.number), escape(what), escape(moves), *balances)
    console.print(table)
    _closing(console, record, state, lang)


def _closing(console: Console, record: engine.GameRecord, state: engine.State, lang: str) -> None:
    balances = ", ".join(f"{p} {state.balances[p]}" for p in record.players)
    phase = t(f"df_rep_phase_{state.phase}", lang)
    said = t("df_rep_state", lang, phase=phase, races=state.races_run, balances=balances)
    console.print(escape(said))
    if state.winners:
        key = "df_rep_win" if len(state.winners) > 1 else "df_rep_wins"
        console.print(f"[bold]{escape(t(key, lang, names=names(state.winners, lang)))}[/bold]")
    elif state.phase == "construction":
        left = [town.name for town in record.map.towns if town.hex not in state.reached]
        console.print(escape(t("df_rep_unreached", lang, towns=", ".join(left))))
