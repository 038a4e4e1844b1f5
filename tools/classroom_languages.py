"""The classroom's lessons in every language (issue 25): each notebook of notebooks/classroom/ (the start page
``index.ipynb`` and every lesson) has a translated copy beside it for each language of cardlib.i18n.LANGUAGES
but English, named as the short path's translations are: ``stepper.tr.ipynb``, ``index.fr.ipynb``.

    python tools/classroom_languages.py --check          # exit 1 (a line each on stderr) when a copy is missing,
                                                         # stale or runs other code than its English lesson
    python tools/classroom_languages.py --stamp stepper.tr.ipynb ...   # after translating a copy anew

A copy is the English lesson with its words translated: its markdown cells are the translation (a start
page's links go to the copies of its language: ``stepper.tr.ipynb``), its code cells are the English
lesson's but for what a player reads (the text in its strings: labels, titles) and the ``language=`` of its
widgets (its own language: the copy speaks it also opened alone, in JupyterLab or stored; not
``cardlib.set_language``, which would change the language of the classroom server's whole process).
``--check`` compares the code's shape (strings left out), and holds each copy to the English words it was
translated from: the copy stores a fingerprint of its English lesson's markdown
(``metadata.cardlib.translated_from``); when the English words change, the copy is stale until it is
translated again and stamped (``--stamp``).  The English lesson's code may change only with its copies (the
check fails until they follow).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSROOM = ROOT / "notebooks" / "classroom"
#: the keyword a copy adds to a call of the English lesson's code (its language)
ADDED = ("language",)
#: the widgets a copy makes in its own language
WIDGETS = {"Table", "Stepper", "HandPicker"}
LINK = re.compile(r'href="([A-Za-z0-9_-]+)(\.[a-z]{2})?\.ipynb"')


def _languages() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from cardlib.i18n import LANGUAGES
    return [lang for lang in LANGUAGES if lang != "en"]


def _read(path: Path):
    import nbformat
    return nbformat.read(str(path), as_version=4)


def fingerprint(nb) -> str:
    """The English words of a notebook: its markdown cells' text, hashed."""
    text = "\n\0\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def code_shape(source: str) -> str:
    """A code cell without what a copy may change: the text of its strings and the ADDED keywords."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            node.keywords = [k for k in node.keywords if k.arg not in ADDED]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = "…"
    return ast.dump(tree)


def _widget_languages(source: str) -> list[tuple[str, object]]:
    """(widget, its language= value) for every call of a cardlib widget in a cell."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in WIDGETS:
            given = [k.value for k in node.keywords if k.arg == "language"]
            found.append((node.func.id, given[0].value if given and isinstance(given[0], ast.Constant) else None))
    return found


def copy_of(path: Path) -> tuple[str, str] | None:
    """``(English stem, language)`` of a translated copy's name, None for an English notebook."""
    stem, dot, lang = path.name.removesuffix(".ipynb").rpartition(".")
    return (stem, lang) if dot and stem and lang in _languages() else None


def english_notebooks(root: Path = CLASSROOM) -> list[Path]:
    return sorted(p for p in root.glob("*.ipynb") if not p.name.startswith((".", "_")) and copy_of(p) is None)


def _links(nb, lang: str) -> set[str]:
    """The notebooks a notebook's words link to; in a copy, only links to the copies of its own language count."""
    want = "" if lang == "en" else f".{lang}"
    return {stem if suffix == want else f"{stem}{suffix} (another language's)"
            for stem, suffix in LINK.findall(" ".join(c.source for c in nb.cells if c.cell_type == "markdown"))}


def problems(root: Path = CLASSROOM) -> list[str]:
    out: list[str] = []
    for lang in _languages():
        for english in english_notebooks(root):
            copy = root / f"{english.stem}.{lang}.ipynb"
            where = copy.relative_to(root.parent.parent) if root == CLASSROOM else copy.name
            if not copy.exists():
                out.append(f"{where}: missing (the {lang} copy of {english.name})")
                continue
            en, tr = _read(english), _read(copy)
            stamp = tr.metadata.get("cardlib", {}).get("translated_from")
            if stamp != fingerprint(en):
                out.append(f"{where}: translated from other English words than {english.name}'s today "
                           f"(translate the change, then --stamp {lang}/{english.name})")
            en_code = [c.source for c in en.cells if c.cell_type == "code" and c.source.strip()]
            tr_code = [c.source for c in tr.cells if c.cell_type == "code" and c.source.strip()]
            if [code_shape(s) for s in en_code] != [code_shape(s) for s in tr_code]:
                out.append(f"{where}: its code is not {english.name}'s (only strings and language= may differ)")
            for source in tr_code:
                for widget, said in _widget_languages(source):
                    if said != lang:
                        out.append(f"{where}: {widget}(...) is made with language={said!r}, not {lang!r}")
            en_links, tr_links = _links(en, "en"), _links(tr, lang)
            if en_links != tr_links:
                out.append(f"{where}: links to {sorted(tr_links)} (the {lang} copies), {english.name} to "
                           f"{sorted(en_links)}")
    out += [f"{p.name}: no English notebook {copy_of(p)[0]}.ipynb beside it" for p in sorted(root.glob("*.ipynb"))
            if copy_of(p) is not None and not (root / f"{copy_of(p)[0]}.ipynb").exists()]   # type: ignore[index]
    return out


def stamp(names: list[str], root: Path = CLASSROOM) -> None:
    import nbformat
    for name in names:
        copy = root / Path(name).name
        named = copy_of(copy)
        if named is None or not copy.exists() or not (root / f"{named[0]}.ipynb").exists():
            raise SystemExit(f"classroom_languages: {name!r} is not a copy <lesson>.<lang>.ipynb of a lesson")
        lang = named[1]
        nb = _read(copy)
        nb.metadata.setdefault("cardlib", {})["translated_from"] = fingerprint(_read(root / f"{named[0]}.ipynb"))
        nb.metadata["cardlib"]["language"] = lang
        nbformat.write(nb, str(copy))
        print(f"stamped {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--stamp", nargs="+", metavar="LESSON.LANG.ipynb")
    args = parser.parse_args(argv)
    if args.stamp:
        stamp(args.stamp)
        return 0
    found = problems()
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
