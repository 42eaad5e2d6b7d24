"""The registry of games: id -> spec. Importing this module imports no game; each spec loads its
rules, bots and screen only when asked, so start-up stays fast."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    minutes: str
    package: str  # e.g. "allmine_tui.games.all_mine"

    def _module(self, name: str):
        return importlib.import_module(f"{self.package}.{name}")

    def rules(self):
        """The game's rules object (see ``engine.contract.Rules``)."""
        return self._module("rules").RULES

    def bots(self) -> dict[str, Callable[[], Any]]:
        """Bot classes by name; the first is not the default, ``default_bot`` is."""
        return self._module("bots").BOTS

    @property
    def default_bot(self) -> str:
        return self._module("bots").DEFAULT_BOT

    def screen(self):
        """The Textual screen class for this game (imports Textual)."""
        return self._module("screen").GAME_SCREEN

    @property
    def asset_dir(self) -> str:
        return self.id


GAMES: dict[str, GameSpec] = {
    spec.id: spec
    for spec in [
        GameSpec("all-mine", "All Mine!", 3, 4,
                 "Trick-taking with a twist: before each hand, secretly predict which treasure "
                 "you will collect most of and which least. Every hand's card backs show their suit.",
                 "30–40 min", "allmine_tui.games.all_mine"),
        GameSpec("all-in", "All In", 1, 6,
                 "Flip and write: two cards are revealed each round and everyone secretly writes "
                 "one on their own sheet, building poker hands in its rows and columns.",
                 "20–30 min", "allmine_tui.games.all_in"),
        GameSpec("mine-all-mine", "Mine, All Mine!", 2, 4,
                 "Space mining: each round everyone secretly builds a fleet from ship cards; "
                 "the fastest fleets reach the planet's richest spots first, and fights decide "
                 "who gets to mine.",
                 "15–20 min", "allmine_tui.games.mine_all_mine"),
        GameSpec("mine-all-mines", "Mine All Mines", 2, 5,
                 "Dwarves dig for gems: play each dwarf into one of five mines as a friend or a "
                 "foe of the dwarves already there, then turn gems into jewelry, helpers, tools "
                 "and achievements.",
                 "30–45 min", "allmine_tui.games.mine_all_mines"),
        GameSpec("this-is-mine", "This is Mine!", 2, 4,
                 "Share out Uncle Howard's inheritance: the Leader splits each round's cards into "
                 "lots, everyone claims one, and refusing a claim costs a Money Card.",
                 "20–30 min", "allmine_tui.games.this_is_mine"),
    ]
}


def get_spec(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"Unknown game '{game_id}'. Known games: {known}.") from None
