"""Shared helpers of the Pis Yedili tests live in ``pisyedili_support.py`` next to this file (the project runs
pytest with ``--import-mode=importlib``, so the folder is put on ``sys.path`` here)."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
