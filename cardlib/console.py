"""A person at the command line: ``play --bots human,...`` reads that seat's moves from standard input,
and ``hint FILE`` gives the expert's hint for a record's position (issue 27).

What the person is told goes to standard error (the record, as for every ``play``, to standard
output), and it is only what their seat may see: their own cards, every hand's size, the table (the
top card, a named suit, pending sevens and the stock's size; or the needed rank, the boxes and the
chips), and the other seats' moves as the records write them (a draw says "draw", never the card).

A move is read as the records write it (``7H``, ``JC=S``, ``draw``, ``stop``), by the game's own
parser and checked by the hand: bad input gets one line on standard error, ``cardlib: error: ...``, in
the engine's own words (the same as ``replay`` of a record with that move), and the question again.
``hint`` asks the expert (the same table as the notebooks' hint panel), ``moves`` lists the legal
moves again.  The end of the input (Ctrl-D) ends the hand where it stands: the record so far is
written, and ``replay`` or ``hint`` reads it.
"""

from __future__ import annotations

from typing import Any, TextIO

from .cards import cards_text
from .errors import CardlibError
from .jsonio import one_line

__all__ = ["HUMAN", "play_with_people", "seat_lines", "hint_lines"]

#: the ``--bots`` name of a seat played by a person
HUMAN = "human"


def seat_lines(hand: Any, seat: int, names: list[str]) -> list[str]:
    """What ``seat`` sees now, in a few lines (its own cards, the hands' sizes, the table)."""
    from .games import game_of
    spec = game_of(hand)
    mine = sorted(hand.hands[seat], key=spec.sort_key)
    from .i18n import _
    sizes = ", ".join(f"{names[s]} {len(h)}" for s, h in enumerate(hand.hands))
    out = [_("{player}, your cards: {cards}").format(player=names[seat], cards=cards_text(mine)),
           _("Cards in each hand: {sizes}").format(sizes=sizes)]
    picture = spec.face("picture") if spec.has_face("picture") else None
    table = getattr(picture, "table_lines", None)
    if table is not None:
        out += table(hand, names)                                  # the game's table in words
    else:
        from .display.generic import card_fields
        out += [f"{key.replace('_', ' ')}: {len(cards)} cards" for key, cards in card_fields(hand.position()).items()]
    out.append(_("Your moves: {moves}   (or: hint, moves)").format(moves=" ".join(str(m) for m in hand.legal_moves)))
    return out


def hint_lines(hand: Any, budget: int | None = None, seed: int = 0) -> list[str]:
    """The expert's hint for the seat to act, in the words of the notebooks' hint panel."""
    from .expert import HINT_BUDGET, hint
    return str(hint(hand, budget=HINT_BUDGET if budget is None else budget, seed=seed)).splitlines()


def play_with_people(hand: Any, bots: list[Any], people: set[int], names: list[str], inp: TextIO,
                     err: TextIO) -> bool:
    """Play ``hand`` to the end: the seats in ``people`` read their moves from ``inp``, the others are
    ``bots``.  Returns False when the input ended first (the hand stands where it was)."""
    heard = len(hand.move_stack)

    def say(line: str) -> None:
        err.write(line + "\n")
        err.flush()

    who = [-1] * len(hand.move_stack)                   # the seat of every move
    while not hand.is_over():
        seat = hand.to_act
        if seat not in people:
            who.append(seat)
            hand.push(bots[seat].choose(hand))
            continue
        for k in range(heard, len(hand.move_stack)):     # what happened since this seat last moved
            say(f"  {names[who[k]]}: {hand.move_stack[k]}")
        for line in seat_lines(hand, seat, names):
            say(line)
        while True:
            err.write(f"{names[seat]}> ")
            err.flush()
            line = inp.readline()
            if line == "":                               # the end of the input: stop cleanly
                say("")
                return False
            text = line.strip()
            if not _typed(inp):                          # piped: the move after its prompt, as a terminal shows it
                say(text)
            if not text:
                continue
            if text == "moves":
                say("Your moves: " + " ".join(str(m) for m in hand.legal_moves))
                continue
            if text == "hint":
                for h in hint_lines(hand):          # the seed of `cardlib hint`: the same answer
                    say(h)
                continue
            try:
                hand.push(text)
            except CardlibError as exc:                  # the engine's words, and the question again
                say(f"cardlib: error: {one_line(str(exc))}")
                continue
            break
        who.append(seat)
        heard = len(hand.move_stack)
    for k in range(heard, len(hand.move_stack)):
        say(f"  {names[who[k]]}: {hand.move_stack[k]}")
    from .display.outcome import outcome_headline          # words, not the result's dict
    from .i18n import _
    say(_("The hand is over: {outcome}").format(outcome=outcome_headline(hand.result(), names)))
    return True


def _typed(inp: TextIO) -> bool:
    """Whether ``inp`` is a terminal, whose own echo shows what was typed."""
    try:
        return inp.isatty()
    except (AttributeError, ValueError):                 # closed, or not a file
        return False
