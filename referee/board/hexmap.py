"""Dealing a landscape of hex tiles: a connected shape grown from a seeded
stream, terrains drawn from the box without replacement, short coordinates
players can say aloud ("C4"), and capitals placed far apart and fairly.

Coordinates are axial (q, r) with pointy-top hexes; for naming and drawing,
rows are offset "odd-r": odd rows counted from 0, so the rows players see
numbered 2, 4, … sit half a hex to the right. A dealt map is moved so its
top row is 0 and its leftmost column is 0, so the names start at A1.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from referee.chance.dice import Rng
from referee.core.errors import RefereeError
from referee.core.records import record
from referee.ruleset.model import Ruleset
from referee.ruleset.sections import Capitals, Landscape
from referee.rulings.ruling import Said, Step, Value, listed, say, step
from referee.words.language import pgettext

Hex = tuple[int, int]
MAP_STREAM = "map"
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SHAPES = ("random", "blob", "front")  # how a map is laid; `referee map --help` says what each gives
MAX_DEALS = 50


def shape_said(shape: str) -> Said:
    """A shape's word in prose, in the language spoken ('zufällig'); its value
    stays the word typed with --shape ('random')."""
    words = {
        "random": pgettext("shape", "random"),
        "blob": pgettext("shape", "blob"),
        "front": pgettext("shape", "front"),
    }
    return Said(shape, words.get(shape, shape))


@record
class Tile:
    q: int
    r: int
    terrain: str
    coord: str

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)


@record
class Landmap:
    """A dealt map: its tiles (capitals included), the capitals' coordinates,
    each capital's fairness count, and why it is as it is."""

    tiles: tuple[Tile, ...]
    capitals: tuple[str, ...]
    reach: tuple[int, ...]
    dice_per_player: int
    shape: str
    seed: int
    steps: tuple[Step, ...]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for tile in self.tiles:
            out[tile.terrain] = out.get(tile.terrain, 0) + 1
        return out


def neighbours(cell: Hex) -> list[Hex]:
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def column(cell: Hex) -> int:
    """The offset column of an axial hex (odd rows shifted right)."""
    q, r = cell
    return q + (r - (r & 1)) // 2


def letters(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA: column names as in a spreadsheet."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def coordinate(cell: Hex) -> str:
    return f"{letters(column(cell))}{cell[1] + 1}"


def normalized(cells: Iterable[Hex]) -> dict[Hex, Hex]:
    """Each cell moved so the top row is 0 and the leftmost column is 0
    (a translation: neighbours stay neighbours)."""
    cells = list(cells)
    top = min(r for _, r in cells)
    moved = [(q, r - top) for q, r in cells]
    left = min(column(c) for c in moved)
    return {old: (q - left, r) for old, (q, r) in zip(cells, moved, strict=True)}


def grow(shape: str, count: int, rng: Rng) -> list[Hex]:
    """`count` connected cells in the order they were laid."""
    if shape == "front":
        long = (count + 1) // 2
        return [(c, 0) for c in range(long)] + [(c, 1) for c in range(count - long)]
    cells = [(0, 0)]
    taken = {(0, 0)}
    if shape == "random":
        while len(cells) < count:
            q, r = rng.choice(cells)
            dq, dr = rng.choice(DIRECTIONS)
            cell = (q + dq, r + dr)
            if cell not in taken:
                taken.add(cell)
                cells.append(cell)
        return cells
    touching: dict[Hex, int] = dict.fromkeys(neighbours((0, 0)), 1)
    while len(cells) < count:
        most = max(touching.values())
        ties = sorted(c for c, n in touching.items() if n == most)
        cell = ties[rng.below(len(ties))]
        del touching[cell]
        taken.add(cell)
        cells.append(cell)
        for near in neighbours(cell):
            if near not in taken:
                touching[near] = touching.get(near, 0) + 1
    return cells


def landscape_of(rules: Ruleset) -> Landscape:
    if rules.landscape is None:
        raise RefereeError(say("error.map.none", "{game} is not played on a dealt map", game=rules.name))
    return rules.landscape


def check_count(land: Landscape, tiles: int, capitals: bool) -> None:
    """Refuses tile counts the rules or the box do not allow."""
    allowed = land.tiles
    if not allowed.min <= tiles <= allowed.max:
        raise RefereeError(
            say(
                "error.map.tiles_range",
                "{tiles} tiles: a map has {low} to {high}",
                tiles=tiles,
                low=allowed.min,
                high=allowed.max,
            ),
            rule=land.rule,
        )
    if tiles % allowed.multiple_of:
        said = (
            say("error.map.tiles_even", "{tiles} tiles: a map has an even number of tiles", tiles=tiles)
            if allowed.multiple_of == 2
            else say(
                "error.map.tiles_multiple",
                "{tiles} tiles: a map has a multiple of {multiple} of tiles",
                tiles=tiles,
                multiple=allowed.multiple_of,
            )
        )
        raise RefereeError(said, rule=land.rule)
    if tiles > land.box:
        raise RefereeError(
            say("error.map.box", "{tiles} tiles: the box holds {box}", tiles=tiles, box=land.box), rule=land.box_rule
        )
    if capitals:
        cap = capitals_of(land)
        spare = land.terrains[cap.terrain].count
        if tiles + cap.count > land.box or cap.count > spare:
            raise RefereeError(
                say(
                    "error.map.capitals",
                    "{capitals} capitals on {tiles} tiles: the box holds {box} tiles, {spare} of them {terrain}; "
                    "deal at most {most} tiles with capitals",
                    capitals=cap.count,
                    tiles=tiles,
                    box=land.box,
                    spare=spare,
                    terrain=land.terrains[cap.terrain].title,
                    most=land.box - cap.count,
                ),
                rule=cap.rule,
            )


def capitals_of(land: Landscape) -> Capitals:
    if land.capitals is None:
        raise RefereeError(say("error.map.no_capitals", "this ruleset has no capital variant"))
    return land.capitals


def dice_per_player(land: Landscape, tiles: int) -> int:
    dice = land.dice
    count = tiles // dice.tiles_per_die + dice.plus
    if count > dice.per_colour:
        raise RefereeError(
            say(
                "error.map.dice",
                "{tiles} tiles need {count} dice per player; the box has {box} of each colour",
                tiles=tiles,
                count=count,
                box=dice.per_colour,
            ),
            rule=dice.rule,
        )
    return count


def bag(land: Landscape, capitals: int) -> list[str]:
    """The box's tiles, less the capital tiles set aside."""
    out = []
    for name, terrain in land.terrains.items():
        held = terrain.count - (capitals if land.capitals and name == land.capitals.terrain else 0)
        out += [name] * held
    return out


def within(cells: set[Hex], start: Hex, steps: int) -> int:
    """Tiles reachable from `start` in at most `steps` steps over tiles (itself included)."""
    seen = {start}
    edge = [start]
    for _ in range(steps):
        edge = [n for c in edge for n in neighbours(c) if n in cells and n not in seen]
        seen.update(edge)
    return len(seen)


def place_capitals(cells: list[Hex], cap: Capitals, rng: Rng) -> tuple[tuple[Hex, ...], tuple[int, ...]] | None:
    """Capitals on free places touching the map, at least `distance` apart, whose
    reachable areas differ by at most the fairness bound; of those, the ones
    whose smaller area is largest (no capital in a dead end). None if no such places."""
    taken = set(cells)
    free = sorted({n for c in cells for n in neighbours(c) if n not in taken})
    radius = cap.fairness.radius
    # a capital more than `radius` away from the others cannot change their counts
    alone = {c: within(taken | {c}, c, radius) for c in free}
    fair = []
    for group in itertools.combinations(free, cap.count):
        closest = min((distance(a, b) for a, b in itertools.combinations(group, 2)), default=radius + 1)
        if closest < cap.distance:
            continue
        if closest > radius:
            reach = tuple(alone[c] for c in group)
        else:
            reach = tuple(within(taken | set(group), c, radius) for c in group)
        if max(reach) - min(reach) <= cap.fairness.max_difference:
            fair.append((group, reach))
    if not fair:
        return None
    roomiest = max(min(reach) for _, reach in fair)
    best = [item for item in fair if min(item[1]) == roomiest]
    return best[rng.below(len(best))]


def deal(rules: Ruleset, tiles: int, seed: int, shape: str = "random", capitals: bool = False) -> Landmap:
    """A map for `tiles` tiles (capitals come on top); the same seed deals the same map anywhere."""
    land = landscape_of(rules)
    if shape not in SHAPES:
        from referee.core.errors import did_you_mean

        raise did_you_mean(pgettext("kind", "shape"), shape, list(SHAPES))
    check_count(land, tiles, capitals)
    rng = Rng(seed, MAP_STREAM)
    cap = capitals_of(land) if capitals else None
    total = tiles + (cap.count if cap else 0)
    dice = dice_per_player(land, total)
    for attempt in range(1, MAX_DEALS + 1):  # noqa: B007 (reported after the loop)
        cells = grow(shape, tiles, rng)
        drawn = rng.shuffled(bag(land, cap.count if cap else 0))[:tiles]
        placed = place_capitals(cells, cap, rng) if cap else ((), ())
        if placed is not None:
            break
    else:
        raise RefereeError(
            say(
                "error.map.unfair",
                "no fair places for capitals in {deals} deals of this shape; try another seed or shape",
                deals=MAX_DEALS,
            ),
            rule=cap.rule if cap else None,
        )
    spots, reach = placed
    names = normalized([*cells, *spots])
    terrains = [*drawn, *([cap.terrain] * len(spots) if cap else [])]
    dealt = tuple(Tile(*names[c], t, coordinate(names[c])) for c, t in zip([*cells, *spots], terrains, strict=True))
    laid: dict[str, Value] = {"tiles": tiles, "low": land.tiles.min, "high": land.tiles.max, "shape": shape_said(shape)}
    steps = [
        step(
            land.rule,
            "map.tiles.even",
            "{tiles} tiles, an even number from {low} to {high}, laid as one connected piece ({shape})",
            **laid,
        )
        if land.tiles.multiple_of == 2
        else step(
            land.rule, "map.tiles", "{tiles} tiles, from {low} to {high}, laid as one connected piece ({shape})", **laid
        ),
        step(
            land.box_rule,
            "map.box",
            "terrains drawn from the box's {box} tiles without replacement",
            box=land.box,
        ),
    ]
    capital_coords = tuple(coordinate(names[c]) for c in spots)
    if cap:
        steps.append(
            step(
                cap.rule,
                "map.capitals",
                "{count} {terrain} tiles added as capitals at {tiles}, at least {distance} steps apart; "
                "tiles within {radius} steps: {reach} (fair: differ by at most {difference}){dealt}",
                count=len(spots),
                terrain=land.terrains[cap.terrain].title,
                tiles=listed(capital_coords),
                distance=cap.distance,
                radius=cap.fairness.radius,
                reach=listed(map(str, reach)),
                difference=cap.fairness.max_difference,
                dealt=say("map.dealt", "; dealt {n} times to find fair places", n=attempt) if attempt > 1 else "",
            )
        )
    steps.append(
        step(
            land.dice.rule,
            "map.dice",
            "{total} tiles: {total} / {per} + {plus} = {dice} dice per player",
            total=total,
            per=land.dice.tiles_per_die,
            plus=land.dice.plus,
            dice=dice,
        )
    )
    return Landmap(dealt, capital_coords, reach, dice, shape, seed, tuple(steps))
