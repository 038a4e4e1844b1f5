"""The players' languages: English (the source), Turkish, French and Polish (issue 25).

The catalogs are gettext ``.po`` files in ``cardlib/locale/<lang>/LC_MESSAGES/cardlib.po`` (shipped as
package data).  They are *loaded from source*: Babel reads the ``.po`` and writes the compiled catalog into
memory, which the standard library's :mod:`gettext` then reads, so a fresh ``pip install -e .`` needs no
build step and no ``.mo`` file is ever stale.

>>> set_language("tr"); _("clubs")
'sinek'
>>> ngettext("{n} card", "{n} cards", 5, language="pl").format(n=5)
'5 kart'
>>> format_percent(0.25, language="tr"), format_percent(0.25, language="fr").replace("\\xa0", " ")
('%25', '25 %')
>>> set_language("en")
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import io
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

__all__ = ["LANGUAGES", "set_language", "get_language", "using", "speaking", "with_language", "check_language",
           "language_from_environment", "translations", "gettext", "ngettext", "pgettext", "N_", "NP_",
           "format_number", "localize_number", "format_percent", "format_interval", "suit_word", "suit_one", "rank_word",
           "card_words", "join_and", "count_words"]

from .cards import ascii_lower

LANGUAGES: tuple[str, ...] = ("en", "tr", "fr", "pl")
"""English is the source; the others have a catalog each.  A new language: a catalog and one entry here."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "cardlib"

_current = "en"
_override: ContextVar[str | None] = ContextVar("cardlib_language", default=None)


def _check(language: str) -> str:
    if not isinstance(language, str):
        raise ValueError(f"language {language!r} is not text")
    # ASCII letters only are folded (issue 28, U1): str.lower() would also fold the Kelvin sign into "k"
    code = ascii_lower(language.strip()).replace("-", "_").split("_")[0].split(".")[0]
    if code not in LANGUAGES:
        raise ValueError(f"language {language!r} is not one of {', '.join(LANGUAGES)}")
    return code


def set_language(language: str) -> None:
    """The language of everything shown from now on in this process (a notebook): ``"en" "tr" "fr" "pl"``.

    Also accepts locale names such as ``"tr_TR.UTF-8"``.  A bad name raises ``ValueError`` and leaves the
    language as it was."""
    global _current
    _current = _check(language)


def get_language() -> str:
    """The language spoken now: the one :func:`using` holds, else the one :func:`set_language` chose."""
    return _override.get() or _current


@contextlib.contextmanager
def using(language: str | None) -> Iterator[str]:
    """Speak ``language`` inside the ``with`` block only (a widget or picture made with ``language=``);
    ``None`` keeps the language spoken now.  A bad name raises ``ValueError`` before anything changes.

    >>> from cardlib.pisyedili.events import Pass
    >>> with using("fr"): Pass(seat=1).describe(["Ada", "Bora"])
    'Bora passe.'
    """
    code = get_language() if language is None else _check(language)
    token = _override.set(code)
    try:
        yield code
    finally:
        _override.reset(token)


_S = TypeVar("_S")
_P = ParamSpec("_P")
_R = TypeVar("_R")


def speaking(method: Callable[Concatenate[_S, _P], _R]) -> Callable[Concatenate[_S, _P], _R]:
    """A method of an object with a ``language`` attribute (``None`` or a code) that speaks it while it
    runs: every word its describers, pictures and tables write is in that language."""
    @functools.wraps(method)
    def wrapper(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with using(getattr(self, "language", None)):
            return method(self, *args, **kwargs)
    return wrapper


def with_language(function: Callable[_P, _R]) -> Callable[..., _R]:
    """A function (a chart, a picture) that also takes ``language=``: it speaks that language while it runs.
    (Its type says only what it returns: a type cannot add a keyword to another function's parameters.)"""
    @functools.wraps(function)
    def wrapper(*args: Any, language: str | None = None, **kwargs: Any) -> _R:
        with using(language):
            return function(*args, **kwargs)
    return wrapper


def check_language(language: str | None) -> str | None:
    """``language`` as a code (``"tr_TR.UTF-8"`` -> ``"tr"``), ``None`` kept: for a ``language=`` argument,
    refused where it is given."""
    return None if language is None else _check(language)


def language_from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the command line speaks: ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``
    (the POSIX order); English when none names a language of :data:`LANGUAGES`."""
    import os
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            try:
                return _check(value)
            except ValueError:
                return "en"
    return "en"


@functools.cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalog of ``language``, compiled in memory from its ``.po`` source (cached)."""
    code = _check(language)
    if code == "en":
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def _lang(language: str | None) -> str:
    return get_language() if language is None else _check(language)


def _(message: str, *, language: str | None = None) -> str:
    """``message`` in the current language (or ``language``)."""
    return translations(_lang(language)).gettext(message)


def gettext(message: str, *, language: str | None = None) -> str:
    return _(message, language=language)


def ngettext(singular: str, plural: str, n: int, *, language: str | None = None) -> str:
    """The plural form right for ``n`` (Polish has three: 1 karta, 2 karty, 5 kart)."""
    return translations(_lang(language)).ngettext(singular, plural, n)


def pgettext(context: str, message: str, *, language: str | None = None) -> str:
    """``message`` in ``context`` (e.g. ``"rank"`` for ``"Jack"``)."""
    return translations(_lang(language)).pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for extraction where it is defined; translated where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks ``message`` in ``context`` for extraction (read later with :func:`pgettext`)."""
    return message


def format_number(value: float, *, language: str | None = None) -> str:
    """``0.25`` as ``0,25`` in Turkish, French and Polish."""
    from babel.numbers import format_decimal
    return str(format_decimal(value, locale=_lang(language)))


def localize_number(text: str, *, language: str | None = None) -> str:
    """A number written the English way (``0.0769231``, ``100,000``) in the language's signs: ``0,0769231`` and
    ``100.000`` in Turkish, ``100 000`` in French (Babel's symbols); English unchanged.  For numbers already
    formatted with a precision of their own (significant digits) that Babel's patterns would not keep."""
    lang = _lang(language)
    if lang == "en":
        return text
    from babel.core import Locale
    symbols = Locale.parse(lang).number_symbols["latn"]
    return text.replace(",", "\0").replace(".", symbols["decimal"]).replace("\0", symbols["group"])


def format_percent(value: float, *, language: str | None = None, digits: int = 0) -> str:
    """``0.25`` as ``%25`` in Turkish, ``25 %`` in French, ``25%`` in English and Polish."""
    from babel.core import Locale
    from babel.numbers import format_percent as fp
    loc = Locale.parse(_lang(language))
    pattern = loc.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * digits)
    return str(fp(value, format=pattern, locale=loc))


def format_interval(low: float, high: float, *, language: str | None = None, percent: bool = False,
                    digits: int = 1) -> str:
    """A confidence interval, ``[0,21; 0,29]`` in Turkish (a semicolon where the comma is the decimal sign)."""
    lang = _lang(language)
    if percent:
        a, b = (format_percent(x, language=lang, digits=digits) for x in (low, high))
    else:
        from babel.numbers import format_decimal
        fmt = "#,##0." + "0" * digits
        a, b = (str(format_decimal(x, format=fmt, locale=lang)) for x in (low, high))
    sep = "; " if lang in ("tr", "fr", "pl") else ", "
    return f"[{a}{sep}{b}]"


def suit_word(suit: object, *, language: str | None = None) -> str:
    """The suit's name in the language: ``sinek karo kupa maça``, ``trèfle carreau cœur pique``."""
    from .cards import Suit
    s = suit if isinstance(suit, Suit) else Suit.parse(str(suit))
    return _(_SUIT_WORDS[s.name], language=language)


def suit_one(suit: object, *, language: str | None = None) -> str:
    """One card of the suit, in a sentence: ``a club`` (``bir sinek``, ``un trèfle``, ``trefla``)."""
    from .cards import Suit
    s = suit if isinstance(suit, Suit) else Suit.parse(str(suit))
    return _(_SUIT_ONE[s.name], language=language)


def rank_word(rank: object, *, language: str | None = None) -> str:
    """The rank's name: ``vale kız papaz as``, ``valet dame roi as``, ``walet dama król as``; numbers as numbers."""
    from .cards import Rank
    r = rank if isinstance(rank, Rank) else Rank.parse(str(rank))
    word = _RANK_WORDS.get(r.name)
    return str(int(r)) if word is None else _(word, language=language)


def card_words(card: object, *, language: str | None = None) -> str:
    """``queen of spades`` / ``maça kızı``-style name: in this library, rank then suit ("kız maça")."""
    from .cards import Card
    c = card if isinstance(card, Card) else Card.parse(str(card))
    if c.rank is None or c.suit is None:
        return _("joker", language=language)
    return _("{rank} of {suit}", language=language).format(
        rank=rank_word(c.rank, language=language), suit=suit_word(c.suit, language=language))


_SUIT_WORDS = {"CLUBS": N_("clubs"), "DIAMONDS": N_("diamonds"), "HEARTS": N_("hearts"), "SPADES": N_("spades")}
_SUIT_ONE = {"CLUBS": N_("a club"), "DIAMONDS": N_("a diamond"), "HEARTS": N_("a heart"), "SPADES": N_("a spade")}
_RANK_WORDS = {"ACE": N_("ace"), "JACK": N_("jack"), "QUEEN": N_("queen"), "KING": N_("king")}

# The games' own words, each with its rule: cardlib.glossary (the glossary and docs/terms-*.md).


def join_and(items: Sequence[str], *, language: str | None = None) -> str:
    """``Ada``, ``Ada and Bora``, ``Ada and Bora and Cem`` (``Ada ve Bora``, ``Ada et Bora``, ``Ada i Bora``)."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = _("{a} and {b}", language=language).format(a=out, b=item)
    return out


def count_words(what: str, n: int, *, language: str | None = None) -> str:
    """``5 kart``, ``2 karty``, ``1 karta``: ``what`` is ``"card"`` or ``"chip"`` or ``"point"``."""
    if what == "card":
        text = ngettext("{n} card", "{n} cards", n, language=language)
    elif what == "chip":
        text = ngettext("{n} chip", "{n} chips", n, language=language)
    elif what == "point":
        text = ngettext("{n} point", "{n} points", n, language=language)
    else:
        raise ValueError(f"count of {what!r} is not one of card, chip, point")
    return text.format(n=n)
