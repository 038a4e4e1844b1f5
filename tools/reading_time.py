"""The reading time of the notebooks by the index's method (notebooks/00_index.ipynb, "The series").

    python tools/reading_time.py            # every notebook, its minutes, and the total
    python tools/reading_time.py --index    # write each notebook's time into the index's tables

The prose is read at 200 words a minute and the code at 8 lines a minute (blank lines not counted); the
index rounds each notebook to 5 minutes.  Outputs, explorers and tables to play at are not counted: they
take as long as the reader likes.  tests/test_notebook_hygiene.py checks the index's times against this.

A translated copy of a notebook (``02_sari_cuce_short.tr.ipynb`` beside ``02_sari_cuce_short.ipynb``, issue
25) is listed with its time but left out of the total: a reader reads one language, so the English series'
total is the English notebooks'.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

WORDS_A_MINUTE = 200
CODE_LINES_A_MINUTE = 8
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def words_and_lines(path: Path) -> tuple[int, int]:
    """The words of the markdown cells and the non-blank lines of the code cells."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    words = sum(len("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
    lines = sum(1 for c in cells if c["cell_type"] == "code" for line in "".join(c["source"]).splitlines()
                if line.strip())
    return words, lines


def minutes(path: Path) -> float:
    words, lines = words_and_lines(path)
    return words / WORDS_A_MINUTE + lines / CODE_LINES_A_MINUTE


def rounded(path: Path) -> int:
    """The index's figure: the minutes rounded to 5 (at least 5)."""
    return max(5, 5 * round(minutes(path) / 5))


def all_notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


#: a translated copy's name: the English notebook's stem, a language code, ``.ipynb``
TRANSLATED = re.compile(r"^(?P<stem>.+)\.(?P<lang>[a-z]{2})\.ipynb$")


def translation_of(path: Path) -> Path | None:
    """The English notebook ``path`` is a translated copy of, or None for a notebook of the series."""
    m = TRANSLATED.match(path.name)
    if m is None or not (path.parent / f"{m.group('stem')}.ipynb").exists():
        return None
    return path.parent / f"{m.group('stem')}.ipynb"


def english_notebooks() -> list[Path]:
    """The notebooks whose times make the series' total: every one but the translated copies."""
    return [p for p in all_notebooks() if translation_of(p) is None]


def total() -> float:
    """The English series' reading time in minutes (the translations left out)."""
    return sum(minutes(p) for p in english_notebooks())


#: a row of the index's tables: the link, what it teaches, and the time
INDEX_ROW = re.compile(r"(\]\(([^)]+\.ipynb)\) \|[^|\n]*\| )(\d+)( min)")


def fix_index(index: Path = NOTEBOOKS / "00_index.ipynb") -> int:
    """Write each linked notebook's time by the method into the index; the number of times changed."""
    nb = json.loads(index.read_text(encoding="utf-8"))
    changed = 0
    for cell in nb["cells"]:
        text = "".join(cell["source"])

        def time(m: re.Match) -> str:
            nonlocal changed
            now = str(rounded(NOTEBOOKS / m.group(2)))
            changed += now != m.group(3)
            return m.group(1) + now + m.group(4)
        new = INDEX_ROW.sub(time, text)
        if new != text:
            cell["source"] = new.splitlines(keepends=True)
    index.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changed


def main() -> int:
    if sys.argv[1:] == ["--index"]:
        print(f"{fix_index()} time(s) changed in the index")
        return 0
    for path in all_notebooks():
        words, lines = words_and_lines(path)
        source = translation_of(path)
        note = f"  (a translation of {source.name}: not in the total)" if source else ""
        print(f"{minutes(path):5.1f} min  {words:5} words {lines:4} code lines  {path.relative_to(NOTEBOOKS)}{note}")
    minutes_all = total()
    print(f"{minutes_all:5.1f} min in all, the translations left out ({int(minutes_all // 60)} h "
          f"{round(minutes_all % 60)} min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
