"""The golden playthroughs in golden/*.txt must be reproduced exactly (regenerate with nj_golden.py)."""

import pytest
from nj_golden import CASES, GOLDEN, transcript


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    rules, seed, kind, bot_seed = CASES[name]
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(rules, seed, kind, bot_seed) == expected


def test_every_golden_file_has_a_case():
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(CASES)
