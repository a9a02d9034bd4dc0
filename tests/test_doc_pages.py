"""The documentation as pages: every relative link and anchor resolves, the
README stays a first screen, and no page grows past reading."""

from __future__ import annotations

import re
from pathlib import Path

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


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists() or (anchor and dest.suffix == ".md" and anchor not in _anchors(dest)):
            broken.append(target)
    assert broken == []


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
