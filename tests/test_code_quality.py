"""The code's own bars, run with the tests so CI holds them: ruff's lint and
formatter agree with every file, and `mypy --strict` with the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.parametrize(
    "args",
    [("ruff", "check", "."), ("ruff", "format", "--check", "."), ("mypy", "--strict", "referee")],
    ids=" ".join,
)
def test_code_bars(args: tuple[str, ...]) -> None:
    result = _run(*args)
    assert result.returncode == 0, result.stdout + result.stderr
