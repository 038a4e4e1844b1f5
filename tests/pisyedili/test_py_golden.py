"""Golden playthroughs: complete hands as checked-in transcripts (tests/pisyedili/golden/*.txt).

After a deliberate rule change, regenerate with ``python tests/pisyedili/golden/make_golden.py`` and
read the diff.
"""

import importlib.util

import pytest
from pisyedili_support import GOLDEN

_spec = importlib.util.spec_from_file_location("py_make_golden", GOLDEN / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)


@pytest.mark.parametrize("name", sorted(make_golden.GAMES))
def test_golden_playthrough(name):
    rules, seed, bot_seed = make_golden.GAMES[name]
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert make_golden.transcript(rules, seed, bot_seed) == expected


def test_golden_files_are_complete_hands():
    for name in make_golden.GAMES:
        text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
        assert "result: {'winner'" in text


def test_golden_files_exercise_what_their_names_say():
    """A re-deal (a new generator) must not leave a golden named for a reshuffle or jokers without one."""
    for name in make_golden.GAMES:
        record = next(line for line in (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines()
                      if line.startswith("record: "))
        moves = record[len("record: "):].split(" | ")
        if "reshuffle" in name:
            assert any(m.startswith("reshuffle ") for m in moves), name
        if "jokers" in name:
            assert any(m.startswith("X") for m in moves), name
