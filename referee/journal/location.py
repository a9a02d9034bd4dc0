"""Where the journal lives when nobody says: the user's data directory, found
the way each platform expects, without a dependency for it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV = "REFEREE_JOURNAL"
FILENAME = "journal.sqlite3"


def data_dir() -> Path:
    """XDG on Linux and BSD, Application Support on macOS, LOCALAPPDATA on Windows."""
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        return Path(base) / "referee" if base else home / "AppData" / "Local" / "referee"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "referee"
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share") / "referee"


def journal_path(given: str | None = None) -> tuple[Path, bool]:
    """The journal file and whether it is the default (whose directory we may create):
    --journal PATH first, then $REFEREE_JOURNAL, then the data directory."""
    chosen = given or os.environ.get(ENV)
    if chosen:
        return Path(chosen).expanduser(), False
    return data_dir() / FILENAME, True
