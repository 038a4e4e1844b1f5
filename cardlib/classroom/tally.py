"""The class's answers and the teacher's choice of deals, shared by every page of the server (one process):
thread-safe, read by the projector page.

>>> t = Tally()
>>> t.answer("sari_cuce_table", "page-1", True); t.answer("sari_cuce_table", "page-2", False)
>>> t.counts("sari_cuce_table")
(1, 2)
>>> t.leave("sari_cuce_table", "page-1"); t.counts("sari_cuce_table")
(0, 1)
>>> d = Deals(); d.seed_for(7) == 7, d.set(fresh=True), d.seed_for(7) == 7
(True, None, False)
"""

from __future__ import annotations

import secrets
import threading
from typing import Any

__all__ = ["Tally", "Deals", "Pages"]


class Tally:
    """Each page's answer to its lesson's class question (the answer of the hand on its table now)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._answers: dict[str, dict[str, bool]] = {}
        self.version = 0           # goes up with every change (the projector page redraws on it)

    def answer(self, lesson: str, page: str, yes: bool) -> None:
        with self._lock:
            self._answers.setdefault(lesson, {})[page] = bool(yes)
            self.version += 1

    def leave(self, lesson: str, page: str) -> None:
        with self._lock:
            if self._answers.get(lesson, {}).pop(page, None) is not None:
                self.version += 1

    def counts(self, lesson: str) -> tuple[int, int]:
        """(yes, tables answering) for ``lesson``."""
        with self._lock:
            answers = self._answers.get(lesson, {})
            return sum(answers.values()), len(answers)

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()
            self.version += 1


class Deals:
    """The teacher's choice: the same deal for everybody (the lesson's seed, or ``seed``) or a fresh one each."""

    def __init__(self, fresh: bool = False, seed: int | None = None) -> None:
        self.fresh, self.seed = fresh, seed

    def set(self, fresh: bool | None = None, seed: Any = "keep") -> None:
        if fresh is not None:
            self.fresh = bool(fresh)
        if seed != "keep":
            self.seed = seed

    def seed_for(self, lesson_seed: int) -> int:
        """The seed of a new page's table whose lesson deals ``lesson_seed``."""
        if self.fresh:
            return secrets.randbelow(1_000_000)
        return lesson_seed if self.seed is None else self.seed


class Pages:
    """The lesson pages open now, by lesson, capped per lesson and in all (``cap`` and ``cap_lesson``)."""

    def __init__(self, cap: int, cap_lesson: int) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, set[str]] = {}
        self.cap, self.cap_lesson = cap, cap_lesson

    def enter(self, lesson: str, page: str) -> tuple[bool, str, int, int]:
        """Take a place for ``page``: (taken, "lesson"|"all" when refused, pages open, the cap)."""
        with self._lock:
            total = sum(len(p) for p in self._open.values())
            here = self._open.setdefault(lesson, set())
            if len(here) >= self.cap_lesson:
                return False, "lesson", len(here), self.cap_lesson
            if total >= self.cap:
                return False, "all", total, self.cap
            here.add(page)
            return True, "", total + 1, self.cap

    def leave(self, lesson: str, page: str) -> None:
        with self._lock:
            self._open.get(lesson, set()).discard(page)

    def count(self, lesson: str | None = None) -> int:
        with self._lock:
            if lesson is not None:
                return len(self._open.get(lesson, ()))
            return sum(len(p) for p in self._open.values())
