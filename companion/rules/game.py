"""Folding entries into the game state: apply, undo, correct a past round."""

from __future__ import annotations

from typing import Sequence

from .chain import Chain
from .entries import Entry, Finish, field_of
from .errors import RuleError
from .evolve import evolve
from .families import family_of
from .settings import Settings
from .state import FinishedBy, GameState, Phase, Round, Status


class RoundNotFound(LookupError):
    """A round number that has not been played (an API 404)."""


def total_rounds(settings: Settings) -> int | None:
    """How many rounds the game has; ``None`` for a game played to a target (Seven-Up)."""
    return family_of(settings).total_rounds(settings)


def new_game(settings: Settings) -> GameState:
    """The state before any entry: round 1 waiting for its bids (Seven-Up: its first hand)."""
    zeros = (0,) * len(settings.players)
    side_zeros = (0,) * len(settings.sides)
    return GameState(
        settings=settings,
        entries=Chain(),
        entry_rounds=Chain(),
        rounds=Chain(),
        running_totals=Chain(),
        leaders_after=Chain(),
        current=family_of(settings).start_round(settings, 1),
        scores=zeros,
        side_scores=side_zeros,
        status=Status.IN_PROGRESS,
        winning_award=None,
        total_rounds=total_rounds(settings),
    )


def apply(state: GameState, entry: Entry) -> GameState:
    """The state after one more entry, or a ``RuleError`` that says which rule it breaks.

    >>> from companion.rules import new_settings, Bids
    >>> state = apply(new_game(new_settings("oh-hell", ["Ana", "Ben", "Cleo", "Dev"])),
    ...               Bids((None, 1, None, None)))
    >>> state.current.next_bidder
    2
    """
    settings = state.settings
    current = state.current
    if current is None:
        require_in_progress(state, field_of(entry))
    assert current is not None
    family = settings.family
    played = family.apply(state, entry)
    round_, side_scores = played.round, played.side_scores
    # Each one longer, sharing the earlier items (``chain``): an entry costs the same at the
    # thousandth round as at the first.
    entries = state.entries.added(entry)
    entry_rounds = state.entry_rounds.added(current.number)
    # Per seat: without teams each seat is its own side, so the side totals are the seats'.
    scores = (tuple(side_scores[settings.side_of(s)] for s in settings.seats)
              if settings.has_teams else side_scores)
    if round_.phase is not Phase.DONE:
        if played.finished_by is not None:  # the score pad's "we stop here"
            return evolve(state, entries=entries, entry_rounds=entry_rounds, current=None,
                          status=Status.FINISHED, finished_by=played.finished_by)
        return evolve(state, entries=entries, entry_rounds=entry_rounds, current=round_,
                      scores=scores, side_scores=side_scores)
    rounds = state.rounds.added(round_)
    finished = (played.winning_award is not None or played.finished_by is not None
                or played.ends or len(rounds) == state.total_rounds)
    best = settings.best(side_scores)
    return evolve(
        state,
        entries=entries,
        entry_rounds=entry_rounds,
        rounds=rounds,
        current=None if finished else family.next_round(settings, round_),
        scores=scores,
        side_scores=side_scores,
        status=Status.FINISHED if finished else Status.IN_PROGRESS,
        winning_award=played.winning_award,
        finished_by=played.finished_by,
        running_totals=state.running_totals.added(side_scores),
        leaders_after=state.leaders_after.added(
            tuple(side for side, score in enumerate(side_scores) if score == best)),
    )


def require_in_progress(state: GameState, field: str | None) -> None:
    """Refuse any entry once the game is over (``RuleError('phase')``, at ``field``)."""
    if state.current is None:
        raise RuleError("phase", "the game is over: no more entries", reason="finished",
                        field=field)


def fold(settings: Settings, entries: Sequence[Entry]) -> GameState:
    """The state after every entry in order; the first illegal one raises its ``RuleError``.

    The one fold: each entry applied in turn, every rule checked, every refusal exact; each
    entry costs the same at the thousandth round as at the first (``chain.py``), so a game of n
    entries costs n (bench/README.md, ``bench_fold.py`` and ``bench_cold.py``)."""
    state = new_game(settings)
    for entry in entries:
        state = apply_stored(state, entry)
    return state


def apply_stored(state: GameState, entry: Entry) -> GameState:
    """``apply`` for an entry already recorded, replayed after an earlier one changed: a score
    pad's "we stop here" after a correction of its last round reached the target is kept, with
    no further effect (docs/rules.md section 8); anything else is ``apply``."""
    if isinstance(entry, Finish) and state.finished_by is FinishedBy.TARGET:
        return evolve(state, entries=state.entries.added(entry),
                      entry_rounds=state.entry_rounds.added(len(state.rounds) + 1))
    return apply(state, entry)


def undo(state: GameState) -> GameState:
    """The state without its last entry (``RuleError('phase')`` when there is none)."""
    if not state.entries:
        raise RuleError("phase", "nothing to undo yet", reason="nothing-to-undo", field=None)
    return fold(state.settings, state.entries[:-1])


def correctable_round(state: GameState, number: int) -> Round:
    """The round a correction of round ``number`` replaces: the one answer, for the pages and
    the API, to which rounds can be corrected (docs/rules.md section 5). Only a scored round can;
    the round being played is entered, or changed by undo (``RuleError('phase')``, reason
    ``round-open``); a round the game has not reached is ``RoundNotFound``.

    >>> from companion.rules import new_game, new_settings
    >>> correctable_round(new_game(new_settings("oh-hell", ["A", "B", "C"])), 1)
    Traceback (most recent call last):
    companion.rules.errors.RuleError: round 1 is still being played: enter it, or undo
    """
    for round_ in state.rounds:
        if round_.number == number:
            return round_
    if state.current is not None and state.current.number == number:
        raise RuleError("phase", f"round {number} is still being played: enter it, or undo",
                        reason="round-open", field=None, round=number)
    raise RoundNotFound(number)


def result_entries(state: GameState, number: int) -> list[int]:
    """The positions of the entries that make a scored round's result (the family says which:
    in-turn games, all its bids and its tricks; Oh-Seven, the accepted bids and the tricks, as
    failed bids and their bonuses stay; Seven-Up, the hand that was played, as redeals stay).
    Refused as ``correctable_round`` says for a round that is not scored."""
    correctable_round(state, number)
    positions = [i for i, r in enumerate(state.entry_rounds) if r == number]
    return list(family_of(state.settings).result_entries(positions))


def correct_round(state: GameState, number: int, replacement: Sequence[Entry]) -> GameState:
    """The state with a scored round's result replaced and everything after it folded again.

    The replacement must make exactly round ``number`` (``RuleError('phase')`` otherwise). The
    correction is refused (its ``RuleError``) when it is illegal itself or makes a later entry
    illegal; ``RoundNotFound`` for a round not yet played.
    """
    positions = result_entries(state, number)
    start, end = positions[0], positions[-1] + 1
    corrected = fold(state.settings, state.entries[:start])
    for entry in replacement:
        corrected.settings.family.check_correction(corrected, number, entry)
        corrected = apply(corrected, entry)
    # Every replacement entry in round `number`, and the round scored by the last one; else the
    # later rounds' entries would slide into this round.
    span = corrected.entry_rounds[start:]
    if not span or set(span) != {number} or len(corrected.rounds) != number:
        raise RuleError("phase", f"the correction does not make round {number} whole",
                        reason="correction-incomplete", field=None, round=number)
    for entry in state.entries[end:]:
        try:
            corrected = apply_stored(corrected, entry)
        except RuleError as error:
            later = corrected.current.number if corrected.current else len(corrected.rounds) + 1
            raise RuleError(
                error.code,
                f"this correction would make round {later} invalid: {error.message}",
                reason=error.reason, field=error.field, seat=error.seat,
                **{**error.params, "later_round": later},
            ) from error
    return corrected


def correction_problems(state: GameState, number: int,
                        replacement: Sequence[Entry]) -> list[RuleError]:
    """Every ``RuleError`` of a correction, the one ``correct_round`` raises first: a page shows
    them all at once (the dealer's hooked bid and a wrong tricks total together). After an entry
    of the replacement is refused, each later one is judged on the round as it was played up to
    the stored entry of its kind (the tricks on the round's own bids), since the refused entry
    made no state to judge them on; a later round is judged only when the replacement is legal.
    """
    try:
        correct_round(state, number, replacement)
    except RuleError as error:
        first = error
    else:
        return []
    positions = result_entries(state, number)
    corrected: GameState | None = fold(state.settings, state.entries[:positions[0]])
    found: list[RuleError] = []
    for entry in replacement:
        if corrected is None:
            stored = [p for p in positions if type(state.entries[p]) is type(entry)]
            if not stored:
                break
            corrected = fold(state.settings, state.entries[:stored[-1]])
        try:
            corrected.settings.family.check_correction(corrected, number, entry)
            corrected = apply(corrected, entry)
        except RuleError as error:
            found.append(error)
            corrected = None
    # The replacement's own first problem is the very one correct_round raised (the same checks
    # in the same order); without one, that was the round not made whole, or a later round.
    return [first, *found[1:]]
