"""Where a user's own files live, by the platform's convention, without a
dependency: XDG on Linux and BSD, Application Support on macOS, APPDATA on
Windows."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_dir() -> Path:
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "referee"


def rulesets_dir() -> Path:
    """A user's own rulesets, found by name beside the shipped ones."""
    return data_dir() / "rulesets"
