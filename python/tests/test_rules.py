"""Rulesets and single games (issue 42: "rulesets(game=...), Ruleset.load(id_or_path) with its
keys and provenance, .with_rules({...}), .check(); Game(ruleset, seed) with legal_moves(),
play(move), state(), trace(); replay(ruleset, moves)"): each as `mancala rules`, `replay` and
`trace` give it, with their messages for bad input."""

import json

import pytest

import mancala
from conftest import ROOT, command, command_json


def test_rulesets_lists_the_commands_rulesets():
    frame = mancala.rulesets(game="otep")
    expected = command_json("rules", "list", "--game", "otep", "--format", "json")
    assert frame.to_dict("records") == expected
    assert len(mancala.rulesets()) == len(command_json("rules", "list", "--format", "json"))
    with pytest.raises(mancala.Error, match=r"--game: no game 'otepp'; did you mean otep\?"):
        mancala.rulesets(game="otepp")


def test_rulesets_with_board_filters_are_those_rules_list_finds(archive_path):
    # The 4x8 games' rulesets, as `rules list --rows 4 --holes 8` finds them in the archive.
    frame = mancala.rulesets(rows=4, holes=8, db=archive_path)
    expected = command_json("rules", "list", "--rows", "4", "--holes", "8", "--db",
                            str(archive_path), "--format", "json")
    assert list(frame["id"]) == [r["id"] for r in expected]
    assert list(frame["evidence"]) == [r["evidence"] for r in expected]
    assert "otep/beaton_1939" in list(frame["id"])
    assert len(frame) < len(mancala.rulesets())
    near = mancala.rulesets(near="East Africa", date_to=1950, db=archive_path)
    assert list(near["id"]) == [r["id"] for r in command_json(
        "rules", "list", "--near", "East Africa", "--to", "1950", "--db", str(archive_path),
        "--format", "json")]


def test_load_gives_the_resolved_keys_and_provenance_of_rules_show():
    otep = mancala.Ruleset.load("otep")
    shown = json.loads(command("rules", "show", "otep", "--format", "json"))
    assert otep.id == "otep/beaton_1939"
    assert otep.document == shown
    assert otep.keys["holes_per_row"] == 8 and otep.keys["rows_per_player"] == 2
    # Beaton's own sentence is the witness of the clockwise privilege (page 141).
    privilege = otep.provenance["reverse_privilege"]
    assert privilege["source"].startswith("each player may move into them in a clockwise")
    assert str(otep) == command("rules", "show", "otep")
    by_path = mancala.Ruleset.load(ROOT / "data/rulesets/otep/beaton_1939.json")
    assert by_path.rules_hash == otep.rules_hash


def test_a_bad_ruleset_is_a_value_error_with_the_loaders_message(tmp_path):
    with pytest.raises(ValueError, match=r"^nope: unknown ruleset; did you mean"):
        mancala.Ruleset.load("nope")
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x", "status": "described", "evidence": ["E"], '
                   '"rules": {"holes_per_row": 99}}')
    with pytest.raises(mancala.RulesetError, match=r"bad.json: rules.holes_per_row: 99 is out of range 2..40"):
        mancala.Ruleset.load(bad)


def test_with_rules_is_the_alternative_reading_in_memory():
    # otep/no_move_loses is Otep with exactly these two keys changed: the same rules.
    reading = mancala.Ruleset.load("otep").with_rules(
        {"no_move": "end_mover_loses", "end_on_empty_side": False}
    )
    assert reading.rules_hash == mancala.Ruleset.load("otep/no_move_loses").rules_hash
    assert reading.keys["no_move"] == "end_mover_loses"
    assert mancala.Ruleset.load("otep").keys["no_move"] == "pass"  # the original is unchanged
    with pytest.raises(mancala.RulesetError, match=r"rules.holes_per_row: 99 is out of range 2..40"):
        mancala.Ruleset.load("otep").with_rules({"holes_per_row": 99})
    with pytest.raises(ValueError, match=r"rules.no_such_key: unknown rule key \(see 'mancala rules keys'\)"):
        mancala.Ruleset.load("otep").with_rules({"no_such_key": 1})


def test_check_finds_what_rules_check_finds():
    assert mancala.Ruleset.load("otep").check() == []
    assert mancala.Ruleset.load("sonka").check() == []
    # Otep is one game, not a match: played as a match, the match's keys act there untraced.
    reading = mancala.Ruleset.load("otep").with_rules({"match": True})
    assert "max_rounds" in reading.acting_keys
    assert "max_rounds" not in mancala.Ruleset.load("otep").acting_keys
    problems = reading.check()
    assert (
        "otep/beaton_1939 (with_rules): provenance.max_rounds: missing: the key acts in this "
        "reconstructed ruleset, so it needs its witness: a quoted phrase (source, paraphrase), a "
        "reading or an assumption with its reason"
    ) in problems


def test_replay_is_the_commands_replay():
    assert mancala.replay("toguz_kumalak", "7 5 1") == command_json(
        "replay", "toguz_kumalak", "--moves", "7 5 1", "--format", "json")
    assert mancala.replay("sonka", [{1: "2", 2: "2"}, "3/2"]) == command_json(
        "replay", "sonka", "--moves", "2/2 3/2", "--format", "json")
    with pytest.raises(mancala.Error, match=r"^replay: move 2 '99': "):
        mancala.replay("kalah", "3 99")


def test_a_game_played_move_by_move_is_the_trace_of_the_same_moves():
    traced = command_json("trace", "khutka_boia", "--seed", "5", "--format", "json")
    game = mancala.Game("khutka_boia")
    assert game.state() == traced["start"]
    for record in traced["moves"]:
        assert record["move"] in game.legal_moves()
        game.play(record["move"])
        assert game.state() == record["state"]
    assert game.trace() == traced["moves"]
    moves = " ".join(r["move"] for r in traced["moves"])
    assert game.state() == command_json("replay", "khutka_boia", "--moves", moves, "--format", "json")


def test_a_simultaneous_turn_is_played_as_a_dict_or_as_p1_slash_p2():
    by_dict = mancala.Game("sonka")
    assert by_dict.legal_moves() == {1: ["1", "2", "3", "4", "5"], 2: ["1", "2", "3", "4", "5"]}
    by_dict.play({1: "2", 2: 5})
    by_text = mancala.Game("sonka")
    by_text.play("2/5")
    assert by_dict.state() == by_text.state()
    assert by_dict.state() == command_json("replay", "sonka", "--moves", "2/5", "--format", "json")
    assert by_dict.trace()[0]["move"] == "2/5"


def test_an_illegal_move_is_a_value_error_with_replays_message():
    game = mancala.Game("kalah")
    with pytest.raises(ValueError, match=r"^Game.play: move 1 '9': "):
        game.play(9)
    game.play(3)
    with pytest.raises(ValueError, match=r"^Game.play: move 2 '3/4': "):
        game.play({1: "3", 2: "4"})
    assert len(game.trace()) == 1
