"""Where a user's own files live, by the platform's convention, without a
dependency: XDG on Linux and BSD, Application Support on macOS, LOCALAPPDATA on
Windows."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_dir() -> Path:
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        # the XDG spec says to ignore a relative path
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "referee"


def rulesets_dir() -> Path:
    """A user's own rulesets, found by name beside the shipped ones."""
    return data_dir() / "rulesets"


def table_history() -> Path:
    """The commands typed at `referee table`, kept for the next evening
    beside the journal."""
    return data_dir() / "table-history"
