"""``python -m cardlib``: see :mod:`cardlib.cli`."""

import os
import signal
import sys

try:
    from .cli import main

    status = main()
except KeyboardInterrupt:       # Ctrl-C while Python was still importing cardlib.cli (main handles the rest)
    print("cardlib: interrupted (starting); nothing written", file=sys.stderr)
    status = 130
# the command is done (its output written): a Ctrl-C from now on changes nothing, so it is not a failure
signal.signal(signal.SIGINT, signal.SIG_IGN)
if status == 130:
    # interrupted, possibly in the middle of an import: leave at once with 130, without the interpreter's
    # shutdown (which can take the interrupt for an unhandled one and end the process by SIGINT instead)
    sys.stderr.flush()
    os._exit(130)
sys.exit(status)
