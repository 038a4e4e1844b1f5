"""Why a move is not legal, in words, from the same rules that :mod:`.legal` applies.

:func:`why_illegal` reads :func:`.legal.situation` (what kind of turn this is) and asks the same
predicates (:func:`~.legal.playable`, :func:`~.legal.opening_playable`, :func:`~.legal.aces_first`,
:func:`~.legal.can_draw`, :func:`~.legal.current_suit`), in the order :func:`~.legal.legal_moves` applies
them, so the reason given is the rule that refused the move.
"""

from __future__ import annotations

from ..cards import Rank
from ..i18n import N_, _, suit_one, suit_word
from .legal import aces_first, can_draw, current_suit, opening_playable, playable, situation
from .moves import Move
from .ranks import ACE, CLUBS, JACK, JOKER, RANK, SUIT, names_suit
from .state import State

__all__ = ["why_illegal", "top_text"]

_GENERIC = N_("not among the legal moves")


def why_illegal(state: State, move: Move) -> str:
    """The rule that refuses ``move`` for the player to act (called for moves that are not legal), in the
    language spoken (:mod:`cardlib.i18n`; the engine's error message asks for it in English)."""
    kind = situation(state)
    if kind == "over":
        return _("the hand is over")
    if move.kind == "play":
        return _why_play(state, move, kind)
    if move.kind == "draw":
        return _why_draw(state, kind)
    if move.kind == "pass":
        return _why_pass(state, kind)
    return _("'end' is only for declining the classic Ace follow-up (PY-24)")


def _why_play(state: State, move: Move, kind: str) -> str:
    me = state.to_act
    hand = state.hands[me]
    c = move.card
    assert c is not None                      # a play move has a card
    i = c.index
    if c not in hand:
        return _("seat {seat} does not hold {card}").format(seat=me, card=c)
    if move.tek:
        if not state.rules.tek:
            return _("tek ('!') is off in these rules")
        if len(hand) != 2:
            return _("tek ('!') goes only on a play that leaves exactly one card")
    t = state.discard[-1].index if state.discard else -1
    if kind == "opening":
        if i == JOKER:
            return _("no joker in the opening: play a club or draw (PY-F13)")
        if SUIT[i] is not CLUBS:
            return _("the opening card must be a club: play a club or draw (PY-06, PY-07)")
        if move.suit is not None:
            return _("an opening J♣ is inert and names no suit: write JC (PY-08)")
        if not opening_playable(i, t):
            return _("no J on a J (PY-13, PY-F13)")
        return _(_GENERIC)
    if names_suit(i) and move.suit is None:
        text = (_("a joker must name a suit: write e.g. {move}=H (PY-13, PY-J1)") if i == JOKER else
                _("a J must name a suit: write e.g. {move}=H (PY-13, PY-J1)"))
        return text.format(move=c)
    if kind == "tek_draw":
        return _("tek penalty: you began the turn with one card and no \"tek\": draw a card first (PY-T1b)")
    if kind == "t5_draw":
        return _("your last card was an Ace, which cannot finish: draw a card (PY-T5)")
    if kind in ("t5", "ace_drawn") and c is not hand[-1]:
        return _("only the card just drawn ({card}) may be played now (PY-F7, PY-F9)").format(card=hand[-1])
    if kind == "tek" and len(hand) < 2:
        return _("tek penalty: you cannot go out this turn (PY-T1b, PY-F15)")
    if aces_first(state, kind) and RANK[i] != ACE and any(RANK[x.index] == ACE for x in hand):
        return _("you hold another Ace: play your Aces first (aces_all_at_once, PY-T3)")
    if not playable(i, t, state.named_suit, state.pending > 0):
        if state.pending:
            return _("sevens pending: play a 7 or draw {n} (PY-20)").format(n=state.rules.sevens_owed(state.pending))
        return top_text(state)
    if RANK[i] == JACK and state.jack_must_change_suit and move.suit is not None and move.suit is current_suit(t, state.named_suit):
        return _("the J must change the suit: {suits} is the current suit (jack_must_change_suit)").format(
            suits=suit_word(move.suit))
    return _(_GENERIC)


def _why_draw(state: State, kind: str) -> str:
    if kind == "follow":
        return _("no drawing in the Ace follow-up: play a card legal on the Ace, or end (PY-F8)")
    if kind == "extra":
        return _("you must play an Ace or a card legal on the Ace (PY-24U)")
    if kind in ("tek", "after_penalty", "ace_drawn", "t5"):
        return _("no more drawing this turn")
    if not can_draw(state):
        return _("there is nothing to draw")
    if not state.multi_draw and state.drawn:
        return _("only one draw per turn (draw_policy single, PY-17T)")
    return _(_GENERIC)


def _why_pass(state: State, kind: str) -> str:
    if kind == "opening":
        return _("no passing in the opening: play a club or draw (PY-07)")
    if state.pending:
        return _("sevens pending: play a 7 or draw {n}; passing is not allowed (PY-F1)").format(
            n=state.rules.sevens_owed(state.pending))
    if kind == "tek_draw":
        return _("tek penalty: draw a card first (PY-T1b)")
    if kind == "t5_draw":
        return _("your last card was an Ace, which cannot finish: draw a card (PY-T5)")
    if kind == "ace_drawn":
        return _("the card you drew ({card}) is legal and must be played (PY-F7)").format(
            card=state.hands[state.to_act][-1])
    if kind == "follow" or (kind == "tek" and state.phase == "ace" and state.ace_follow):
        return _("after an Ace, write 'end' to stop without following it (PY-24)")
    if kind == "extra":
        return _("you must play an Ace or a card legal on the Ace (PY-24U)")
    return _("pass only after drawing at least one card, or when nothing can be drawn (PY-18)")


def top_text(state: State) -> str:
    """What the top card asks for (PY-12, PY-14, PY-15b, PY-J2), in the language spoken."""
    top = state.discard[-1] if state.discard else None
    if top is None:
        return _(_GENERIC)
    t = top.index
    s = state.named_suit
    if t == JOKER:
        assert s is not None                  # a joker on top names a suit (PY-J1; positions check it)
        return _("top card is a joker naming {suits}: play {a_suit}, a J or a joker (PY-J2)").format(
            suits=suit_word(s), a_suit=suit_one(s))
    jokers = state.rules.jokers_per_deck > 0      # a joker is named only where the deck has one (PY-J1)
    if RANK[t] == JACK:
        if s is None:
            return (_("top card is the opening JC: play a club that is not a J, or a joker (PY-15b)") if jokers else
                    _("top card is the opening JC: play a club that is not a J (PY-15b)"))
        said = (_("top card is {card} naming {suits}: play {a_suit} that is not a J, or a joker "
                  "(no J on a J, PY-14)") if jokers else
                _("top card is {card} naming {suits}: play {a_suit} that is not a J (no J on a J, PY-14)"))
        return said.format(card=top, suits=suit_word(s), a_suit=suit_one(s))
    suit = SUIT[t]
    assert suit is not None                   # only the joker has no suit
    said = (_("top card is {card} and no 7 pending: play {a_suit}, a {rank}, a J or a joker") if jokers else
            _("top card is {card} and no 7 pending: play {a_suit}, a {rank} or a J"))
    return said.format(card=top, a_suit=suit_one(suit), rank=Rank(RANK[t]).text)
