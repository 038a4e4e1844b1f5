"""A lesson is a notebook of ``notebooks/classroom/`` that a teacher can open and edit in JupyterLab: its
markdown cells are the page's words; its code cells run anew for each student's page (so every student
has a table of their own); the value of the last cell, a widget, is the page's table or stepper.

- :func:`find_lessons`: the lessons of a folder, by name (the file's stem), with their titles;
- :func:`run_lesson`: one page's run of a lesson: its words, its widget and the question it asks the
  class (a ``class_question`` name in the notebook, :func:`cardlib.classroom.dealt`).

The start page (``index.ipynb``) is the list of lessons; notebooks whose names start with ``_`` are left
out (drafts).  A lesson in another language is a translated copy of its notebook beside it, named as the
short path's translations are (``pis_yedili_table.tr.ipynb``, ``index.tr.ipynb``; :func:`find_translations`):
its words translated, its code the English lesson's with its widgets given ``language=``.

A lesson's code runs in the server's process with the lesson's folder as the working folder (as Voila and
JupyterLab run it), under one lock, since the working folder is the process's; so does every later click
on its widgets (:func:`in_folder`): a path the lesson gave (``"saved-hands"``, ``"../records"``) means the
same when a student clicks as when the lesson ran.
"""

from __future__ import annotations

import ast
import contextlib
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterator
from typing import Any

__all__ = ["Lesson", "LessonPage", "LessonError", "find_lessons", "find_translations", "run_lesson", "in_folder",
           "INDEX"]

INDEX = "index"          # the start page's notebook: index.ipynb
_RUN_LOCK = threading.RLock()


@contextlib.contextmanager
def in_folder(folder: Path | None) -> Iterator[None]:
    """Work in ``folder`` (the working folder of the process, under the lessons' lock), then back;
    ``None``: where we are."""
    if folder is None:
        yield
        return
    with _RUN_LOCK:
        before = os.getcwd()
        os.chdir(folder)
        try:
            yield
        finally:
            os.chdir(before)


class LessonError(Exception):
    """A lesson's notebook could not be read or run; the message names the notebook and the cell."""


@dataclass(frozen=True)
class Lesson:
    name: str            # the notebook's stem: "pis_yedili_table"
    path: Path
    title: str           # the first heading of its first markdown cell


@dataclass
class LessonPage:
    """What one page of a lesson shows: ``words`` (HTML of each markdown cell, in order), ``widget`` (the
    last cell's value) and ``question`` (a :class:`~cardlib.classroom.ClassQuestion`, or None)."""

    lesson: Lesson
    words: list[str] = field(default_factory=list)
    widget: Any = None
    question: Any = None


def _read(path: Path) -> Any:
    import nbformat
    try:
        return nbformat.read(str(path), as_version=4)
    except Exception as exc:   # a notebook that is not JSON, or not a notebook
        raise LessonError(f"{path.name} cannot be read as a notebook: {exc}") from None


def _title(nb: Any, path: Path) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem.replace("_", " ")


def translated_name(path: Path) -> tuple[str, str] | None:
    """``(stem, language)`` of a translated copy's file name (``stepper.tr.ipynb``: ``("stepper", "tr")``), a
    language of :data:`cardlib.i18n.LANGUAGES` but English; None for any other name."""
    from ..i18n import LANGUAGES
    stem, dot, lang = path.name.removesuffix(".ipynb").rpartition(".")
    return (stem, lang) if dot and stem and lang in LANGUAGES and lang != "en" else None


def find_lessons(folder: str | Path) -> dict[str, Lesson]:
    """The lessons in ``folder`` by name: every ``*.ipynb`` but the start page, drafts (``_*``) and the
    lessons' translated copies."""
    found = {}
    for path in sorted(Path(folder).glob("*.ipynb")):
        if path.stem == INDEX or path.name.startswith((".", "_")) or translated_name(path) is not None:
            continue
        found[path.stem] = Lesson(path.stem, path.resolve(), _title(_read(path), path))
    return found


def find_translations(folder: str | Path, names: Any = None) -> dict[str, dict[str, Lesson]]:
    """The translated copies of the lessons in ``folder`` (``<name>.<lang>.ipynb``), by language and name;
    only those of ``names`` (the English lessons'), when given: a copy whose English lesson is gone is left
    out (the start page's copies, ``index.<lang>.ipynb``, are not lessons)."""
    found: dict[str, dict[str, Lesson]] = {}
    for path in sorted(Path(folder).glob("*.ipynb")):
        named = translated_name(path)
        if named is None or path.name.startswith((".", "_")) or named[0] == INDEX:
            continue
        stem, lang = named
        if names is None or stem in names:
            found.setdefault(lang, {})[stem] = Lesson(stem, path.resolve(), _title(_read(path), path))
    return found


def markdown_html(source: str) -> str:
    """A markdown cell as HTML (mistune, HTML in the cell kept: the teacher's own notebook)."""
    import mistune
    return str(mistune.html(source)) if hasattr(mistune, "html") else str(mistune.markdown(source))


def run_lesson(lesson: Lesson, chdir: bool = True) -> LessonPage:
    """Run the lesson's code cells in a fresh namespace (its folder the working folder) and return the
    page: the words of its markdown cells, the last cell's value and its ``class_question``."""
    nb = _read(lesson.path)
    page = LessonPage(lesson)
    namespace: dict[str, Any] = {"__name__": f"lesson_{lesson.name}"}
    with _RUN_LOCK:
        before = os.getcwd()
        if chdir:
            os.chdir(lesson.path.parent)
        try:
            for index, cell in enumerate(nb.cells, start=1):
                if cell.cell_type == "markdown":
                    page.words.append(markdown_html(cell.source))
                elif cell.cell_type == "code" and cell.source.strip():
                    page.widget = _run_cell(cell.source, namespace, f"{lesson.path.name}, cell {index}")
        finally:
            os.chdir(before)
    page.question = namespace.get("class_question")
    return page


def _run_cell(source: str, namespace: dict[str, Any], where: str) -> Any:
    """Run a cell; its value is its last statement's, if that is an expression (as in a notebook)."""
    try:
        tree = ast.parse(source, filename=where)
    except SyntaxError as exc:
        raise LessonError(f"{where}: {exc.msg} (line {exc.lineno})") from None
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    try:
        exec(compile(tree, where, "exec"), namespace)
        if isinstance(last, ast.Expr):
            return eval(compile(ast.Expression(last.value), where, "eval"), namespace)
    except Exception as exc:
        raise LessonError(f"{where}: {type(exc).__name__}: {exc}") from exc
    return None
