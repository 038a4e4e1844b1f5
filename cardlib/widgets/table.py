"""Play a whole hand against bots: your cards as buttons, the bots answer at once, narrated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..cards import Card
from ..checks import check_seat
from ..errors import InvalidOptionError
from ..display import outcome_html, position_svg
from ..display.moves import move_words
from ..display.svg import INK, PANEL, HtmlImage, esc
from ..i18n import N_, _, check_language, count_words, join_and, ngettext, speaking
from .base import StaticView
from .static import frame, labels_row, lines_box, png_img, run_line

__all__ = ["Table"]

_NAMES = ["Ada", "Bora", "Cem", "Deniz", "Ece", "Filiz", "Gül", "Hakan"]
# The table's own style sheet (a <style> in an HTML widget, scoped to .cardlib-table): playable and
# unplayable cards differ in border, lift and label, not only in tint; .cardlib-projector scales
# everything with the page (vw/vh units), so one table reads at 1280x800 and at 1920x1080 alike, the
# picture leaving room on the screen for the first lines of the narration under the buttons.
_STYLE = """<style>
.cardlib-table button.cardlib-card { border-radius: 7px; position: relative; transition: transform .1s; }
.cardlib-table button.cardlib-card.cardlib-playable {
  border: 3px solid #e6a800; box-shadow: 0 3px 0 #8a6d00; transform: translateY(-4px); opacity: 1; }
.cardlib-table button.cardlib-card.cardlib-playable::after {
  content: "▲ %(play)s"; position: absolute; left: 0; right: 0; bottom: 1px; font-size: 9px; line-height: 1;
  color: #5c4700; font-weight: bold; }
.cardlib-table button.cardlib-card.cardlib-unplayable {
  border: 2px dashed #9a9a9a; box-shadow: none; transform: translateY(3px) scale(.92); opacity: .5;
  background: #ecebe6 !important; }
.cardlib-table button.cardlib-card.cardlib-unplayable::after {
  content: "—"; position: absolute; left: 0; right: 0; bottom: 1px; font-size: 9px; line-height: 1; color: #555; }
.cardlib-projector .cardlib-status-line { font-size: clamp(18px, 1.9vw, 34px) !important; }
.cardlib-projector .cardlib-picture svg {
  width: auto !important; max-width: 100% !important;
  height: clamp(300px, calc(100vh - 220px - clamp(56px, 5.4vw, 104px) - clamp(40px, 3.4vw, 62px)
                          - clamp(46px, 3.8vw, 84px)), 2000px) !important; }
.cardlib-projector .cardlib-cards { gap: 6px; padding-top: 6px; }
.cardlib-projector button.cardlib-card {
  width: clamp(62px, 6.6vw, 128px) !important; height: clamp(56px, 5.4vw, 104px) !important;
  font-size: clamp(22px, 2.1vw, 40px) !important; padding: 0 0 .35em 0 !important; }
.cardlib-projector button.cardlib-card.cardlib-playable { border-width: clamp(3px, .35vw, 6px); }
.cardlib-projector button.cardlib-card.cardlib-unplayable { border-width: clamp(2px, .25vw, 4px); }
.cardlib-projector button.cardlib-card::after { font-size: clamp(10px, .8vw, 16px) !important; }
.cardlib-projector .cardlib-actions { gap: 6px; }
.cardlib-projector button.cardlib-action {
  height: clamp(40px, 3.4vw, 62px) !important; font-size: clamp(16px, 1.4vw, 26px) !important;
  padding: 0 .8em !important; width: auto !important; }
.cardlib-projector .cardlib-narration, .cardlib-projector .cardlib-outcome,
.cardlib-projector .cardlib-saved, .cardlib-projector .cardlib-teams { font-size: clamp(15px, 1.25vw, 24px) !important; }
</style>"""
# the words of a game's series and hands (GameSpec.series_word / hand_word) in whole phrases, as each
# language says them ("yeni maç", "nouvelle partie"); a word not listed is shown as the spec writes it
_NEW_SERIES = {"match": N_("new match"), "game": N_("new game")}
_SERIES_STARTS = {"match": N_("A new match starts."), "game": N_("A new game starts.")}
_HAND_TITLE = {"deal": N_("Deal {n}"), "hand": N_("Hand {n}")}
_HAND_N = {"deal": N_("deal {n}"), "hand": N_("hand {n}")}
_SERIES_TOTAL = {"match": N_("match total {n}"), "game": N_("game total {n}")}
_THIS_HAND = {"deal": N_("this deal {n}"), "hand": N_("this hand {n}")}
_TEAMS_WIN = {"match": (N_("{teams} wins the match."), N_("{teams} share the match.")),
              "game": (N_("{teams} wins the game."), N_("{teams} share the game."))}


def _phrase(table: dict, word: str, fallback: str) -> str:
    return _(table[word]) if word in table else fallback


_LOG_STYLE = (f"background:{PANEL};color:{INK};border:1px solid #8d8878;border-radius:6px;padding:6px 10px;"
              "font-family:sans-serif;font-size:13px;line-height:1.35")


class Table(StaticView, W.VBox):
    """A hand against bots.

    ``Table(game="sari-cuce"|"pis-yedili", seat=0, seed=None, players=4, bots="random"|"heuristic",
    names=None, **options)``: ``options`` are rule options (``preset="turkish"``, ``allow_voluntary_stop=True``
    ...).  Your cards are buttons, the legal ones enabled; a card whose moves differ in a choice asks for it,
    then plays (a Pis Yedili Jack or joker: the suit it names; the game's spec says how a move is made,
    :class:`cardlib.engine.GameSpec`); the moves that play no card (``draw``/``pass``/``end``/``stop``) are
    buttons and declarations (``tek!``) toggles, where the rules have them.  The
    bots answer at once and every event is narrated.  At the end the settlement is shown and ``new hand``
    deals again (Sarı Cüce: chips and board carry over, as in a game; Pis Yedili: match totals add up).

    Testable in plain Python: ``.hand`` (the engine hand), ``.buttons`` (name -> widget: the card texts of
    your hand, ``"draw"``, ``"pass"``, ``"end"``, ``"stop"``, ``"tek"``, ``"new"``, ``"suit:H"`` ...: a
    choice's buttons are ``"<spec.choice_name>:<value>"``),
    ``.narration`` (every line of this hand), ``.play(move_text)``, ``.picture``, ``.outcome``,
    ``.record()`` and ``.save(path)``.

    ``width`` is the picture's width in pixels (760; it shrinks to a narrow cell).  ``projector=True`` (the
    classroom's tables) makes the table readable from the back of a room: the picture fills the page's
    width up to the height that leaves the cards and buttons on screen, the card buttons and their labels
    grow with the page (about 86×70 px at 1280×800, 128×104 px at 1920×1080), and ``width`` is then only
    the picture's drawing width.  Playable cards are told apart from the others by more than a tint (in
    both modes): a thick gold border, lifted, with a "▲ play" label; the others have a dashed grey border,
    are lowered and faded.

    ``language``: ``"en"``, ``"tr"``, ``"fr"`` or ``"pl"``: the table's buttons, narration, pictures, outcome and
    hint panel speak it (default ``None``: the language spoken, :func:`cardlib.i18n.set_language`); the
    players' names, the card codes and the errors raised for programmers stay as they are.

    ``undo`` takes back your last move and the bots' answers after it (``.undo()``; ``hand.pop()``), also
    once the hand is over; the bots may answer differently the second time.  ``save this hand``
    (``.save_hand()``) writes the hand's record (``cardlib.records.record_from_hand``) into
    ``saved-hands/`` beside the notebook, named after the game, the table's seed and the hand
    (``sari-cuce-seed7-game1-hand1-move12.json``), and shows its path: the classroom stepper lists it.
    ``.action_extras`` is a list of widgets shown at the end of the action row.  ``hints=True`` adds the
    expert's hint panel under the table (``.hint_panel``, a :class:`cardlib.widgets.hint.HintPanel`: a
    "hint" button on your turn that compares your legal moves, docs/expert.md).

    Pis Yedili in pairs (``partnerships=True``, the pairs rules of docs/rules-pis-yedili.md): you sit with a bot partner opposite you
    (``.partner``, named "... (partner)"; PY-P1), the bots play the game's ``team`` bot unless ``bots``
    says otherwise, and ``.team_box`` / :meth:`team_lines` show the team match: each team's players and
    total so far (PY-P6), and at the end the winning team.

    Stored in a notebook, it shows its static form (:meth:`static_html`): the position as a picture, the
    labels of its buttons (your cards, the playable ones marked), the narration so far, and a line that
    says what the buttons do when the notebook runs.
    """

    static_kind = "table"

    def __init__(self, game: str = "sari-cuce", seat: int = 0, seed: int | None = None, players: int = 4,
                 bots: str | list | None = None, names: list[str] | None = None, *, width: int = 760,
                 projector: bool = False, save_dir: str | Path = "saved-hands", hints: bool = False,
                 language: str | None = None, **options):
        self.language = check_language(language)
        self._build(game, seat, seed, players, bots, names, width, projector, save_dir, hints, options)

    @speaking
    def _build(self, game: str, seat: int, seed: int | None, players: int, bots: Any, names: list[str] | None,
               width: int, projector: bool, save_dir: str | Path, hints: bool, options: dict) -> None:
        from ..games import find_game
        self.spec = find_game(game)
        self.game = self.spec.name
        self.rules = self.spec.make_rules({"players": players, **options})
        n = self.players = self.rules.players
        self.seat = check_seat("seat", seat, n)
        teams = getattr(self.rules, "teams", None)
        self.partner: int | None = self.rules.partner(seat) if teams is not None else None
        if bots is None:                       # in pairs the bots play for their team (TeamBot)
            bots = "team" if teams is not None and "team" in self.spec.bots else "random"
        if seed is None:
            import random
            seed = random.SystemRandom().randrange(1_000_000)
        self.seed = seed
        if names is None:
            names = [(_NAMES[s] if s < len(_NAMES) else _("Seat {seat}").format(seat=s))
                     + (" " + _("(you)") if s == seat else " " + _("(partner)") if s == self.partner else "")
                     for s in range(n)]
        from ..records import check_names
        self.names = check_names(names, n, InvalidOptionError)   # the names its own records can read back (S13)
        self._bot_spec = self._check_bots(bots)
        self.series_played = 0             # whole games (matches) finished before the current one
        self.series = self.spec.series(self.rules, seed=seed)
        self._width = width
        self.projector = bool(projector)
        self.save_dir = Path(save_dir)
        self.saved: Path | None = None          # the last record written by save_hand()
        self._undo: list[tuple] = []             # before each of your moves: (moves, narration lines, series state)
        self.action_extras: list[W.Widget] = []  # shown at the end of the action row (a hint button ...)
        self.narration: list[str] = []
        #: called with the table after each deal (the classroom's class tally listens here)
        self.deal_listeners: list[Any] = []
        self.pending_card: str | None = None
        self.outcome: HtmlImage | None = None
        self.picture = None

        # widgets
        self.status = W.HTML()
        self.team_box = W.HTML()
        self.picture_box = W.HTML()
        self.log_box = W.HTML()
        self.outcome_box = W.HTML()
        self.card_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        # Every button (cards, draw/pass/end/stop, a choice, undo, save, new) is bound to the state it was
        # drawn for (issue 28, W6): each drawing makes new buttons, and a click on a button of an earlier
        # drawing does nothing.  A double click, or a click from a page that has not redrawn yet, reaches
        # the kernel after the first click's move and the bots' answers: acting on it would play again in
        # your next turn (a second draw, the other copy of a card held twice).  The buttons share their
        # layouts and styles, so a drawing opens one widget per button.
        self._generation = 0                    # the drawings so far; a button knows the one it belongs to
        self._drawn: list[W.Button] = []        # the buttons of the current drawing
        self._retired: list[W.Button] = []      # those of the drawing before (closed at the next drawing)
        self._card_layout = W.Layout(width="56px", height="40px")
        self._wide = W.Layout(width="auto")
        self._card_styles: dict[str, W.ButtonStyle] = {}
        self._plain = W.ButtonStyle()
        self.buttons: dict[str, W.Widget] = {}
        self.toggles: dict[str, W.ToggleButton] = {}
        self._action_names: list[str] = []
        for name in self._action_words():
            if name in self.spec.declarations:          # said with a card (Pis Yedili's tek): a toggle
                self.toggles[name] = W.ToggleButton(value=False, description=f"{name}!",
                                                    tooltip=_("declare {word} with this play").format(word=name),
                                                    layout=W.Layout(width="70px"))
                self.toggles[name].add_class("cardlib-action")
                continue
            self._action_names.append(name)
        self.saved_box = W.HTML()
        # TRANSLATORS: the label under a card the player may play now (one short word)
        self.style_box = W.HTML(_STYLE.replace("%(play)s", esc(_("play"))))
        self.suit_row = W.HBox()
        self.action_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.picture_box.add_class("cardlib-picture")
        self.card_row.add_class("cardlib-cards")
        self.action_row.add_class("cardlib-actions")
        self.status.add_class("cardlib-status")
        super().__init__(children=[self.style_box, self.status, self.team_box, self.picture_box, self.card_row,
                                   self.suit_row, self.action_row, self.saved_box, self.log_box, self.outcome_box])
        self.add_class("cardlib-table")
        if self.projector:
            self.add_class("cardlib-projector")
        self.new_hand()
        self.hint_panel = None
        if hints:                              # the expert's hint button under the table (docs/expert.md)
            from .hint import HintPanel
            self.hint_panel = HintPanel.attach(self)

    # -- set up ----------------------------------------------------------------------------------
    def _action_words(self) -> tuple[str, ...]:
        """The words of the moves that play no card, and the declarations, under any rules of this game:
        the buttons and toggles are made once; the rules in play decide which show."""
        return tuple(dict.fromkeys(self.spec.actions(self.rules)))

    @property
    def tek(self) -> W.ToggleButton | None:
        """The "tek!" toggle (Pis Yedili with the tek rule), else None."""
        return self.toggles.get("tek")

    def _check_bots(self, bots: Any) -> list:
        seats = list(bots) if isinstance(bots, (list, tuple)) else [bots] * self.players
        if len(seats) != self.players:
            raise ValueError(f"bots {bots!r}: give one bot, or one per seat ({self.players})")
        for s, b in enumerate(seats):
            if s != self.seat and isinstance(b, str):
                self.spec.make_bot(b)            # an unknown name fails here, before any hand
        return seats

    @property
    def hands_played(self) -> int:
        """Hands dealt in the current game (match), the one being played included."""
        return len(self.series.hands)

    @speaking
    def new_hand(self) -> None:
        """Deal the next hand (the deal passes left) and let the bots play up to your turn.  Once the game
        (match) is over, a new one starts: its series seed is the next one (cardlib.seeds.series_seed)."""
        from ..seeds import series_seed
        intro: list[str] = []
        if self.series.is_over():
            intro = [e.describe(self.names) for e in self.series.events]
            self.series_played += 1
            self.series = self.spec.series(self.rules, seed=series_seed(self.seed, self.series_played))
            word = self.spec.series_word
            intro.append(_phrase(_SERIES_STARTS, word, f"A new {word} starts."))
        self.hand = self.series.next_hand()
        self.hand_seed = self.series.seeds[-1]
        named = self.series.bots([b if isinstance(b, str) else "random" for b in self._bot_spec])
        self.bots = [None if s == self.seat else (named[s] if isinstance(b, str) else b)
                     for s, b in enumerate(self._bot_spec)]
        self.narration = intro + [e.describe(self.names) for e in self.hand.events]
        self.outcome = None
        self.pending_card = None
        self._reset_toggles()
        self._undo = []
        self.saved = None
        self.saved_box.value = ""
        self._bots_play()
        self._render()
        for listener in self.deal_listeners:
            listener(self)

    def start_over(self, seed: int | None = None) -> None:
        """Start the game (match) again from ``seed`` (None: a fresh seed, kept in ``.seed``) and deal its first
        hand: the classroom gives each student a fresh deal this way when the teacher asks for it."""
        if seed is None:
            import random
            seed = random.SystemRandom().randrange(1_000_000)
        from ..seeds import check_seed
        self.seed = check_seed(seed)
        self.series_played = 0
        self.series = self.spec.series(self.rules, seed=seed)
        self.new_hand()

    # -- moves -----------------------------------------------------------------------------------
    def legal(self) -> list[str]:
        """Your legal moves now (texts); empty when it is not your turn."""
        if self.hand.is_over() or self.hand.to_act != self.seat:
            return []
        return [str(m) for m in self.hand.legal_moves]

    @speaking
    def play(self, move: Any) -> None:
        """Play a move for you (a move, or its record text: ``"7D"``, ``"JS=H"``, ``"draw"``), then the bots.
        A card whose legal moves differ in the game's choice (a Jack or joker: the suit) waits for
        :meth:`choose`; the toggles (``tek``) add their declaration."""
        if self.hand.is_over() or self.hand.to_act != self.seat:
            raise ValueError(f"it is not {self.names[self.seat]}'s turn")
        m = self.hand.parse_move(move)      # text or this game's move; anything else: InvalidMoveError (W5)
        if m.card is not None:
            options = [x for x in self.hand.legal_moves if x.card is m.card]
            choice = self.spec.choice
            if choice(m) is None and any(choice(x) is not None for x in options):
                self.pending_card = str(m.card)          # ask for the choice (the suit a Jack names)
                self._render()
                return
            m = self._with_declarations(m, options)
        self._push(m)

    def _reset_toggles(self) -> None:
        for toggle in self.toggles.values():
            toggle.value = False

    def _with_declarations(self, move: Any, options: list) -> Any:
        """The legal version of ``move`` with the declaration a toggle (or the move itself) asks for, if the
        rules allow it, without a declaration otherwise."""
        spec = self.spec
        wanted = {name for name, t in self.toggles.items() if t.value} | {spec.declaration(move)} - {None}
        same = [x for x in options if spec.choice(x) is spec.choice(move)]
        said = [x for x in same if spec.declaration(x) in wanted]
        plain = [x for x in same if spec.declaration(x) is None]
        return (said or plain or [x for x in same] or [move])[0]

    def click(self, card: str) -> None:
        """Click the button of a card of your hand (``"7D"``)."""
        self.buttons[str(Card.parse(card))].click()

    def _button(self, description: str, act: Any, *, layout: W.Layout | None = None,
                style: W.ButtonStyle | None = None, tooltip: str = "", classes: tuple[str, ...] = (),
                disabled: bool = False, button_style: str = "") -> W.Button:
        """A button of the drawing being made: ``act()`` runs on a click while the button is enabled and
        its drawing is still the one shown; a click on a button of an earlier drawing does nothing (W6)."""
        generation = self._generation
        b = W.Button(description=description, tooltip=tooltip, disabled=disabled, button_style=button_style,
                     _dom_classes=classes, layout=layout or self._wide, style=style or self._plain)

        def clicked(button: W.Button) -> None:
            if not button.disabled and generation == self._generation:
                act()
        b.on_click(clicked)
        self._drawn.append(b)
        return b

    def _card_style(self, card: Card) -> W.ButtonStyle:
        colour = "#c62828" if card.is_red else ("#6a1b9a" if card.is_joker else "#1b1b1b")
        style = self._card_styles.get(colour)
        if style is None:
            style = self._card_styles[colour] = W.ButtonStyle(button_color="#fffdf6", font_weight="bold",
                                                              text_color=colour)
        return style

    def _new_drawing(self) -> None:
        """Start a drawing: the buttons of the drawing before last are closed; the last one's are kept open
        (a late click on them still arrives, and finds nothing to do)."""
        for b in self._retired:
            b.close()
        self._retired, self._drawn = self._drawn, []
        self._generation += 1

    @speaking
    def _clicked(self, what: str) -> None:
        """A button's click: play what it shows if that is still legal for you now, else nothing."""
        if self.hand.is_over() or self.hand.to_act != self.seat or self.pending_card is not None:
            return
        legal = self.hand.legal_moves
        if what in self._action_names:
            if what in legal:
                self.play(what)
            return
        card = Card.parse(what.split("#")[0])
        if any(m.card is card for m in legal):
            self.play(str(card))

    @speaking
    def choose(self, value: Any) -> None:
        """Finish the play of the card waiting for its choice (:attr:`pending_card`) with ``value``: the
        text of one of its choice's values (Pis Yedili: a suit, ``"H"``)."""
        if self.pending_card is None:
            raise ValueError(f"no card is waiting for a {self.spec.choice_name}")
        card = Card.parse(self.pending_card)
        options = [m for m in self.hand.legal_moves if m.card is card and str(self.spec.choice(m)) == str(value)]
        if not options:
            raise ValueError(f"{card.pretty()} cannot take the {self.spec.choice_name} {value!r} here")
        self.pending_card = None
        self._push(self._with_declarations(options[0], options))

    def name_suit(self, suit: str) -> None:
        """Finish a Jack/joker play by naming ``suit`` (``"H"``): :meth:`choose` for Pis Yedili."""
        from ..cards import Suit
        self.choose(str(Suit.parse(suit)))

    def _choice_button(self, value: Any) -> W.Button:
        key = str(value)
        red = getattr(value, "is_red", None)
        style = None
        if red is not None:
            style = self._card_styles.get(f"choice {red}")
            if style is None:
                style = self._card_styles[f"choice {red}"] = W.ButtonStyle(
                    button_color="#fffdf6", text_color="#c62828" if red else "#1b1b1b")
        return self._button(self.spec.choice_words(value),
                            lambda: None if self.pending_card is None else self.choose(key),
                            style=style, classes=("cardlib-action",))

    def _push(self, move: Any) -> None:
        # what undo() goes back to: the moves so far, the narration, and the series before it books the hand
        state = {k: (list(v) if isinstance(v, list) else v) for k, v in vars(self.series).items()}
        self._undo.append((len(self.hand.move_stack), len(self.narration), state))
        before = len(self.hand.events)
        m = self.hand.push(move)
        self._narrate(self.seat, m, self.hand.events[before:])
        self._reset_toggles()
        self._bots_play()
        self._render()

    def can_undo(self) -> bool:
        """Whether a move of yours in this hand can be taken back."""
        return bool(self._undo) and self.pending_card is None

    @speaking
    def undo(self) -> None:
        """Take back your last move and the bots' answers after it (``hand.pop()``): the hand, the narration
        and the series' books (chips, totals) are as they were before that move, and it is your turn again.
        Also once the hand is over, before ``new hand``."""
        if not self.can_undo():
            raise ValueError("no move of yours to take back in this hand")
        moves, lines, state = self._undo.pop()
        while len(self.hand.move_stack) > moves:
            self.hand.pop()
        vars(self.series).update(state)
        del self.narration[lines:]
        self.narration.append(_("{player} takes the last move back.").format(player=self.names[self.seat]))
        self.outcome = None
        self.pending_card = None
        self._reset_toggles()
        self._render()

    def saved_name(self) -> str:
        """The file name that :meth:`save_hand` gives this hand: game, seed, hand and move count."""
        return (f"{self.game}-seed{self.seed}-{self.spec.series_word}{self.series_played + 1}-"
                f"{self.spec.hand_word}{self.hands_played}-move{len(self.hand.move_stack)}.json").replace(" ", "-")

    @speaking
    def save_hand(self, folder: str | Path | None = None) -> Path:
        """Write this hand's record (so far, or finished) into ``folder`` (the table's ``save_dir``,
        ``saved-hands/`` beside the notebook) and show where; the Stepper opens it.  A save never
        overwrites a file: two students at the same seeded table who save after the same number of moves
        get ``...-move12.json`` and ``...-move12-2.json`` (the file is created exclusively)."""
        folder = Path(folder) if folder is not None else self.save_dir
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.record(), indent=1, ensure_ascii=False) + "\n"
        stem = self.saved_name().removesuffix(".json")
        for k in range(1, 10_000):
            path = folder / (f"{stem}.json" if k == 1 else f"{stem}-{k}.json")
            try:
                with open(path, "x", encoding="utf-8") as out:     # "x": fails if the file is there
                    out.write(text)
                break
            except FileExistsError:
                continue
        else:
            raise FileExistsError(f"{folder}: 9,999 saved hands named {stem}-*.json already; move some away")
        self.saved = path
        import base64
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        saved = esc(_("Saved this hand: {path} ({download}); the stepper lists it.")).format(
            path=f"<code>{esc(path)}</code>",
            download=f'<a download="{esc(path.name)}" href="data:application/json;base64,{data}">' + esc(_("download"))
            + "</a>")
        self.saved_box.value = f'<div class="cardlib-saved" style="{_LOG_STYLE}">{saved}</div>'
        self._render()               # a new save button: a second click on the old one saves nothing more
        return path

    def _narrate(self, seat: int, move: Any, events: list) -> None:
        lines = [e.describe(self.names) for e in events]
        self.narration.extend(lines or [_("{player}: {move}.").format(player=self.names[seat], move=move_words(move))])

    def _bots_play(self) -> None:
        hand = self.hand
        guard = 0
        while not hand.is_over() and hand.to_act != self.seat:
            seat = hand.to_act
            move = self.bots[seat].choose(hand)
            before = len(hand.events)
            m = hand.push(move)
            self._narrate(seat, m, hand.events[before:])
            guard += 1
            if guard > 5000:
                raise RuntimeError("the bots did not finish")
        if hand.is_over():
            self._settle()

    def _settle(self) -> None:
        res = self.hand.result()
        word = self.spec.hand_word
        title = _phrase(_HAND_TITLE, word, word.capitalize() + " {n}").format(n=self.hands_played)
        self.outcome = outcome_html(res, self.names, totals=getattr(self.series, "totals", None),
                                    title=title + self._who_won(res))
        if self.series.is_over():
            self.narration.extend(e.describe(self.names) for e in self.series.events)

    def _who_won(self, res: Any) -> str:
        """The end banner's words for who won a hand scored in points (Pis Yedili: the lowest score, the player
        who went out or, when the stock ran out, the lowest hands; the summary's "went out" is only the
        first of these); empty for a game whose outcome already names its winner (Sarı Cüce)."""
        d = res.to_dict()
        scores = d.get("scores")
        if not scores:
            return ""
        low = min(scores)
        best = [self.names[s] for s, v in enumerate(scores) if v == low]
        points = count_words("point", low)
        if d.get("winner") is not None:
            text = ngettext(": {players} wins (went out, {points})", ": {players} win (went out, {points})",
                            len(best))
        else:
            text = ngettext(": {players} wins (the stock ran out: lowest hand, {points})",
                            ": {players} win (the stock ran out: lowest hand, {points})", len(best))
        return text.format(players=join_and(best), points=points)

    @speaking
    def team_lines(self) -> list[str]:
        """The team match (PY-P6), one line per team: its players, this hand's team score once the hand is
        over (PY-P4) and the team total so far; then the winning team once the match is over.  Empty
        without partnerships."""
        teams = getattr(self.rules, "teams", None)
        if teams is None:
            return []
        totals: list[int] = getattr(self.series, "team_totals")    # the match of a game with teams (Pis Yedili)
        res = self.hand.result() if self.hand.is_over() else None
        lines = []
        from ..i18n import join_and
        hw, sw = self.spec.hand_word, self.spec.series_word
        for k, (a, b) in enumerate(teams):
            team = (_("Team {letter} (your team)") if self.seat in (a, b)
                    else _("Team {letter}")).format(letter="ABCDEFG"[k])
            hand = (_phrase(_THIS_HAND, hw, f"this {hw} {{n}}").format(n=res.team_scores[k]) + ", "
                    if res is not None else "")
            lines.append(f"{team}: " + _("{a} & {b}").format(a=self.names[a], b=self.names[b]) + f": {hand}"
                         + _phrase(_SERIES_TOTAL, sw, f"{sw} total {{n}}").format(n=totals[k]))
        over = self.series.result() if self.series.is_over() else None
        if over is not None:
            best = join_and([_("Team {letter}").format(letter="ABCDEFG"[k]) for k in over.winning_teams])
            one, many = _TEAMS_WIN.get(sw, (f"{{teams}} wins the {sw}.", f"{{teams}} share the {sw}."))
            lines.append(_(one if len(over.winning_teams) == 1 else many).format(teams=best))
        return lines

    @speaking
    def static_text(self) -> str:
        """Whose turn it is and the last lines of narration: what a stored notebook shows without a kernel."""
        state = (_("The hand is over.") if self.hand.is_over()
                 else _("{player} to play.").format(player=self.names[self.hand.to_act]))
        hw = self.spec.hand_word
        where = _phrase(_HAND_N, hw, hw + " {n}").format(n=self.hands_played)
        head = _("{game} table, {where}: {state}").format(game=self.spec.title, where=where, state=state)
        return "\n".join([head, *self.team_lines(), *self.narration[-6:]])

    @speaking
    def static_html(self) -> str:
        """The table as a still: whose turn it is, the picture, your cards and the other buttons by their
        labels (playable cards marked ▲, buttons that are off greyed), the team lines, the last narration
        lines, the outcome once the hand is over, the hint panel's words, and what the buttons do when the
        notebook runs."""
        over = self.hand.is_over()
        state = (_("The hand is over.") if over else _("Your turn.") if self.hand.to_act == self.seat
                 else _("{player} to play.").format(player=self.names[self.hand.to_act]))
        hw = self.spec.hand_word
        where = _phrase(_HAND_N, hw, hw + " {n}").format(n=self.hands_played)
        head = _("{game} table, {where}: {state}").format(game=self.spec.title, where=where, state=state)
        body = [f'<div style="font-weight:bold;font-size:15px">{esc(head)}</div>']
        if self.picture is not None:
            body.append(png_img(self.picture))
        def is_card(b: Any) -> bool:
            return "cardlib-card" in getattr(b, "_dom_classes", ())
        cards = [(b.description, "off" if b.disabled else "playable") for b in self.buttons.values() if is_card(b)]
        if cards:
            body.append(labels_row(_("Your cards:"), cards))
        others = [(b.description, "off" if b.disabled else "") for b in self.buttons.values()
                  if not is_card(b) and hasattr(b, "description")]
        body.append(labels_row(_("Buttons:"), others))
        lines = [*self.team_lines(), *(self.narration[-8:] or [_("The cards are dealt.")])]
        body.append(lines_box(lines, "cardlib-narration"))
        if self.outcome is not None:
            body.append(str(self.outcome))
        panel = getattr(self, "hint_panel", None)
        if panel is not None:
            body.append(panel.static_words())
        playable = _("a card marked ▲") if not over else _("new hand")
        body.append(run_line(_("When the notebook runs, these are buttons: click {what} to play it and the bots answer "
                               "at once, every move narrated; {undo} takes your move back and {save} writes it for "
                               "the stepper.").format(what=playable, undo=_("↶ undo"), save=_("save this hand"))))
        return frame(self.static_kind, "".join(body))

    # -- records ---------------------------------------------------------------------------------
    def record(self) -> dict:
        """The hand so far (finished: with ``end`` and ``result``) as a record dict."""
        from ..records import record_from_hand
        return record_from_hand(self.hand, names=self.names).to_dict()

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    # -- drawing ---------------------------------------------------------------------------------
    @speaking
    def _render(self) -> None:
        self._new_drawing()
        hand = self.hand
        over = hand.is_over()
        mine = not over and hand.to_act == self.seat
        moves = list(hand.legal_moves) if mine else []        # your legal moves, as move objects
        cards = sorted(hand.hands[self.seat], key=self.spec.sort_key)
        playable = {m.card for m in moves if m.card is not None}
        # status
        if over:
            status = _("The hand is over.")
        elif hand.to_act == self.seat:
            status = _("Your turn")
            if self.pending_card:
                card = Card.parse(self.pending_card).pretty()
                status = (_("Your turn: pick a suit for your {card}") if self.spec.choice_name == "suit" else
                          _("Your turn: pick a {choice} for your {card}")).format(choice=self.spec.choice_name,
                                                                                   card=card)
        else:
            status = _("{player} to play").format(player=self.names[hand.to_act])
        self.status.value = f'<b class="cardlib-status-line" style="font-family:sans-serif;font-size:15px">{esc(status)}</b>'
        teams = self.team_lines()
        self.team_box.value = "" if not teams else (
            f'<div class="cardlib-teams" style="{_LOG_STYLE}">'
            + "".join(f'<div style="color:{INK};margin:0">{esc(x)}</div>' for x in teams) + "</div>")
        visible = None if over else [self.seat]
        self.picture = position_svg(hand, self.names, visible=visible, legal=moves if moves else False,
                                    width=self._width)
        self.picture_box.value = str(self.picture)
        # card buttons: one per card shown (and per copy of it, "7D#2" with two decks), of this drawing
        buttons: dict[str, W.Widget] = {}
        row = []
        for c in cards:
            key = str(c)
            k = 2
            while key in buttons:
                key = f"{c}#{k}"
                k += 1
            enabled = not over and self.pending_card is None and c in playable
            # told apart by more than a tint: class, border, lift and label (the style sheet _STYLE)
            b = self._button(c.pretty(), lambda key=key: self._clicked(key), layout=self._card_layout,
                             style=self._card_style(c), tooltip=str(c),
                             classes=("cardlib-card", "cardlib-playable" if enabled else "cardlib-unplayable"),
                             disabled=not enabled)
            buttons[key] = b
            row.append(b)
        self.card_row.children = row
        # the choice a waiting card asks for (the suit a Jack names), a button per value it can take
        if self.pending_card is not None:
            waiting = Card.parse(self.pending_card)
            values = [self.spec.choice(m) for m in moves if m.card is waiting]
            shown_values = list(dict.fromkeys(v for v in values if v is not None))
            ask = (_("name a suit:") if self.spec.choice_name == "suit"
                   else _("name a {choice}:").format(choice=self.spec.choice_name))
            choice_row: list[W.Widget] = [W.HTML(f"<b>{esc(ask)}</b>&nbsp;")]
            for v in shown_values:
                b = self._choice_button(v)
                buttons[f"{self.spec.choice_name}:{v}"] = b
                choice_row.append(b)
            self.suit_row.children = choice_row
            self.suit_row.layout.display = None
        else:
            self.suit_row.children = ()
            self.suit_row.layout.display = "none"
        # the moves that play no card and the declarations that these rules have
        row = []
        words = {str(m) for m in moves if m.card is None}
        for name in self.spec.actions(self.rules):
            if name in self.toggles:
                toggle = self.toggles[name]
                buttons[name] = toggle
                toggle.disabled = not any(self.spec.declaration(m) == name for m in moves)
                row.append(toggle)
                continue
            b = self._button(move_words(self.hand.parse_move(name)), lambda name=name: self._clicked(name),
                             classes=("cardlib-action",), disabled=name not in words)
            buttons[name] = b
            row.append(b)
        self.undo_button = self._button(_("↶ undo"), self.undo,
                                        tooltip=_("take back your last move and the bots' answers"),
                                        classes=("cardlib-action",), disabled=not self.can_undo())
        buttons["undo"] = self.undo_button
        self.save_button = self._button(_("save this hand"), self.save_hand,
                                        tooltip=_("write this hand's record for the stepper"),
                                        classes=("cardlib-action",))
        buttons["save"] = self.save_button
        sw = self.spec.series_word
        new_words = _("new hand") if not self.series.is_over() else _phrase(_NEW_SERIES, sw, f"new {sw}")
        self.new_button = self._button(new_words,
                                       self.new_hand, classes=("cardlib-action",), button_style="success",
                                       disabled=not over)
        buttons["new"] = self.new_button
        row += [self.undo_button, self.save_button, self.new_button, *self.action_extras]
        self.action_row.children = row
        self.buttons = buttons
        shown = self.narration[-10:] or [_("The cards are dealt.")]
        self.log_box.value = (f'<div class="cardlib-narration" style="{_LOG_STYLE}">'
                              + "".join(f'<div style="color:{INK};margin:0">{esc(x)}</div>' for x in shown) + "</div>")
        self.outcome_box.value = str(self.outcome or "")
