"""`make print` in every language (issue 25): each sheet that tools/print_material.py writes, once more per
language of cardlib.i18n.LANGUAGES (``probability-worksheet.tr.html`` ...), its words from the catalogs.

    python tools/print_languages.py [out_dir]      # the English sheets (print_material) and one per language
    python tools/print_languages.py --extract      # the sheets' words into cardlib/locale/sheets.pot and each
                                                   # language's sheets.po (new ones empty, to translate)
    python tools/print_languages.py --check        # exit 1 if a sheet's word has no translation

How: print_material makes its sheets twice, in English and in the language (its pictures are cardlib's, so
they come out in the language: labels, banners, alt text; its own chart labels and titles are looked up in
the catalog as they are drawn).  The English sheet's text is cut into units, a block of text between block
tags (a heading, a paragraph, a list item, a caption, a table cell), its inline tags kept, and each unit is
looked up in the language's ``sheets.po`` (domain ``sheets``, the msgid the English unit, as po4a does for
documents, its numbers as ``{0}``, ``{1}``: they come out in the language's signs, ``100.000``, ``0,077``); the
pictures come from the sheet made in the language.  A unit without a translation stays
English, is listed in ``<out_dir>/untranslated.<lang>.txt`` and counted on stderr; ``--check`` fails on it.
The sheets' words are in their own catalog because they change with the rules references and notebooks they
are printed from, not with cardlib's code.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from cardlib.i18n import LANGUAGES, LOCALE_DIR, localize_number, using  # noqa: E402

DOMAIN = "sheets"
#: tags that end a unit of text (everything else, b i em strong code span a sup sub, stays inside it)
BLOCK = {"html", "head", "title", "body", "h1", "h2", "h3", "h4", "h5", "p", "ul", "ol", "li", "div", "figure",
         "figcaption", "table", "thead", "tbody", "tr", "th", "td", "br", "hr", "pre", "blockquote", "section",
         "meta", "style", "dl", "dt", "dd"}
PICTURE = re.compile(r"<svg\b.*?</svg>|<img\b[^>]*>", re.S)
TAG = re.compile(r"(<[^>]+>)")


def load_tool(name: str):
    """Another of tools/' scripts, as a module (they are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_print_material():
    return load_tool("print_material")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    return [lang for lang in LANGUAGES if lang != "en"]


#: a number in a unit (``100,000``, ``0.077020``, ``95``), not a rule id's (NJ-02), a card's (7♦) or a word's
NUMBER = re.compile(r"(?<![\w\-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w♣♦♥♠])")


def numbered(unit: str) -> tuple[str, list[str]]:
    """``unit`` with its numbers as ``{0}``, ``{1}`` ... (the message), and the numbers: a sheet's computed
    numbers (a seeded simulation's) do not make a new message, and come out in the language's signs."""
    numbers: list[str] = []

    def hole(m: re.Match) -> str:
        numbers.append(m.group(0))
        return "{" + str(len(numbers) - 1) + "}"
    return NUMBER.sub(hole, unit.replace("{", "{{").replace("}", "}}")), numbers


class Words:
    """A language's sheet catalog: ``say(english)`` is the translation, or the English (noted as missing)."""

    def __init__(self, lang: str | None):
        self.lang = lang
        self.table: dict[str, str] = {}
        self.missing: list[str] = []
        self.seen: list[str] = []
        if lang is not None and po_path(lang).exists():
            with po_path(lang).open("rb") as f:
                catalog = read_po(f, locale=lang)
            self.table = {m.id: m.string for m in catalog if m.id and isinstance(m.id, str) and m.string
                          and not m.fuzzy}

    def say(self, english: str) -> str:
        """The unit in the language; a unit with no letter in it (a number, a card) is written in the
        language's number signs instead."""
        if not re.search(r"[^\W\d_]", re.sub(r"<[^>]+>|&\w+;", "", english)):
            return localize_number(english, language=self.lang) if self.lang else english
        message, numbers = numbered(english)
        self.seen.append(message)
        if self.lang is None:
            return english
        said = self.table.get(message)
        if said is not None:
            try:
                return said.format(*(localize_number(n, language=self.lang) for n in numbers))
            except (IndexError, KeyError, ValueError):
                pass                     # a translation that lost its numbers is no translation
        self.missing.append(message)
        return english


def translate_text(chunk: str, words: Words) -> str:
    """``chunk`` (HTML without pictures) with each unit of text through ``words``; a style sheet is kept."""
    out: list[str] = []
    unit: list[str] = []
    in_style = False

    def flush() -> None:
        text = "".join(unit)
        unit.clear()
        core = text.strip()
        if not core:
            out.append(text)
            return
        lead, tail = text[:len(text) - len(text.lstrip())], text[len(text.rstrip()):]
        out.append(lead + words.say(core) + tail)

    for piece in TAG.split(chunk):
        if not piece:
            continue
        if piece.startswith("<"):
            name = re.match(r"</?\s*([a-zA-Z0-9]+)", piece)
            tag = name.group(1).lower() if name else ""
            if tag in BLOCK or piece.startswith("<!"):
                flush()
                out.append(piece)
                if tag == "style":
                    in_style = not piece.startswith("</")
                continue
            unit.append(piece)
        elif in_style:
            out.append(piece)
        else:
            unit.append(piece)
    flush()
    return "".join(out)


def merge(english: str, local: str, words: Words, lang: str) -> str:
    """The English sheet's text, translated, with the pictures of the sheet made in the language."""
    texts = PICTURE.split(english)
    pictures = PICTURE.findall(local)
    if len(pictures) != len(texts) - 1:
        raise SystemExit(f"print_languages: the {lang} sheet has {len(pictures)} pictures, the English one "
                         f"{len(texts) - 1}")
    out = [translate_text(texts[0], words)]
    for picture, text in zip(pictures, texts[1:]):
        out += [picture, translate_text(text, words)]
    return re.sub(r'<html lang="en">', f'<html lang="{lang}">', "".join(out), count=1)


@contextlib.contextmanager
def own_words(pm, words: Words):
    """print_material's own drawings (its charts' labels, titles and alt text) through ``words``."""
    text, svg_document = pm.text, pm.svg_document

    def said_text(x, y, s, *args, **kwargs):
        return text(x, y, words.say(str(s)) if isinstance(s, str) else s, *args, **kwargs)

    def said_document(w, h, body, *args, title=None, desc=None, **kwargs):
        return svg_document(w, h, body, *args, title=words.say(title) if title else title,
                            desc=words.say(desc) if desc else desc, **kwargs)

    pm.text, pm.svg_document = said_text, said_document
    try:
        yield
    finally:
        pm.text, pm.svg_document = text, svg_document


def sheets(pm, lang: str, words: Words, folder: Path) -> dict[str, str]:
    """print_material's sheets made in ``lang`` into ``folder``: file name -> HTML."""
    with using(lang), own_words(pm, words), contextlib.redirect_stdout(io.StringIO()):
        paths = pm.main([str(folder)])
    return {p.name: p.read_text(encoding="utf-8") for p in paths}


def write_languages(out: Path, langs: list[str] | None = None) -> tuple[list[Path], dict[str, list[str]]]:
    """The sheets in English (as print_material writes them) and in every other language; returns the
    files written and, by language, the units left untranslated."""
    pm = load_print_material()
    out.mkdir(parents=True, exist_ok=True)
    english = sheets(pm, "en", Words(None), out)
    written = [out / name for name in english]
    missing: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for lang in langs or languages():
            words = Words(lang)
            local = sheets(pm, lang, words, Path(tmp))
            for name, html in english.items():
                path = out / name.replace(".html", f".{lang}.html")
                path.write_text(merge(html, local[name], words, lang), encoding="utf-8")
                written.append(path)
            missing[lang] = list(dict.fromkeys(words.missing))
            listing = out / f"untranslated.{lang}.txt"
            if missing[lang]:
                listing.write_text("\n".join(missing[lang]) + "\n", encoding="utf-8")
            elif listing.exists():
                listing.unlink()
    return written, missing


def extract() -> Catalog:
    """Every unit of the English sheets (and of print_material's own drawings) as a message."""
    pm = load_print_material()
    words = Words(None)
    with tempfile.TemporaryDirectory() as tmp:
        english = sheets(pm, "en", words, Path(tmp))
    for html in english.values():
        for text in PICTURE.split(html):
            translate_text(text, words)
    template = Catalog(project="cardlib", domain=DOMAIN)
    for unit in dict.fromkeys(words.seen):
        template.add(unit, None, [("tools/print_material.py", 0)])
    return template


def update(template: Catalog) -> None:
    """The sheets' catalogs, in the sheets' order (tools/catalogs.py writes them as it writes cardlib's)."""
    for path, catalog in load_tool("catalogs").update_domain(template, DOMAIN, sort=False):
        done = sum(1 for m in catalog if m.id and m.string)
        print(f"{path.relative_to(ROOT)}: {done} of {len(catalog)} units translated")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "build" / "print"))
    parser.add_argument("--extract", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    if args.extract:
        update(extract())
        return 0
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            _, missing = write_languages(Path(tmp))
        for lang, units in missing.items():
            for unit in units:
                print(f"{lang}: no translation of sheet unit {unit[:90]!r}", file=sys.stderr)
        return 1 if any(missing.values()) else 0
    written, missing = write_languages(Path(args.out))
    for path in written:
        print(path)
    for lang, units in missing.items():
        if units:
            print(f"print_languages: {lang}: {len(units)} units not translated yet (left in English; listed in "
                  f"untranslated.{lang}.txt)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
