"""``python -m cardlib``: see :mod:`cardlib.cli`."""

import sys

from .cli import main

sys.exit(main())
