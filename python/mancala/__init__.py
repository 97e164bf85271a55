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
    "Comparison",
    "Ladder",
    "Result",
    "compare",
    "ladder",
    "reconstruct",
    "replay",
    "rulesets",
    "simulate",
    "solve",
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


def rulesets(game=None, *, db=None, near=None, radius_km=None, date_from=None, date_to=None,
             rows=None, holes=None):
    """Every ruleset (`mancala rules list`), or one game's: a DataFrame of id, game, name,
    status, evidence, extends, dlp_ruleset and plays_exactly_as (the shipped rulesets it plays
    exactly as, each {"id", "reason"}). With the board, place or date filters of
    `rules list` (those of Archive.search: near=, radius_km=, date_from=, date_to=, rows=,
    holes=), only the rulesets citing a record they find in the archive (db=, else
    $MANCALA_DB, else ./mancala.db); the search's notes in .attrs["notes"]."""
    filters = dict(near=near, radius_km=radius_km, date_from=date_from, date_to=date_to,
                   rows=rows, holes=holes)
    records, notes = None, ""
    if any(v is not None for v in filters.values()):
        found = Archive(db if db is not None else _mancala.default_db_path()).search(**filters)
        records, notes = list(found["id"]), found.attrs["notes"]
    rows_found = json.loads(_mancala.rulesets(game or "", records))
    frame = _pandas().DataFrame(
        rows_found,
        columns=["id", "game", "name", "status", "evidence", "extends", "dlp_ruleset",
                 "plays_exactly_as"],
    )
    frame.attrs["notes"] = notes
    return frame


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


# The measurements ----------------------------------------------------------------------------


def _column(row):
    """A statistic's column name in the wide table: runs.csv's statistic, then what it is
    broken down by, as runs.csv's own columns name it ("end_share[state=rule]",
    "rounds_p1_win_rate[round=all]")."""
    parts = [
        f"{key}={row[key]}"
        for key in ("round", "level", "state", "player", "holes_p1", "holes_p2",
                    "tribute_to", "bha", "favoured")
        if row[key] != ""
    ]
    return row["statistic"] + (f"[{','.join(parts)}]" if parts else "")


def _runs_frame(runs):
    """One row a run: its ruleset, agents, seed and rules hash, then a column a statistic (runs.csv's names; its 95% interval in <name>_ci_low and <name>_ci_high); the
    runs' JSON (`simulate --format json`) in .runs."""
    rows = []
    for run in runs:
        row = {
            "ruleset": run["ruleset"],
            "agent": run["agent"],
            "seed": run["seed"],
            "rules_hash": run["rules_hash"],
        }
        for stat in json.loads(_mancala.tidy_statistics(json.dumps(run))):
            name = _column(stat)
            row[name] = stat["value"]
            if stat["ci_low"] is not None or stat["ci_high"] is not None:
                row[name + "_ci_low"] = stat["ci_low"]
                row[name + "_ci_high"] = stat["ci_high"]
        rows.append(row)
    frame = __getattr__("Runs")(rows) if "Runs" not in globals() else globals()["Runs"](rows)
    frame.runs = runs
    return frame


def _runs_class():
    pandas = _pandas()

    class Runs(pandas.DataFrame):
        """A DataFrame of runs, one row each, with the runs' whole JSON in .runs."""

        _metadata = ["runs"]

        @property
        def _constructor(self):
            return Runs

    return Runs


def __getattr__(name):
    # Runs subclasses pandas.DataFrame: made when first asked for, so that importing mancala
    # needs no pandas.
    if name == "Runs":
        globals()["Runs"] = _runs_class()
        return globals()["Runs"]
    raise AttributeError(f"module 'mancala' has no attribute {name!r}")


class _Progress:
    """A progress bar a ruleset (tqdm's, in a notebook its widget, where tqdm is installed):
    the command's bar on the terminal."""

    def __init__(self, enabled):
        self._bar = None
        self._label = None
        self._tqdm = None
        if enabled:
            try:
                from tqdm.auto import tqdm

                self._tqdm = tqdm
            except ImportError:
                self._tqdm = None

    def __call__(self, label, done, total):
        if self._tqdm is None:
            return
        if label != self._label:
            self.close()
            self._bar = self._tqdm(total=total, desc=label, unit="games", leave=False)
            self._label = label
        self._bar.update(done - self._bar.n)

    def close(self):
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def callback(self):
        return self if self._tqdm is not None else None


def _agents(agents):
    """agents= as the command line's options: "greedy" (both players, --agent), or
    ("alphabeta:3", "random") / "alphabeta:3,random" (player 1's then player 2's, --agents)."""
    if agents is None:
        return "", ""
    if isinstance(agents, (tuple, list)):
        if len(agents) != 2:
            raise ValueError("agents: give one agent for both players, or two: player 1's and player 2's")
        return "", ",".join(agents)
    return ("", agents) if "," in agents else (agents, "")


def _natives(rulesets):
    """The rulesets a measurement plays: ids, game names, files or Ruleset objects (a reading
    made with with_rules among them)."""
    if isinstance(rulesets, (str, os.PathLike, Ruleset)):
        rulesets = [rulesets]
    return [_ruleset(r)._native for r in rulesets]


def _threads(threads):
    return _mancala.default_threads() if threads is None else threads


def simulate(rulesets, games=10000, seed=1, agents=None, threads=None, store=False, db=None,
             progress=True):
    """`mancala simulate RULESETS --games N --seed S [--agent(s) ...] --threads T --format json
    --no-store`: a DataFrame, one row a ruleset's run, a column a statistic (runs.csv's names),
    the runs' JSON in .runs; the same figures as the command for the same seed, whatever the
    threads. store=True stores each run in the archive (db=, else $MANCALA_DB or ./mancala.db),
    as the command does without --no-store. Ctrl-C stops the run: KeyboardInterrupt, with the
    runs finished (the last one partial) in its .runs."""
    agent, pair = _agents(agents)
    bar = _Progress(progress)
    try:
        result = json.loads(
            _mancala.simulate(_natives(rulesets), games, seed, agent, pair, _threads(threads),
                              bool(store), os.fspath(db) if db else "", bar.callback())
        )
    finally:
        bar.close()
    frame = _runs_frame(result["runs"])
    frame.attrs["seconds"] = result["seconds"]
    frame.attrs["stored"] = result["stored"]
    if result["interrupted"]:
        stopped = KeyboardInterrupt(
            "simulate: interrupted: the statistics cover the games completed before Ctrl-C"
        )
        stopped.runs = frame
        raise stopped
    return frame


class Result:
    """What compare, ladder and reconstruct return: the command's JSON document (--format
    json) in .document (also by key: result["pairs"]), and its lists as DataFrames: .frame(key)
    (pandas.json_normalize of document[key]); .runs, the runs it played, one row each as
    simulate's table has them."""

    def __init__(self, document, runs):
        self.document = document
        self.runs = _runs_frame(runs)

    def __getitem__(self, key):
        return self.document[key]

    def keys(self):
        return self.document.keys()

    def frame(self, key):
        return _pandas().json_normalize(self.document[key])

    def __repr__(self):
        return f"<{type(self).__name__}: {', '.join(self.document.keys())}>"


class Comparison(Result):
    """compare's result: .runs (a row a ruleset), .pairs (a row a pair's test: the pair (a, b),
    the statistic, the estimate b - a with its simultaneous 95% interval ci_low, ci_high, the
    adjusted p and whether it is significant), .summary (a line a pair) and .notes."""

    @property
    def pairs(self):
        rows = []
        for pair in self.document["pairs"]:
            for test in pair["tests"]:
                row = {"a": pair["a"], "b": pair["b"]}
                row.update({k: v for k, v in test.items() if k != "ci95"})
                row["ci_low"], row["ci_high"] = test["ci95"]
                rows.append(row)
        return _pandas().DataFrame(rows)

    @property
    def summary(self):
        return self.document["summary"]

    @property
    def notes(self):
        return self.document["notes"]


class Ladder(Result):
    """ladder's result: .runs (a row an ordered pair of agents), .ratings (a row an agent:
    elo, ci_low, ci_high), .skill_depth, and the document's matrix and self-play."""

    @property
    def ratings(self):
        """A row an agent: its Elo rating relative to random and the 95% interval."""
        rows = []
        for agent in self.document["ratings"]["agents"]:
            low, high = agent["ci95"] or (None, None)
            rows.append({"agent": agent["agent"], "elo": agent["elo"], "ci_low": low,
                         "ci_high": high})
        return _pandas().DataFrame(rows)

    @property
    def skill_depth(self):
        return self.document["skill_depth"]


def _measured(result, cls, runs_of):
    """The Result of a measurement's answer (its document, whether Ctrl-C stopped it): a
    KeyboardInterrupt carrying what finished (.result, None when nothing did)."""
    for line in result.get("warnings", []):
        warnings.warn(line, stacklevel=3)
    document = result["document"]
    made = None if document is None else cls(document, runs_of(document))
    if result["interrupted"]:
        stopped = KeyboardInterrupt("interrupted: the figures cover the games completed before Ctrl-C")
        stopped.result = made
        stopped.runs = made.runs if made is not None else None
        raise stopped
    return made


def compare(rulesets=None, *, game=None, evidence=None, db=None, games=10000, seed=1, crn=True,
            all_pairs=False, agents=None, threads=None, progress=True):
    """`mancala compare A B [C...] | --game G | --evidence ID --format json` (each alternative
    against the first, all_pairs=True every pair; crn=False is --no-crn): a Comparison with the
    command's figures for the same seed."""
    given = sum(x is not None for x in (rulesets, game, evidence))
    if given != 1:
        raise ValueError(
            "compare: give rulesets, game= or evidence=, exactly one of them"
            if given else "compare: missing the rulesets (give two or more, game= or evidence=)")
    agent, pair = _agents(agents)
    bar = _Progress(progress)
    try:
        result = json.loads(_mancala.compare(
            _natives(rulesets) if rulesets is not None else [], game or "", evidence or "",
            os.fspath(db) if db else "", games, seed, bool(crn), bool(all_pairs), agent, pair,
            _threads(threads), bar.callback()))
    finally:
        bar.close()
    return _measured(result, Comparison, lambda d: [r["run"] for r in d["rulesets"]])


def ladder(ruleset, agents="random,greedy,alphabeta:2", games=100, seed=1, threads=None,
           real_games=None, progress=True):
    """`mancala ladder RULESET --agents A,B,... --games N --format json`: every ordered pair of
    agents plays N games; a Ladder. real_games: a file of recorded games to set beside
    self-play (default: the game's own, Toguz Kumalak's tournament games), False for none."""
    if not isinstance(agents, str):
        agents = ",".join(agents)
    bar = _Progress(progress)
    try:
        result = json.loads(_mancala.ladder(
            _ruleset(ruleset)._native, agents, games, seed, _threads(threads),
            os.fspath(real_games) if real_games else "", real_games is False, bar.callback()))
    finally:
        bar.close()
    return _measured(result, Ladder, lambda d: d["runs"])


def reconstruct(game=None, *, readings=None, hide=None, agent=None, games=400, seed=1,
                threads=None, db=None, related_km=2500, related_years=100, top=20, runs=False,
                progress=True):
    """`mancala reconstruct GAME | --readings FILE | RULESET --hide KEY --format json`: every
    reading the source allows, played in stages and ranked, with each choice's effect; a Result
    whose document is the command's JSON (top=0: every candidate in its tables; runs=True keeps
    every stage's runs)."""
    bar = _Progress(progress)
    try:
        result = json.loads(_mancala.reconstruct(
            game or "", os.fspath(readings) if readings else "", hide or "", agent, games, seed,
            _threads(threads), os.fspath(db) if db else "", float(related_km), related_years, top,
            bool(runs), bar.callback()))
    finally:
        bar.close()
    return _measured(result, Result, lambda d: [])


def solve(ruleset, moves="", max_seconds=0, table_mib=None):
    """`mancala solve RULESET [--moves ...] [--max-seconds S] [--table-mib M] --format json`:
    the exact value of the position (player 1's final margin under perfect play), its best move
    and principal variation, a dict; "complete" False when max_seconds stopped it first (the
    bounds proven so far). Ctrl-C stops it: KeyboardInterrupt."""
    result = json.loads(_mancala.solve(_ruleset(ruleset)._native, _moves_text(moves),
                                       float(max_seconds), table_mib))
    if result["interrupted"]:
        raise KeyboardInterrupt("solve: interrupted before the value was proven")
    return result["document"]
