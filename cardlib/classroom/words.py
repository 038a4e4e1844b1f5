"""Every sentence the classroom's own pages say (the start page's teacher panel, the projector page, the
waiting page, the refusals), in one place, each marked for the catalogs (``N_``) and said in a page's
language with :func:`say` (issue 25: English, Turkish, French, Polish).  The lessons' words are in their
notebooks (a translated copy of each beside it: ``notebooks/classroom/<name>.<lang>.ipynb``); the
example hands' titles, which every language's stepper lists, are here (:func:`hand_title`).

>>> say(LOST, "tr")
'Sınıfla bağlantı koptu: sayfayı yeniden yükle (F5 ya da tarayıcıdaki ↻).'
>>> tally_line(2, 5, "40%", "pl")
'2 z 5 stołów: tak (40%)'
"""

from __future__ import annotations

from typing import Any

from ..i18n import LANGUAGES, N_, gettext, ngettext

#: the one line a visitor without the class code gets (HTTP 403, text/plain), whatever they asked for
NEEDS_CODE = N_("This classroom needs its class code: ask your teacher for the address with the code.")
#: the one line for a Host name that is not this machine's (a page of another site reaching in)
FOREIGN_HOST = N_("This classroom answers only to its own address.")
#: the one line for what the classroom does not serve (the server's inner workings)
NOT_HERE = N_("There is nothing here.")
#: the one line of a full classroom (HTTP 503, or a page in place of a lesson)
FULL = N_("The classroom is full ({open} pages open, {cap} at most): close a page you no longer use, "
          "or ask the teacher.")
LESSON_FULL = N_("This lesson is full ({open} pages open, {cap} at most): close a page you no longer use, "
                 "or ask the teacher.")
#: what a page whose lesson failed to run shows (the details go to the server's log only)
LESSON_ERROR = N_("This lesson could not be set up. The details are in the server's log (ask the teacher).")
NO_LESSON = N_("There is no lesson at this address. The lessons are on the start page.")
BACK = N_("← the lessons")
#: an address asking for a language the classroom does not speak (HTTP 400; said in English, the source,
#: with the languages it speaks, each in its own words)
NO_LANGUAGE = "lang={given!r}: this classroom speaks {choices}"

#: the waiting page (before the page's table arrives), and after WAIT_LONG seconds
WAITING = N_("The table is being dealt…")
WAITING_LONG = N_("This is taking longer than it should. Reload the page (F5, or ↻ in the browser); "
                  "if it happens again, tell the teacher.")
WAIT_LONG = 20

START_TITLE = N_("The classroom")
#: the start page's choice of language (each language named in its own words: cardlib.glossary)
LANGUAGE_LABEL = N_("Language:")
#: a widget the light page cannot draw (its class name filled in)
NOT_SHOWN = N_("({widget}: not shown on this page)")

#: the teacher's panel on the start page
TEACHER_TITLE = N_("For the teacher")
DEALS_LABEL = N_("Deals")
DEALS_FRESH = N_("a fresh deal for each student")
DEALS_SAME = N_("the same deal for everybody (the lesson's seed, or this one:)")
SEED_LABEL = N_("seed")
SEED_PLACEHOLDER = N_("the lesson's")
SEED_BAD = N_("a seed is a whole number, 0 or more")
JOIN = N_("Students: open {address} (or scan the code) and type nothing else.")
JOIN_LOCAL = N_("The classroom answers on this computer only ({address}); `make classroom CLASS_NETWORK=1` opens "
                "it to the class.")
CLASS_CODE = N_("Class code: {code}")
PROJECTOR_LINK = N_("The projector page: the class's answers, live")

#: the projector page
PROJECTOR_TITLE = N_("The class")
#: "9 of 30 tables: yes (30%)": its plural follows the number of tables (:func:`tally_line`)
TALLY_LINE = "{yes} of {tables} tables: yes ({share})"
NO_QUESTION = N_("No lesson asks the class a question (a lesson asks one with class_question = dealt(...)).")
EXACT = N_("The exact chance: {chance}")
#: the class question of :func:`cardlib.classroom.dealt`
DEALT = N_("Were you dealt the {card}?")
#: a page whose connection to the server was lost (the server stopped, the Wi-Fi dropped)
LOST = N_("The connection to the classroom was lost: reload the page (F5, or ↻ in the browser).")


def say(message: str, language: str | None = None, **values: Any) -> str:
    """``message`` (one of this module's) in ``language`` (None: the language spoken now), its
    ``{placeholders}`` filled in."""
    text = gettext(message, language=language)
    return text.format(**values) if values else text


def tally_line(yes: int, tables: int, share: str, language: str | None = None) -> str:
    """The projector's count of one question, in the plural form of its number of tables (1 stół, 2 stoły,
    5 stołów)."""
    return ngettext("{yes} of {tables} table: yes ({share})", "{yes} of {tables} tables: yes ({share})", tables,
                    language=language).format(yes=yes, tables=tables, share=share)


def language_names() -> dict[str, str]:
    """Each language of the classroom named in its own words: ``{"en": "English", "tr": "Türkçe", ...}``."""
    from ..glossary import LANGUAGE_NAMES
    return {lang: LANGUAGE_NAMES.get(lang, lang) for lang in LANGUAGES}


#: the example hands of notebooks/records by their titles (the stepper lesson's list), by file name
HAND_TITLES = {
    "pis-yedili-ace-follow-up": N_("Pis Yedili: an Ace, and one more card"),
    "pis-yedili-first-deal": N_("Pis Yedili: a first deal"),
    "pis-yedili-jack": N_("Pis Yedili: a Jack names the suit"),
    "pis-yedili-no-club": N_("Pis Yedili: no club to open"),
    "pis-yedili-pairs": N_("Pis Yedili: in pairs"),
    "pis-yedili-seven-chain": N_("Pis Yedili: sevens on sevens"),
    "pis-yedili-stock-out": N_("Pis Yedili: the stock runs out"),
    "pis-yedili-turkish-opening": N_("Pis Yedili: the Turkish opening"),
    "pis-yedili-turkish-tek": N_("Pis Yedili: saying tek"),
    "sari-cuce-opera": N_("Sarı Cüce: the Opéra"),
    "sari-cuce-runs": N_("Sarı Cüce: runs"),
    "sari-cuce-short-of-chips": N_("Sarı Cüce: short of chips"),
    "sari-cuce-stall": N_("Sarı Cüce: a run stops"),
    "sari-cuce-yellow-dwarf": N_("Sarı Cüce: the yellow dwarf"),
}


def hand_title(stem: str, language: str | None = None) -> str:
    """The title of the example hand ``stem`` (a file name of notebooks/records without ``.json``) in
    ``language``; a hand not named here by its file's name (``pis-yedili-x`` as ``pis yedili x``)."""
    title = HAND_TITLES.get(stem)
    return stem.replace("-", " ") if title is None else gettext(title, language=language)
