"""The ``allmine`` commands that report rather than play: ``review`` (the expert's judgement of a
finished game), ``stats`` (the records), ``simulate`` (bot-only games) and ``bench`` (speed).
``cli.py`` parses the command line and calls these."""
from __future__ import annotations

import sys
from typing import Literal

from . import storage
from .guard import clean, json_text
from .cli import (PROG, UsageError, _console, _load_for, check_game_setup, get_spec,
                  parse_options, parse_seed, resolve_save_path)


def cmd_review(args) -> int:
    from . import reviews

    path = resolve_save_path(args.save)
    if reviews.is_review_file(path):
        raise UsageError(f"{clean(path.name)} is a review; give the save it belongs to.")
    loaded = _load_for(path, "review")
    if loaded is None:
        return 1
    match = loaded[0]
    if not match.is_over():
        raise UsageError(f"{clean(path.name)} is not finished: only a finished game can be "
                         f"reviewed (finish it with: {PROG} resume {clean(path.name)}).")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1.")
    try:
        done = _review_with_progress(reviews, path, match, args)
    except reviews.NotFinished as exc:  # (the file changed under us)
        raise UsageError(str(exc)) from None
    except storage.SaveError as exc:
        print(f"{PROG}: cannot review {clean(path.name)}: {clean(exc)}", file=sys.stderr)
        return 1
    if done.problem:
        print(f"{PROG}: {clean(done.problem)}", file=sys.stderr)
    if args.json:
        print(json_text(done.review.to_json()))
    else:
        _print_review(done, match)
    return 0


def _review_with_progress(reviews, path, match, args):
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    show = not args.json and sys.stderr.isatty()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=_console(stderr=True),
                  disable=not show, transient=True) as progress:
        task = progress.add_task(f"Reviewing {match.rules.info.title}", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return reviews.review_save(path, progress=advance, workers=args.workers,
                                   again=args.again)


def _print_review(done, match) -> None:
    from rich.table import Table
    from rich.text import Text

    from .engine.verdicts import costly_rule

    console = _console()
    review = done.review
    how = (f"computed in {review.seconds:.0f} s with {review.workers} "
           f"process{'es' if review.workers != 1 else ''}") if done.computed else "kept from before"
    console.print(f"Review of {match.rules.info.title} ({how}; {clean(done.path)})",
                  highlight=False, markup=False)
    if not review.humans:
        console.print("Nobody played this game in person: there is nothing to review.",
                      highlight=False, markup=False)
        return
    table = Table(highlight=False)
    columns: list[tuple[str, Literal["left", "right"]]] = [
        ("Player", "left"), ("Decisions", "right"), ("As the expert", "right"),
        ("Costly", "right")]
    for name, justify in columns:
        table.add_column(name, justify=justify)
    for seat in review.humans:
        row = review.summary(seat)
        table.add_row(Text(clean(row["name"])), str(row["decisions"]), str(row["same"]),
                      str(row["costly"]))
    console.print(table)
    for seat in review.humans:
        worst = review.costliest(seat)
        if not worst:
            continue
        table = Table(title=Text(f"{clean(review.seats[seat])}: the costliest decisions"),
                      title_justify="left", highlight=False)
        worst_columns: list[tuple[str, Literal["left", "right"]]] = [
            ("Step", "right"), ("Played", "left"), ("Chance", "right"),
            ("The expert's choice", "left"), ("Chance", "right"), ("Points lost", "right"),
            ("", "left")]
        for name, justify in worst_columns:
            table.add_column(name, justify=justify)
        for j in worst:
            table.add_row(str(j.position), Text(clean(j.made_text)), f"{j.chance_made:.0%}",
                          Text(clean(j.best_text)), f"{j.chance_best:.0%}",
                          "" if j.points_lost is None else f"{j.points_lost:.1f}",
                          Text("costly", "bold red") if j.costly else Text(""))
        console.print(table)
    console.print(f"Chances to win are shares of the expert's sampled playouts (a shared win "
                  f"counts); {costly_rule()}. Step: the position in {PROG} replay, where the "
                  f"move is next.", highlight=False, markup=False)



def cmd_stats(args) -> int:
    from . import records
    from .games import GAMES

    found = records.load()
    if found.problem:
        print(f"{PROG}: {clean(found.problem)}", file=sys.stderr)
    tables = records.stats(found.valid)
    if args.json:
        import json

        # (ensure_ascii, json's default: every character past ASCII is escaped, none goes raw)
        print(json.dumps({"records": len(found.valid), "problem": found.problem,
                          "games": tables}))
        return 0
    _print_stats(tables, GAMES, len(found.valid))
    return 0


def _print_stats(tables: dict, games: dict, total: int) -> None:
    from rich.table import Table
    from rich.text import Text

    from . import records

    console = _console()
    if not total:
        console.print(f"No finished games recorded yet ({clean(records.records_path())}).",
                      highlight=False, markup=False)
        return
    console.print(f"Records of {total} finished game{'s' if total != 1 else ''} "
                  f"({clean(records.records_path())})", highlight=False, markup=False)
    for game_id, game in tables.items():
        title = games[game_id].title if game_id in games else clean(game_id)
        count = f"{game['games']} game{'s' if game['games'] != 1 else ''}"
        table = Table(title=f"{title}: {count}", title_justify="left",
                      highlight=False)
        columns: list[tuple[str, Literal["left", "right"]]] = [
            ("Player", "left"), ("Games", "right"), ("Wins", "right"), ("Win rate", "right"),
            ("Mean score", "right"), ("Best", "right"), ("Hints", "right")]
        for name, justify in columns:
            table.add_column(name, justify=justify)
        levels = records.bot_levels(game)
        for level in levels:
            table.add_column(f"vs {level} bots W–L–T", justify="right")
        for row in game["players"]:
            table.add_row(Text(clean(row["name"])), str(row["games"]), str(row["wins"]),
                          f"{row['win_rate']:.0%}", f"{row['mean_score']:.1f}",
                          f"{row['best_score']:g}", str(row["hints"]),
                          *[records.versus_text(row["vs_bots"].get(lv)) for lv in levels])
        console.print(table)


def cmd_simulate(args) -> int:
    from .simulate import SimulationError, resolve_bots, simulate

    spec = get_spec(args.game)
    n = args.players if args.players is not None else spec.min_players
    options = check_game_setup(spec, n, parse_options(args.option))
    if args.games < 1:
        raise UsageError("--games must be at least 1.")
    try:
        bots = resolve_bots(spec, args.bots, n)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    seed = parse_seed(args.seed)
    try:
        result = _simulate_with_progress(simulate, spec, bots, args, seed, options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except SimulationError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        import json

        print(json.dumps(result.to_json()))
    else:
        _print_simulation(result, spec)
    return 0


def _simulate_with_progress(simulate, spec, bots, args, seed, options):
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    show = not args.json and sys.stderr.isatty()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=_console(stderr=True),
                  disable=not show, transient=True) as progress:
        task = progress.add_task(f"{spec.title}", total=args.games)
        return simulate(spec.id, bots, args.games, seed, options,
                        on_game=lambda _i: progress.advance(task), rotate=args.rotate)


def _print_simulation(result, spec) -> None:
    from rich.table import Table

    console = _console()
    console.print(f"{spec.title}: {result.games} games, {result.players} players, "
                  f"seed {result.seed}", highlight=False, markup=False)
    table = Table(highlight=False)
    columns: list[tuple[str, Literal["left", "right"]]] = [
        ("Seat", "right"), ("Bot", "left"), ("Wins", "right"), ("Win rate", "right"),
        ("Mean score", "right")]
    for name, justify in columns:
        table.add_column(name, justify=justify)
    for i, (bot, wins, mean) in enumerate(zip(result.bots, result.wins, result.mean_scores())):
        table.add_row(str(i + 1), bot, str(wins), f"{wins / result.games:.1%}", f"{mean:.2f}")
    console.print(table)
    if result.rotate:
        console.print("Seats rotated: each row is one --bots entry, wherever it sat.",
                      highlight=False)
    console.print(f"Wins are shared on ties. {result.actions:,} actions in "
                  f"{result.seconds:.2f} s: {result.actions_per_second:,.0f} actions/s.",
                  highlight=False)


def cmd_bench(args) -> int:
    if args.soak is not None:
        return _soak(args)
    from . import bench

    sections = ("rules", "ui") if args.section == "all" else (args.section,)
    for game_id in args.game or []:
        get_spec(game_id)  # an unknown id: one line and exit 2
    report = bench.run(quick=args.quick, progress=not args.json and sys.stderr.isatty(),
                       sections=sections, game_ids=args.game)
    if args.json:
        import json

        print(json.dumps(report))
    else:
        bench.render(report, _console())
    return 0


def _soak(args) -> int:
    from . import soak

    if not args.soak > 0:
        raise UsageError("--soak takes a number of minutes above 0.")
    report = soak.run(args.soak, every=args.every, trace=args.trace,
                      progress=not args.json and sys.stderr.isatty())
    if args.json:
        import json

        print(json.dumps(report))
    else:
        soak.render(report, _console())
    return 1 if report["error"] else 0


