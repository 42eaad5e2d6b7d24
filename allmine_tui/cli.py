"""The ``allmine`` command (also ``python -m allmine_tui``).

``allmine`` alone opens the app at the game picker; the subcommands start or resume a game, list
and check saves, replay a finished game, review it with the expert, print the lifetime records,
run bot-only simulations and the benchmark, and (remote_cli.py) serve the app to browsers, host
and join shared games. Textual is imported only by the commands that open the app, so
``saves``, ``check-save``, ``review``, ``stats``, ``simulate`` and ``bench`` stay light.

Exit codes: 0 success; 1 a save or a run that failed; 2 a bad command line (unknown game, bad player
count, unknown bot, bad option...), always with a one-line message on stderr. A game that opens but
cannot be saved (the data folder is read-only, full, not a folder, or refuses its lock) is played
on unsaved after one line on stderr, and exits 0.

Every text from outside the program that is printed (file and folder names, names, ids and
reasons read from files) goes through ``guard.clean`` (``guard.json_text`` for JSON).
"""
from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path

from . import storage
from .pipe_safe import PipeSafe
from .guard import clean

PROG = "allmine"


class UsageError(Exception):
    """A command line that cannot be carried out; ``str()`` is the message (exit code 2)."""


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake raises UsageError (one line, printed by ``main``) instead of
    printing the usage block; ``--help`` is unchanged."""

    def error(self, message: str):
        raise UsageError(message)


# -- parsing helpers ---------------------------------------------------------------------------
def parse_seed(text: str | None) -> int | str:
    """A seed given on the command line: an int when it looks like one, else the text itself.
    With none, a fresh random int."""
    if text is None:
        return secrets.randbelow(2**31)
    if not text.strip():
        raise UsageError("--seed needs a value.")
    return storage.seed_from_text(text)


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["key=value", ...]`` to a dict; the game checks keys and values later."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--option takes key=value, not '{pair}'.")
        options[key.strip()] = value.strip()
    return options


def get_spec(game_id: str):
    from .games import get_game as lookup

    try:
        return lookup(game_id)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def check_game_setup(spec, n_players: int, options: dict[str, str]) -> dict[str, str]:
    """Validate the player count and options for a game; returns the options with defaults."""
    info = spec.rules().info
    try:
        info.check_players(n_players)
        return info.resolve_options(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def parse_players(text: str, spec) -> list:
    """``"Ann,Bob,bot:Cleo,bot:Dan:normal"`` to seats.

    An entry is a human's name, ``bot:NAME`` (a bot called NAME playing the game's default bot) or
    ``bot:NAME:LEVEL`` (LEVEL is a bot name such as ``random`` or ``normal``).
    """
    from .engine import Seat

    seats: list[Seat] = []
    bots = spec.bots()
    for raw in text.split(","):
        entry = raw.strip()
        if not entry:
            raise UsageError("--players has an empty entry; separate names with single commas.")
        if entry.lower().startswith("bot:"):
            parts = [p.strip() for p in entry.split(":")]
            if len(parts) > 3 or not parts[1]:
                raise UsageError(f"'{entry}' is not a bot entry; write bot:NAME or bot:NAME:LEVEL.")
            level = parts[2] if len(parts) == 3 else spec.default_bot
            if level not in bots:
                raise UsageError(f"No bot named '{level}' for {spec.title} "
                                 f"(bots: {', '.join(bots)}).")
            seats.append(Seat(parts[1], level))
        else:
            seats.append(Seat(entry))
    from .engine.names import name_problem

    for seat in seats:
        problem = name_problem(seat.name)
        if problem:
            raise UsageError(problem)
    names = [s.name.casefold() for s in seats]
    for seat in seats:
        if names.count(seat.name.casefold()) > 1:
            raise UsageError(f"Two players are called '{seat.name}'; give each a different name.")
    return seats


def resolve_save_path(arg: str) -> Path:
    """A save given as a path, or as a file name (with or without .json) in the saves folder."""
    path = Path(arg).expanduser()
    if path.exists():
        return path
    folder = storage.saves_dir()
    for candidate in (folder / arg, folder / f"{arg}.json"):
        if candidate.exists():
            return candidate
    return path  # loading it reports "no such file"


def _console(stderr: bool = False):
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    # Piped output is not cut to 80 columns: a listing should stay readable in a file.
    return Console(stderr=stderr, width=None if stream.isatty() else 160)


# -- the app -----------------------------------------------------------------------------------
def _run_app(**kwargs) -> int:
    try:
        from .ui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("allmine_tui.ui"):
            print(f"{PROG}: the terminal app is not available in this build ({exc.name}).",
                  file=sys.stderr)
            return 1
        raise
    run_app(say=_say, **kwargs)
    return 0


def _say(line: str) -> None:
    """One line on stderr, for a game that goes on unsaved (printed before the app opens, so it
    is still on the terminal when the app ends)."""
    print(f"{PROG}: {clean(line)}", file=sys.stderr, flush=True)


def cmd_app(args) -> int:
    return _run_app()


def match_from_args(args):
    """A new Match from GAME, --players, --seed and --option (see add_game_setup_arguments)."""
    from .engine import Match

    spec = get_spec(args.game)
    seats = parse_players(args.players, spec)
    options = check_game_setup(spec, len(seats), parse_options(args.option))
    seed = parse_seed(args.seed)
    try:
        match = Match(spec, seats, seed, options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    match.hints_allowed = not getattr(args, "no_hints", False)
    return match


def cmd_new(args) -> int:
    match = match_from_args(args)
    path = storage.new_save_path(match.game_id)
    try:
        storage.write_save(path, match)
    except OSError as exc:  # read-only, full, not a folder...: the game is played unsaved
        from .data_folder import refused

        return _run_app(match=match, save_path=None, unsaved=str(refused(path.parent, exc)))
    return _run_app(match=match, save_path=path)


def cmd_resume(args) -> int:
    if args.save:
        path = resolve_save_path(args.save)
    else:
        newest = storage.newest_resumable()
        if newest is None:
            print(f"{PROG}: no unfinished game to resume in {clean(storage.saves_dir())}.",
                  file=sys.stderr)
            return 1
        path = newest.path
    loaded = _load_for(path, "resume")
    if loaded is None:
        return 1
    match, doc = loaded
    from .shared import KEY as SHARED

    if SHARED in doc:  # played here it would lose its join codes and skip the lock
        raise UsageError(f"{clean(path.name)} is a shared game: open it with {PROG} join CODE.")
    created = doc.get("created") if isinstance(doc.get("created"), (int, float)) else None
    from .locks import SaveBusy

    try:
        return _run_app(match=match, save_path=path, created=created, draft=doc.get("draft"))
    except SaveBusy as exc:  # open in another app (issue 20): one line, nothing written
        print(f"{PROG}: cannot resume {clean(path.name)}: {clean(exc)}.", file=sys.stderr)
        return 2


def _load_for(path: Path, verb: str):
    """``(match, document)`` of a save, or None after saying in one line why it cannot be used."""
    try:
        return storage.load_match(path)
    except storage.SaveError as exc:
        print(f"{PROG}: cannot {verb} {clean(path.name)}: {clean(exc)}", file=sys.stderr)
        return None


def cmd_saves(args) -> int:
    from rich.table import Table
    from rich.text import Text

    console = _console()
    folder = storage.saves_dir()
    infos = storage.list_saves(folder)
    if not infos:
        console.print(f"No saves yet in {clean(folder)}", highlight=False, markup=False)
        return 0
    console.print(f"Saves in {clean(folder)}", highlight=False, markup=False)
    table = Table(highlight=False)
    table.add_column("File", no_wrap=True)
    table.add_column("Game")
    table.add_column("Players")
    table.add_column("Progress")
    table.add_column("Updated")
    table.add_column("Status")
    for info in infos:  # plain Text cells (never read as markup), cleaned of control characters
        if info.ok:
            status = Text("finished", "dim") if info.over else Text("resumable", "green")
            cells = [info.title, info.players, info.progress]
        else:
            status = Text.assemble(("unreadable: ", "red"), clean(info.reason))
            cells = ["?", "", ""]
        table.add_row(Text(clean(info.path.name)), *(Text(clean(c)) for c in cells),
                      Text(info.when()), status)
    console.print(table)
    return 0


def cmd_replay(args) -> int:
    path = resolve_save_path(args.save)
    loaded = _load_for(path, "replay")
    if loaded is None:
        return 1
    match = loaded[0]
    if not match.is_over():
        raise UsageError(f"{clean(path.name)} is not finished: a replay would show cards still "
                         f"secret (finish it with: {PROG} resume {clean(path.name)}).")
    try:
        from .ui.screens.replay import ReplayApp
    except ModuleNotFoundError as exc:
        print(f"{PROG}: the terminal app is not available in this build ({exc.name}).",
              file=sys.stderr)
        return 1
    from .reviews import load_review

    # the coach's verdicts at each judged decision, when a review that fits is kept beside it
    ReplayApp(match, load_review(path, match)).run()
    return 0


def cmd_check_save(args) -> int:
    path = resolve_save_path(args.path)
    try:
        match, doc = storage.load_match(path)
    except storage.SaveError as exc:
        print(f"{clean(args.path)}: {clean(exc)}", file=sys.stderr)
        return 1
    info = match.rules.info
    if match.is_over():
        result = match.rules.result(match.state)
        winners = " and ".join(match.seats[w].name for w in result.winners)
        progress = f"finished; {winners} won with {max(result.scores)}"
    else:
        progress = match.rules.progress(match.state) or "in progress"
    updated = doc.get("updated")
    when = storage.describe_age(updated) if isinstance(updated, (int, float)) else "unknown"
    seed = clean(repr(match.seed))
    print(f"OK: {clean(path)}")
    print(f"  game:     {clean(info.title)} ({clean(match.game_id)})")
    print(f"  players:  {clean(', '.join(s.label() for s in match.seats))}")
    print(f"  progress: {clean(progress)}")
    print(f"  actions:  {len(match.log)} (replayed from seed {seed})")
    print(f"  saved:    {when}")
    return 0


from .cli_reports import (cmd_bench, cmd_review, cmd_simulate,  # noqa: E402
                          cmd_stats)


# -- the parser --------------------------------------------------------------------------------
def add_game_setup_arguments(p: argparse.ArgumentParser) -> None:
    """GAME, --players, --seed and --option: a new game's set-up (``new`` and ``host``)."""
    p.add_argument("game", metavar="GAME", help="game id, e.g. all-mine")
    p.add_argument("--players", required=True,
                   help="comma list: NAME for a human, bot:NAME for a bot, bot:NAME:LEVEL for a "
                        "bot of a given level (e.g. random, normal)")
    p.add_argument("--seed", help="seed for the shuffles (default: random)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option; repeat for several")
    p.add_argument("--no-hints", action="store_true",
                   help="the coach gives no hints at this table (key h)")


def games_epilog() -> str:
    """The games a command can name, with their player counts and bot levels (for --help)."""
    from .games import GAMES

    lines = ["games (GAME, players, bots as bot:NAME:LEVEL):"]
    for game in GAMES.values():
        levels = ", ".join(f"{level} (default)" if level == game.default_bot else level
                           for level in game.bots())
        lines.append(f"  {game.id:<16}{game.title}, {game.min_players}-{game.max_players} "
                     f"players; bots: {levels}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        description="Small tabletop card games in the terminal. With no command, opens the "
                    "game picker.",
        epilog=games_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    parser.set_defaults(func=cmd_app)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser("new", help="start a new game straight away",
                       description="Start a new game. Example: "
                                   "allmine new all-mine --players 'Ann,Bob,bot:Cleo'")
    add_game_setup_arguments(p)
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("resume", help="continue a saved game",
                       description="Continue a saved game: the newest unfinished one, or SAVE.")
    p.add_argument("save", metavar="SAVE", nargs="?",
                   help="a save file path, or its name in the saves folder")
    p.set_defaults(func=cmd_resume)

    p = sub.add_parser("saves", help="list saved games, readable or not")
    p.set_defaults(func=cmd_saves)

    p = sub.add_parser("check-save", help="check that a save file loads and replays",
                       description="Exit 0 with a summary when the save is valid; exit 1 with "
                                   "a one-line reason when it is not.")
    p.add_argument("path", metavar="PATH")
    p.set_defaults(func=cmd_check_save)

    p = sub.add_parser("replay", help="step through a finished game, every hand open",
                       description="Open the replay viewer on a finished game. An unfinished "
                                   "game is refused (exit 2): it would show secret cards. When "
                                   "the game was reviewed (allmine review), the coach's verdict "
                                   "shows at each judged decision.")
    p.add_argument("save", metavar="SAVE", help="a save file path, or its name in the saves folder")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("review", help="judge every decision of a finished game with the expert",
                       description="Judge each decision of each person in a finished game: the "
                                   "expert's choice from that person's view at that moment, the "
                                   "chance to win of the move made against the expert's, and a "
                                   "mark on costly ones. The review is kept beside the save "
                                   "(NAME.review.json) and computed again only when the game's "
                                   "moves change. An unfinished game is refused (exit 2).")
    p.add_argument("save", metavar="SAVE", help="a save file path, or its name in the saves folder")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument("--again", action="store_true",
                   help="compute it again even if a review is kept beside the save")
    p.add_argument("--workers", type=int, default=2, metavar="N",
                   help="processes to judge with (2)")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("stats", help="lifetime records: games, wins and scores per player",
                       description="Per game and player name: games, wins, win rate, mean and "
                                   "best score, hints used, and results against each bot level "
                                   "(won–lost–tied, counted per bot).")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("simulate", help="play bot-only games and report wins and scores",
                       description="Play bot-only games as fast as possible. Example: "
                                   "allmine simulate all-mine --players 4 --games 200 --seed 1")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--players", type=int, metavar="N",
                   help="number of seats (default: the game's minimum)")
    p.add_argument("--games", type=int, default=100, metavar="K", help="games to play (100)")
    p.add_argument("--seed", help="base seed; game i uses SEED/i (default: random)")
    p.add_argument("--bots", help="one bot name for every seat, or a comma list, one per seat "
                                  "(default: the game's default bot)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option; repeat for several")
    p.add_argument("--rotate", action="store_true",
                   help="move the bots one seat along each game; rows are then the --bots "
                        "entries, wherever they sat")
    p.add_argument("--json", action="store_true", help="print one JSON object, no progress bar")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("bench", help="measure speed: actions/s, bot think time, autosave, "
                                     "start-up")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true",
                   help="tiny samples, for a smoke test (the figures are rough)")
    p.add_argument("--section", choices=("all", "rules", "ui", "coach"), default="all",
                   help="rules: rules speed, bots, autosave, start-up, the coach's chances; ui: "
                        "key to frame on the game screens against a bare Textual app; coach: "
                        "the coach's chances and its advice asked twice (a few minutes; not in "
                        "all) (default: all = rules and ui)")
    p.add_argument("--game", action="append", metavar="GAME",
                   help="only this game (repeatable)")
    p.add_argument("--soak", type=float, metavar="MINUTES",
                   help="instead: play all-bot games in one app session for MINUTES and report "
                        "memory over time")
    p.add_argument("--every", type=float, default=10.0, metavar="SECONDS",
                   help="with --soak: seconds between memory samples (10)")
    p.add_argument("--trace", action="store_true",
                   help="with --soak: also list the source lines whose allocations grew most "
                        "(tracemalloc; slower)")
    p.set_defaults(func=cmd_bench)

    from .remote_cli import add_commands  # serve, host, join

    add_commands(sub)
    return parser


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("allmine-tui")
    except Exception:
        return "unknown"


def help_hint(argv: list[str], parser: argparse.ArgumentParser) -> str:
    """'see allmine new --help' for a command line naming a command, else 'see allmine --help'."""
    commands = next((a.choices for a in parser._actions
                     if isinstance(a, argparse._SubParsersAction)), {})
    command = next((word for word in argv if not word.startswith("-")), None)
    return f"see {PROG} {command} --help" if command in commands else f"see {PROG} --help"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not isinstance(sys.stdout, PipeSafe) and sys.stdout is not None:
        sys.stdout = PipeSafe(sys.stdout)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.func(args)
    except UsageError as exc:
        message = clean(" ".join(str(exc).split()).rstrip("."))
        print(f"{PROG}: error: {message} ({help_hint(argv, parser)})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
