"""What the module's tests share: the command they compare with (the `mancala` executable the
suite built, $MANCALA_BINARY), run as a user runs it, and one archive imported from
data/evidence by that command for the whole session."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary():
    path = os.environ.get("MANCALA_BINARY") or str(ROOT / "build" / "mancala")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no mancala executable at {path}: set MANCALA_BINARY (ctest sets it)")
    return path


def command(*args, check=True):
    """Runs `mancala ARGS...` from the top of the repository; returns its stdout (text)."""
    done = subprocess.run(
        [binary(), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if check and done.returncode != 0:
        raise AssertionError(f"mancala {' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done.stdout


def command_json(*args):
    return json.loads(command(*args))


@pytest.fixture(scope="session")
def archive_path(tmp_path_factory):
    """An archive of data/evidence, as `mancala evidence import data/evidence` makes it."""
    path = tmp_path_factory.mktemp("archive") / "mancala.db"
    command("evidence", "import", "data/evidence", "--db", str(path))
    return path


@pytest.fixture(scope="session")
def archive(archive_path):
    import mancala

    return mancala.Archive(archive_path)
