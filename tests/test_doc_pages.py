"""The documentation as pages: every relative link and anchor resolves, the
README stays a first screen, and no page grows past reading."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _anchors(page: Path) -> set[str]:
    """The anchors a page's headings give, as a Markdown renderer makes them."""
    found: set[str] = set()
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        fenced ^= line.startswith("```")
        if not fenced and (heading := re.match(r"^#{1,6} (.*)", line)):
            slug = re.sub(r"[^\w\- ]", "", heading[1].strip().lower()).replace(" ", "-")
            n = sum(1 for a in found if a == slug or re.fullmatch(re.escape(slug) + r"-\d+", a))
            found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def _broken_links(page: Path) -> list[str]:
    """The relative links of a page whose file, or whose anchor in it, is not there."""
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists() or (anchor and dest.suffix == ".md" and anchor not in _anchors(dest)):
            broken.append(target)
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    assert _broken_links(page) == []


def test_the_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path: Path) -> None:
    """The check above can fail: a page gone, an anchor gone (and a repeated heading's -1), a link outside kept out."""
    (tmp_path / "stages").mkdir()
    (tmp_path / "stages" / "pool.md").write_text("# What the pool does: `pool`\n\n## Keep\n\n## Keep\n")
    page = tmp_path / "index.md"
    page.write_text(
        "[ok](stages/pool.md#what-the-pool-does-pool) [ok](stages/pool.md#keep-1) [ok](#the-index)\n"
        "[gone](stages/roll.md) [no anchor](stages/pool.md#pool) [web](https://example.org/a.md)\n\n# The index\n"
    )
    assert _broken_links(page) == ["stages/roll.md", "stages/pool.md#pool"]


def test_the_pages_hold_together_by_links() -> None:
    """Not a vacuous pass: the guide's pages link to each other, anchors and all."""
    links = [t for p in PAGES for t in LINK.findall(p.read_text(encoding="utf-8")) if not re.match(r"^[a-z]+:", t)]
    assert len(links) > 60 and sum("#" in t for t in links) > 15


def test_the_readme_is_a_first_screen_and_no_page_is_a_book() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 500
    long = {str(p.relative_to(ROOT)): n for p in PAGES if (n := len(p.read_text(encoding="utf-8").splitlines())) > 2000}
    assert long == {}


def test_every_page_is_reached_from_the_readme() -> None:
    """A page no link leads to is lost: each is linked from the README or a page it links to."""
    reached, todo = set(), [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in reached or page.suffix != ".md" or not page.exists():
            continue
        reached.add(page)
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if not re.match(r"^[a-z]+:", target) and target.partition("#")[0]:
                todo.append((page.parent / target.partition("#")[0]).resolve())
    assert sorted(str(p.relative_to(ROOT)) for p in set(PAGES) - reached) == []


def test_every_page_the_code_names_is_there() -> None:
    """A message or docstring that sends a reader to a page of docs/ names one that
    exists; the target-number modifiers message sends players to docs/rulesets.md,
    which leads on to that section."""
    named = {
        match
        for source in (ROOT / "referee").rglob("*")
        if source.suffix in (".py", ".po", ".yaml")
        for match in re.findall(r"docs/[\w/-]+\.md", source.read_text(encoding="utf-8"))
    }
    assert "docs/rulesets.md" in named
    assert sorted(n for n in named if not (ROOT / n).is_file()) == []
    assert "(procedures.md#target-number)" in (ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def refresher() -> ModuleType:
    """docs/refresh_examples.py, imported as it runs: beside the generators it imports."""
    import importlib

    sys.path.insert(0, str(ROOT / "docs"))
    try:
        return importlib.import_module("refresh_examples")
    finally:
        sys.path.remove(str(ROOT / "docs"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_shows_what_the_referee_prints_today(
    page: Path, refresher: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refresh would change nothing: each page's examples, run as its story
    runs them, print what the page shows."""
    monkeypatch.chdir(ROOT)  # the examples name files as from a checkout
    text = page.read_text(encoding="utf-8")
    assert refresher.refresh(text, refresher.story(str(tmp_path))) == text, (
        "run: .venv/bin/python docs/refresh_examples.py"
    )


def test_a_stale_example_is_caught(refresher: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: an output line the referee no longer prints is put back as it prints it."""
    monkeypatch.chdir(ROOT)
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    stale = text.replace("The defender loses 1 fighter.", "The defender loses 2 fighters.", 1)
    assert stale != text
    assert refresher.refresh(stale, refresher.story(str(tmp_path))) == text
