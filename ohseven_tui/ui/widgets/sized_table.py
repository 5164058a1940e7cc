"""A DataTable that never keeps cells drawn in its columns' old widths.

Textual 8.2.8's DataTable caches each drawn cell without its column's width, and
sizes its columns to new rows only when idle. A frame drawn in between (a busy
machine) cached every new cell cut to its header's width, and the table kept
drawing those until its next change: a list whose names stayed cut off.
"""

from __future__ import annotations

from typing import Iterable

from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

__all__ = ["SizedTable"]


class SizedTable(DataTable):
    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        # Forget what was drawn before the columns take their new widths (also the
        # cells an auto-height row is measured by), then draw again.
        self._clear_caches()
        super()._update_dimensions(new_rows)
        self.refresh()
