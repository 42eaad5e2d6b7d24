"""Mine, All Mine! card data, loaded from ``assets/mine-all-mine/ships.json`` and ``planets.json``.

The printed values are unknown, so the cards are designed (see the JSON files). Loading validates
everything and raises ``ValueError`` with a clear message naming the file and the card.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from allmine_tui.paths import assets_root, read_json_asset

GAME_ID = "mine-all-mine"
# The actions the rules engine implements; every card's action must be one of these, each once.
ACTION_IDS = ("afterburners", "heavy-guns", "cargo-pods", "overdrive", "shield", "warp-jump",
              "targeting", "drill", "salvage", "prospector", "pole-position", "scavenger")
N_CARDS = 12
N_PLANETS = 3
MAX_STAT = 9


@dataclass(frozen=True)
class Ship:
    speed: int
    attack: int
    cargo: int


@dataclass(frozen=True)
class ActionCard:
    id: str
    name: str
    text: str
    stats: Ship = Ship(0, 0, 0)  # added to the fleet's sums when this action is played


@dataclass(frozen=True)
class ShipCard:
    number: int
    standard: tuple[Ship, ...]  # options 0-2 (three ships); option 3 is the action
    action: ActionCard
    beginner: tuple[Ship, ...]  # options 0-1 in beginner mode (two ships)

    def options(self, mode: str) -> int:
        return 2 if mode == "beginner" else 4


@dataclass(frozen=True)
class PlanetSide:
    name: str
    high: tuple[int, ...]  # per location (three)
    low: tuple[int, ...]

    def resources(self, end: str) -> tuple[int, ...]:
        return self.high if end == "high" else self.low


@dataclass(frozen=True)
class PlanetCard:
    number: int
    planet: PlanetSide
    moon: PlanetSide


def data_dir() -> Path:
    return assets_root() / GAME_ID


def _ints(value, count: int, where: str, lo: int = 0, hi: int = MAX_STAT) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) != count
            or any(type(v) is not int or not lo <= v <= hi for v in value)):
        raise ValueError(f"{where}: expected {count} whole numbers from {lo} to {hi}, got {value!r}")
    return tuple(value)


def parse_ships(data: dict, name: str = "ships.json") -> dict[int, ShipCard]:
    actions: dict[str, ActionCard] = {}
    for i, a in enumerate(data.get("actions") or []):
        where = f"{name}: action {i + 1}"
        if not isinstance(a, dict) or not all(isinstance(a.get(k), str) and a.get(k)
                                              for k in ("id", "name", "text")):
            raise ValueError(f"{where}: needs non-empty 'id', 'name' and 'text'")
        if a["id"] not in ACTION_IDS:
            raise ValueError(f"{where}: unknown action id {a['id']!r} "
                             f"(the rules know {', '.join(ACTION_IDS)})")
        if a["id"] in actions:
            raise ValueError(f"{where}: action {a['id']!r} is listed twice")
        stats = Ship(*_ints(a.get("stats", [0, 0, 0]), 3, f"{where} stats [speed, attack, cargo]"))
        actions[a["id"]] = ActionCard(a["id"], a["name"], a["text"], stats)
    cards: dict[int, ShipCard] = {}
    used: set[str] = set()
    for i, c in enumerate(data.get("cards") or []):
        where = f"{name}: card entry {i + 1}"
        if not isinstance(c, dict) or type(c.get("number")) is not int:
            raise ValueError(f"{where}: needs a whole 'number'")
        num = c["number"]
        where = f"{name}: card {num}"
        if not 1 <= num <= N_CARDS or num in cards:
            raise ValueError(f"{where}: numbers must be 1–{N_CARDS}, each once")
        std = c.get("standard")
        beg = c.get("beginner")
        if not isinstance(std, list) or len(std) != 3:
            raise ValueError(f"{where}: the standard side needs exactly 3 ships")
        if not isinstance(beg, list) or len(beg) != 2:
            raise ValueError(f"{where}: the beginner side needs exactly 2 ships")
        ships = [Ship(*_ints(s, 3, f"{where} ship {j + 1} [speed, attack, cargo]"))
                 for j, s in enumerate(std + beg)]
        aid = c.get("action")
        if aid not in actions:
            raise ValueError(f"{where}: action {aid!r} is not in the actions list")
        if aid in used:
            raise ValueError(f"{where}: action {aid!r} is on two cards")
        used.add(aid)
        cards[num] = ShipCard(num, tuple(ships[:3]), actions[aid], tuple(ships[3:]))
    if sorted(cards) != list(range(1, N_CARDS + 1)):
        raise ValueError(f"{name}: expected cards 1–{N_CARDS}, got {sorted(cards)}")
    return {n: cards[n] for n in sorted(cards)}


def parse_planets(data: dict, name: str = "planets.json") -> tuple[PlanetCard, ...]:
    cards = []
    for i, c in enumerate(data.get("cards") or []):
        where = f"{name}: card entry {i + 1}"
        if not isinstance(c, dict) or c.get("number") != i + 1:
            raise ValueError(f"{where}: cards must be numbered 1, 2, 3 in order")
        sides = []
        for side in ("planet", "moon"):
            s = c.get(side)
            w = f"{name}: card {i + 1} {side} side"
            if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not s["name"]:
                raise ValueError(f"{w}: needs a 'name'")
            sides.append(PlanetSide(s["name"], _ints(s.get("high"), 3, f"{w} high end"),
                                    _ints(s.get("low"), 3, f"{w} low end")))
        cards.append(PlanetCard(i + 1, sides[0], sides[1]))
    if len(cards) != N_PLANETS:
        raise ValueError(f"{name}: expected {N_PLANETS} planet cards, got {len(cards)}")
    return tuple(cards)


@cache
def load_ships() -> dict[int, ShipCard]:
    """The 12 ship cards by number."""
    return parse_ships(read_json_asset(GAME_ID, "ships.json"))


@cache
def load_planets() -> tuple[PlanetCard, ...]:
    """The 3 planet cards, numbered 1–3."""
    return parse_planets(read_json_asset(GAME_ID, "planets.json"))


def ship_of(number: int, option: int, mode: str) -> Ship | None:
    """The ship for ``option`` of card ``number`` (None for the action option)."""
    card = load_ships()[number]
    if mode == "beginner":
        return card.beginner[option]
    return card.standard[option] if option < 3 else None


def option_name(number: int, option: int, mode: str) -> str:
    ship = ship_of(number, option, mode)
    if ship is None:
        return f"card {number} action {load_ships()[number].action.name}"
    return (f"card {number} ship {'ABC'[option]} "
            f"(Speed {ship.speed}, Attack {ship.attack}, Cargo {ship.cargo})")
