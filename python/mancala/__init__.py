"""The mancala toolkit from Python: the evidence archive, the rulesets, single games and the
measurements, as plain Python values and pandas DataFrames (docs/python.md).

Every function calls the C++ library functions the command line calls (the extension
_mancala), so a figure here is the command's figure for the same seed. Errors are exceptions
carrying the command line's messages: ValueError for a bad argument or ruleset
(RulesetError), KeyError for an unknown record, mancala.Error for any other failure.
"""

import json
import os
import warnings

from . import _mancala
from ._mancala import ArchiveError, Error, RulesetError

__all__ = [
    "Archive",
    "ArchiveError",
    "Error",
    "Game",
    "Ruleset",
    "RulesetError",
    "replay",
    "rulesets",
]


def _pandas():
    import pandas  # imported when a table is asked for: plain values need no pandas

    return pandas


def _year(value, name):
    """A year as the command line takes it: 1939, or '500 BCE' (a negative number is refused
    with the command line's message, which says how to write it)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"{name}: give a year as an int (1939) or a str ('500 BCE')")
    return str(value)


# The columns of Archive.search's table, in this order (the record's other fields are in
# DataFrame.attrs["records"]).
_SEARCH_COLUMNS = [
    "id",
    "game",
    "type",
    "date_from",
    "date_to",
    "location",
    "latitude",
    "longitude",
    "position",
    "distance_km",
    "rows",
    "holes",
    "confidence",
    "sources",
    "rules",
    "content",
]


class Archive:
    """The evidence archive (an SQLite file made by `mancala evidence import`), opened to read
    as `mancala evidence search` opens it."""

    def __init__(self, path="mancala.db"):
        self._archive = _mancala._Archive(os.fspath(path))
        if self._archive.warning:
            warnings.warn(self._archive.warning, stacklevel=2)

    @property
    def path(self):
        return self._archive.path

    def search(
        self,
        text="",
        *,
        near=None,
        radius_km=None,
        date_from=None,
        date_to=None,
        rows=None,
        holes=None,
        game=None,
        type=None,
        min_confidence=None,
        limit=None,
    ):
        """The records every given filter holds for, as `mancala evidence search` finds them
        (the same options: near= is --near LAT,LON or a place's name, date_from= --from...):
        a DataFrame, one row a record, by date; the records whole in .attrs["records"], what
        the search could not test (records without a position or a date) in .attrs["notes"]."""
        if isinstance(near, (tuple, list)):
            near = ",".join(str(float(x)) for x in near)
        filters = {
            "text": text or "",
            "game": game or "",
            "type": type or "",
            "from": _year(date_from, "date_from"),
            "to": _year(date_to, "date_to"),
            "near": near,
            "radius_km": radius_km,
            "rows": rows,
            "holes": holes,
            "min_confidence": min_confidence,
            "limit": limit,
        }
        found = json.loads(self._archive.search(json.dumps(filters)))
        table = []
        for record in found["records"]:
            row = {key: record.get(key) for key in _SEARCH_COLUMNS}
            board = record.get("board") or {}
            row["rows"] = board.get("rows")
            row["holes"] = board.get("holes_per_row")
            row["sources"] = "; ".join(s.get("citation", "") for s in record.get("sources", []))
            if row["position"] is None and record.get("latitude") is not None:
                row["position"] = "exact"
            table.append(row)
        columns = [c for c in _SEARCH_COLUMNS if c != "distance_km" or near is not None]
        frame = _pandas().DataFrame(table, columns=columns)
        frame.attrs["records"] = found["records"]
        frame.attrs["notes"] = found["notes"]
        return frame

    def record(self, id):
        """One record whole (`mancala evidence show ID --format json`), a dict; KeyError when
        the archive has no record of that id."""
        return json.loads(self._archive.record(id))

    def record_text(self, id):
        """One record as `mancala evidence show ID` prints it."""
        return self._archive.record_text(id)

    def cite(self, ids, format="text"):
        """The works the records cite and the records themselves (`mancala evidence cite`): an
        id, or a game's name for every record of the game; format "text" or "bibtex" gives a
        str, "csl-json" a list of CSL items (Zotero, pandoc). KeyError for an unknown name."""
        if isinstance(ids, str):
            ids = [ids]
        out = self._archive.cite(list(ids), format)
        return json.loads(out) if format == "csl-json" else out

    def similar(self, game, limit=10):
        """The games nearest to `game` by board, place and date (`mancala evidence similar`): a
        DataFrame, one row a game with its score and reason; the game's own profile in
        .attrs["game"]."""
        found = json.loads(self._archive.similar(game, limit))
        pandas = _pandas()
        frame = pandas.json_normalize(found["similar"]) if found["similar"] else pandas.DataFrame()
        frame.attrs["game"] = found.get("game")
        return frame

    def games(self):
        """The games, their keys and aliases (`mancala evidence games`), a DataFrame."""
        return _pandas().DataFrame(json.loads(self._archive.games()))


def rulesets(game=None):
    """Every ruleset (`mancala rules list`), or one game's: a DataFrame of id, game, name,
    status, evidence, extends and dlp_ruleset."""
    rows = json.loads(_mancala.rulesets(game or ""))
    return _pandas().DataFrame(
        rows, columns=["id", "game", "name", "status", "evidence", "extends", "dlp_ruleset"]
    )


class Ruleset:
    """One resolved ruleset: its keys, provenance and metadata, as `mancala rules show`
    resolves it. Ruleset.load("khutka_boia"), Ruleset.load("otep/beaton_1939"), or a file."""

    def __init__(self, native):
        self._native = native
        self._document = json.loads(native.document())

    @classmethod
    def load(cls, id_or_path):
        return cls(_mancala.load_ruleset(os.fspath(id_or_path)))

    @property
    def id(self):
        return self._native.id

    @property
    def name(self):
        return self._document.get("name")

    @property
    def status(self):
        return self._document.get("status")

    @property
    def evidence(self):
        return self._document.get("evidence", [])

    @property
    def summary(self):
        return self._document.get("summary")

    @property
    def keys(self):
        """Every rule key with its resolved value (a dict in `rules keys` order)."""
        return json.loads(self._native.keys())

    @property
    def acting_keys(self):
        """The keys that can change this ruleset's play (`rules keys` states when each acts)."""
        return list(self._native.acting())

    @property
    def provenance(self):
        """Each key the ruleset sets along its extends chain, with its witness (a dict)."""
        return self._document.get("provenance", {})

    @property
    def rules_hash(self):
        return self._native.hash()

    @property
    def document(self):
        """The ruleset as `mancala rules show --format json` (and `rules export`) writes it."""
        return self._document

    def with_rules(self, keys, id=None):
        """A copy with other values of some rule keys, in memory (an alternative reading),
        checked as a ruleset file is: RulesetError naming the key for a bad value. Its id is
        `id`, by default this ruleset's id and the keys ("otep/beaton_1939+no_move=pass"),
        which its runs carry."""
        if id is None:
            id = self.id + "+" + ",".join(
                f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in keys.items()
            )
        return Ruleset(self._native.with_rules(json.dumps(keys), id))

    def check(self):
        """What `mancala rules check` finds in the ruleset beyond loading it (evidence ids,
        quoted phrases, untraced acting keys): a list of messages, empty when it passes."""
        return list(self._native.problems())

    def __str__(self):
        return self._native.text()

    def __repr__(self):
        return f"Ruleset.load({self.id!r})"


def _ruleset(ruleset):
    if isinstance(ruleset, Ruleset):
        return ruleset
    return Ruleset.load(ruleset)


def _move_text(move):
    """A move in the command line's --moves syntax: "7", a simultaneous turn as {1: "2", 2:
    "5"} (None or "-" for a player without a move) or "2/5"."""
    if isinstance(move, dict):
        unknown = set(move) - {1, 2}
        if unknown:
            raise ValueError(f"a simultaneous move names players 1 and 2, not {sorted(unknown)}")

        def hole(player):
            value = move.get(player)
            return "-" if value is None else str(value)

        return f"{hole(1)}/{hole(2)}"
    if isinstance(move, bool) or not isinstance(move, (int, str)):
        raise TypeError(f"a move is a hole's label ('7', 7) or a dict {{1: ..., 2: ...}}: {move!r}")
    return str(move)


def _moves_text(moves):
    if isinstance(moves, str):
        return moves
    return " ".join(_move_text(m) for m in moves)


class Game:
    """One game played move by move, as `mancala replay` plays its moves: Game("kalah"),
    Game(Ruleset.load("sonka"), seed=0). The seed draws only what the rules leave to a player
    when a match deals its next round (replay draws it with seed 0)."""

    def __init__(self, ruleset, seed=0):
        if seed < 0:
            raise ValueError("Game: seed: must be 0 or more")
        self.ruleset = _ruleset(ruleset)
        self._game = _mancala._Game(self.ruleset._native, seed)

    def legal_moves(self):
        """The moves the player to move may play, as labels ("1".."9", "o3"/"i5" on four rows);
        in a simultaneous turn {1: [...], 2: [...]}; [] once the game is over."""
        moves = json.loads(self._game.legal_moves())
        if isinstance(moves, dict):
            return {int(player): labels for player, labels in moves.items()}
        return moves

    def play(self, move):
        """Plays one move ("7", 7, {1: "2", 2: "5"} or "2/5") and returns the position after it
        (state()); ValueError, with replay's message, for a move that is not legal."""
        self._game.play(_move_text(move))
        return self.state()

    def state(self):
        """The position (`mancala replay --format json`): holes, stores, to_move, status,
        winner..."""
        return json.loads(self._game.state())

    def trace(self):
        """Every move played so far, as `mancala trace --format json` records each (ply,
        player, move, gains, the position after it)."""
        return json.loads(self._game.trace())["moves"]

    @property
    def over(self):
        return self._game.over

    def __str__(self):
        return self._game.board()


def replay(ruleset, moves):
    """The position after `moves` from the start (`mancala replay RULESET --moves ... --format
    json`): a str in the command's syntax ("7 5 1", "2/2 3/2") or a list of moves."""
    return json.loads(_mancala.replay(_ruleset(ruleset)._native, _moves_text(moves)))

