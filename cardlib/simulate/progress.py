"""The progress bar of a long simulation: a tqdm bar shown after a second, or nothing."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Progress", "interactive"]


def interactive() -> bool:
    """A notebook, or a terminal on stderr: where a progress bar can be seen."""
    if "ipykernel" in sys.modules:
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A tqdm.auto bar (shown only after a second) or nothing; ``progress=None`` decides by itself
    (:func:`interactive`), ``True`` always shows it, ``False`` never."""

    def __init__(self, progress: bool | None, total: int, desc: str):
        self.bar: Any = None
        if progress is False or (progress is None and not interactive()):
            return
        from tqdm.auto import tqdm

        self.bar = tqdm(total=total, desc=desc, unit=desc.split()[-1], delay=0.0 if progress else 1.0,
                        leave=bool(progress), mininterval=0.2)

    def update(self, k: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(k)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
