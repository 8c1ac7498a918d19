"""Every option's values as enums, and a game's options parsed once into one frozen value.

A game's ruleset (``ruleset.Option``) offers each option's values as JSON (``"never"``, ``null``,
``10``) because that is what the API and the stored settings hold; the engine reads ``settings.typed``, where a value is
an enum member (or a number), so that a ``match`` over it is checked for exhaustiveness by mypy.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Mapping


class Scoring(enum.Enum):
    """A bid-in-turn game's round score (docs/rules.md sections 2, 3, 6 and 9): each game's
    ruleset offers its own few of them."""

    EXACT = "exact"  # seed 001: 10 + bid when exact, else 0
    TRICKS_PLUS_BONUS = "tricks-plus-bonus"  # seed 003: 1 a trick, +10 when exact
    TRICKS_PLUS_FIVE = "tricks-plus-five"  # 1 a trick, +5 when exact
    SQUARED = "squared"  # exact: 10 + bid²; missed: −(bid − tricks)²
    # The 60-card game (section 9): exact 20 + 10 a trick; missed −10 a trick off.
    TWENTY_PLUS_TENS = "standard"
    # Its easy scoring: exact as above; missed 10 a trick taken − 10 a trick off.
    TRICKS_ALWAYS = "tricks-always"


class Schedule(enum.Enum):
    """The shape of the hand sizes around the largest hand."""

    DOWN_UP = "down-up"
    DOWN = "down"
    UP = "up"
    UP_DOWN = "up-down"


class Hook(enum.Enum):
    """When the dealer may not make the bids add up to the hand size."""

    ALWAYS = "always"  # seeds 001 and 003
    NEVER = "never"  # the dealer bids freely
    NOT_LAST = "not-last"  # no hook in the game's last round
    # Only while the dealer is strictly ahead of every other player, and a zero always allowed
    # (the 60-card game's tournament rule, docs/rules.md section 9).
    CANADIAN = "canadian"


class ZeroBid(enum.Enum):
    """What an exact zero scores (a missed zero scores as the scoring says)."""

    STANDARD = "standard"  # as the scoring says
    FIVE = "five"  # 5
    FIVE_PLUS_HAND = "five-plus-hand"  # 5 + the hand size


class GameTie(enum.Enum):
    """Seven-Up: who scores game on equal card points."""

    NOBODY = "nobody"
    ELDEST = "eldest"


class LowTo(enum.Enum):
    """Seven-Up: who scores low."""

    HOLDER = "holder"
    WINNER = "winner"


class Teams(enum.Enum):
    """The score pad: everyone for themselves, or sides of two (docs/rules.md section 8)."""

    NONE = "none"
    PAIRS = "pairs"  # seat i with seat i + n/2


class Winner(enum.Enum):
    """The score pad: which total wins."""

    HIGHEST = "highest"
    LOWEST = "lowest"  # Hearts, Rummy, golf-scored games


def values(kind: type[enum.Enum] | enum.Enum, *more: enum.Enum) -> tuple[str, ...]:
    """An enum's values in declaration order (the default first), as a ruleset offers them; or
    the members named, in their order (a game offering only some of an enum's values)."""
    if isinstance(kind, enum.Enum):
        return tuple(str(member.value) for member in (kind, *more))
    return tuple(str(member.value) for member in kind)


@dataclass(frozen=True)
class TypedOptions:
    """A game's options as the engine reads them. Options a ruleset does not have keep their
    seed value (Oh-Seven has no hook; it never asks)."""

    card_passing: bool = False
    scoring: Scoring = Scoring.EXACT
    schedule: Schedule = Schedule.DOWN_UP
    hook: Hook = Hook.ALWAYS
    max_hand: int | None = None  # None: by the number of players
    #: The first round the dealer's hook holds in (docs/rules.md section 9).
    hook_from: int = 1
    zero_bid: ZeroBid = ZeroBid.STANDARD
    target: int = 7
    game_tie: GameTie = GameTie.NOBODY
    low_to: LowTo = LowTo.HOLDER
    teams: Teams = Teams.NONE
    winner: Winner = Winner.HIGHEST
    #: The score pad's target (``None``: none); Seven-Up's, always set, is ``target``.
    pad_target: int | None = None
    #: The score pad's number of rounds (``None``: until a target or the scorekeeper ends it).
    rounds: int | None = None
    zero_sum: bool = False

    @classmethod
    def parse(cls, resolved: Mapping[str, object]) -> TypedOptions:
        """From options the ruleset has already checked (so every value is one it offers);
        an option the ruleset does not have keeps its seed value."""
        seed = cls()
        max_hand = resolved.get("max_hand")
        target = resolved.get("target", seed.target)
        rounds = resolved.get("rounds")
        hook_from = resolved.get("hook_from")
        pad_target = resolved.get("target")  # the score pad's: None when it has none
        return cls(
            card_passing=resolved.get("card_passing", seed.card_passing) is True,
            # Coinche's own ``scoring`` option names other values: its own files read it.
            scoring=_scoring(resolved.get("scoring"), seed.scoring),
            schedule=Schedule(resolved.get("schedule", seed.schedule.value)),
            hook=Hook(resolved.get("hook", seed.hook.value)),
            max_hand=max_hand if isinstance(max_hand, int) else None,
            hook_from=hook_from if isinstance(hook_from, int) else seed.hook_from,
            zero_bid=ZeroBid(resolved.get("zero_bid", seed.zero_bid.value)),
            target=target if isinstance(target, int) else seed.target,
            game_tie=GameTie(resolved.get("game_tie", seed.game_tie.value)),
            low_to=LowTo(resolved.get("low_to", seed.low_to.value)),
            # Spades' teams may be null (decided by the number of players): its own files read it.
            teams=Teams(resolved.get("teams") or seed.teams.value),
            winner=Winner(resolved.get("winner", seed.winner.value)),
            pad_target=pad_target if isinstance(pad_target, int) else None,
            rounds=rounds if isinstance(rounds, int) else None,
            zero_sum=resolved.get("zero_sum", seed.zero_sum) is True,
        )


def _scoring(value: object, seed: Scoring) -> Scoring:
    """The bid-and-trick games' ``scoring``; a game whose option of that name means something
    else (Coinche's) keeps the seed value here."""
    return next((scoring for scoring in Scoring if scoring.value == value), seed)
