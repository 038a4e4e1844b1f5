"""A candidate measured in bench/classroom_load.py, not a part of cardlib: the classroom's lessons served by
Solara (one process; Solara runs the ipywidgets of every session in it), each page running the lesson
notebook's cells (cardlib.classroom.lessons.run_lesson) and showing its last cell's widget.  Needs
``solara`` (with ``ipyvue<2``) and ``solara-assets`` (the page's scripts offline), which cardlib does not
depend on: ``python -m bench.classroom_load --candidates solara`` skips it when they are missing.
Run as ``SOLARA_APP=bench/solara_classroom.py python -m solara run ...`` with CARDLIB_LESSONS set."""

import os
from pathlib import Path

import solara

from cardlib.classroom.lessons import find_lessons, run_lesson

LESSONS = find_lessons(Path(os.environ["CARDLIB_LESSONS"]))


def _lesson(name):
    @solara.component
    def Lesson():
        page = solara.use_memo(lambda: run_lesson(LESSONS[name]), [])
        for words in page.words:
            solara.HTML(tag="div", unsafe_innerHTML=words)
        solara.display(page.widget)
    return Lesson


@solara.component
def Layout(children=[]):
    with solara.Column():
        for child in children:
            solara.display(child)


routes = [solara.Route(path="/", component=_lesson(next(iter(LESSONS))), layout=Layout),
          *[solara.Route(path=name, component=_lesson(name)) for name in LESSONS]]
