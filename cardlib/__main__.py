"""``python -m cardlib``: see :mod:`cardlib.cli`."""

import gc
import os
import signal
import sys

# The cyclic garbage collector would run some 50 times over the objects a command makes while it imports
# numpy and cardlib, about 10 ms of a 0.2 s command (issue 23); imports make no cycles worth collecting.
# cardlib.cli turns it back on before a command that makes many Python objects (every one but a simulation
# with the fast engine, whose tables are numpy arrays).
gc.disable()

if sys.stderr is None:
    # started with standard error closed (``2>&-``, issue 28 S16): descriptor 2 becomes /dev/null, so that
    # no file opened later takes it, and a worker process started from here has somewhere to write; the
    # notes are dropped (cardlib.cli.main), never written to standard output
    try:
        os.fstat(2)
    except OSError:
        _null = os.open(os.devnull, os.O_WRONLY)
        if _null != 2:
            os.dup2(_null, 2)
            os.close(_null)

try:
    from .cli import main

    status = main()
except KeyboardInterrupt:       # Ctrl-C while Python was still importing cardlib.cli (main handles the rest)
    if sys.stderr is not None:
        print("cardlib: interrupted (starting); nothing written", file=sys.stderr)
    status = 130
# the command is done (its output written): a Ctrl-C from now on changes nothing, so it is not a failure
signal.signal(signal.SIGINT, signal.SIG_IGN)
if status == 130:
    # interrupted, possibly in the middle of an import: leave at once with 130, without the interpreter's
    # shutdown (which can take the interrupt for an unhandled one and end the process by SIGINT instead)
    if sys.stderr is not None:
        sys.stderr.flush()
    os._exit(130)
sys.exit(status)
