// The archive's SQL schema as a list of migrations: kMigrations[i] moves a file from
// user_version i to i + 1. A released migration is never edited; a change is a new entry
// (and a line in docs/archive.md).
#pragma once

#include <array>

namespace mancala::archive {

inline constexpr std::array<const char*, 6> kMigrations = {
    // 0 -> 1: games, evidence with sources and full-text index, rulesets, runs.
    R"sql(
CREATE TABLE games (
  key         TEXT PRIMARY KEY,             -- snake_case, the rulesets' folder name
  name        TEXT NOT NULL,                -- display name
  aliases     TEXT NOT NULL DEFAULT '[]',   -- JSON array of other spellings, as written
  dlp_ruleset INTEGER,                      -- Digital Ludeme Project ruleset id, when known
  declared    INTEGER NOT NULL DEFAULT 1    -- 0: made up from a record's game name on import
);
CREATE TABLE game_names (                   -- every spelling that finds a game, folded
  folded   TEXT PRIMARY KEY,
  game_key TEXT NOT NULL REFERENCES games(key) ON DELETE CASCADE,
  spelling TEXT NOT NULL
);
CREATE INDEX game_names_by_game ON game_names(game_key);
CREATE TABLE evidence (
  rid           INTEGER PRIMARY KEY,        -- stable row id for the full-text index
  id            TEXT NOT NULL UNIQUE,       -- e.g. DLP.Evidence.1450
  game_key      TEXT NOT NULL REFERENCES games(key),
  type          TEXT NOT NULL,
  location      TEXT NOT NULL DEFAULT '',
  latitude      REAL CHECK (latitude BETWEEN -90 AND 90),
  longitude     REAL CHECK (longitude BETWEEN -180 AND 180),
  date_from     TEXT,                       -- as written: 1925-10-01, 1939, 2592-01-01 BCE
  date_to       TEXT,
  day_from      INTEGER,                    -- first day covered, days since 1970-01-01
  day_to        INTEGER,                    -- last day covered (proleptic Gregorian)
  rules         TEXT NOT NULL DEFAULT '',
  content       TEXT NOT NULL DEFAULT '',
  confidence    INTEGER CHECK (confidence BETWEEN 0 AND 100),
  spaces        TEXT NOT NULL DEFAULT '[]', -- JSON arrays of strings
  ages          TEXT NOT NULL DEFAULT '[]',
  social_status TEXT NOT NULL DEFAULT '[]',
  genders       TEXT NOT NULL DEFAULT '[]',
  notes         TEXT NOT NULL DEFAULT '',
  imported_at   TEXT NOT NULL,
  CHECK ((latitude IS NULL) = (longitude IS NULL)),
  CHECK ((day_from IS NULL) = (day_to IS NULL) AND (day_from IS NULL OR day_from <= day_to))
);
CREATE INDEX evidence_by_game ON evidence(game_key, type);
CREATE INDEX evidence_by_days ON evidence(day_from, day_to);
CREATE INDEX evidence_by_latitude ON evidence(latitude);
CREATE INDEX evidence_by_confidence ON evidence(confidence);
CREATE TABLE sources (
  id       INTEGER PRIMARY KEY,
  citation TEXT NOT NULL UNIQUE
);
CREATE TABLE evidence_sources (
  evidence_rid INTEGER NOT NULL REFERENCES evidence(rid) ON DELETE CASCADE,
  position     INTEGER NOT NULL,
  source_id    INTEGER NOT NULL REFERENCES sources(id),
  PRIMARY KEY (evidence_rid, position)
);
CREATE INDEX evidence_sources_by_source ON evidence_sources(source_id);
CREATE VIRTUAL TABLE evidence_fts USING fts5(
  rules, content, content='evidence', content_rowid='rid',
  tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER evidence_fts_insert AFTER INSERT ON evidence BEGIN
  INSERT INTO evidence_fts(rowid, rules, content) VALUES (new.rid, new.rules, new.content);
END;
CREATE TRIGGER evidence_fts_delete AFTER DELETE ON evidence BEGIN
  INSERT INTO evidence_fts(evidence_fts, rowid, rules, content)
    VALUES ('delete', old.rid, old.rules, old.content);
END;
CREATE TRIGGER evidence_fts_update AFTER UPDATE OF rules, content ON evidence BEGIN
  INSERT INTO evidence_fts(evidence_fts, rowid, rules, content)
    VALUES ('delete', old.rid, old.rules, old.content);
  INSERT INTO evidence_fts(rowid, rules, content) VALUES (new.rid, new.rules, new.content);
END;
CREATE TABLE rulesets (
  id     TEXT PRIMARY KEY,                  -- e.g. toguz_kumalak/standard
  game   TEXT NOT NULL,
  name   TEXT NOT NULL,
  status TEXT NOT NULL                      -- observed | described | reconstructed
);
CREATE TABLE ruleset_evidence (             -- many rulesets per record, many records per ruleset
  ruleset_id  TEXT NOT NULL REFERENCES rulesets(id) ON DELETE CASCADE,
  evidence_id TEXT NOT NULL,                -- not a foreign key: rulesets may cite records not yet imported
  position    INTEGER NOT NULL,
  PRIMARY KEY (ruleset_id, evidence_id)
);
CREATE INDEX ruleset_evidence_by_evidence ON ruleset_evidence(evidence_id);
CREATE TABLE runs (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  ruleset        TEXT NOT NULL,
  rules_hash     TEXT NOT NULL,
  engine_version TEXT NOT NULL,
  agent          TEXT NOT NULL,
  seed           TEXT NOT NULL,             -- decimal, a uint64 does not fit SQLite's int64
  games          INTEGER NOT NULL,
  partial        INTEGER NOT NULL,
  stats_json     TEXT NOT NULL CHECK (json_valid(stats_json)),
  created_at     TEXT NOT NULL              -- ISO 8601 UTC
);
CREATE INDEX runs_by_ruleset ON runs(ruleset);
)sql",
    // 1 -> 2 (issue 14): structured citations, approximate positions of named regions, and a
    // full-text index over the location, the game's names and the sources as well.
    R"sql(
ALTER TABLE sources ADD COLUMN csl TEXT NOT NULL DEFAULT '{}';  -- the work as a CSL-JSON item
CREATE TABLE places (                       -- named regions with an approximate position
  folded    TEXT PRIMARY KEY,               -- a spelling of the region, folded like game names
  name      TEXT NOT NULL,                  -- the region as named in data/places
  latitude  REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  radius_km REAL NOT NULL CHECK (radius_km >= 0),  -- how far the region reaches from that point
  source    TEXT NOT NULL                   -- where the position comes from
);
ALTER TABLE evidence ADD COLUMN place_key TEXT;  -- the location folded, to find it in places
UPDATE evidence SET place_key = mancala_fold(location);
CREATE INDEX evidence_by_place ON evidence(place_key);
DROP TRIGGER evidence_fts_insert;
DROP TRIGGER evidence_fts_delete;
DROP TRIGGER evidence_fts_update;
DROP TABLE evidence_fts;
CREATE VIRTUAL TABLE evidence_fts USING fts5(  -- rowid = evidence.rid; kept by Store::import
  rules, content, location, game, sources, tokenize='unicode61 remove_diacritics 2');
INSERT INTO evidence_fts(rowid, rules, content, location, game, sources)
  SELECT e.rid, e.rules, e.content, e.location,
    (SELECT group_concat(spelling, ' ') FROM game_names WHERE game_key = e.game_key),
    (SELECT group_concat(s.citation, ' ') FROM evidence_sources es JOIN sources s
       ON s.id = es.source_id WHERE es.evidence_rid = e.rid)
  FROM evidence e;
)sql",
    // 2 -> 3 (issue 23): descriptions by a secondary source (the DLP's sowing games) with their
    // board facts, DLP ruleset, portal page and other rulesets; places with outlines; a spelling
    // that is an alias of several games names them all; a full-text index with stemming (porter:
    // "fours" finds "four") that covers the descriptions too.
    R"sql(
ALTER TABLE evidence ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE evidence ADD COLUMN origin TEXT NOT NULL DEFAULT '';     -- the place and date as written
ALTER TABLE evidence ADD COLUMN classification TEXT NOT NULL DEFAULT '';
ALTER TABLE evidence ADD COLUMN board TEXT NOT NULL DEFAULT '{}';    -- the board facts, JSON
ALTER TABLE evidence ADD COLUMN board_rows INTEGER;                  -- from board, for searches
ALTER TABLE evidence ADD COLUMN board_holes INTEGER;
ALTER TABLE evidence ADD COLUMN dlp_ruleset INTEGER;
ALTER TABLE evidence ADD COLUMN portal_url TEXT NOT NULL DEFAULT '';
ALTER TABLE evidence ADD COLUMN accessed TEXT;                       -- YYYY-MM-DD
ALTER TABLE evidence ADD COLUMN credit TEXT NOT NULL DEFAULT '';
ALTER TABLE evidence ADD COLUMN dlp_variants TEXT NOT NULL DEFAULT '[]';  -- JSON array
CREATE INDEX evidence_by_board ON evidence(board_rows, board_holes);
ALTER TABLE places ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE places ADD COLUMN polygon TEXT NOT NULL DEFAULT '[]';    -- JSON array of rings
ALTER TABLE places ADD COLUMN candidates TEXT NOT NULL DEFAULT '[]'; -- an uncertain place's
ALTER TABLE places ADD COLUMN aliases TEXT NOT NULL DEFAULT '[]';    -- the place's other spellings
CREATE TABLE game_names_3 (                 -- every spelling that finds a game, folded
  folded   TEXT NOT NULL,
  game_key TEXT NOT NULL REFERENCES games(key) ON DELETE CASCADE,
  spelling TEXT NOT NULL,
  alias    INTEGER NOT NULL DEFAULT 1,      -- 0: the game's key or name (its own), 1: an alias
  PRIMARY KEY (folded, game_key)
);
INSERT INTO game_names_3(folded, game_key, spelling, alias)
  SELECT n.folded, n.game_key, n.spelling,
    CASE WHEN n.folded IN (mancala_fold(g.key), mancala_fold(g.name)) THEN 0 ELSE 1 END
  FROM game_names n JOIN games g ON g.key = n.game_key;
DROP TABLE game_names;
ALTER TABLE game_names_3 RENAME TO game_names;
CREATE INDEX game_names_by_game ON game_names(game_key);
DROP TABLE evidence_fts;
CREATE VIRTUAL TABLE evidence_fts USING fts5(  -- rowid = evidence.rid; kept by Store::import
  rules, content, location, game, sources, description,
  tokenize='porter unicode61 remove_diacritics 2');
INSERT INTO evidence_fts(rowid, rules, content, location, game, sources, description)
  SELECT e.rid, e.rules, e.content, e.location,
    (SELECT group_concat(spelling, ' ') FROM game_names WHERE game_key = e.game_key),
    (SELECT group_concat(s.citation, ' ') FROM evidence_sources es JOIN sources s
       ON s.id = es.source_id WHERE es.evidence_rid = e.rid),
    e.description
  FROM evidence e;
)sql",
    // 3 -> 4 (issue 26): play-tests, the games people played in `mancala serve`
    // (archive/playtests.h). A step of its own: renumber it, not merge it, beside another.
    R"sql(
CREATE TABLE playtests (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  ruleset        TEXT NOT NULL,             -- ruleset id, e.g. otep/beaton_1939
  rules_hash     TEXT NOT NULL,             -- of the resolved rules played
  engine_version TEXT NOT NULL,
  seat1          TEXT NOT NULL,             -- player 1: "human" or an agent spec
  seat2          TEXT NOT NULL,
  seed           TEXT NOT NULL,             -- decimal, as runs.seed
  moves          TEXT NOT NULL,             -- the moves in the project's notation, space-separated
  plies          INTEGER NOT NULL CHECK (plies >= 0),
  rounds         INTEGER NOT NULL CHECK (rounds >= 0),
  winner         INTEGER CHECK (winner IN (0, 1, 2)),  -- 0 a draw; NULL unfinished
  end_reason     TEXT NOT NULL CHECK (end_reason IN
                   ('rule', 'no_progress', 'stop_after_rounds', 'safety_bound', 'none')),
  holdings1      INTEGER NOT NULL,
  holdings2      INTEGER NOT NULL,
  result         TEXT NOT NULL,             -- in words, as the page showed it
  notes          TEXT NOT NULL DEFAULT '',
  created_at     TEXT NOT NULL              -- ISO 8601 UTC
);
CREATE INDEX playtests_by_ruleset ON playtests(ruleset);
)sql",
    // 4 -> 5 (issue 35): who says what. A source names the other citations of the same work
    // (same_work, JSON array of citation texts); a record keeps its author's own doubts and the
    // records of the same game in another collection (see_also, JSON array of ids).
    R"sql(
ALTER TABLE sources ADD COLUMN same_work TEXT NOT NULL DEFAULT '[]';
ALTER TABLE evidence ADD COLUMN author_doubts TEXT NOT NULL DEFAULT '';
ALTER TABLE evidence ADD COLUMN see_also TEXT NOT NULL DEFAULT '[]';
)sql",
    // 5 -> 6 (issue 39): places as historians name them. A historical place (Anglo-Egyptian
    // Sudan) names today's places it held and the years it stood: {"today": [...], "from": Y,
    // "to": Y}, '{}' for every other place.
    R"sql(
ALTER TABLE places ADD COLUMN history TEXT NOT NULL DEFAULT '{}';
)sql",
};

}  // namespace mancala::archive
