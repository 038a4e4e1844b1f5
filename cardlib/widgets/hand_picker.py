"""A dropdown of hand records feeding a :class:`~cardlib.widgets.Stepper`: the classroom's stepper page."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..display.svg import esc
from ..i18n import _, check_language, speaking, using
from .base import StaticView
from .static import frame, labels_row
from .stepper import Stepper

__all__ = ["HandPicker"]

Hands = Mapping[str, Any]   # label -> a record (a path, a dict, a Record or a hand)


class HandPicker(StaticView, W.VBox):
    """Pick a hand from a dropdown, then step through it with a :class:`Stepper` (made anew for each pick).

    ``hands``: the hands by label (a mapping), or a function that returns them; with a function, a
    ``↻ look for saved hands`` button (``.again``) asks it again, e.g. for hands saved at a table meanwhile.
    Other keywords go to each ``Stepper`` (``plot="button"``: no chart, and no plotly, before one is asked for).

    ``.pick`` is the dropdown, ``.stepper`` the Stepper of the hand picked. Stored in a notebook, it shows
    the hands it offers and the Stepper's filmstrip where no widget can be drawn (:class:`StaticView`).

    A hand given as a file that cannot be read or replayed (a broken or foreign file among the saved
    hands) is listed as ``unreadable: <label>`` after the others, and picking it says why in place of the
    Stepper (``.unreadable``: label -> the reason); the rest are shown as usual.

    ``language=`` (a Stepper's keyword) is the picker's language too: its words, and each Stepper's.
    """

    static_kind = "hand-picker"
    #: the dropdown's row, then the Stepper (ipywidgets' Box.children, which ipywidgets leaves untyped)
    children: Sequence[Any]

    def __init__(self, hands: Hands | Callable[[], Hands], **stepper: Any):
        self._hands = hands if callable(hands) else (lambda: hands)
        self._stepper_options = stepper
        self.language = check_language(stepper.get("language"))
        self.unreadable: dict[str, str] = {}
        with using(self.language):
            options = self._options()
            self.pick = W.Dropdown(options=options, description=_("hand"), layout=W.Layout(width="520px"))
            self.again = W.Button(description=_("↻ look for saved hands"), layout=W.Layout(width="auto"))
            self.again.on_click(lambda _b: self.look_again())
            self.stepper = self._stepper(self.pick.label, self.pick.value)
        self.pick.observe(self._picked, names="value")
        top = [self.pick, self.again] if callable(hands) else [self.pick]
        super().__init__(children=[W.HBox(top), self.stepper])

    def _options(self) -> dict[str, Any]:
        options = dict(self._hands())
        if not options:
            raise ValueError("HandPicker: no hands to pick from (the hands given, or the function's answer, "
                             "are empty)")
        readable, unreadable = {}, {}
        self.unreadable = {}
        for label, value in options.items():
            why = _unreadable(value)
            if why is None:
                readable[label] = value
            else:
                shown = _("unreadable: {label}").format(label=label)
                self.unreadable[shown] = why
                unreadable[shown] = value
        return {**readable, **unreadable}

    def _stepper(self, label: str | None, value: Any) -> Any:
        """The Stepper of a hand, or, for a hand that cannot be read, a note that says why."""
        why = self.unreadable.get(label or "")
        if why is None:
            try:
                return Stepper(value, **self._stepper_options)
            except (ValueError, OSError) as exc:       # the library's errors are ValueErrors
                why = str(exc)
        said = _("This hand cannot be read: {why}").format(why=why)
        note = W.HTML(f'<div class="cardlib-unreadable" style="font-family:sans-serif;font-size:15px;'
                      f'padding:8px">{esc(said)}</div>')
        note.picture = None
        note.static_text = lambda: said
        note.static_html = lambda: f'<p class="cardlib-unreadable">{esc(said)}</p>'
        return note

    @speaking
    def look_again(self) -> None:
        """Ask the function of hands again (the dropdown keeps the hand shown if it is still there)."""
        options = self._options()
        if options != dict(self.pick.options):
            self.pick.options = options

    @speaking
    def _picked(self, change: Any) -> None:
        if change["new"] is None:
            return
        self.stepper = self._stepper(self.pick.label, change["new"])
        self.children = [self.children[0], self.stepper]

    # -- the static view: the Stepper's ----------------------------------------------------------------
    @property
    def picture(self) -> Any:
        return self.stepper.picture

    @speaking
    def static_html(self) -> str:
        """The hands of the dropdown (the one shown marked) and the Stepper's static form."""
        chosen = self.pick.label
        hands = [(str(label), "playable" if label == chosen else "") for label in self.pick._options_labels]
        return frame(self.static_kind, labels_row(_("Hands to pick:"), hands) + self.stepper.static_html())

    @speaking
    def static_text(self) -> str:
        label = self.pick.label
        name = label if label is not None else Path(str(self.pick.value)).stem
        return _("hand: {name}").format(name=name) + f"\n{self.stepper.static_text()}"


_CHECKED: dict[tuple, str | None] = {}      # (path, size, mtime) -> why it cannot be read, or None


def _unreadable(value: Any) -> str | None:
    """Why a hand given as a file cannot be stepped through (None: it can); other hands are not checked
    here.  A file is read and replayed once for each size and modification time."""
    if not isinstance(value, (str, Path)) or (isinstance(value, str) and value.lstrip().startswith("{")):
        return None
    path = Path(value)
    try:
        stat = path.stat()
    except OSError as exc:
        return f"{path.name}: {exc.strerror or exc}"
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    if key not in _CHECKED:
        from ..records import load_record
        try:
            load_record(path).replay()
            _CHECKED[key] = None
        except (ValueError, OSError, UnicodeDecodeError) as exc:
            _CHECKED[key] = str(exc) if path.name in str(exc) else f"{path.name}: {exc}"
    return _CHECKED[key]
