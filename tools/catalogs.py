"""`make catalogs`: extract every marked message of cardlib/ into cardlib/locale/cardlib.pot and update
each language's cardlib.po from it (new msgids added empty, gone ones marked obsolete), with Babel.

    python tools/catalogs.py            # extract + update, and rewrite the terminology tables
    python tools/catalogs.py --check    # exit 1 if a catalog misses a translation, or a table is out of date,
                                        # or a classroom lesson's translated copy (tools/classroom_languages.py)

The terminology tables (docs/terms-<lang>.md, between the ``<!-- terms -->`` markers) are written from the
glossary (cardlib/glossary.py) and the catalogs, so they say what the pictures and sheets say.

Marked: ``_("...")``, ``gettext``, ``N_``, ``ngettext(s, p, n)``, ``pgettext(ctx, s)``, ``NP_(ctx, s)``.
"""
from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "cardlib"
LOCALE = PKG / "locale"
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NP_": ((1, "c"), 2)}


def extract() -> Catalog:
    template = Catalog(project="cardlib", domain="cardlib")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PKG), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        template.add(message, None, [(f"cardlib/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def languages() -> list[str]:
    from cardlib.i18n import LANGUAGES
    return [lang for lang in LANGUAGES if lang != "en"]


def po_path(lang: str, domain: str = "cardlib") -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def update_domain(template: Catalog, domain: str, *, sort: bool) -> list[tuple[Path, Catalog]]:
    """Write ``template`` as ``<domain>.pot`` and bring each language's ``<domain>.po`` in step with it (new
    msgids empty, gone ones dropped); ``sort``: messages in msgid order, else in the template's (a document's)
    order.  Shared by this tool (cardlib's code) and tools/print_languages.py (the sheets)."""
    LOCALE.mkdir(parents=True, exist_ok=True)
    with (LOCALE / f"{domain}.pot").open("wb") as f:
        write_po(f, template, omit_header=False, sort_output=sort, include_lineno=False)
    written = []
    for lang in languages():
        path = po_path(lang, domain)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=lang)
        else:                                           # a new language: its folder and catalog made here
            catalog = Catalog(locale=lang, project="cardlib", domain=domain)
            path.parent.mkdir(parents=True, exist_ok=True)
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, catalog, sort_output=sort, include_lineno=False, ignore_obsolete=True)
        written.append((path, catalog))
    return written


def update(template: Catalog) -> None:
    for path, catalog in update_domain(template, "cardlib", sort=True):
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def problems(template: Catalog) -> list[str]:
    """Missing, untranslated, fuzzy or checker-flagged entries (Babel's own checks: placeholders, plurals)."""
    out: list[str] = []
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    for lang in languages():
        with po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang)
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        out += [f"{lang}: msgid {i!r} not in the catalog" for i in sorted(ids - have)]
        for m in catalog:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.fuzzy or not all(strings):
                out.append(f"{lang}: msgid {m.id!r} is not translated")
            for err in m.check(catalog):
                out.append(f"{lang}: msgid {m.id!r}: {err}")
        buf = io.BytesIO()
        from babel.messages.mofile import write_mo
        write_mo(buf, catalog)   # compiles
    return out


DOCS = ROOT / "docs"
START, END = "<!-- terms: written by tools/catalogs.py from the catalogs -->", "<!-- /terms -->"


def terms_table(lang: str) -> str:
    from cardlib.glossary import LANGUAGE_NAMES, terms, topics
    out = []
    for game, title in topics().items():
        out += [f"### {title}", "", f"| English | {LANGUAGE_NAMES[lang]} | rule |", "|---|---|---|"]
        out += [f"| {t.word} | {t.said(lang)} | {t.rule} |" for t in terms() if t.game == game]
        out.append("")
    return "\n".join(out).rstrip()


def terms_docs() -> dict[Path, str]:
    """Each language's terms doc with its table rewritten (only the docs that exist: a new language's doc
    starts as a copy of another's prose)."""
    out = {}
    for lang in languages():
        path = DOCS / f"terms-{lang}.md"
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        if START in text and END in text:
            head, rest = text.split(START, 1)
            tail = rest.split(END, 1)[1]
            out[path] = f"{head}{START}\n{terms_table(lang)}\n{END}{tail}"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    template = extract()
    if args.check:
        found = problems(template)
        for lang in languages():
            if not (DOCS / f"terms-{lang}.md").exists():
                found.append(f"{lang}: docs/terms-{lang}.md is missing (the language's terminology table)")
        found += [f"{path.relative_to(ROOT)}: the terminology table is out of date (run make catalogs)"
                  for path, text in terms_docs().items() if path.read_text(encoding="utf-8") != text]
        sys.path.insert(0, str(ROOT / "tools"))
        from classroom_languages import problems as classroom_problems     # the classroom's translated lessons
        found += classroom_problems()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    update(template)
    for path, text in terms_docs().items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
