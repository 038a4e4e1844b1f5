"""Issue 25: the pictures' words fit in every language (French and Polish words are longer).

Every ``<text>`` of a table picture is measured with the font the pictures name first (DejaVu Sans, bold
where the text is bold) at its size, and must lie inside the smallest rectangle drawn around its anchor (a
badge, a board box, a seat's row, the picture); a seat's labels must end before that seat's cards begin.
"""

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from cardlib.widgets import Table

FONTS = Path("/usr/share/fonts/truetype/dejavu")
pytestmark = pytest.mark.skipif(not (FONTS / "DejaVuSans.ttf").exists(),
                                reason="the DejaVu fonts (Debian fonts-dejavu-core) measure the text")
NS = "{http://www.w3.org/2000/svg}"
LABEL_END = 12 + 150           # the seats' cards start here (label_w in both pictures)


@cache
def _font(size: float, bold: bool):
    from PIL import ImageFont
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size=round(size * 8))


def _width(text: str, size: float, bold: bool) -> float:
    return _font(size, bold).getlength(text) / 8


def _boxes_and_texts(svg: str):
    root = ET.fromstring(svg)
    rects, texts = [], []

    def walk(el, moved, dx, dy):
        moved = moved or "transform" in el.attrib
        for child in el:
            tag = child.tag.replace(NS, "")
            if tag == "svg":                   # a picture inside a picture (an explorer's stack): its offset
                walk(child, moved, dx + float(child.get("x", 0)), dy + float(child.get("y", 0)))
                continue
            if not moved and tag == "rect":
                x, y, w, h = (float(child.get(k)) for k in ("x", "y", "width", "height"))
                rects.append((x + dx, y + dy, w, h))
            elif not moved and tag == "text" and (child.text or "").strip():
                texts.append((float(child.get("x")) + dx, float(child.get("y")) + dy, float(child.get("font-size")),
                              child.get("text-anchor", "start"), child.get("font-weight") == "bold", child.text))
            walk(child, moved, dx, dy)
    walk(root, False, 0.0, 0.0)
    return rects, texts


def overflows(svg: str) -> list[str]:
    rects, texts = _boxes_and_texts(svg)
    bad = []
    for x, y, size, anchor, bold, s in texts:
        w = _width(s, size, bold)
        x0 = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0)
        x1 = x0 + w
        cy = y - size / 3
        around = [r for r in rects if r[0] <= x <= r[0] + r[2] and r[1] <= cy <= r[1] + r[3]]
        box = min(around, key=lambda r: r[2] * r[3])
        if x0 < box[0] - 0.5 or x1 > box[0] + box[2] + 0.5:
            bad.append(f"{s!r} ({x0:.0f}..{x1:.0f}) out of its box ({box[0]:.0f}..{box[0] + box[2]:.0f})")
        elif x == 32 and x1 > LABEL_END:
            bad.append(f"{s!r} ends at {x1:.0f}, over the seat's cards at {LABEL_END}")
    return bad


def _pictures(game: str, lang: str, seed: int, **options):
    """The table's picture after every move of a seeded hand (status lines, badges, board, the banner)."""
    t = Table(game=game, seed=seed, language=lang, **options)
    out = [str(t.picture)]
    while not t.hand.is_over():
        t.play(t.legal()[0])
        out.append(str(t.picture))
    return out


def test_the_measure_finds_an_overflow():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><rect x="0" y="0" width="200" '
           'height="50" fill="none"/><rect x="10" y="10" width="60" height="30" fill="none"/>'
           '<text x="15" y="30" font-size="12" text-anchor="start" font-weight="bold">couleur demandée :</text>'
           '</svg>')
    assert overflows(svg) and not overflows(svg.replace("couleur demandée :", "couleur"))


@pytest.mark.parametrize("lang", ["en", "tr", "fr", "pl"])
@pytest.mark.parametrize("game,seed,options", [
    ("pis-yedili", 3, {}), ("pis-yedili", 11, {"preset": "turkish"}), ("pis-yedili", 4, {"partnerships": True}),
    ("sari-cuce", 5, {}), ("sari-cuce", 8, {"players": 3}),
])
def test_picture_words_fit(game, seed, options, lang):
    bad = sorted({b for svg in _pictures(game, lang, seed, **options) for b in overflows(svg)})
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "tr", "fr", "pl"])
def test_explorer_picture_words_fit(lang):
    """Every explorer of both games, at the settings the language test plays, draws its words inside their
    boxes (the round table's seats, the penalty strip's cells, the ledger, the deal)."""
    import importlib.util                      # the same settings the language test plays
    spec = importlib.util.spec_from_file_location("i18n_narration", Path(__file__).with_name("test_narration.py"))
    narration = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(narration)
    bad = set()
    for name, e, _values in narration.played_explorers(lang):
        if e.picture is not None:
            bad |= {f"{name}: {b}" for b in overflows(str(e.picture))}
    assert not sorted(bad), sorted(bad)
