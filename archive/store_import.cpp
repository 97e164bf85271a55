// Importing a batch: declared and made-up games with their names, records with their sources
// (changes and removals reported), the full-text rows, places, ruleset links; one transaction.
#include <map>
#include <set>

#include "archive/sqlite.h"
#include "archive/store.h"
#include "archive/store_rows.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

// The text the full-text index holds for record `rid`: rules, content, location, every spelling
// of its game, and its citations (docs/archive.md, "Full-text search").
constexpr const char* kFtsRow =
    "SELECT e.rid, e.rules || ' ' || (SELECT coalesce(group_concat(json_extract(v.value, "
    "'$.rules'), ' '), '') FROM json_each(e.dlp_variants) v), e.content, e.location, "
    "(SELECT group_concat(spelling, ' ') FROM game_names WHERE game_key = e.game_key), "
    "(SELECT group_concat(s.citation, ' ') FROM evidence_sources es JOIN sources s "
    "ON s.id = es.source_id WHERE es.evidence_rid = e.rid), e.description "
    "FROM evidence e WHERE e.rid = ?";

// One game a folded spelling names: its key, whether it was declared, whether the spelling is
// an alias (else the game's own key or name).
struct NameOwner {
  std::string key;
  bool declared = false, alias = false;
};

// The statements one import reuses, prepared once inside its transaction.
struct ImportStatements {
  ImportStatements(sqlite3* db, const std::string& path)
      : find_name(
            db, path,
            "SELECT n.game_key, g.declared, n.alias FROM game_names n JOIN games g ON g.key = "
            "n.game_key WHERE n.folded = ? ORDER BY n.alias, n.game_key"),
        add_name(db, path,
                 "INSERT OR IGNORE INTO game_names(folded, game_key, spelling, alias) "
                 "VALUES (?, ?, ?, ?)"),
        add_game(
            db, path,
            "INSERT INTO games(key, name, aliases, dlp_ruleset, declared) VALUES (?, ?, ?, ?, ?)") {
  }
  Statement find_name, add_name, add_game;

  // Every game `spelling` names, its own name first.
  std::vector<NameOwner> owners(const std::string& spelling) {
    find_name.reset();
    find_name.bind(1, fold_name(spelling));
    std::vector<NameOwner> out;
    while (find_name.step())
      out.push_back({find_name.text(0), find_name.integer(1) != 0, find_name.integer(2) != 0});
    find_name.reset();
    return out;
  }

  // The game `spelling` refers to: the game whose key or name it is, else the one game it is an
  // alias of; "" when none. Throws (naming `origin`) when it is an alias of several games.
  std::string game_named(const std::string& spelling, const Origin* origin = nullptr) {
    const std::vector<NameOwner> found = owners(spelling);
    if (found.empty()) return "";
    if (!found[0].alias || found.size() == 1) return found[0].key;
    std::string keys;
    for (const NameOwner& o : found) keys += (keys.empty() ? "" : ", ") + o.key;
    const std::string what = "game name '" + spelling + "' is an alias of several games (" + keys +
                             "); name the game by its key";
    throw ArchiveError(origin ? where(origin->file, origin->item, what) : what);
  }
};

std::optional<Game> declared_game(sqlite3* db, const std::string& path, const std::string& key) {
  Statement s(db, path,
              "SELECT key, name, aliases, dlp_ruleset FROM games WHERE key = ? AND declared = 1");
  s.bind(1, key);
  if (!s.step()) return std::nullopt;
  return read_game(s);
}

// A game made up from a record's spelling `owner` is merged into the declared `game`.
void merge_made_up_game(sqlite3* db, const std::string& path, const Game& game,
                        const std::string& owner) {
  Statement move(db, path, "UPDATE evidence SET game_key = ? WHERE game_key = ?");
  move.bind(1, game.key).bind(2, owner);
  Statement drop(db, path, "DELETE FROM games WHERE key = ?");
  // The declared game must exist before records move to it (foreign key).
  Statement ensure(db, path,
                   "INSERT INTO games(key, name, aliases, dlp_ruleset, declared) VALUES (?, ?, "
                   "'[]', NULL, 1) "
                   "ON CONFLICT(key) DO NOTHING");
  ensure.bind(1, game.key).bind(2, game.name).run();
  move.run();
  drop.bind(1, owner).run();
}

// Writes one declared game and its names; counts it as added or updated. A game's key and name
// are its own (no other game may have them as any spelling); an alias several games give names
// them all.
void import_game(sqlite3* db, const std::string& path, ImportStatements& st, const Game& game,
                 const Origin& origin, ImportResult& result) {
  const std::optional<Game> before = declared_game(db, path, game.key);
  {
    Statement s(db, path, "DELETE FROM game_names WHERE game_key = ?");
    s.bind(1, game.key).run();
  }
  std::vector<std::pair<std::string, bool>> spellings = {{game.key, false}, {game.name, false}};
  for (const std::string& alias : game.aliases) {
    const bool own =
        fold_name(alias) == fold_name(game.key) || fold_name(alias) == fold_name(game.name);
    spellings.emplace_back(alias, !own);
  }
  for (const auto& [spelling, alias] : spellings) {
    for (const NameOwner& owner : st.owners(spelling)) {
      if (owner.key == game.key) continue;
      if (!owner.declared) {
        merge_made_up_game(db, path, game, owner.key);
      } else if (!alias || !owner.alias) {
        throw ArchiveError(where(origin.file, origin.item,
                                 "name '" + spelling + "' already names game '" + owner.key + "'"));
      }
    }
  }
  Statement upsert(
      db, path,
      "INSERT INTO games(key, name, aliases, dlp_ruleset, declared) VALUES (?, ?, ?, ?, 1) "
      "ON CONFLICT(key) DO UPDATE SET name = excluded.name, aliases = excluded.aliases, "
      "dlp_ruleset = excluded.dlp_ruleset, declared = 1");
  upsert.bind(1, game.key)
      .bind(2, game.name)
      .bind(3, list_json(game.aliases))
      .bind(4, game.dlp_ruleset)
      .run();
  for (const auto& [spelling, alias] : spellings) {
    st.add_name.reset();
    st.add_name.bind(1, fold_name(spelling))
        .bind(2, game.key)
        .bind(3, spelling)
        .bind(4, alias ? 1 : 0)
        .run();
  }
  if (!before) {
    ++result.games_added;
  } else if (!(*before == game)) {
    ++result.games_updated;
  }
}

// The key of the game a record names, made up (undeclared) when no game has the name.
std::string record_game_key(ImportStatements& st, const EvidenceRecord& record,
                            const Origin& origin) {
  std::string key = st.game_named(record.game, &origin);
  if (key.empty()) {
    // A snake_case key, so that the archive's own export (records name their game by key)
    // imports again.
    const std::string derived = game_key_from_name(record.game);
    if (derived.empty()) {
      throw ArchiveError(where(origin.file, origin.item,
                               "game name '" + record.game +
                                   "' has no letter a-z or digit to make a game key from; "
                                   "declare the game under 'games' with a key"));
    }
    key = st.game_named(derived, &origin);  // "Bao?" after "Bao!": the game already made
  }
  if (key.empty()) {
    key = game_key_from_name(record.game);
    st.add_game.reset();
    st.add_game.bind(1, key)
        .bind(2, trim(record.game))
        .bind(3, "[]")
        .bind(4, std::optional<int>())
        .bind(5, 0)
        .run();
    st.add_name.reset();
    st.add_name.bind(1, key).bind(2, key).bind(3, trim(record.game)).bind(4, 0).run();
  }
  return key;
}

// Writes records (inserted or updated) with their sources; collects their rowids.
class RecordWriter {
 public:
  RecordWriter(sqlite3* db, const std::string& path)
      : path_(path),
        upsert_(db, path,
                "INSERT INTO evidence(id, game_key, type, location, latitude, longitude, "
                "date_from, date_to, day_from, day_to, "
                "rules, content, confidence, spaces, ages, social_status, genders, notes, "
                "place_key, description, origin, classification, board, board_rows, board_holes, "
                "dlp_ruleset, portal_url, accessed, credit, dlp_variants, author_doubts, see_also, "
                "imported_at) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
                "?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, "
                "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) "
                "ON CONFLICT(id) DO UPDATE SET game_key = ?2, type = ?3, location = ?4, "
                "latitude = ?5, longitude = ?6, "
                "date_from = ?7, date_to = ?8, day_from = ?9, day_to = ?10, rules = ?11, "
                "content = ?12, confidence = ?13, "
                "spaces = ?14, ages = ?15, social_status = ?16, genders = ?17, notes = ?18, "
                "place_key = ?19, description = ?20, origin = ?21, classification = ?22, "
                "board = ?23, board_rows = ?24, board_holes = ?25, dlp_ruleset = ?26, "
                "portal_url = ?27, accessed = ?28, credit = ?29, dlp_variants = ?30, "
                "author_doubts = ?31, see_also = ?32, imported_at = excluded.imported_at "
                "RETURNING rid"),
        clear_sources_(db, path, "DELETE FROM evidence_sources WHERE evidence_rid = ?"),
        add_source_(db, path,
                    "INSERT INTO sources(citation, csl, same_work) VALUES (?, ?, ?) ON "
                    "CONFLICT(citation) DO UPDATE SET csl = excluded.csl, same_work = "
                    "excluded.same_work RETURNING id"),
        link_source_(
            db, path,
            "INSERT INTO evidence_sources(evidence_rid, position, source_id) VALUES (?, ?, ?)") {}

  // The record's rowid.
  int64_t write(const EvidenceRecord& record) {
    upsert_.reset();
    upsert_.bind(1, record.id).bind(2, record.game).bind(3, record.type).bind(4, record.location);
    upsert_.bind(5, record.latitude).bind(6, record.longitude);
    if (record.date_from) {
      upsert_.bind(7, format_date(*record.date_from)).bind(8, format_date(*record.date_to));
      upsert_.bind(9, record.date_from->first_day()).bind(10, record.date_to->last_day());
    }
    upsert_.bind(11, record.rules).bind(12, record.content).bind(13, record.confidence);
    upsert_.bind(14, list_json(record.spaces)).bind(15, list_json(record.ages));
    upsert_.bind(16, list_json(record.social_status)).bind(17, list_json(record.genders));
    upsert_.bind(18, record.notes).bind(19, fold_name(record.location));
    upsert_.bind(20, record.description).bind(21, record.origin).bind(22, record.classification);
    upsert_.bind(23, to_json(record.board).dump())
        .bind(24, record.board.rows)
        .bind(25, record.board.holes_per_row);
    upsert_.bind(26, record.dlp_ruleset).bind(27, record.portal_url);
    if (record.accessed) upsert_.bind(28, format_date(*record.accessed));
    const Json json = to_json(record);
    upsert_.bind(29, record.credit)
        .bind(30, json.contains("dlp_variants") ? json["dlp_variants"].dump() : std::string("[]"));
    upsert_.bind(31, record.author_doubts).bind(32, list_json(record.see_also));
    if (!upsert_.step()) throw ArchiveError(where(path_, record.id, "insert returned no row"));
    const int64_t rid = upsert_.integer(0);
    upsert_.run();
    write_sources(record, rid);
    return rid;
  }

 private:
  void write_sources(const EvidenceRecord& record, int64_t rid) {
    clear_sources_.reset();
    clear_sources_.bind(1, rid).run();
    for (size_t k = 0; k < record.sources.size(); ++k) {
      add_source_.reset();
      add_source_.bind(1, record.sources[k].citation).bind(2, record.sources[k].csl.dump());
      add_source_.bind(3, list_json(record.sources[k].same_work));
      if (!add_source_.step())
        throw ArchiveError(where(path_, record.id, "source insert returned no row"));
      const int64_t source_id = add_source_.integer(0);
      add_source_.run();
      link_source_.reset();
      link_source_.bind(1, rid).bind(2, static_cast<int64_t>(k)).bind(3, source_id).run();
    }
  }
  std::string path_;
  Statement upsert_, clear_sources_, add_source_, link_source_;
};

// What importing `record` over `before` changes; throws when it would remove fields without
// allow_removals (and not a dry run).
RecordChange change_of(const std::optional<EvidenceRecord>& before, const EvidenceRecord& record,
                       const Origin& origin, const ImportOptions& options) {
  RecordChange change{record.id, !before, {}, {}, origin.file, origin.item};
  if (before) {
    change.changed = changed_fields(*before, record);
    change.removed = removed_fields(*before, record);
  }
  if (!change.removed.empty() && !options.allow_removals && !options.dry_run) {
    std::string fields;
    for (const std::string& f : change.removed) fields += (fields.empty() ? "" : ", ") + f;
    throw ArchiveError(where(origin.file, origin.item,
                             "would remove " + fields +
                                 " from the archived record (a truncated page?); nothing "
                                 "imported (give --allow-removals to accept)"));
  }
  return change;
}

// Imports the batch's records; returns the rowids whose full-text row must be rewritten.
std::set<int64_t> import_records(sqlite3* db, const std::string& path, ImportStatements& st,
                                 const ImportBatch& batch, const ImportOptions& options,
                                 ImportResult& result) {
  RecordWriter writer(db, path);
  Statement find_record(
      db, path, std::string("SELECT ") + kRecordColumns + " FROM evidence e WHERE e.id = ?");
  std::set<int64_t> fts_rids;
  for (size_t i = 0; i < batch.records.size(); ++i) {
    EvidenceRecord record = batch.records[i];
    const Origin& origin = batch.record_origins[i];
    try {
      validate(record);
    } catch (const ArchiveError& e) {
      throw ArchiveError(where(origin.file, origin.item, e.what()));
    }
    record.game = record_game_key(st, record, origin);
    find_record.reset();
    find_record.bind(1, record.id);
    const std::optional<EvidenceRecord> before =
        find_record.step() ? std::optional<EvidenceRecord>(read_record(find_record)) : std::nullopt;
    find_record.reset();
    if (before && *before == record) {
      ++result.records_unchanged;
      continue;
    }
    result.changes.push_back(change_of(before, record, origin, options));
    ++(before ? result.records_updated : result.records_added);
    fts_rids.insert(writer.write(record));
  }
  return fts_rids;
}

// Rewrites the full-text rows of `rids` and of every record of the batch's games (a game's
// names are indexed with each of its records: renamed games refresh them all).
void reindex(sqlite3* db, const std::string& path, const std::vector<Game>& games,
             std::set<int64_t> rids) {
  for (const Game& game : games) {
    Statement s(db, path, "SELECT rid FROM evidence WHERE game_key = ?");
    s.bind(1, game.key);
    while (s.step()) rids.insert(s.integer(0));
  }
  Statement drop(db, path, "DELETE FROM evidence_fts WHERE rowid = ?");
  Statement add(db, path,
                std::string("INSERT INTO evidence_fts(rowid, rules, content, location, game, "
                            "sources, description) ") +
                    kFtsRow);
  for (const int64_t rid : rids) {
    drop.reset();
    drop.bind(1, rid).run();
    add.reset();
    add.bind(1, rid).run();
  }
}

// Replaces the places table (when the batch has places).
void import_places(sqlite3* db, const std::string& path, const std::vector<Place>& places) {
  if (places.empty()) return;
  exec(db, path, "DELETE FROM places");
  Statement add(db, path,
                "INSERT INTO places(folded, name, latitude, longitude, radius_km, source, kind, "
                "polygon, candidates, aliases, history) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(folded) DO NOTHING");
  std::map<std::string, std::string> owner;  // folded spelling -> place name
  for (const Place& p : places) {
    std::vector<std::string> spellings = {p.name};
    spellings.insert(spellings.end(), p.aliases.begin(), p.aliases.end());
    const std::string polygon = list_json(p.polygon), candidates = list_json(p.candidates),
                      aliases = list_json(p.aliases);
    Json history = Json::object();
    if (!p.today.empty())
      history = {{"today", p.today}, {"from", *p.from_year}, {"to", *p.to_year}};
    for (const std::string& spelling : spellings) {
      const auto [it, added] = owner.emplace(fold_name(spelling), p.name);
      if (!added && it->second != p.name) {
        throw ArchiveError(
            where("places", p.name,
                  "the spelling '" + spelling + "' already names the place '" + it->second + "'"));
      }
      add.reset();
      add.bind(1, fold_name(spelling))
          .bind(2, p.name)
          .bind(3, p.latitude)
          .bind(4, p.longitude)
          .bind(5, p.radius_km)
          .bind(6, p.source)
          .bind(7, p.kind)
          .bind(8, polygon)
          .bind(9, candidates)
          .bind(10, aliases)
          .bind(11, history.dump())
          .run();
    }
  }
}

}  // namespace

ImportResult Store::import(const ImportBatch& batch, const ImportOptions& options) {
  check_before_writing();
  sqlite3* db = db_.get();
  ImportResult result;
  Transaction tx(db, path_);
  ImportStatements st(db, path_);
  for (size_t i = 0; i < batch.games.size(); ++i)
    import_game(db, path_, st, batch.games[i], batch.game_origins[i], result);
  const std::set<int64_t> fts_rids = import_records(db, path_, st, batch, options, result);
  exec(db, path_, "DELETE FROM sources WHERE id NOT IN (SELECT source_id FROM evidence_sources)");
  reindex(db, path_, batch.games, fts_rids);
  import_places(db, path_, batch.places);
  exec(db, path_,
       "DELETE FROM games WHERE declared = 0 AND key NOT IN (SELECT game_key FROM evidence)");
  write_ruleset_links(db, path_, batch.ruleset_links);
  places_.reset();  // the places may have changed: read them again when next needed
  if (options.dry_run) return result;  // the transaction rolls back: nothing written
  tx.commit();
  return result;
}

}  // namespace mancala::archive
