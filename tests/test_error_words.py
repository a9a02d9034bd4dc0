"""Errors read well and help (issue 15, point 8): every suggestion an error
makes works when followed, counts and articles agree with the ruleset's
words, and with --json an error is one JSON object on stderr."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from referee.words.names import article, span
from tests.conftest import fails, run

# (a mistake players make, the error's words that must appear); the suggestion is then followed
MISTAKES = [
    ("odds groundforce --attacker trooper --defender trooper --table 3", "leave out --table"),
    ("odds groundforce --attacker trooper --defender trooper --until conquest", "leave out --until"),
    ("odds groundforce --attacker troper --defender trooper", "did you mean"),
    ("odds grundforce --attacker trooper --defender trooper", "did you mean"),
    ("odds frontline-risk --attacker infantry --defender infantry --when defender:cty", "did you mean"),
    ("battle groundforce --attacker troper --defender trooper --seed 1", "did you mean"),
    ("battle groundforce --attacker trooper --defender trooper --attacker-roll swrd --seed 1", "did you mean"),
    ("battle frontline-risk --attacker infantry --defender infantry --when defender:cty --seed 1", "did you mean"),
    ("battle diceland --attacker 6,2 --defender 3 --roll 5,1 --choose 5:5", "the pairings are"),
    ("odds trueforces --attacker 4 --defender 5 --attack astral", "leave out --attacker, --defender"),
    ("recruit frontline-risk --stars 7 --continent asai", "did you mean"),
    ("recruit frontline-risk --stars 7 --reward bogus", "known:"),
    ("reinforce groundforce --mine 1", "did you mean"),
    ("reinforce groundforce --mines 1 --places 99", "known:"),
]


def follow(command: str, error: str) -> str:
    """The command as the error advises: the name it suggests for the one
    misspelt, the option it says to leave out, the first of the names it lists."""
    words = shlex.split(command)
    unknown = re.search(r"unknown [\w ]+ '([^']+)'", error)
    if (suggested := re.search(r"did you mean '([^']+)'", error)) and unknown:
        return shlex.join(w.replace(unknown.group(1), suggested.group(1)) for w in words)
    if unknown and (known := re.search(r"known: ([^,;()]+)", error)):
        name = unknown.group(1)
        return shlex.join(
            known.group(1).strip() if w == name else w.replace("--" + name, "--" + known.group(1).strip())
            for w in words
        )
    if left_out := re.search(r"leave out ((?:--[\w-]+(?:, )?)+)", error):
        for option in left_out.group(1).split(", "):
            at = words.index(option)
            words = words[:at] + words[at + 2 :]
        return shlex.join(words)
    if pairings := re.search(r"the pairings are (\d+:\d+)", error):
        return shlex.join(pairings.group(1) if w == words[words.index("--choose") + 1] else w for w in words)
    raise AssertionError(f"no suggestion to follow in: {error}")


@pytest.mark.parametrize(("command", "says"), MISTAKES)
def test_every_suggestion_works_when_followed(command: str, says: str) -> None:
    error = fails(command)
    assert says in error, error
    run(follow(command, error))


@pytest.mark.parametrize(
    ("command", "wrong", "right"),
    [
        ("build frontline-risk --unflipped-stars 1 city", "only 1 stars", "(1)"),
        ("battle groundforce --attacker trooper --defender trooper --range 3", "distance 1 to 1", "distance 1, not 3"),
    ],
)
def test_counts_and_articles_agree_with_the_ruleset_s_words(command: str, wrong: str, right: str) -> None:
    error = fails(command)
    assert wrong not in error and right in error, error


def test_the_article_and_the_span_follow_the_words() -> None:
    assert (article("astral attack"), article("attack"), article("normal attack")) == (
        "an astral attack",
        "an attack",
        "a normal attack",
    )
    assert (span(1, 1), span(1, 3)) == ("1", "1 to 3")
    said = run("hit trueforces --attacker 4 --target 5 --attack astral --seed 1").stdout
    assert "for an astral attack" in said


def test_an_income_of_one_says_no_times_one() -> None:
    said = run("reinforce groundforce --mines 1").stdout
    assert "× 1" not in said and "mines 1 = 3 points" in said


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("build frontline-risk --unflipped-stars 1 city --json", "FR-E2"),
        ("battle groundforce --bogus --json", None),
        ("log --json show 999", None),
    ],
)
def test_with_json_an_error_is_one_json_object_on_stderr(command: str, rule: str | None) -> None:
    result = run(command, code=2)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    error = json.loads(lines[0])
    assert error["rule"] == rule and error["error"] and "error:" not in error["error"]


def test_json_after_the_double_dash_is_a_word_not_the_option() -> None:
    assert fails("roll -- --json").startswith("error: ")
