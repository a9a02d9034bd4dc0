"""Records and sections behave as the frozen dataclasses they stand for:
built, compared, hashed, shown, replaced and refused alike."""

from __future__ import annotations

import dataclasses
from dataclasses import FrozenInstanceError, field
from typing import ClassVar

import pytest

from referee.core.records import record, section


@record
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    note: str = field(default="", compare=False, repr=False)


@record
class Labelled(Point):
    label: list[str] = field(default_factory=list)


@section
class Part:
    name: str
    size: int = 1


@section
class Marked:
    name: str
    kinds: ClassVar[tuple[str, ...]] = ("a",)


@dataclasses.dataclass(frozen=True)
class Plain:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    note: str = field(default="", compare=False, repr=False)


def test_a_record_is_built_by_position_or_keyword_with_its_defaults() -> None:
    assert (Point(1).x, Point(1).y, Point(1, 2).y, Point(y=3, x=1).y) == (1, 0, 2, 3)
    assert Labelled(1, 2).label == [] and Labelled(1).label is not Labelled(1).label  # a fresh default each


def test_a_record_compares_hashes_and_shows_as_a_frozen_dataclass_does() -> None:
    for ours, theirs in ((Point(1, 2, ("a",), "n"), Plain(1, 2, ("a",), "n")), (Point(5), Plain(5))):
        assert repr(ours).replace("Point", "Plain") == repr(theirs)
        assert hash(ours) == hash(theirs)
    assert Point(1, note="a") == Point(1, note="b")  # a field left out of comparing
    assert Point(1) != Point(2) and Point(1) != Plain(1)
    assert Labelled(1) != Point(1)  # another class, even a subclass, is never equal
    assert len({Point(1), Point(1), Point(2)}) == 2


def test_a_record_is_frozen() -> None:
    point = Point(1)
    with pytest.raises(FrozenInstanceError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del point.x  # type: ignore[misc]


def test_dataclasses_tools_read_a_record() -> None:
    assert [f.name for f in dataclasses.fields(Labelled)] == ["x", "y", "tags", "note", "label"]
    assert dataclasses.replace(Point(1, 2), y=5) == Point(1, 5)
    assert dataclasses.asdict(Point(1)) == {"x": 1, "y": 0, "tags": (), "note": ""}


def test_a_field_keeps_the_type_written_and_a_class_variable_is_no_field() -> None:
    """Fields are collected without reading each annotation as a type, yet
    read as dataclasses reads them."""
    assert [(f.name, f.type) for f in dataclasses.fields(Labelled)][-2:] == [("note", "str"), ("label", "list[str]")]
    assert [f.name for f in dataclasses.fields(Marked)] == ["name"] and Marked.kinds == ("a",)
    assert Marked.__annotations__ == {"name": "str", "kinds": "ClassVar[tuple[str, ...]]"}
    assert Marked(name="m").name == "m"


def test_a_record_refuses_arguments_it_has_no_field_for() -> None:
    with pytest.raises(TypeError, match="missing argument 'x'"):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected z"):
        Point(1, z=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="takes 4 positional arguments, not 5"):
        Point(1, 2, (), "n", 9)  # type: ignore[call-arg]


def test_a_section_takes_keywords_only_and_is_equal_only_to_itself() -> None:
    part = Part(name="wheel")
    assert (part.name, part.size) == ("wheel", 1)
    assert part == part and part != Part(name="wheel")
    assert len({part, Part(name="wheel")}) == 2
    with pytest.raises(TypeError, match="missing argument 'name'"):
        Part("wheel")  # type: ignore[misc]
