"""Lifetime records: one entry per finished game that had at least one human at the table.

They live in ``records.json`` in the user data folder (beside ``saves/``, so deleting saves keeps
them), rewritten atomically on each new entry, under a lock (``records.lock``) so that apps
finishing at the same moment never drop each other's entry. JSON rather than SQLite: a
player adds a few records an evening, so the whole file is small, and the tables are simple sums
over it; JSON reuses the saves' atomic write, leaves no journal files behind, reads well in any
editor, and a damaged file is easy to recognise and set aside whole.

A file that cannot be read is renamed ``records.damaged-STAMP.json`` (kept, never deleted) and
reported in one line; a new file is started. A file from a newer version is left alone and no
record is added to it. Nothing here raises for a bad file.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from . import locks, storage
from .save_text import record_problem

FORMAT = "allmine-records"
VERSION = 1


def records_path() -> Path:
    return storage.data_dir() / "records.json"


@dataclass
class Records:
    entries: list[dict] = field(default_factory=list)  # every entry, as read (kept verbatim)
    problem: str | None = None  # one line when the file needed attention
    writable: bool = True  # False: adding would overwrite a file we must keep

    @property
    def valid(self) -> list[dict]:
        return [e for e in self.entries if _valid(e)]


def _valid(entry) -> bool:
    if not isinstance(entry, dict) or not isinstance(entry.get("game"), str):
        return False
    seats, scores, winners = entry.get("seats"), entry.get("scores"), entry.get("winners")
    if not (isinstance(seats, list) and isinstance(scores, list) and isinstance(winners, list)):
        return False
    if len(seats) != len(scores) or not seats:
        return False
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str) or \
                not (seat.get("bot") is None or isinstance(seat.get("bot"), str)):
            return False
    if not (all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores) and
            all(isinstance(w, int) and 0 <= w < len(seats) for w in winners)):
        return False
    # names by the typed names' rule, and no control character in any text (see save_text)
    return record_problem(entry) is None


def _set_aside(path: Path, why: str) -> Records:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"records.damaged-{stamp}.json")
    try:
        os.replace(path, aside)
    except OSError as exc:
        return Records([], f"The records file is {why} and could not be set aside "
                           f"({exc.strerror or exc}); no new records are added.", False)
    return Records([], f"The records file was {why}: it is kept as {aside.name} and new "
                       f"records start afresh.")


def load(path: Path | None = None) -> Records:
    """Read the records; a damaged file is set aside and reported. Never raises."""
    path = Path(path) if path else records_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Records()
    except OSError as exc:
        return Records([], f"The records file cannot be read ({exc.strerror or exc}).", False)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return _set_aside(path, "damaged")
    if not isinstance(data, dict) or data.get("format") != FORMAT or \
            not isinstance(data.get("version"), int) or not isinstance(data.get("games"), list):
        return _set_aside(path, "not a records file")
    if data["version"] > VERSION:
        return Records([], "The records file was written by a newer allmine; it is left as it "
                           "is and no new records are added.", False)
    records = Records(list(data["games"]))
    bad = len(records.entries) - len(records.valid)
    if bad:
        records.problem = f"{bad} record{'s' if bad != 1 else ''} could not be read and " \
                          f"{'are' if bad != 1 else 'is'} left out of the tables."
    return records


def set_aside_files(path: Path | None = None) -> list[Path]:
    """Damaged records files set aside so far (they are never deleted), oldest first."""
    path = Path(path) if path else records_path()
    try:
        return sorted(path.parent.glob("records.damaged-*.json"))
    except OSError:
        return []


def game_key(match, created: float | None) -> str:
    """The same finished game always gives the same key (seats, seed, options, moves and the
    time its save was created), so resuming a finished save never counts it twice."""
    ident = [match.game_id, [s.to_json() for s in match.seats], match.seed, match.options,
             [[seat, action.to_json()] for seat, action in match.log], created]
    return hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:20]


def record_of(match, created: float | None, when: datetime | None = None) -> dict:
    result = match.rules.result(match.state)
    return {
        "key": game_key(match, created),
        "game": match.game_id,
        "date": (when or datetime.now()).isoformat(timespec="seconds"),
        "seats": [s.to_json() for s in match.seats],
        "scores": list(result.scores),
        "winners": list(result.winners),
        "seed": match.seed,
        "options": dict(match.options),
        "hints": list(match.hints),  # per seat: hints the coach showed (bots: 0)
    }


LOCK_WAIT = 10.0  # seconds an app waits for another app adding its record


def add(match, created: float | None, path: Path | None = None) -> tuple[bool, str | None]:
    """Record a finished game with a human in it, once. Returns (added, problem). The file is
    read, extended and written under a lock (``records.lock``), so two apps finishing at the same
    moment both keep their record."""
    if not match.is_over() or not match.humans:
        return False, None
    path = Path(path) if path else records_path()
    try:
        with locks.locked(path.with_suffix(".lock"), LOCK_WAIT,
                          "The records file is busy in another app; this game was not recorded."):
            return _add_locked(match, created, path)
    except TimeoutError as exc:
        return False, str(exc)
    except OSError as exc:
        return False, f"The game could not be recorded ({exc.strerror or exc})."


def _add_locked(match, created: float | None, path: Path) -> tuple[bool, str | None]:
    records = load(path)
    if not records.writable:
        return False, records.problem
    entry = record_of(match, created)
    if any(isinstance(e, dict) and e.get("key") == entry["key"] for e in records.entries):
        return False, records.problem
    records.entries.append(entry)
    doc = {"format": FORMAT, "version": VERSION, "games": records.entries}
    try:
        storage.write_atomic(path, json.dumps(doc, ensure_ascii=False, indent=1))
    except OSError as exc:
        return False, f"The game could not be recorded ({exc.strerror or exc})."
    return True, records.problem


# -- the tables -----------------------------------------------------------------------------------
def _versus(entry: dict, me: int, other: int) -> str:
    """'won', 'lost' or 'tied': seat ``me`` against seat ``other`` in one game."""
    winners = entry["winners"]
    if (me in winners) != (other in winners):
        return "won" if me in winners else "lost"
    mine, theirs = entry["scores"][me], entry["scores"][other]
    return "won" if mine > theirs else "lost" if mine < theirs else "tied"


def hints_of(entry: dict) -> list[int]:
    """The hints each seat used in a recorded game (entries written before hints were counted,
    or with a malformed count, count none)."""
    hints, n = entry.get("hints"), len(entry["seats"])
    if isinstance(hints, list) and len(hints) == n and \
            all(type(h) is int and h >= 0 for h in hints):
        return hints
    return [0] * n


def stats(entries: list[dict]) -> dict[str, dict]:
    """Per game id: ``games`` and ``players``, one row per human name (names match ignoring
    case): games, wins, win_rate, mean_score, best_score, ``hints`` (hints used, all games
    together) and ``vs_bots`` per bot level (games against such a bot, and how many were won,
    lost and tied against it)."""
    out: dict[str, dict] = {}
    for entry in entries:
        game = out.setdefault(entry["game"], {"games": 0, "players": {}})
        game["games"] += 1
        seats = entry["seats"]
        for me, seat in enumerate(seats):
            if seat.get("bot") is not None:
                continue
            row = game["players"].setdefault(seat["name"].casefold(), {
                "name": seat["name"], "games": 0, "wins": 0, "scores": [], "hints": 0,
                "vs_bots": {}})
            row["games"] += 1
            row["hints"] += hints_of(entry)[me]
            row["wins"] += me in entry["winners"]
            row["scores"].append(entry["scores"][me])
            for other, bot in enumerate(seats):
                level = bot.get("bot")
                if level is None:
                    continue
                vs = row["vs_bots"].setdefault(level, {"games": 0, "won": 0, "lost": 0,
                                                       "tied": 0})
                vs["games"] += 1
                vs[_versus(entry, me, other)] += 1
    for game in out.values():
        rows = []
        for row in game["players"].values():
            scores = row.pop("scores")
            row["win_rate"] = row["wins"] / row["games"]
            row["mean_score"] = sum(scores) / len(scores)
            row["best_score"] = max(scores)
            rows.append(row)
        rows.sort(key=lambda r: (-r["wins"], -r["win_rate"], r["name"].casefold()))
        game["players"] = rows
    return out


def bot_levels(game: dict) -> list[str]:
    return sorted({level for row in game["players"] for level in row["vs_bots"]})


def versus_text(vs: dict | None) -> str:
    """'3–1–0' (won–lost–tied), or '—' when they never met."""
    return f"{vs['won']}–{vs['lost']}–{vs['tied']}" if vs else "—"


def summary_line(game: dict | None) -> str:
    """One line for the picker: how many games are recorded and how the leading player did."""
    if not game or not game["games"]:
        return "Records: no finished game yet."
    n = game["games"]
    text = f"Records: {n} finished game{'s' if n != 1 else ''}"
    if game["players"]:
        top = game["players"][0]
        text += f" · {top['name']} won {top['wins']} of {top['games']}"
    return text + "."
