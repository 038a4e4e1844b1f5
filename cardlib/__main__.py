"""``python -m cardlib``: see :mod:`cardlib.cli`."""

import sys

try:
    from .cli import main

    status = main()
except KeyboardInterrupt:       # Ctrl-C while Python was still importing cardlib (main handles the rest)
    print("cardlib: interrupted (starting); nothing written", file=sys.stderr)
    status = 130
sys.exit(status)
