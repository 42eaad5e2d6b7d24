"""The commands for playing from separate screens: ``serve`` (the app in a browser), ``host`` (a
shared game and its join codes) and ``join`` (open a shared game as your seat). Registered on the
``allmine`` parser by ``cli.build_parser``."""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from . import storage

PROG = "allmine"


def cmd_serve(args) -> int:
    from .cli import UsageError
    from . import serve

    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be between 1 and 65535, not {args.port}.")
    if not 0 < args.max_sessions <= 100:
        raise UsageError(f"--max-sessions must be between 1 and 100, not {args.max_sessions}.")
    if not 0 < args.idle_timeout <= 7 * 86400:
        raise UsageError(f"--idle-timeout must be a number of seconds above 0 and at most a week "
                         f"(604800), not {args.idle_timeout:g}.")
    for name in args.allow_host:
        bare = name.strip("[]")
        if not bare or any(ch in bare for ch in "/@?# ") or \
                (":" in bare and not serve.is_address(bare)):
            raise UsageError(f"--allow-host takes a host name such as games.example.com, not "
                             f"{name!r}.")
    try:
        importlib.import_module("textual_serve")  # (installed?)
    except ModuleNotFoundError:
        print(f"{PROG}: serve needs textual-serve (pip install textual-serve).", file=sys.stderr)
        return 1
    if not serve.is_loopback(args.host):
        what = "join your shared games with their codes" if args.join_only else \
            "start games and open your saves"
        print(f"{PROG}: warning: serving on {args.host}:{args.port}, so anyone who can reach "
              f"that port and has the address with its key can {what}; the connection is not "
              "encrypted (see README: a reverse proxy with TLS).", file=sys.stderr)
    settings = serve.Settings(args.host, args.port, args.max_sessions, args.join_only,
                              [h.strip("[]").lower() for h in args.allow_host],
                              idle_timeout=args.idle_timeout)
    try:
        serve.serve(settings)
    except OSError as exc:
        print(f"{PROG}: cannot serve on {args.host}:{args.port} ({exc.strerror or exc}).",
              file=sys.stderr)
        return 1
    return 0


def cmd_host(args) -> int:
    from .cli import UsageError, match_from_args
    from . import shared

    match = match_from_args(args)
    try:
        path, codes = shared.host(match)
    except shared.SharedError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        print(f"{PROG}: cannot create the shared game ({exc.strerror or exc}).", file=sys.stderr)
        return 1
    names = [s.name for s in match.seats]
    width = max(len(n) for n in names)
    print(f"Shared game of {match.rules.info.title}: "
          f"{', '.join(s.label() for s in match.seats)}")
    print(f"  saved as {path}")
    print("Join codes, one per person (shown only this once; give each player their own):")
    for seat, code in codes.items():
        print(f"  {names[seat]:<{width}}  {PROG} join {code}")
    print(f"Each opens that seat in any terminal of this account ('{PROG} join' asks for the "
          f"code, which keeps it out of ps), or in a browser through '{PROG} serve --join-only'.")
    if os.environ.get("ALLMINE_DATA_DIR"):
        print(f"Join with the same ALLMINE_DATA_DIR ({storage.data_dir()}).")
    if len(codes) < len(match.seats):
        print("Bots play from whichever screen is open when their turn comes.")
    return 0


JOIN_ENV = "ALLMINE_JOIN_CODE"
BROWSER_SEAT_WAIT = 5.0  # seconds a reloaded page's new app waits for the old one to let go


def join_codes(args) -> list[str]:
    """The codes to join: the arguments; ``-``: a line of standard input; none: the
    ALLMINE_JOIN_CODE environment variable (so a code need not show in ``ps``). Empty when
    there are none: the join screen then asks."""
    from . import shared

    given = list(args.codes)
    if given == ["-"]:
        given = [sys.stdin.readline()]
    elif not given:
        given = [os.environ.get(JOIN_ENV, "")]
    return shared.split_codes(" ".join(given))


def cmd_join(args) -> int:
    from . import shared

    codes = join_codes(args)
    try:
        from .ui.join_app import JoinApp
        from .ui.shared_session import SharedSession
    except ModuleNotFoundError as exc:
        print(f"{PROG}: the terminal app is not available in this build ({exc.name}).",
              file=sys.stderr)
        return 1
    if not codes or args.in_browser:  # the join screen asks, or says why a code fails
        JoinApp(codes=codes, wait=BROWSER_SEAT_WAIT if args.in_browser else 0.0).run()
        return 0
    try:
        play = shared.join(codes)
    except shared.SharedError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    try:
        JoinApp(SharedSession(play)).run()
    finally:
        play.close()
    return 0


def add_commands(sub) -> None:
    from .cli import add_game_setup_arguments

    p = sub.add_parser("serve", help="play in a web browser (textual-serve)",
                       description="Serve the app to web browsers: open the address it prints "
                                   "(http://HOST:PORT/?key=..., with a key made at every start) "
                                   "and every tab gets its own app. Only this machine can "
                                   "connect unless --host says otherwise. --join-only serves a "
                                   "page that can only join shared games, for friends.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (127.0.0.1; 0.0.0.0 for every network)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument("--join-only", action="store_true",
                   help="serve only the join screen of shared games: no game list, saves or "
                        "records")
    p.add_argument("--max-sessions", type=int, default=4, metavar="N",
                   help="at most N app processes at once (4)")
    p.add_argument("--idle-timeout", type=float, default=600.0, metavar="SECONDS",
                   help="close a page's app after this many seconds without a key pressed or "
                        "the mouse used in it, freeing its place (600)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a name browsers use for this server (e.g. behind a reverse proxy); "
                        "repeat for several")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("host", help="create a shared game and print its join codes",
                       description="Create a game that several screens play at once, each as "
                                   "its own seat, and print one join code per person. Example: "
                                   "allmine host all-mine --players 'Ann,Bob,bot:Cleo'")
    add_game_setup_arguments(p)
    p.set_defaults(func=cmd_host)

    p = sub.add_parser("join", help="open a shared game as your seat",
                       description="Open the shared game of CODE as that code's seat. With "
                                   "several codes of one game, those seats play hot seat on this "
                                   "screen (with the curtain). A code works until its game is "
                                   "over. A code given as an argument shows in ps to every "
                                   "account of this machine: 'allmine join -' (standard "
                                   f"input) or ${JOIN_ENV} keep it out of sight, and with no "
                                   "code the join screen asks for it.")
    p.add_argument("codes", metavar="CODE", nargs="*",
                   help="a join code printed by allmine host; '-' reads the codes from standard "
                        f"input; none: ${JOIN_ENV}, else the join screen asks")
    p.add_argument("--in-browser", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_join)
