// Store: the SQLite evidence archive (one file, default ./mancala.db).
//
// It holds games (key, display name, aliases), evidence records with their sources, a full-text
// index over the records' rules and content, rulesets linked to evidence, and stored simulation
// runs. The schema is versioned with PRAGMA user_version and migrated forward on open; the file
// is marked as ours with PRAGMA application_id, so another SQLite file, a text file, a corrupt
// file or a newer schema is refused without being written. WAL mode and a busy timeout let two
// processes share a file; every write is one IMMEDIATE transaction that rolls back on error.
// docs/archive.md documents the schema.
//
// A Store is one connection: use it from one thread at a time (open one Store per thread).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "archive/error.h"
#include "archive/geo.h"
#include "archive/record.h"
#include "archive/similar.h"

struct sqlite3;

namespace mancala::archive {

// The schema version this program writes; files with a higher user_version are refused.
inline constexpr int kSchemaVersion = 6;
// PRAGMA application_id of a mancala archive: "MNCL".
inline constexpr int32_t kApplicationId = 0x4D4E434C;

struct PlaytestRecord;  // archive/playtests.h

struct RunRecord {         // one stored simulation run
  int64_t id = 0;          // assigned by the store
  std::string ruleset;     // ruleset id, e.g. "toguz_kumalak/standard"
  std::string rules_hash;  // hash of the resolved rules
  std::string engine_version;
  std::string agent;  // "random" | "greedy" | ...
  uint64_t seed = 0;
  int64_t games = 0;       // games asked for
  bool partial = false;    // stopped early (Ctrl-C)
  std::string stats_json;  // the run's statistics as JSON text
  std::string created_at;  // ISO 8601 UTC, set by the store
  bool operator==(const RunRecord&) const = default;
};

// How an import runs. An update that leaves empty a field the archived record has (a truncated
// portal page dropping confidence, sources...) is refused unless allow_removals; a dry run does
// everything but commit, so its ImportResult says what the import would change.
struct ImportOptions {
  bool dry_run = false;
  bool allow_removals = false;
};

// One record an import adds or changes: the fields changed and, among them, those removed.
struct RecordChange {
  std::string id;
  bool added = false;
  std::vector<std::string> changed, removed;
  std::string file, item;  // where the new version came from
};

// What an import did (or, in a dry run, would do).
struct ImportResult {
  int games_added = 0, games_updated = 0;
  int records_added = 0, records_updated = 0, records_unchanged = 0;
  std::vector<RecordChange> changes;  // in the batch's order
};

// The most words and "quoted phrases" a search text may hold (the operators AND, OR, NOT and
// parentheses aside): SQLite's full-text index works in time growing with the square of the
// terms that match, and a question needs a few words. More is refused, naming the count.
inline constexpr size_t kMaxSearchTerms = 32;

// A search over the evidence; every filter that is set must hold.
struct SearchQuery {
  std::string text{};              // full-text query over rules, content, descriptions... (docs)
  std::string game{};              // key, display name or alias, any case
  std::string type{};              // exact, any case
  std::optional<int> from_year{};  // the record's date range overlaps [from_year, to_year]
  std::optional<int> to_year{};    // historical years, negative = BCE
  // A place search: around a point (latitude, longitude and radius, all three), or in a named
  // place (near_place; radius_km, if given, widens it by that many km).
  std::optional<double> near_latitude{}, near_longitude{}, radius_km{};
  std::string near_place{};
  std::optional<int> min_confidence{};
  std::optional<int> rows{}, holes{};  // the board: rows of holes, holes per row
  int64_t limit = 0;                   // 0: no limit
};

// What a search left out because it could not be tested: records that met every other filter
// but have no position (a place search) or no date (a date search).
struct SearchCounts {
  int64_t unplaced = 0, undated = 0;
  // A search by a place of today with dates that fall in a historical place holding it searches
  // that place instead, and says so: "Sudan, at dates within 1899-1956: Anglo-Egyptian Sudan,
  // searched as today's Sudan and South Sudan" ("" otherwise).
  std::string searched_as = {};
};

// One search result; distance_km is set for "near" searches (to the record's coordinates, or to
// the centre of its named region). `place` is the region's approximate position when the record
// has no coordinates of its own but its location names a known place.
struct SearchHit {
  EvidenceRecord record;
  std::optional<double> distance_km;
  std::optional<Place> place;
  // A place search found the record only because its region holds the searched point or place
  // (a record of "East Africa" in a search near Bari): its distance 0 says nothing more, so it is
  // shown as "within the region" and sorted after the records placed more exactly.
  bool within_region = false;
  // For a record of an uncertain place ("Russia? Iran?"): each alternative the archive knows as
  // a place of its own, in the place's order; a search measures from the nearest of them.
  std::vector<Place> alternatives = {};
};

// Counts for `mancala evidence summary`.
struct ArchiveSummary {
  struct GameRow {
    std::string key, name;
    std::vector<std::pair<std::string, int64_t>> types;  // type -> records, by type
    int64_t records = 0, rulesets = 0, runs = 0;
  };
  std::vector<GameRow> games;  // by display name
  int64_t records = 0, rulesets = 0, runs = 0, sources = 0;
  int schema_version = 0;
};

class Store {
 public:
  enum class Mode {
    kCreate,  // create the file if missing; read and write
    // The file must exist (searches do not create empty archives) and is only read: opened
    // read-only, and as immutable where this user cannot write the file or its folder, so a
    // reader never leaves -wal/-shm files the owner could not write, and an archive in a
    // read-only folder can still be searched. Where a "-wal" file holds changes (its writer is
    // still running, or was killed), they are read through the existing -wal and -shm files;
    // when this user cannot read those, warning() says what may be missing. Writing through
    // such a Store throws.
    kReadOnly,
    kExisting = kReadOnly,
  };

  // Opens (creating or migrating) the archive at `path`. Throws ArchiveError
  // "<path>: <what is wrong>" for a file that is not a mancala archive, is corrupt, has a newer
  // schema, or cannot be opened; a folder, a device or a fifo ("/dev/null: not an archive file (a
  // character device)") is refused before SQLite opens it, so nothing is created beside it.
  static Store open(const std::string& path, Mode mode = Mode::kCreate);

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  const std::string& path() const { return path_; }
  int schema_version();
  // What a reader should know about what it reads, or "": a read-only open that could not read
  // the committed changes still in the "-wal" file (this user may not read it or its "-shm").
  const std::string& warning() const { return warning_; }

  // Writes games then records in one transaction: new ids are added, known ids updated (never
  // duplicated). A record's game is looked up by key, name or alias; an unknown game is added
  // with a key folded from the name. Throws ArchiveError naming the file and item on conflict;
  // then nothing is written.
  // An update removing fields throws ArchiveError "<file>: <item>: would remove <fields> ..."
  // unless options.allow_removals (a dry run reports it in the result instead).
  ImportResult import(const ImportBatch& batch, const ImportOptions& options = {});

  std::optional<EvidenceRecord> get(const std::string& evidence_id);
  // The sources that name other citations of the same work (their same_work lists), for
  // with_same_works (archive/cite.h); and the ids of the records that name `evidence_id` as
  // their see-also (the link read backwards), in id order.
  std::vector<Source> same_work_sources();
  std::vector<std::string> see_also_of(const std::string& evidence_id);
  // A near search keeps a record placed only by its named region when the region's circle
  // (centre and radius) reaches within the search radius. `unplaced` (if given) receives how many
  // records met every other filter but have no position, and so were not searched. A record
  // found with a record it names as the same game (see_also) has it on the next row.
  std::vector<SearchHit> search(const SearchQuery& query, int64_t* unplaced = nullptr);
  std::vector<SearchHit> search(const SearchQuery& query, SearchCounts* counts);

  // The named place a spelling names (any case, spaces or punctuation), if any; every place's
  // name (for suggestions); a place's extent (its outline, else its circle).
  std::optional<Place> find_place(const std::string& name);
  std::vector<std::string> place_names();
  GeoArea area_of(const Place& place);

  // The games nearest to `game` (any spelling) by board, place and date, with their reasons
  // (archive/similar.h). Throws ArchiveError for an unknown game, suggesting near spellings.
  std::vector<SimilarGame> similar(const std::string& game, size_t limit);
  // What the archive knows of each game for those comparisons, by game key.
  std::vector<GameProfile> game_profiles();

  // The approximate position of a record's named region (none when the record has coordinates
  // or its location names no known place); every place the archive knows.
  std::optional<Place> place_of(const EvidenceRecord& record);
  std::vector<Place> places();

  // The game a key, display name or alias names (any case, spaces or underscores), if any: a
  // game's own key or name first; an alias several games share names none of them here (see
  // find_games).
  std::optional<Game> find_game(const std::string& name);
  // Every game a spelling names: the game whose key or name it is, else every game it is an
  // alias of ("Soro": Lobudok, Otep, Ryakati), by key.
  std::vector<Game> find_games(const std::string& name);
  // "no game 'X' in the archive (did you mean ...?)": the message for a name no game has.
  std::string unknown_game_message(const std::string& name);
  std::vector<Game> games();

  ArchiveSummary summary();

  void link_rulesets(
      const std::vector<RulesetLink>& links);  // replace links for these rulesets, one transaction
  std::vector<RulesetLink> rulesets_for_evidence(const std::string& evidence_id);
  // Stores a run and returns its id. A run is identified by its content: ruleset id, rules hash,
  // engine version, agents, seed, games asked for, partial flag and statistics (which hold the
  // shard and every count); a run already stored is not stored again: its id is returned and
  // *added (when given) is set to false.
  int64_t store_run(const RunRecord& run, bool* added = nullptr);
  std::vector<RunRecord> list_runs(const std::string& ruleset_filter = "");
  std::optional<RunRecord> get_run(int64_t id);
  // Play-tests (archive/playtests.h): stores one (one transaction) and returns its id; lists them
  // (a ruleset id, or a game folder such as "otep"), in the order stored; one by id.
  int64_t store_playtest(const PlaytestRecord& record);
  std::vector<PlaytestRecord> list_playtests(const std::string& ruleset_filter = "");
  std::optional<PlaytestRecord> get_playtest(int64_t id);

  // The places' extents, parsed once per connection and read again when the archive changed;
  // and what the SQL function mancala_near() tests during a place search (both defined in
  // archive/store_rows.h, private to the archive's files).
  struct PlaceCache;
  struct NearState;

 private:
  Store(sqlite3* db, std::string path);
  void migrate();
  // Before this connection's first write: the whole file must pass SQLite's quick_check, so a
  // damaged page anywhere (not only in the pages a write would touch) stops it untouched.
  void check_before_writing();

  struct Closer {
    void operator()(sqlite3* db) const;
  };
  PlaceCache& place_cache();

  std::unique_ptr<sqlite3, Closer> db_;
  std::string path_;
  bool checked_ = false;
  std::string warning_;
  std::shared_ptr<PlaceCache> places_;
  std::shared_ptr<NearState> near_;
};

}  // namespace mancala::archive
