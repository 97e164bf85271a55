"""compare, ladder, reconstruct and solve (issue 42: "each returning the same figures as the
command (a test compares them)"): each document is the command's --format json for the same
seed, and bad input carries the command's message."""

import pytest

import mancala
from conftest import command_json


def test_compare_is_the_commands_comparison():
    result = mancala.compare(["otep", "otep/no_move_loses"], games=300, seed=2, progress=False)
    assert result.document == command_json("compare", "otep", "otep/no_move_loses", "--games",
                                           "300", "--seed", "2", "--format", "json")
    assert list(result.runs["ruleset"]) == ["otep/beaton_1939", "otep/no_move_loses"]
    pairs = result.pairs
    assert set(pairs["a"]) == {"otep/beaton_1939"} and set(pairs["b"]) == {"otep/no_move_loses"}
    # The no-move reading shortens the games, significantly: the interval lies below 0.
    length = pairs[pairs["statistic"] == "plies_mean"].iloc[0]
    assert length["significant"] and length["ci_high"] < 0
    assert result.summary[0].startswith("otep/no_move_loses vs otep/beaton_1939")


def test_compare_of_a_game_under_skilled_agents_checks_random_plays_verdicts():
    result = mancala.compare(game="kalah", games=60, seed=3, agents="greedy", progress=False)
    assert result.document == command_json("compare", "--game", "kalah", "--games", "60",
                                           "--seed", "3", "--agent", "greedy", "--format", "json")


def test_compare_refuses_what_the_command_refuses():
    with pytest.raises(ValueError, match=r"^compare: need at least two rulesets to compare, got 1$"):
        mancala.compare(["kalah"])
    with pytest.raises(ValueError, match=r"exactly one of them"):
        mancala.compare(["kalah", "sonka"], game="kalah")
    with pytest.raises(ValueError, match=r"^compare: --games: must be 1 or more$"):
        mancala.compare(["kalah", "sonka"], games=0)


def test_ladder_is_the_commands_ladder():
    result = mancala.ladder("kalah", agents=["random", "greedy"], games=20, seed=4,
                            progress=False)
    assert result.document == command_json("ladder", "kalah", "--agents", "random,greedy",
                                           "--games", "20", "--seed", "4", "--format", "json")
    assert len(result.runs) == 4  # every ordered pair, self-play included
    ratings = result.ratings.set_index("agent")
    assert ratings.loc["random", "elo"] == 0  # the scale's origin
    assert ratings.loc["greedy", "ci_low"] > 0  # greedy beats random, significantly
    with pytest.raises(ValueError, match=r"^ladder: "):
        mancala.ladder("kalah", agents="random")


def test_reconstruct_is_the_commands_reconstruction(archive_path):
    result = mancala.reconstruct("otep", games=16, seed=5, db=archive_path, progress=False)
    assert result.document == command_json("reconstruct", "otep", "--games", "16", "--seed", "5",
                                           "--db", str(archive_path), "--format", "json")
    with pytest.raises(mancala.Error, match=r"^reconstruct: nope: no readings file"):
        mancala.reconstruct("nope")


def without_timing(document):
    return {k: v for k, v in document.items() if k not in ("seconds", "nodes_per_second")}


def test_solve_is_the_commands_value_of_the_position():
    traced = command_json("trace", "kalah", "--seed", "1", "--format", "json")
    moves = " ".join(m["move"] for m in traced["moves"][:36])
    value = mancala.solve("kalah", moves=moves, table_mib=16)
    expected = command_json("solve", "kalah", "--moves", moves, "--table-mib", "16",
                            "--format", "json")
    assert without_timing(value) == without_timing(expected)
    assert value["complete"] and value["lower"] == value["upper"]
    with pytest.raises(ValueError, match=r"^solve: --table-mib: expected a power of two from 1 to 16384, got 3$"):
        mancala.solve("kalah", table_mib=3)
    with pytest.raises(mancala.Error, match=r"^solve: sonka/vanoverbergh_1927: "):
        mancala.solve("sonka")
