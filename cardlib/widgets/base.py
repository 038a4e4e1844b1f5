"""What every cardlib widget shares: a static view, and the shape of a rule explorer.

- :class:`StaticView`: a widget stored in a notebook shows its current picture and text wherever the live
  widget cannot be drawn (a notebook opened before it is run, GitHub, nbviewer, an HTML export): its
  display bundle carries a PNG of the picture and the narration as plain text beside the widget view.
- :class:`Explorer`: a rule you can touch.  Controls choose a situation; :meth:`Explorer.situation` (one
  per explorer) returns the picture and one sentence that says what the rule does and why.  Everything is
  reachable from Python (``.controls``, ``.set(...)``, ``.picture``, ``.sentence``), so the explorers are
  tested without a browser.
"""

from __future__ import annotations

import base64
import functools
import os
from collections.abc import Mapping
from typing import Any

import ipywidgets as W

from ..display.svg import INK, PANEL, esc
from ..i18n import _, check_language, speaking, using

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
    :meth:`static_text`.  In a Voila page (the classroom) the PNG is left out: it is never shown there, and
    drawing it was a third of a table page's work in its kernel."""

    picture: Any

    def static_text(self) -> str:
        """What the widget shows now, in words (the plain-text form of its display)."""
        return ""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        text = self.static_text()
        if text:
            data["text/plain"] = text
        picture = getattr(self, "picture", None)
        if picture is not None and hasattr(picture, "_repr_png_") and not _in_voila():
            data["image/png"] = base64.b64encode(picture._repr_png_()).decode("ascii")
        return data


class Explorer(StaticView, W.VBox):
    """A rule you can touch: ``controls`` (name -> an ipywidgets control) choose the situation; every change
    redraws the picture and the sentence.  Subclasses define :meth:`situation`.

    ``explorer.set(name=value, ...)`` changes controls from Python (one redraw); ``explorer.values`` are the
    controls' values; ``explorer.picture`` and ``explorer.sentence`` are what is shown.
    """

    #: a short title shown above the controls
    title: str = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.situation is Explorer.situation:
            raise TypeError(f"{cls.__name__} must say what its rule does: define situation(**values)")
        init = cls.__dict__.get("__init__")
        if init is not None:                       # every explorer takes language= (issue 25)
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
        super().__init__(children=[self.heading, rows, self.sentence_box, self.picture_box])
        self.update()

    # -- what each explorer says ---------------------------------------------------------------------
    def situation(self, **values: Any) -> tuple[Any, str]:
        """``(picture, sentence)`` for these control values."""
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


def _speaking_init(init: Any) -> Any:
    """An explorer's ``__init__`` that also takes ``language=`` (``"en"`` ``"tr"`` ``"fr"`` ``"pl"``, or None:
    the language spoken): its controls, picture and sentence speak it, on every later change too."""
    @functools.wraps(init)
    def __init__(self: Any, *args: Any, language: str | None = None, **kwargs: Any) -> None:
        self.language = check_language(language)
        with using(self.language):
            init(self, *args, **kwargs)
    return __init__
