"""Archive: each function gives what the `mancala evidence` command gives for the same query
(issue 42: "the archive: Archive(path), .search(...), .record(id), .cite(ids, format=...),
.similar(game)"), and its errors carry the command's messages."""

import pytest

import mancala
from conftest import command, command_json


def ids_of(records):
    return [r["id"] for r in records]


def test_search_finds_the_records_the_command_finds_in_its_order(archive, archive_path):
    # The example: the four-row games of East Africa before 1950.
    frame = archive.search(near="East Africa", date_to=1950, rows=4)
    expected = command_json(
        "evidence", "search", "--near", "East Africa", "--to", "1950", "--rows", "4",
        "--format", "json", "--db", str(archive_path),
    )
    assert len(expected["records"]) > 3
    assert list(frame["id"]) == ids_of(expected["records"])
    assert ids_of(frame.attrs["records"]) == ids_of(expected["records"])
    assert set(frame["rows"]) == {4}
    # A record placed by its region names the region, as the command's "positions" do, and its
    # distance is 0 inside the region.
    positions = expected.get("positions", {})
    assert positions
    for _, row in frame.iterrows():
        if row["id"] in positions:
            assert row["position"] == positions[row["id"]]["place"]
        else:
            assert row["position"] == "exact"
        assert row["distance_km"] >= 0


def test_search_by_text_board_and_dates_matches_the_command(archive, archive_path):
    frame = archive.search("four", date_from=1900, date_to=1950)
    expected = command_json(
        "evidence", "search", "four", "--from", "1900", "--to", "1950", "--format", "json",
        "--db", str(archive_path),
    )["records"]
    assert list(frame["id"]) == ids_of(expected)
    beaton = archive.search(rows=4, holes=8, game="otep")
    assert "DLP.Evidence.1880" in list(beaton["id"])
    # A year before the common era is written as in record files.
    old = archive.search(date_to="500 BCE")
    assert list(old["id"]) == ids_of(
        command_json("evidence", "search", "--to", "500 BCE", "--format", "json",
                     "--db", str(archive_path))["records"]
    )


def test_search_refuses_bad_filters_with_the_commands_messages(archive):
    with pytest.raises(ValueError, match=r"^Archive.search: --from 1950 is after --to 1900$"):
        archive.search(date_from=1950, date_to=1900)
    with pytest.raises(ValueError, match=r"^Archive.search: --radius-km goes with --near$"):
        archive.search(radius_km=10)
    with pytest.raises(ValueError, match=r"^Archive.search: --rows must be 1 to 100$"):
        archive.search(rows=0)
    with pytest.raises(ValueError, match=r"write a year before the common era as '500 BCE'"):
        archive.search(date_from=-500)
    with pytest.raises(ValueError, match=r"--near LAT,LON needs --radius-km"):
        archive.search(near=(32.5, 71.5))


def test_record_is_the_commands_record_and_an_unknown_id_is_a_key_error(archive, archive_path):
    assert archive.record("DLP.Evidence.1450") == command_json(
        "evidence", "show", "DLP.Evidence.1450", "--format", "json", "--db", str(archive_path)
    )
    with pytest.raises(KeyError, match="DLP.Evidence.999999: no evidence record of that name"):
        archive.record("DLP.Evidence.999999")
    assert archive.record_text("DLP.Evidence.1450") == command(
        "evidence", "show", "DLP.Evidence.1450", "--db", str(archive_path)
    )


def test_cite_gives_the_commands_bibtex_csl_and_text(archive, archive_path):
    ids = ["DLP.Evidence.1450", "DLP.Ruleset.713"]
    for fmt in ("text", "bibtex"):
        assert archive.cite(ids, format=fmt) == command(
            "evidence", "cite", *ids, "--format", fmt, "--db", str(archive_path)
        )
    assert archive.cite(ids, format="csl-json") == command_json(
        "evidence", "cite", *ids, "--format", "csl-json", "--db", str(archive_path)
    )
    with pytest.raises(KeyError, match="evidence cite: no evidence record or game 'nothing'"):
        archive.cite(["DLP.Evidence.1450", "nothing"])
    # A game's name cites every record of the game, as the command does.
    assert archive.cite("Otep", format="csl-json") == command_json(
        "evidence", "cite", "Otep", "--format", "csl-json", "--db", str(archive_path)
    )
    with pytest.raises(ValueError, match="format must be text|bibtex|csl-json, not 'ris'"):
        archive.cite(ids, format="ris")


def test_similar_lists_the_commands_games_with_their_reasons(archive, archive_path):
    frame = archive.similar("Sonka", limit=5)
    expected = command_json(
        "evidence", "similar", "Sonka", "--limit", "5", "--format", "json",
        "--db", str(archive_path),
    )
    assert list(frame["key"]) == [g["key"] for g in expected["similar"]]
    assert list(frame["reason"]) == [g["reason"] for g in expected["similar"]]
    assert frame.attrs["game"] == expected["game"]
    with pytest.raises(mancala.ArchiveError, match="sonkaa"):
        archive.similar("sonkaa")


def test_a_missing_archive_is_refused_naming_the_file(tmp_path):
    with pytest.raises(mancala.ArchiveError, match=str(tmp_path / "none.db")):
        mancala.Archive(tmp_path / "none.db")
