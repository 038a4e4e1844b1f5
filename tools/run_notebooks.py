"""Re-execute notebooks in place, with outputs, and strip saved widget state (`make notebooks`).

    python tools/run_notebooks.py notebooks            # every notebook under notebooks/
    python tools/run_notebooks.py notebooks/00_index.ipynb

Each notebook runs in its own folder with the kernel of this Python (the .venv's), so what is stored is
what `pytest --nbval` will see.  Saved widget state (``metadata.widgets``) and the widget views that point into it are
deleted afterwards: nbclient 0.11 crashes when asked not to store the state, so each notebook is executed
normally and the state removed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def notebooks_under(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        elif path.suffix == ".ipynb" and path.exists():
            found.append(path)
        else:
            raise SystemExit(f"run_notebooks: {name!r} is not a notebook or a folder")
    return found


def strip(nb) -> None:
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        for out in cell.get("outputs", []):
            # a widget's view points at a model id that is new on every run and whose state is not kept:
            # keep only the widget's short text form, so re-running gives the same file
            out.get("data", {}).pop("application/vnd.jupyter.widget-view+json", None)


def run(path: Path, timeout: int = 600) -> float:
    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    started = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    strip(nb)
    nbformat.write(nb, path)
    return time.perf_counter() - started


def main(argv: list[str]) -> int:
    total = 0.0
    for path in notebooks_under(argv or ["notebooks"]):
        seconds = run(path)
        total += seconds
        print(f"{seconds:6.1f} s  {path}")
    print(f"{total:6.1f} s  in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
