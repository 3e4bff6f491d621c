"""What the card-table view shows, as plain data: seats, the trick, the hand, the feedback.

The drawn table (`card_table.CardTable`) only draws these values and sends back clicks, so
everything a learner sees is computed here, in Python, from the engine: testable without a
browser, and the same text a screen reader gets. Nothing here imports ipywidgets.

Every card is a dict `{"card": "H7", "label": "seven of hearts", ...}`; every seat a dict with
its letter, its name, what it did and an ARIA label saying all of it in words. The table can be
built from a `play.Situation` (`situation_table`) or from a `game.Game` as one seat sees it
(`seen_table`: the others' hands only as counts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import Card, Suit
from ...game import Game
from ...play import Situation, Verdict, cite, trick_winner
from ...sources import chip, cited_in
from ...text import card_list

__all__ = [
    "CardTableContent",
    "card_entry",
    "card_label",
    "compare_entry",
    "feedback_entry",
    "feedback_text",
    "hand_entries",
    "refusal_entry",
    "review_entries",
    "seat_entry",
    "seen_table",
    "situation_table",
    "source_of",
    "sources_in",
    "trick_entries",
    "verdict_entry",
]

VERDICTS = ("legal", "illegal", "info", "")
OUT_OF_TRUMP = "Every other player has shown they hold no trump."


def card_label(card: Card, legal: bool | None = None, played: bool = False) -> str:
    """A card in words for a screen reader: 'queen of hearts, legal'."""
    words = card.name
    if played:
        words += ", played"
    if legal is True:
        words += ", legal"
    elif legal is False:
        words += ", not allowed"
    return words


def card_entry(card: Card, **extra: Any) -> dict[str, Any]:
    """One card for the view: its code, symbol text and label, plus any extra fields."""
    entry = {"card": card.code, "text": str(card), "label": card_label(card)}
    entry.update(extra)
    return entry


def hand_entries(
    hand: Iterable[Card],
    legal: Iterable[Card] | None = None,
    played: Card | None = None,
    enabled: bool = True,
) -> list[dict[str, Any]]:
    """Your hand for the view: the played card leaves it; `legal` (when shown) lifts cards."""
    shown = None if legal is None else frozenset(legal)
    entries = []
    for card in hand:
        if card == played:
            continue
        is_legal = None if shown is None else card in shown
        entries.append(
            card_entry(
                card,
                label=card_label(card, is_legal),
                legal=is_legal,
                lifted=bool(is_legal),
                enabled=enabled,
            )
        )
    return entries


def trick_entries(
    plays: Sequence[tuple[str, Card]], trump: Suit | None, finished: bool = False
) -> list[dict[str, Any]]:
    """The cards of a trick in play order: the led card marked, the card winning so far lit;
    a `finished` trick (everyone has played) marks its winner's card as having won it."""
    if not plays:
        return []
    best = trick_winner([c for _, c in plays], trump) if trump is not None else 0
    entries = []
    for i, (seat, card) in enumerate(plays):
        notes = ["led"] if i == 0 else []
        if i == best:
            notes.append("won the trick" if finished else "winning so far")
        label = f"{seat}: {card.name}" + (f" ({', '.join(notes)})" if notes else "")
        entry = card_entry(card, seat=seat, led=i == 0, winning=i == best, label=label)
        if finished:
            entry.update(done=True, won=i == best)
        entries.append(entry)
    return entries


def past_entries(
    tricks: Sequence[Sequence[tuple[str, Card]]], trump: Suit | None
) -> list[dict[str, Any]]:
    """Earlier tricks, face up: each with its cards and who won it."""
    entries = []
    for number, plays in enumerate(tricks, start=1):
        winner = plays[trick_winner([c for _, c in plays], trump)][0] if trump else ""
        cards = [card_entry(c, seat=seat) for seat, c in plays]
        words = ", ".join(f"{seat} {c}" for seat, c in plays)
        label = f"trick {number}: {words}; {winner} won"
        entries.append({"number": number, "winner": winner, "cards": cards, "label": label})
    return entries


def seat_entry(
    seat: str,
    name: str | None = None,
    *,
    you: bool = False,
    status: str = "",
    tricks: int | None = None,
    chips: int | None = None,
    turn: bool = False,
    dealer: bool = False,
    cards: int | None = None,
) -> dict[str, Any]:
    """One seat for the view, with an ARIA label that says everything shown."""
    name = name or ("you" if you else f"player {seat}")
    words = [name] if you and name == "you" else [f"seat {seat}", name]
    if you and name == seat:  # your seat by its letter, as the transcript names it
        words = ["you", f"seat {seat}"]
    if dealer:
        words.append("dealer")
    if chips is not None:
        words.append(f"{chips} chips")
    if status:
        words.append(status)
    if tricks is not None:
        words.append(f"{tricks} trick{'s' * (tricks != 1)}")
    if cards is not None:
        words.append(f"{cards} card{'s' * (cards != 1)} in hand")
    if turn:
        words.append("to play")
    return {
        "seat": seat,
        "name": name,
        "you": you,
        "status": status,
        "tricks": tricks,
        "chips": chips,
        "turn": turn,
        "dealer": dealer,
        "cards": cards,
        "label": ", ".join(words),
    }


MARKS = {"legal": "✔", "illegal": "✘"}
"""The mark of each verdict of the callout (an "info" message has none)."""


def feedback_entry(
    text: str = "",
    verdict: str = "info",
    *,
    rule_id: str = "",
    summary: str = "",
    note: str = "",
    readings: Iterable[str] = (),
    lines: Iterable[str] = (),
    mark: str | None = None,
) -> dict:
    """The feedback callout as data: the verdict ("legal", "illegal", "info"; "" when there
    is nothing to say), the reason (the first line of `text`), the rule it rests on (`rule_id`,
    with `summary`, the rule in one sentence, and the engine's `readings`), a `note` after the
    citation, the other lines (those of `text`, then `lines`), and `source`: what the rule
    chip opens (`source_of`). The mark is the verdict's (`MARKS`) unless `mark` is given.

    `head` is the first line in words, '✘ reason [glimne 5: summary] note': this is the one
    place the callout becomes a sentence (`feedback_text` gives all of it); nothing reads the
    sentence back."""
    text = "\n".join([text.strip(), *lines]).strip()
    verdict = verdict if text else ""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict must be one of {', '.join(repr(v) for v in VERDICTS)}")
    reason, *more = text.splitlines() or [""]
    mark = MARKS.get(verdict, "") if mark is None else mark
    cited = f"{cite(rule_id)}: {summary}" if rule_id and summary else cite(rule_id)
    head = " ".join(part for part in (mark, reason) if part)
    head += (f" [{cited}]" if rule_id else "") + note
    return {
        "verdict": verdict,
        "head": head,
        "mark": mark,
        "reason": (reason + note).strip(),
        "rule_id": rule_id,
        "cite": cite(rule_id) if rule_id else "",
        "summary": summary,
        "readings": list(readings),
        "lines": more,
        "source": source_of(rule_id) if rule_id else {},
        "sources": sources_in(reason + note, *more),
    }


def verdict_entry(verdict: Verdict, note: str = "") -> dict:
    """The callout for one of the engine's verdicts, as data: ✔ or ✘, the reason, the rule id
    (a refused card also gets the rule in one sentence), the readings, and a `note` after
    the citation."""
    return feedback_entry(
        verdict.reason,
        "legal" if verdict.legal else "illegal",
        rule_id=verdict.rule_id,
        summary="" if verdict.legal else verdict.summary,
        note=note,
        readings=verdict.readings,
    )


def refusal_entry(refused: Exception, before: str = "") -> dict:
    """The callout for an action the engine refused (`IllegalAction`, or an `IllegalPlay` with
    its verdict): ✘, the reason, and the rule it cites; `before` leads the reason."""
    verdict = getattr(refused, "verdict", None)
    reason = verdict.reason if verdict is not None else str(refused)
    return feedback_entry(
        before + reason,
        "illegal",
        rule_id=getattr(refused, "rule_id", ""),
        readings=verdict.readings if verdict is not None else (),
    )


def feedback_text(entry: Mapping[str, Any]) -> str:
    """The callout in words (what `to_text` and a screen reader get): its head, then its lines."""
    return "\n".join([entry["head"], *entry["lines"]]) if entry.get("head") else ""


def sources_in(*texts: str) -> dict[str, dict]:
    """What each citation in the texts opens ("[pagat 3]" -> its chip's popover), so that the
    view draws every citation a learner reads as a chip that opens its quotation."""
    return {c: source_of(c) for text in texts for c in cited_in(text)}


def source_of(rule_id: str) -> dict:
    """What the rule chip opens: the register's quotation, translation, example status and
    readings for a rule id or citation (`sources.chip`); {} for one the register lacks."""
    try:
        return chip(rule_id)
    except KeyError:
        return {}


def compare_entry(
    rulebook: str,
    legal: Iterable[Card],
    *,
    current: bool = False,
    colour: str = "",
    tried: tuple[Card, bool, str] | None = None,
) -> dict[str, Any]:
    """One rulebook's column of the side-by-side table: its legal cards here and, when a card
    was tried, `tried` = (card, allowed?, rule id) as that rulebook judges it."""
    ordered = sorted(legal)
    cards = card_list(ordered, sep=" ", empty="none")
    entry: dict[str, Any] = {
        "rulebook": rulebook,
        "codes": [c.code for c in ordered],
        "cards": cards,
        "current": current,
        "colour": colour,
        "tried": "",
        "verdict": "",
        "rule_id": "",
    }
    words = f"{rulebook}{', in force' if current else ''}: legal {cards}"
    if tried is not None:
        card, allowed, rule_id = tried
        verdict = "legal" if allowed else "illegal"
        entry.update(tried=str(card), verdict=verdict, rule_id=rule_id, cite=cite(rule_id))
        entry["sources"] = sources_in(f"[{cite(rule_id)}]")
        words += f"; {card} {'allowed' if allowed else 'refused'} [{cite(rule_id)}]"
    entry["label"] = words
    return entry


@dataclass
class CardTableContent:
    """Everything the card table shows at one moment (the values of its synced traits)."""

    seats: list[dict[str, Any]] = field(default_factory=list)
    hand: list[dict[str, Any]] = field(default_factory=list)
    trick: list[dict[str, Any]] = field(default_factory=list)
    past: list[dict[str, Any]] = field(default_factory=list)
    trump: dict[str, Any] = field(default_factory=dict)
    pot: int | None = None
    status: str = ""
    feedback: dict[str, Any] = field(default_factory=feedback_entry)
    compare: list[dict[str, Any]] = field(default_factory=list)
    review: dict[str, Any] = field(default_factory=dict)

    def traits(self) -> dict[str, Any]:
        """The values to set on the view, by trait name."""
        return {
            "seats": self.seats,
            "hand": self.hand,
            "trick": self.trick,
            "past": self.past,
            "trump": self.trump,
            "pot": -1 if self.pot is None else self.pot,
            "status": self.status,
            "feedback": self.feedback,
            "compare": self.compare,
            "review": self.review,
        }


def trump_entry(trump: Suit | None, card: Card | None = None, beside: str = "") -> dict:
    """The trump for the view: the turned card if there is one (beside the dealer), else the
    suit alone."""
    if trump is None:
        return {}
    entry: dict[str, Any] = {
        "suit": trump.letter,
        "plural": trump.plural,
        "text": f"{trump.symbol} {trump.plural}",
    }
    if card is not None:
        entry.update(card_entry(card), beside=beside, label=f"turned card: {card.name}")
        entry["text"] = f"{card} ({trump.plural})"
    else:
        entry["label"] = f"trump: {trump.plural}"
    return entry


def text_lines(traits: Mapping[str, Any]) -> list[str]:
    """The table in plain text, from the same values the view draws."""
    lines = []
    trump = traits.get("trump") or {}
    if trump:
        lines.append(f"Trump: {trump.get('text', '')}")
    if traits.get("pot", -1) >= 0:
        lines.append(f"Pot: {traits['pot']} chips")
    for seat in traits.get("seats", []):
        lines.append(f"Seat: {seat['label']}")
    for past in traits.get("past", []):
        lines.append(f"Earlier {past['label']}")
    trick = traits.get("trick", [])
    if trick and trick[0].get("done"):
        lines.append("The trick just finished: " + "; ".join(c["label"] for c in trick))
    else:
        lines.append("This trick: " + ("; ".join(c["label"] for c in trick) or "no cards yet"))
    if traits.get("status"):
        lines.append(traits["status"])
    hand = traits.get("hand", [])
    lines.append("Your hand: " + (" ".join(c["text"] for c in hand) or "no cards"))
    lifted = [c["text"] for c in hand if c.get("lifted")]
    if lifted:
        lines.append("Lifted (legal): " + " ".join(lifted))
    feedback = traits.get("feedback") or {}
    if feedback.get("head"):
        lines.append(f"Feedback: {feedback['head']}")
        lines += feedback.get("lines", [])
    compare = traits.get("compare") or []
    if compare:
        lines.append("The rulebooks side by side:")
        lines += [f"  {row['label']}" for row in compare]
    review = traits.get("review") or {}
    if review:
        lines.append(review["title"])
        lines += [f"  {row['label']}" for row in review["rows"]]
        lines.append(review["summary"])
    return lines


def review_entries(review: Any) -> dict[str, Any]:
    """A coach's review (`sim.coach.HandReview`) for the view: a title that says what its
    figures mean, one row a decision (the moment, the choice made and the best one with their
    chips, what is at stake against the best or the next best choice, the verdict: 'mistake',
    'good' or 'none' for no choice; the reason) and a summary line."""
    from ...sim.coach import CHIPS_MEANING  # a review exists only once the coach has run

    rows = []
    for d in review.decisions:
        made, best = d.chosen, d.best
        verdict = "none" if not d.choices else "mistake" if d.mistake else "good"
        entry = {
            "number": d.number,
            "when": d.when,
            "made": d.made if made is None else f"{made.words}: {_chips(made.chips)}",
            "best": "" if best is None or best is made else f"{best.words}: {_chips(best.chips)}",
            "stake": _stake(d),
            "verdict": verdict,
            "mark": {"mistake": "✘", "good": "✔", "none": "–"}[verdict],
            "reason": d.reason or d.forced,
            "deals": d.deals,
            "sources": sources_in(d.reason or d.forced or ""),
        }
        words = [f"{d.number}. {d.when}: you chose {entry['made']}"]
        if entry["best"]:
            words.append(f"best {entry['best']}")
        words.append(d.verdict())
        if entry["reason"] and not d.forced:
            words.append(f"why: {entry['reason']}")
        if d.deals:
            words.append(f"{d.deals:,} deals")
        entry["label"] = "; ".join(words)
        rows.append(entry)
    mistakes = review.mistakes
    cost = sum(d.cost for d in mistakes)
    summary = (
        f"Mistakes: {len(mistakes)}, costing about {cost:.2f} chips."
        if mistakes
        else "Mistakes: none. Every choice you made was the best one, or too close to it for "
        "these deals to tell apart."
    )
    title = (
        f"Review of hand {review.number} (seat {review.seat}, {review.deals:,} deals a "
        f"decision). {CHIPS_MEANING}"
    )
    return {"title": title, "rows": rows, "summary": summary}


def _chips(estimate: Any) -> str:
    """'+0.46 chips (95% CI +0.30 to +0.62)'."""
    e = estimate
    return f"{e.value:+.2f} chips (95% CI {e.low:+.2f} to {e.high:+.2f})"


def _stake(decision: Any) -> str:
    """What the choice made is worth against another: the chips it lost to the best, or, when
    it was the best, how far it was ahead of the next best choice ('' without a choice)."""
    d = decision
    if d.loss is not None:
        behind = f"{d.loss.value:.2f} chips (95% CI {d.loss.low:.2f} to {d.loss.high:.2f})"
        if d.mistake:
            return f"{behind} lost against the best choice"
        return f"{behind} behind the best choice, too close to tell apart"
    if len(d.choices) < 2:
        return ""
    runner_up = d.choices[1]
    lead = d.choices[0].chips.value - runner_up.chips.value
    return (
        f"{lead:.2f} chips more than the next best choice, {runner_up.words}: "
        f"{_chips(runner_up.chips)}"
    )


def situation_table(
    situation: Situation,
    legal: Iterable[Card] | None = None,
    feedback: Mapping[str, Any] | None = None,
    you: str = "You",
) -> CardTableContent:
    """The drawn table for one decision of the engine (a `play.Situation`): the players
    before you (A, B, ...) with the cards they played, you, the players still to come, and your
    hand, with the legal cards lifted when `legal` is given."""
    before = [chr(ord("A") + i) for i in range(len(situation.trick))]
    after = [chr(ord("A") + len(before) + i) for i in range(situation.players_after)]
    plays = list(zip(before, situation.trick, strict=True))
    seats = [seat_entry(s) for s in before]
    seats.append(seat_entry(you, you=True, tricks=situation.tricks_won, turn=True))
    seats += [seat_entry(s) for s in after]
    return CardTableContent(
        seats=seats,
        hand=hand_entries(situation.hand, legal),
        trick=trick_entries(plays, situation.trump),
        trump=trump_entry(situation.trump),
        status=(OUT_OF_TRUMP + "\n") * situation.others_out_of_trump
        + f"Your turn: {'lead' if not plays else 'play'} a card.",
        feedback=dict(feedback) if feedback else feedback_entry(),
    )


def seen_table(
    game: Game,
    seat: str,
    selected: set[Card],
    status: str | None,
    feedback: Mapping[str, Any] | None,
    review: dict[str, Any] | None = None,
    *,
    turn_shown: bool = True,
) -> CardTableContent:
    """The drawn table as `seat` sees it: the others' hands as counts, never their cards; a
    trick just finished stays in the middle, its winner marked, until the next card is led;
    the turned card is drawn until it is played, then only its suit. Of the `feedback` (a
    `feedback_entry`), only a verdict (✔ or ✘) is drawn on the table. With `turn_shown`
    False no seat is marked "to play" (a lesson that asks whose turn it is first)."""
    hand = game.hand_record
    trump = hand.trump_card.suit
    trick = game.current_trick
    mine = game.cards_of(seat) if seat in hand.seats else ()
    cards = hand_entries(mine, enabled=status is not None)
    for entry in cards:
        if entry["card"] in {c.code for c in selected}:
            entry.update(lifted=True, label=entry["label"] + ", chosen to throw away")
    done = [t.plays for t in hand.tricks]
    shown = trick_entries(trick.plays if trick else (), trump)
    if not shown and done:  # the finished trick stays on the felt until the next card is led
        shown, done = trick_entries(done[-1], trump, finished=True), done[:-1]
    played = {c for t in hand.tricks for c in t.cards} | set(trick.cards if trick else ())
    turned = hand.trump_card if hand.trump_card not in played else None
    return CardTableContent(
        seats=[_seat(game, p, seat, turn_shown) for p in hand.seats],
        hand=cards,
        trick=shown,
        past=past_entries(done, trump),
        trump=trump_entry(trump, turned, beside=hand.dealer),
        pot=game.pot,
        status=(status or "")[:1].upper() + (status or "")[1:],
        feedback=dict(feedback)
        if feedback and feedback.get("verdict") in MARKS
        else feedback_entry(),
        review=review or {},
    )


def _seat(game: Game, player: str, you: str, turn_shown: bool = True) -> dict:
    """One seat as the table shows it: chips, play or pass, tricks, cards left, whose turn."""
    hand = game.hand_record
    said = hand.declared.get(player)
    playing = game.phase in ("play", "settled") and said
    return seat_entry(
        player,
        player if player == you else None,  # drawn "You · A": the transcript says A
        you=player == you,
        status="" if said is None else ("plays" if said else "passed"),
        tricks=game.tricks_won.get(player, 0) if playing else None,
        chips=game.bankrolls[player],
        turn=turn_shown and game.to_act == player and game.phase != "settled",
        dealer=hand.dealer == player,
        cards=len(game.cards_of(player)) if said is not False else None,
    )
