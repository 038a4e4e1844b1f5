"""The legal moves of the player to act: which cards may be played on the table, and which words.

One function decides whether a card may be played on the table outside the opening: :func:`playable`
(PY-12, PY-13, PY-14, PY-15b, PY-20, PY-J1, PY-J2); :func:`opening_playable` does the same for an opening
card (PY-06, PY-08, PY-F13).  The tables below are a cache built from those two functions: for one
situation on the table, card index -> the moves that play that card, in the canonical order.

What the turn allows besides (the tek penalty, the classic Ace follow-up, the Turkish Ace extra turn,
the PY-T5 draw, ...) is told by :func:`situation`, the one name for "what kind of turn is this";
:func:`legal_moves` and :mod:`.reasons` both read it.

>>> from cardlib import Card
>>> i = {t: Card.parse(t).index for t in ("9H", "5H", "JS", "JH")}
>>> playable(i["9H"], i["5H"], None, False), playable(i["JS"], i["JH"], None, False)  # PY-12; no J on a J
(True, False)
"""

from __future__ import annotations


from ..cards import SUITS, Suit
from .moves import DRAW, END, PASS, Move
from .ranks import ACE, CARD, CLUBS, JACK, JOKER, RANK, SEVEN, SUIT, names_suit
from .state import State

__all__ = ["playable", "opening_playable", "current_suit", "play_table", "opening_table", "can_draw",
           "tek_due", "situation", "aces_first", "legal_moves", "SITUATIONS"]

#: what :func:`situation` can say about the turn of the player to act
SITUATIONS = ("over", "opening", "play", "follow", "extra", "tek_draw", "tek", "after_penalty", "t5_draw", "t5",
              "ace_drawn")


def playable(i: int, t: int, named: Suit | None, pending: bool) -> bool:
    """May card index ``i`` be played on top card index ``t`` (-1: no top card) outside the opening?

    Against pending sevens only a 7 (PY-20); on a joker the named suit, any J, any joker (PY-J2); on a J a
    card of the named suit that is not a J, or a joker (PY-14; an inert opening J♣ names clubs, PY-15b);
    otherwise the top card's suit or rank, or a J or joker (PY-12, PY-13, PY-J1).
    """
    if pending:
        return RANK[i] == SEVEN
    if t < 0:
        return True
    if t == JOKER:
        return i == JOKER or RANK[i] == JACK or SUIT[i] is named
    if RANK[t] == JACK:
        if i == JOKER:
            return True
        return SUIT[i] is (named if named is not None else CLUBS) and RANK[i] != JACK
    return i == JOKER or RANK[i] == JACK or SUIT[i] is SUIT[t] or RANK[i] == RANK[t]


def opening_playable(i: int, t: int) -> bool:
    """An opening card is a club (PY-06), never a joker, and not a J on a J (PY-F13)."""
    return SUIT[i] is CLUBS and not (RANK[i] == JACK and t >= 0 and RANK[t] == JACK)


def current_suit(t: int, named: Suit | None) -> Suit | None:
    """The suit in force: the named suit on a J or joker (clubs on the inert J♣), else the top's suit."""
    if t < 0:
        return None
    if names_suit(t):
        return named if named is not None else CLUBS
    return SUIT[t]


def _moves_of(i: int, tek: bool) -> tuple[Move, ...]:
    """Every move that plays card ``i``: a J or joker once per named suit; each without, then with "!"."""
    card = CARD[i]
    flags = (False, True) if tek else (False,)
    if names_suit(i):
        return tuple(Move("play", card, s, f) for s in SUITS for f in flags)
    return tuple(Move("play", card, None, f) for f in flags)


_MOVES = tuple(tuple(_moves_of(i, tek) for tek in (False, True)) for i in range(53))
_SUIT_CODE = {s.value: k for k, s in enumerate(SUITS, 1)}
#: the plays tables made so far, by ``jack_must_change_suit`` then by (top + 1, named suit, pending, tek)
#: card index -> the moves that play it (a plays table)
Table = tuple[tuple[Move, ...], ...]
_TABLES: tuple[list[Table | None], list[Table | None]] = ([None] * (54 * 5 * 4), [None] * (54 * 5 * 4))
_OPENING: dict[tuple[int, bool], Table] = {}


def play_table(t: int, named: Suit | None, pending: bool, tek: bool, jmcs: bool) -> Table:
    """Card index -> its legal plays on this table (``()`` when :func:`playable` says no); ``tek``: the
    play may declare tek; ``jmcs``: ``jack_must_change_suit`` (a J may not name the suit in force)."""
    code = ((t + 1) * 5 + (0 if named is None else _SUIT_CODE[named._value_])) * 4 + 2 * pending + tek
    table = _TABLES[jmcs][code]
    if table is None:
        cur = current_suit(t, named) if jmcs else None
        rows = []
        for i in range(53):
            ms = _MOVES[i][tek] if playable(i, t, named, pending) else ()
            if cur is not None and RANK[i] == JACK:
                ms = tuple(m for m in ms if m.suit is not cur)
            rows.append(ms)
        table = _TABLES[jmcs][code] = tuple(rows)
    return table


def opening_table(t: int, tek: bool) -> Table:
    """Card index -> its inert opening plays on top card ``t`` (a club names no suit, PY-08)."""
    table = _OPENING.get((t, tek))
    if table is None:
        table = _OPENING[t, tek] = tuple(
            (Move("play", CARD[i], None, False),) + ((Move("play", CARD[i], None, True),) if tek else ())
            if opening_playable(i, t) else () for i in range(53))
    return table


def can_draw(state: State) -> bool:
    """Something can be drawn: the stock, or the discards under the top (``reshuffle``, PY-28T)."""
    return bool(state.stock) or (state.reshuffles and len(state.discard) > 1)


def tek_due(state: State, seat: int) -> bool:
    """PY-T1b: ``seat`` holds one card and has not declared tek."""
    return state.tek_rule and len(state.hands[seat]) == 1 and seat not in state.tek


def situation(state: State) -> str:
    """What kind of turn the player to act is in (one of :data:`SITUATIONS`).

    ``play`` normal play; ``opening`` an opening card is owed; ``follow`` the classic Ace follow-up (PY-24,
    PY-F8); ``extra`` the Turkish Ace extra turn (PY-24U); ``tek_draw`` / ``tek`` the tek penalty before and
    after its draw (PY-T1b, PY-F10, PY-F15; ``tek`` too when nothing can be drawn); ``after_penalty`` after the
    sevens with ``play_after_penalty_draw`` (PY-F2); ``t5_draw`` / ``t5`` the draw after a last Ace and the
    card it gave (PY-T5, PY-F9); ``ace_drawn`` the card drawn in an extra turn (PY-F7).
    """
    if state.over:
        return "over"
    if state.phase == "opening":
        return "opening"
    sub = state.turn_state
    if sub is None:
        return "play" if state.phase == "play" else "follow" if state.ace_follow else "extra"
    if sub == "tek_draw":
        return "tek_draw" if can_draw(state) else "tek"
    if sub == "t5":
        return "t5" if state.hands[state.to_act] else "t5_draw"
    return sub


def aces_first(state: State, kind: str) -> bool:
    """PY-T3: in a Turkish Ace extra turn a held Ace must come first, under a tek penalty too (PY-F15);
    under ``ace_rule = follow`` the option has no effect (PY-F16)."""
    return (kind == "extra" or (kind == "tek" and state.phase == "ace")) and not state.ace_follow and state.rules.aces_all_at_once


def _indices(state: State, seat: int) -> list[int]:
    """The card indices ``seat`` holds, ascending, each once."""
    idx = state.held[seat]
    return sorted(set(idx)) if state.duplicates else idx


def _plays(table: Table, idx: list[int]) -> list[Move]:
    """The moves of ``table`` for the card indices ``idx``, in order."""
    out: list[Move] = []
    for i in idx:
        ms = table[i]
        if ms:
            out += ms
    return out


def legal_moves(state: State) -> list[Move]:
    """The legal moves in the canonical order: plays by card index (a J or joker by named suit C D H S,
    each without then with "!"), then ``draw``, ``pass``, ``end``.  Empty once the hand is over."""
    kind = situation(state)
    if kind == "over":
        return []
    if kind == "tek_draw" or kind == "t5_draw":
        return [DRAW]                                   # PY-T1b, PY-T5: draw first
    me = state.to_act
    hand = state.hands[me]
    d = state.discard
    t = d[-1].index if d else -1
    tek = state.tek_rule and len(hand) == 2
    if kind == "opening":
        out = _plays(opening_table(t, tek), _indices(state, me))
        if can_draw(state):
            out.append(DRAW)                            # PY-07, PY-F13
        elif not out:
            out.append(PASS)                            # PY-10
        return out
    table = play_table(t, state.named_suit, state.pending > 0, tek, state.jack_must_change_suit)
    if kind == "t5" or kind == "ace_drawn":             # only the card just drawn (PY-F7, PY-F9)
        out = list(table[hand[-1].index])
        if kind == "t5" or not out:
            out.append(PASS)
        return out
    if kind == "tek" and len(hand) < 2:
        out = []                                        # the penalty: no play that goes out (PY-T1b, PY-F15)
    else:
        idx = state.held[me]
        if state.duplicates:
            idx = sorted(set(idx))
        if kind != "play" and aces_first(state, kind):
            aces = [i for i in idx if RANK[i] == ACE]
            if aces:
                idx = aces
        out = _plays(table, idx)
    return _add_words(state, kind, out)


def _add_words(state: State, kind: str, out: list[Move]) -> list[Move]:
    """``out`` (the plays) followed by the words this turn allows."""
    if kind == "play":
        if state.pending:
            out.append(DRAW)                            # PY-20, PY-F1
        elif can_draw(state):
            if state.multi_draw or not state.drawn:
                out.append(DRAW)                        # PY-16, PY-17, PY-17T
            if state.drawn:
                out.append(PASS)                        # PY-18
        else:
            out.append(PASS)                            # PY-18, PY-F3
    elif kind == "follow":
        out.append(END)                                 # PY-24, PY-F8
    elif kind == "extra":
        if not out:
            out.append(DRAW if can_draw(state) else PASS)   # PY-24U
    elif kind == "after_penalty":
        out.append(PASS)                                # PY-F2
    elif state.pending:
        out.append(DRAW)                                # tek: the sevens' penalty instead of the pass (PY-F10)
    else:
        out.append(END if state.phase == "ace" and state.ace_follow else PASS)   # tek (PY-T1b, PY-F15)
    return out
