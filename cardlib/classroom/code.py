"""The class code: a short word the teacher reads out or shows as a QR code, that every page, websocket
and file of the classroom asks for when it serves the school network; and the teacher's key, a longer
one only in the address the server prints for the teacher's own browser (the teacher's choices).

>>> code = class_code(seed=1)
>>> len(code), set(code) <= set(ALPHABET)
(6, True)
>>> same_code(code, code), same_code(code, "k7q2m9" if code != "k7q2m9" else "aaaaaa"), same_code(code, None)
(True, False, False)
>>> check_code("k7q2m9")
'k7q2m9'
>>> check_code("K7Q2M9")
Traceback (most recent call last):
...
ValueError: class code 'K7Q2M9': 4 to 32 of the letters and digits abcdefghjkmnpqrstuvwxyz23456789
"""

from __future__ import annotations

import hmac
import random
import secrets

__all__ = ["ALPHABET", "class_code", "teacher_key", "same_code", "check_code"]

#: letters and digits that cannot be mistaken for one another when read out or copied (no 0/o, 1/l/i)
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def class_code(length: int = 6, *, seed: int | None = None) -> str:
    """A fresh class code (``seed`` only for examples and tests; the server draws from the system)."""
    rng = secrets.SystemRandom() if seed is None else random.Random(seed)
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def teacher_key() -> str:
    """The teacher's key: 24 characters of the same alphabet, never read out."""
    return class_code(24)


def same_code(expected: str, given: str | None) -> bool:
    """Whether ``given`` is the code, compared in constant time (no timing tells a guesser how close)."""
    return given is not None and hmac.compare_digest(expected.encode(), given.encode("utf-8", "replace"))


def check_code(code: str) -> str:
    """A code the teacher chose (``--code``): 4 to 32 characters of :data:`ALPHABET`, else ValueError."""
    if not isinstance(code, str) or not 4 <= len(code) <= 32 or any(c not in ALPHABET for c in code):
        raise ValueError(f"class code {code!r}: 4 to 32 of the letters and digits {ALPHABET}")
    return code
