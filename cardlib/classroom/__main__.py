"""``python -m cardlib.classroom``: see :mod:`cardlib.classroom.server`."""

import sys

from .server import main

if __name__ == "__main__":
    sys.exit(main())
