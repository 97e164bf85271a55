"""simulate (issue 42: "mancala.simulate(['otep', 'otep/no_move_loses'], games=2000, seed=1)
equals mancala simulate otep otep/no_move_loses --games 2000 --seed 1 --format json --no-store
figure for figure"; one row a run, a column a statistic with runs.csv's names; storing only when
asked; Ctrl-C raising KeyboardInterrupt with what finished)."""

import csv
import io
import os
import signal
import threading

import pytest

import mancala
from conftest import command, command_json

STATISTIC_QUALIFIERS = ("round", "level", "state", "player", "holes_p1", "holes_p2",
                        "tribute_to", "bha", "favoured")


def csv_column(row):
    """The wide table's column of one runs.csv row, spelled out here from docs/python.md's
    rule (the module's own spelling is not reused)."""
    parts = [f"{q}={row[q]}" for q in STATISTIC_QUALIFIERS if row[q]]
    return row["statistic"] + ("[" + ",".join(parts) + "]" if parts else "")


def number(text):
    return None if text == "" else float(text)


def assert_frame_is_the_tidy_csv(frame, tidy):
    """Every statistic of every run of the command's CSV is the frame's, exactly."""
    rows = list(csv.DictReader(io.StringIO(tidy)))
    assert rows
    for row in rows:
        line = frame[frame["ruleset"] == row["ruleset"]].iloc[0]
        name = csv_column(row)
        assert number(row["value"]) == pytest.approx(line[name], rel=0, abs=0, nan_ok=True), name
        if row["ci_low"] != "":
            assert float(row["ci_low"]) == line[name + "_ci_low"], name
            assert float(row["ci_high"]) == line[name + "_ci_high"], name


def test_simulate_equals_the_command_figure_for_figure():
    frame = mancala.simulate(["otep", "otep/no_move_loses"], games=2000, seed=1, progress=False)
    args = ["simulate", "otep", "otep/no_move_loses", "--games", "2000", "--seed", "1",
            "--no-store"]
    document = command_json(*args, "--format", "json")
    assert frame.runs == document["runs"]
    assert list(frame["ruleset"]) == ["otep/beaton_1939", "otep/no_move_loses"]
    assert list(frame["games"]) == [2000, 2000]
    assert_frame_is_the_tidy_csv(frame, command(*args, "--format", "csv"))
    # The headline figures, read by name: no_move_loses ends every game by a rule of the game,
    # its no-move rule, an assumption (docs/terms.md, "Endings": ended by an assumed rule).
    assert frame.loc[1, "completion[state=assumed_rule]"] > 0.9 > frame.loc[0, "completion[state=assumed_rule]"]


def test_the_figures_do_not_depend_on_the_threads():
    one = mancala.simulate("kalah", games=300, seed=4, threads=1, progress=False)
    two = mancala.simulate("kalah", games=300, seed=4, threads=2, progress=False)
    assert one.runs == two.runs


def test_agents_are_the_commands_agent_options():
    frame = mancala.simulate("kalah", games=20, seed=2, agents=("greedy", "random"),
                             progress=False)
    assert frame.runs == [command_json("simulate", "kalah", "--games", "20", "--seed", "2",
                                       "--agents", "greedy,random", "--no-store",
                                       "--format", "json")]
    assert frame.loc[0, "agent"] == "greedy,random"


def test_a_reading_made_in_memory_plays_as_the_file_with_the_same_rules():
    reading = mancala.Ruleset.load("otep").with_rules(
        {"no_move": "end_mover_loses", "end_on_empty_side": False})
    assert reading.id == "otep/beaton_1939+no_move=end_mover_loses,end_on_empty_side=false"
    ours, file = mancala.simulate([reading, "otep/no_move_loses"], games=200, progress=False).runs
    for run in (ours, file):
        del run["ruleset"]
    assert ours == file


def test_runs_are_stored_only_when_asked(tmp_path):
    db = tmp_path / "runs.db"
    mancala.simulate("kalah", games=50, progress=False)
    assert not db.exists()
    frame = mancala.simulate(["kalah", "sonka"], games=50, store=True, db=db, progress=False)
    assert frame.attrs["stored"] == [1, 2]
    listed = command("runs", "list", "--db", str(db))
    assert "kalah/standard" in listed and "sonka/vanoverbergh_1927" in listed


def test_bad_arguments_carry_the_commands_messages():
    with pytest.raises(ValueError, match=r"^simulate: --games: must be 1 or more$"):
        mancala.simulate("kalah", games=0)
    with pytest.raises(ValueError, match=r"^simulate: --seed: must be 0 or more$"):
        mancala.simulate("kalah", seed=-1)
    with pytest.raises(ValueError, match=r"^simulate: --threads: must be at most 256 \(got 1000\)$"):
        mancala.simulate("kalah", threads=1000)
    with pytest.raises(ValueError, match=r"^simulate: kalah/standard: given twice$"):
        mancala.simulate(["kalah", "kalah/standard"], games=10)
    with pytest.raises(ValueError, match=r"^simulate: "):
        mancala.simulate("kalah", agents="nobody")
    with pytest.raises(mancala.RulesetError, match=r"^nope: unknown ruleset"):
        mancala.simulate("nope")


def test_ctrl_c_stops_the_engine_and_raises_keyboard_interrupt_with_what_finished():
    # SIGINT half a second into a run of a billion games: the engine stops (the GIL was
    # released; the progress check found the signal), and the games finished are those of a
    # whole run of as many games.
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as stopped:
            mancala.simulate("kalah", games=10**9, seed=3, progress=False)
    finally:
        timer.cancel()
    runs = stopped.value.runs
    assert list(runs["partial"]) == [True]
    done = int(runs.loc[0, "games"])
    assert 0 < done < 10**9
    whole = mancala.simulate("kalah", games=done, seed=3, progress=False)
    for key in ("partial", "games_requested", "shard"):
        del runs.runs[0][key], whole.runs[0][key]
    assert runs.runs == whole.runs


def test_the_progress_bar_is_tqdms_where_it_is_installed(capsys):
    pytest.importorskip("tqdm")
    mancala.simulate(["kalah", "sonka"], games=200, progress=True)
    shown = capsys.readouterr().err
    assert "kalah/standard" in shown and "sonka/vanoverbergh_1927" in shown
