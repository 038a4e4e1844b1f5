"""A simulation's tables as named numpy columns: :class:`Columns` (what the fast engine builds, no pandas
needed to sum it up) and :class:`TableView`, read-only numpy access to a table's columns, whether it is
:class:`Columns` or a pandas DataFrame (the summary reads both the same way)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np

__all__ = ["Columns", "TableView", "as_frame"]


class Columns(dict[str, np.ndarray]):
    """A table as named 1-D numpy arrays of one length (what the fast engine builds: no pandas needed to
    summarise it, so a command line call never imports pandas), in the engine's own narrow dtypes; the
    DataFrame has them as ``int64``.  ``nullable`` names integer columns whose ``-1`` means missing
    (``<NA>`` in the DataFrame, dtype ``Int64``).  A column may be made when first read (:meth:`lazy`):
    the text columns of the fast tables, which a summary never reads, cost nothing then."""

    def __init__(self, *args: Any, nullable: tuple[str, ...] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.nullable = frozenset(nullable)

    def lazy(self, name: str, make: Callable[[], np.ndarray]) -> None:
        """The column ``name``, in its place among the others, made by ``make()`` when first read."""
        cast(Any, super()).__setitem__(name, _Lazy(make))      # a placeholder: made in __getitem__

    def __getitem__(self, name: str) -> np.ndarray:
        v: Any = super().__getitem__(name)
        if isinstance(v, _Lazy):
            v = v.make()
            super().__setitem__(name, v)
        return v

    def get(self, name: str, default: Any = None) -> Any:
        return self[name] if name in self else default

    def values(self) -> Any:
        return [self[k] for k in self]

    def items(self) -> Any:
        return [(k, self[k]) for k in self]

    @property
    def rows(self) -> int:
        """The length of the columns (of one already made: counting makes no lazy column)."""
        for v in dict.values(self):
            if not isinstance(v, _Lazy):
                return len(v)
        return len(self[next(iter(self))]) if self else 0

    def to_frame(self) -> Any:
        """The pandas DataFrame (``nullable`` columns as ``Int64``)."""
        import pandas as pd

        cols: dict[str, Any] = {}
        for k, v in self.items():
            if k in self.nullable:
                col = pd.array(np.where(v < 0, 0, v).astype(np.int64), dtype="Int64")
                col[v < 0] = pd.NA
                cols[k] = col
            elif v.dtype.kind in "iu":
                cols[k] = v.astype(np.int64)
            else:
                cols[k] = v
        return pd.DataFrame(cols)


class _Lazy:
    """A column not made yet (:meth:`Columns.lazy`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], np.ndarray]):
        self.make = make


class TableView:
    """Read-only numpy access to the columns of a DataFrame or of :class:`Columns` (the summary's), of
    every row or of the rows ``keep`` marks."""

    def __init__(self, src: Any, keep: np.ndarray | None = None):
        self.src, self.keep = src, keep

    def __contains__(self, name: str) -> bool:
        return name in self.src

    def __len__(self) -> int:
        n = self.src.rows if isinstance(self.src, Columns) else len(self.src)
        return n if self.keep is None else int(self.keep.sum())

    def raw(self, name: str) -> np.ndarray:
        v = self.src[name]
        if not isinstance(self.src, Columns):
            v = v.to_numpy()
        return v if self.keep is None else v[self.keep]

    def ints(self, name: str, missing: bool = False) -> np.ndarray | None:
        """The column's integers (or booleans) as they are stored, no copy, or ``None`` for a column of
        other values (floats, text) or with missing values (a nullable column's -1, pandas' ``<NA>``);
        ``missing=True`` also gives a nullable column of :class:`Columns`, a missing value being -1 (for
        comparing with a seat, never for a sum)."""
        if isinstance(self.src, Columns):
            if name in self.src.nullable and not missing:
                return None
            v = self.src[name]
        else:
            col = self.src[name]
            if not (isinstance(col.dtype, np.dtype) and col.dtype.kind in "iub"):
                return None
            v = col.to_numpy()
        if not isinstance(v, np.ndarray) or v.dtype.kind not in "iub":
            return None
        return v if self.keep is None else v[self.keep]

    def num(self, name: str) -> np.ndarray:
        """As floats; missing values (``<NA>``, or -1 in a nullable column) are ``nan``."""
        if isinstance(self.src, Columns):
            v = self.src[name].astype(float)
            if name in self.src.nullable:
                v[self.src[name] < 0] = np.nan
        else:
            v = self.src[name].to_numpy(dtype=float, na_value=np.nan)
        return v if self.keep is None else v[self.keep]

    def where(self, mask: np.ndarray) -> "TableView":
        if self.keep is None:
            return TableView(self.src, mask)
        keep = self.keep.copy()
        keep[keep] = mask
        return TableView(self.src, keep)


def as_frame(data: Any) -> Any:
    """A table as a pandas DataFrame (:class:`Columns` are turned into one; a DataFrame is itself)."""
    return data.to_frame() if isinstance(data, Columns) else data
