"""What every cardlib widget shares: a static view, and the shape of a rule explorer.

- :class:`StaticView`: a widget stored in a notebook shows its static form wherever the live widget cannot
  be drawn (a notebook opened before it is run or trusted, GitHub, nbviewer, nbconvert to HTML or
  Markdown): its display bundle carries, beside the widget view, ``text/html`` with its pictures as
  embedded PNGs and its words (:mod:`cardlib.widgets.static`), its first picture again as ``image/png``
  (the same bytes), and a short ``text/plain``.
- :class:`Explorer`: a rule you can touch.  Controls choose a situation; :meth:`Explorer.situation` (one
  per explorer) returns the picture and one sentence that says what the rule does and why.  Everything is
  reachable from Python (``.controls``, ``.set(...)``, ``.picture``, ``.sentence``), so the explorers are
  tested without a browser.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as W

from ..display.svg import INK, PANEL, esc
from ..i18n import _, check_language, speaking, using
from .static import STILL_COLOURS, control_words, first_png, frame, lines_box, png_img, run_line

__all__ = ["StaticView", "Explorer"]

_SENTENCE_STYLE = (f"background:{PANEL};color:{INK};border:1px solid #8d8878;border-radius:6px;"
                   "padding:6px 10px;font-family:sans-serif;font-size:14px;line-height:1.4")


def _in_voila() -> bool:
    """Whether this kernel serves a Voila page (Voila starts its kernels with ``VOILA_PREHEAT`` set, to "True"
    or "False"): there the live widget is always drawn, so a stored picture would never be seen (should a
    widget's view fail to draw there, its words show instead)."""
    return "VOILA_PREHEAT" in os.environ


class StaticView:
    """Mix into a widget that has a ``picture`` (an ``SvgImage`` or ``None``) and says what it shows in
    :meth:`static_text` (plain text) and :meth:`static_html` (its static form: pictures as PNG and words).
    In a Voila page (the classroom) the static form is left out: it is never shown there, and drawing its
    PNGs was a third of a table page's work in its kernel."""

    picture: Any
    #: what the static form is of (its HTML class ``cardlib-static-<kind>``)
    static_kind: ClassVar[str] = "widget"

    def static_text(self) -> str:
        """What the widget shows now, in words (the plain-text form of its display)."""
        return ""

    def static_html(self) -> str:
        """The static form: the picture (PNG) and the words of :meth:`static_text`."""
        picture = getattr(self, "picture", None)
        body = [lines_box(self.static_text().splitlines())]
        if picture is not None:
            body.append(png_img(picture))
        return frame(self.static_kind, "".join(body))

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        # a mixin: the ipywidgets widget after it in the class's bases has _repr_mimebundle_, object has not
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        text = self.static_text()
        if text:
            data["text/plain"] = text
        if not _in_voila():
            html = data["text/html"] = self.static_html()
            first = first_png(html)
            if first:                 # its first picture again, for a viewer or tool that looks for image/png
                data["image/png"] = first
        return data


class Explorer(StaticView, W.VBox):
    """A rule you can touch: ``controls`` (name -> an ipywidgets control) choose the situation; every change
    redraws the picture and the sentence.  Subclasses define :meth:`situation`.

    ``explorer.set(name=value, ...)`` changes controls from Python (one redraw); ``explorer.values`` are the
    controls' values; ``explorer.picture`` and ``explorer.sentence`` are what is shown.
    """

    #: a short title shown above the controls
    title: str = ""
    #: other settings (control name -> value, the rest as they are; set in this order) that the stored
    #: notebook shows as small stills under the explorer's picture, each with its sentence: the situations
    #: the prose talks about
    stills: ClassVar[tuple[Mapping[str, Any], ...]] = ()
    static_kind: ClassVar[str] = "explorer"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.situation is Explorer.situation:
            raise TypeError(f"{cls.__name__} must say what its rule does: define situation(**values)")
        init = cls.__dict__.get("__init__")
        if init is not None:                       # every explorer takes language= (issue 25)
            # each explorer's own __init__ wrapped as its class is made, so that it also takes language=
            cls.__init__ = _speaking_init(init)  # type: ignore[method-assign]

    def __init__(self, controls: Mapping[str, W.ValueWidget], *, width: int = 760):
        self.controls: dict[str, W.ValueWidget] = dict(controls)
        self._width = width
        self._quiet = False
        self.picture: Any = None
        self.sentence = ""
        if not hasattr(self, "language"):
            self.language = None
        self.heading = W.HTML(f'<b style="font-family:sans-serif;font-size:15px">{esc(_(self.title))}</b>'
                              if self.title else "")
        self.picture_box = W.HTML()
        self.sentence_box = W.HTML()
        for control in self.controls.values():
            control.observe(self._changed, names="value")
        rows = W.HBox(list(self.controls.values()), layout=W.Layout(flex_flow="row wrap"))
        # a list that takes several choices says how (a new user did not guess Ctrl-click); live only
        how = _("Ctrl-click (⌘-click on a Mac) to choose more than one in a list.")
        several = [W.HTML(f'<span style="font-family:sans-serif;font-size:12px;color:#555">{esc(how)}</span>')
                   ] if any(isinstance(c, W.SelectMultiple) for c in self.controls.values()) else []
        super().__init__(children=[self.heading, rows, *several, self.sentence_box, self.picture_box])
        self.update()

    # -- what each explorer says ---------------------------------------------------------------------
    def situation(self, *args: Any, **values: Any) -> tuple[Any, str]:
        """``(picture, sentence)`` for these control values.  (Called with keywords only, one per control;
        ``*args`` is there for the type checker, which lets a method of this signature be overridden by each
        explorer's own keywords.)"""
        raise TypeError(f"{type(self).__name__} does not say what its rule does: define situation()")

    # -- shared --------------------------------------------------------------------------------------
    @property
    def values(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.controls.items()}

    def set(self, **values: Any) -> None:
        """Change controls from Python; the explorer redraws once."""
        unknown = sorted(set(values) - set(self.controls))
        if unknown:
            raise ValueError(f"{type(self).__name__} has no control {unknown[0]!r}; its controls: "
                             f"{', '.join(self.controls)}")
        self._quiet = True
        try:
            for name, value in values.items():
                self.controls[name].value = value
        finally:
            self._quiet = False
        self.update()

    def _changed(self, change: Any) -> None:
        if not self._quiet:
            self.update()

    @speaking
    def update(self) -> None:
        self.picture, self.sentence = self.situation(**self.values)
        self.picture_box.value = str(self.picture) if self.picture is not None else ""
        self.sentence_box.value = f'<div class="cardlib-explorer-sentence" style="{_SENTENCE_STYLE}">' \
                                  f'{esc(self.sentence)}</div>'

    @speaking
    def static_text(self) -> str:
        settings = ", ".join(f"{name} = {value!r}" for name, value in self.values.items())
        return f"{_(self.title) if self.title else type(self).__name__} ({settings}): {self.sentence}"

    def settings_words(self, values: Mapping[str, Any] | None = None) -> str:
        """The controls and their values (``values``: those given, else all of them) in words."""
        names = list(values) if values is not None else list(self.controls)
        given = values or {}
        return "; ".join(control_words(n, self.controls[n], given.get(n, ...)) for n in names)

    @speaking
    def static_html(self) -> str:
        """The title, the settings, the sentence and the picture; then the :attr:`stills` (each its settings,
        sentence and a small picture); then what the controls do when the notebook runs."""
        heading = _(self.title) if self.title else type(self).__name__
        body = [f'<div style="font-weight:bold;font-size:15px;margin-bottom:2px">{esc(heading)}</div>',
                f'<div class="cardlib-static-settings" style="font-size:13px;margin-bottom:4px">'
                f'{esc(self.settings_words())}</div>',
                f'<div class="cardlib-explorer-sentence" style="{_SENTENCE_STYLE}">{esc(self.sentence)}</div>']
        if self.picture is not None:
            body.append(png_img(self.picture))
        body += self._still_cells()
        names = ", ".join((getattr(c, "description", "") or n).rstrip(":") for n, c in self.controls.items())
        body.append(run_line(_("When the notebook runs, controls ({names}) change the situation, and the picture and "
                               "the sentence follow.").format(names=names)))
        return frame(self.static_kind, "".join(body))

    def still_settings(self) -> tuple[Mapping[str, Any], ...]:
        """The settings drawn as stills in the static form: :attr:`stills`, unless an explorer chooses by how
        it was opened."""
        return tuple(self.stills)

    def _still_cells(self) -> list[str]:
        """The :attr:`stills`, each set as a reader would set it (:meth:`set`, so that controls that depend on
        others follow: the seats of a number of players), drawn, and the explorer's own settings set back."""
        stills = self.still_settings()
        if not stills:
            return []
        for still in stills:
            unknown = sorted(set(still) - set(self.controls))
            if unknown:
                raise ValueError(f"{type(self).__name__}.stills names no control {unknown[0]!r}")
        own = dict(self.values)
        cells = []
        try:
            for still in stills:
                self.set(**{**own, **still})           # each from the explorer's own settings
                img = png_img(self.picture, zoom=0.6, colours=STILL_COLOURS) if self.picture is not None else ""
                cells.append(f'<div class="cardlib-static-still" style="display:inline-block;vertical-align:top;'
                             f'max-width:470px;margin:8px 10px 0 0"><div style="font-size:13px;font-weight:bold">'
                             f'{esc(self.settings_words(still))}</div>{img}'
                             f'<div style="font-size:13px">{esc(self.sentence)}</div></div>')
        finally:
            self.set(**own)
        return cells


def _speaking_init(init: Any) -> Any:
    """An explorer's ``__init__`` that also takes ``language=`` (``"en"`` ``"tr"`` ``"fr"`` ``"pl"``, or None:
    the language spoken): its controls, picture and sentence speak it, on every later change too."""
    @functools.wraps(init)
    def __init__(self: Any, *args: Any, language: str | None = None, **kwargs: Any) -> None:
        self.language = check_language(language)
        with using(self.language):
            init(self, *args, **kwargs)
    return __init__
