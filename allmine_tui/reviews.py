"""Game reviews kept beside their saves: ``NAME.review.json`` next to ``NAME.json``.

A review (``engine.review``: every decision of every person judged by the expert) takes a
minute or so, so it is computed once, over a small process pool, and written beside the save
(atomically, like a save). It is used again only while it fits: the same game with the same
moves (``engine.review.match_key``) and the same review version; anything else, a damaged or
foreign file included, is never trusted and the review is computed again (and the file
replaced: it holds nothing but what can be worked out again from the save).

The API the app uses:

- ``load_review(save, match=None) -> Review | None``: the review kept beside ``save``, if there
  is one that fits the game; cheap (reads one small file), never raises.
- ``review_save(save, progress=None) -> Reviewed``: the review of a finished save, read back or
  computed and kept (``NotFinished`` for a game still going, ``SaveError`` for a save that
  cannot be used); for a worker thread, since computing takes a while.
- ``compute(match, workers, progress)``: the review of a finished match, not kept anywhere.

``Review.at(position)``, ``Review.of_action(index)`` and ``Review.costliest(seat)`` then give
the judgement at a replay position and each person's costliest decisions.
"""
from __future__ import annotations

import contextlib
import importlib
import json
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from . import storage
from .engine import Match
from .engine.review import Judgement, Review, assemble, judge, match_key, tasks
from .engine.search import Budget
from .save_format import SaveError, parse_json, read_bytes

SUFFIX = storage.REVIEW_SUFFIX
#: worker processes for a review (the machine it must fit in 90 s has two cores)
WORKERS = 2

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


class NotFinished(Exception):
    """Only a finished game can be reviewed."""


def review_path(save: Path) -> Path:
    """Where the review of ``save`` is kept: ``NAME.review.json`` beside ``NAME.json``."""
    save = Path(save)
    stem = save.name[:-5] if save.name.endswith(".json") else save.name
    return save.with_name(stem + SUFFIX)


def is_review_file(path: Path) -> bool:
    return Path(path).name.endswith(SUFFIX)


def read_review(path: Path) -> Review | None:
    """The review in ``path`` when it is a whole, well-formed review of this version; None
    otherwise (missing, damaged, foreign, another version)."""
    try:
        return Review.from_json(parse_json(read_bytes(path)))
    except (SaveError, ValueError):
        return None


def load_review(save: Path, match: Match | None = None) -> Review | None:
    """The review kept beside ``save`` when it fits the game as saved (``match``, if given, is
    that game, saving a reload); None when there is none or it does not fit. Never raises."""
    review = read_review(review_path(save))
    if review is None:
        return None
    if match is None:
        try:
            match = storage.load_match(Path(save))[0]
        except SaveError:
            return None
    if review.game != match.game_id or review.key != match_key(match) or \
            review.seats != [s.name for s in match.seats] or \
            review.humans != list(match.humans) or \
            any(j.position >= len(match.log) or j.indices[-1] >= len(match.log)
                for j in review.judgements):
        return None
    return review


class Cancelled(Exception):
    """The review was stopped before it was done (``cancel`` was set)."""


def _init_worker(quiet: bool) -> None:
    if quiet:  # (the app owns the terminal: nothing a worker prints may reach it)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.close(null)
    importlib.import_module("allmine_tui.games")  # the registry: tasks name their game by id


def _judge(task) -> Judgement | None:
    return judge(task)


def _has_descriptor(stream) -> bool:
    try:
        return stream is not None and stream.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        return False


_STDERR_SWAP = threading.Lock()


@contextlib.contextmanager
def _stderr_for_workers():
    """Yields whether this process's stderr is a stand-in (True inside a Textual app, whose
    stderr object has no file descriptor: ``fileno()`` is -1). Starting worker processes hands
    ``sys.stderr.fileno()`` to multiprocessing's resource tracker, and -1 there fails the whole
    start ("bad value(s) in fds_to_keep"); so while they start, stderr is the null device."""
    if _has_descriptor(sys.stderr):
        yield False
        return
    with _STDERR_SWAP, open(os.devnull, "w") as null:
        saved, sys.stderr = sys.stderr, null
        try:
            yield True
        finally:
            sys.stderr = saved


def compute(match: Match, workers: int = WORKERS, progress: Progress | None = None,
            budget: Budget | None = None, cancel: threading.Event | None = None) -> Review:
    """The review of the finished ``match`` (``ValueError`` if it is not finished), over
    ``workers`` processes (1: in this process). ``progress(done, total)`` after each decision;
    ``cancel``, once set, stops it (``Cancelled``) as soon as the decisions under way are done."""
    started = time.perf_counter()
    todo = tasks(match, budget)
    total = len(todo)
    if progress is not None:
        progress(0, total)
    judged: list[Judgement | None] = []
    if workers <= 1 or total < 2:
        for i, task in enumerate(todo):
            if cancel is not None and cancel.is_set():
                raise Cancelled("the review was stopped")
            judged.append(judge(task))
            if progress is not None:
                progress(i + 1, total)
        return assemble(match, judged, time.perf_counter() - started, 1)
    # fresh processes (spawn), never forks: the caller may be an app with threads running
    context = multiprocessing.get_context("spawn")
    with _stderr_for_workers() as quiet:
        # (the workers start at the first submits: stderr is the app's again once they have)
        pool = ProcessPoolExecutor(max_workers=min(workers, total), mp_context=context,
                                   initializer=_init_worker, initargs=(quiet,))
        try:
            futures = [pool.submit(_judge, task) for task in todo]
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    try:
        for done, future in enumerate(as_completed(futures), 1):
            if cancel is not None and cancel.is_set():
                raise Cancelled("the review was stopped")
            judged.append(future.result())
            if progress is not None:
                progress(done, total)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return assemble(match, judged, time.perf_counter() - started, min(workers, total))


@dataclass
class Reviewed:
    """What ``review_save`` did: the review, whether it was computed now (False: read back),
    and a line when it could not be kept beside the save."""

    review: Review
    path: Path
    computed: bool
    problem: str | None = None


def review_save(save: Path, progress: Progress | None = None, workers: int = WORKERS,
                again: bool = False, budget: Budget | None = None,
                cancel: threading.Event | None = None) -> Reviewed:
    """The review of the finished game in ``save``: read back when one that fits is kept beside
    it (unless ``again``), else computed and kept. Raises ``SaveError`` (the save cannot be
    used) or ``NotFinished``. ``budget`` (for tests and tools) replaces each decision's
    budget; a review kept is not told apart by its budget."""
    save = Path(save)
    match, _doc = storage.load_match(save)
    if not match.is_over():
        raise NotFinished(f"{save.name} is not finished")
    path = review_path(save)
    if not again:
        kept = load_review(save, match)
        if kept is not None:
            return Reviewed(kept, path, False)
    review = compute(match, workers, progress, budget, cancel)
    problem = None
    try:
        storage.write_atomic(path, json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    except OSError as exc:
        problem = f"The review could not be kept beside the save ({exc.strerror or exc})."
    return Reviewed(review, path, True, problem)
