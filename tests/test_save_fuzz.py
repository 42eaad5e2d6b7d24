"""Property-based: a damaged save, beside a good one, never crashes or hides anything.

Each example writes one good save and one (or a few) damaged ones and checks ``check-save``,
``saves`` and ``resume`` (exit codes, one line on stderr) and the app's saves screen and picker.
Sizes are bounded so the whole file runs in well under a minute.
"""
from __future__ import annotations

import contextlib
import io
import os
import tempfile
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allmine_tui import cli, storage
from save_fuzz import DAMAGED_SAVES, base_document, saves_screen_rows

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                      HealthCheck.too_slow])


@contextlib.contextmanager
def fresh_saves(files: dict[str, bytes]):
    """A new data dir holding ``good.json`` (resumable, an hour old) and ``files``."""
    old = os.environ.get("ALLMINE_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="allmine-fuzz-") as tmp:
        os.environ["ALLMINE_DATA_DIR"] = tmp
        folder = storage.saves_dir()
        folder.mkdir(parents=True)
        good = folder / "good.json"
        good.write_text(base_document(), encoding="utf-8")
        for name, content in files.items():
            (folder / name).write_bytes(content)
        try:
            yield folder
        finally:
            if old is None:
                os.environ.pop("ALLMINE_DATA_DIR", None)
            else:
                os.environ["ALLMINE_DATA_DIR"] = old


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            mock.patch.object(cli, "_run_app", lambda **kwargs: 0):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@settings(max_examples=60, **SETTINGS)
@given(content=DAMAGED_SAVES)
def test_damaged_save_through_the_command_line(content):
    with fresh_saves({"zz-fuzz.json": content}) as folder:
        fuzz = folder / "zz-fuzz.json"
        info = storage.inspect(fuzz)
        assert info.ok or (info.reason and "\n" not in info.reason)

        code, out, err = run_cli("check-save", str(fuzz))
        assert code == (0 if info.ok else 1), err
        if code == 1:
            assert info.reason in one_line(err)
        else:
            assert out.startswith("OK:") and err == ""

        code, out, err = run_cli("saves")
        assert code == 0 and err == ""
        assert "good.json" in out and "zz-fuzz.json" in out
        assert "resumable" in out

        code, _out, err = run_cli("resume", str(fuzz))
        assert code == (0 if info.ok else 1)
        if code == 1:
            one_line(err)

        code, _out, err = run_cli("resume")
        assert code == 0, err  # the good save is still found
        assert fuzz.read_bytes() == content  # never changed


@settings(max_examples=6, **SETTINGS)
@given(files=st.lists(DAMAGED_SAVES, min_size=1, max_size=3))
def test_damaged_saves_on_the_saves_screen(files):
    named = {f"zz-fuzz-{i}.json": content for i, content in enumerate(files)}
    with fresh_saves(named) as folder:
        listed, bad, newest = saves_screen_rows()
        assert listed == set(named) | {"good.json"}
        expected_bad = {n for n in named if not storage.inspect(folder / n).ok}
        assert bad == expected_bad
        assert newest is not None  # the picker's Continue still finds a game
        assert newest == "good.json" or newest in set(named) - bad
