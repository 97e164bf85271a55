#include "archive/store.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "archive/coords.h"
#include "archive/schema.h"
#include "archive/text.h"

namespace mancala::archive {
namespace {

namespace fs = std::filesystem;

// How long a connection waits for another process's lock: $MANCALA_BUSY_TIMEOUT seconds if set
// (0 to 3600), else 15 s.
int busy_timeout_ms() {
  if (const char* env = std::getenv("MANCALA_BUSY_TIMEOUT"); env != nullptr && *env != '\0') {
    char* end = nullptr;
    const long seconds = std::strtol(env, &end, 10);
    if (*end == '\0' && seconds >= 0 && seconds <= 3600) return static_cast<int>(seconds) * 1000;
  }
  return 15000;
}

// Why SQLite could not write the archive, as far as the file system says: the file, its folder
// (SQLite creates <file>-wal and <file>-shm there) or a -wal/-shm file another user left.
std::string why_not_writable(const std::string& path, const std::string& detail) {
  const fs::path file(path);
  const std::string folder = file.has_parent_path() ? file.parent_path().string() : ".";
  if (::access(path.c_str(), W_OK) != 0)
    return "cannot write to the archive: you may not write the file (" +
           std::string(std::strerror(errno)) + ")";
  for (const char* suffix : {"-wal", "-shm"}) {
    const std::string side = path + suffix;
    if (::access(side.c_str(), F_OK) == 0 && ::access(side.c_str(), W_OK) != 0) {
      return "cannot write to the archive: " + side +
             " belongs to another user (left by someone who read the archive); it goes away "
             "when no one has the archive open, or its owner may remove it then";
    }
  }
  if (::access(folder.c_str(), W_OK) != 0)
    return "cannot write to the archive: you may not write its folder " + folder +
           " (SQLite keeps its -wal and -shm files beside the archive)";
  return "cannot write to the archive (" + detail + ")";
}

// Turns an SQLite failure into an ArchiveError naming the file.
[[noreturn]] void fail(sqlite3* db, int rc, const std::string& path,
                       const std::string& doing = "") {
  const std::string detail = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  std::string what;
  switch (rc & 0xFF) {
    case SQLITE_NOTADB:
      what = "not a mancala archive (not an SQLite database); left untouched";
      break;
    case SQLITE_CORRUPT:
      what = "the archive is corrupt (" + detail + "); left untouched";
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      what = "the archive is busy: another process kept it locked for " +
             std::to_string(busy_timeout_ms() / 1000) + " s; try again";
      break;
    case SQLITE_READONLY:
      what = why_not_writable(path, detail);
      break;
    case SQLITE_CANTOPEN:
      what = "cannot open the archive (" + detail + ")";
      break;
    default:
      what = (doing.empty() ? "" : doing + ": ") + detail;
  }
  throw ArchiveError(where(path, "", what));
}

// A prepared statement: bind by position (1-based), step, read columns (0-based).
class Statement {
 public:
  Statement(sqlite3* db, const std::string& path, const std::string& sql) : db_(db), path_(path) {
    const int rc =
        sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &stmt_, nullptr);
    if (rc != SQLITE_OK) fail(db_, rc, path_);
  }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement() { sqlite3_finalize(stmt_); }

  Statement& bind(int i, const std::string& v) {
    check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind(int i, const char* v) { return bind(i, std::string(v)); }
  Statement& bind(int i, int64_t v) {
    check(sqlite3_bind_int64(stmt_, i, v));
    return *this;
  }
  Statement& bind(int i, int v) { return bind(i, static_cast<int64_t>(v)); }
  Statement& bind(int i, double v) {
    check(sqlite3_bind_double(stmt_, i, v));
    return *this;
  }
  template <typename T>
  Statement& bind(int i, const std::optional<T>& v) {
    if (v) return bind(i, *v);
    check(sqlite3_bind_null(stmt_, i));
    return *this;
  }

  // Runs one step: true when a row is ready.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(db_, rc, path_);
  }
  void run() {
    while (step()) {
    }
  }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  bool is_null(int c) const { return sqlite3_column_type(stmt_, c) == SQLITE_NULL; }
  int64_t integer(int c) const { return sqlite3_column_int64(stmt_, c); }
  double real(int c) const { return sqlite3_column_double(stmt_, c); }
  std::string text(int c) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, c));
    return p == nullptr ? std::string()
                        : std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, c)));
  }
  std::optional<int64_t> optional_integer(int c) const {
    return is_null(c) ? std::nullopt : std::optional<int64_t>(integer(c));
  }
  std::optional<double> optional_real(int c) const {
    return is_null(c) ? std::nullopt : std::optional<double>(real(c));
  }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) fail(db_, rc, path_);
  }
  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* stmt_ = nullptr;
};

void exec(sqlite3* db, const std::string& path, const char* sql) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  sqlite3_free(message);
  if (rc != SQLITE_OK) fail(db, rc, path);
}

int64_t pragma_integer(sqlite3* db, const std::string& path, const char* name) {
  Statement s(db, path, std::string("PRAGMA ") + name);
  return s.step() ? s.integer(0) : 0;
}

// An IMMEDIATE transaction (takes the write lock at once, so two writers queue on the busy
// timeout instead of failing on a lock upgrade); rolled back unless commit() is reached.
class Transaction {
 public:
  Transaction(sqlite3* db, const std::string& path) : db_(db), path_(path) {
    exec(db_, path_, "BEGIN IMMEDIATE");
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    exec(db_, path_, "COMMIT");
    done_ = true;
  }

 private:
  sqlite3* db_;
  const std::string& path_;
  bool done_ = false;
};

// SQL function distance_km(lat1, lon1, lat2, lon2): great-circle distance, NULL if any is NULL.
void distance_km_function(sqlite3_context* context, int, sqlite3_value** argv) {
  for (int i = 0; i < 4; ++i) {
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) {
      sqlite3_result_null(context);
      return;
    }
  }
  sqlite3_result_double(
      context, great_circle_km(sqlite3_value_double(argv[0]), sqlite3_value_double(argv[1]),
                               sqlite3_value_double(argv[2]), sqlite3_value_double(argv[3])));
}

// SQL function mancala_fold(text): fold_name(), for the schema migration filling place_key.
void fold_function(sqlite3_context* context, int, sqlite3_value** argv) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const std::string folded = fold_name(
      text == nullptr ? std::string_view()
                      : std::string_view(text, static_cast<size_t>(sqlite3_value_bytes(argv[0]))));
  sqlite3_result_text(context, folded.data(), static_cast<int>(folded.size()), SQLITE_TRANSIENT);
}

std::string list_json(const std::vector<std::string>& list) { return Json(list).dump(); }

std::vector<std::string> json_list(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  for (const auto& item : Json::parse(text)) out.push_back(item.get<std::string>());
  return out;
}

// The columns every record query selects, in the order read_record() expects.
constexpr const char* kRecordColumns =
    "e.id, e.game_key, e.type, e.location, e.latitude, e.longitude, e.date_from, e.date_to, "
    "e.rules, e.content, e.confidence, e.spaces, e.ages, e.social_status, e.genders, e.notes, "
    "(SELECT json_group_array(json_array(citation, json(csl))) FROM (SELECT s.citation, s.csl "
    "FROM evidence_sources es JOIN sources s ON s.id = es.source_id WHERE es.evidence_rid = e.rid "
    "ORDER BY es.position))";

// The text the full-text index holds for record `rid`: rules, content, location, every spelling
// of its game, and its citations (docs/archive.md, "Full-text search").
constexpr const char* kFtsRow =
    "SELECT e.rid, e.rules, e.content, e.location, "
    "(SELECT group_concat(spelling, ' ') FROM game_names WHERE game_key = e.game_key), "
    "(SELECT group_concat(s.citation, ' ') FROM evidence_sources es JOIN sources s "
    "ON s.id = es.source_id WHERE es.evidence_rid = e.rid) FROM evidence e WHERE e.rid = ?";

std::vector<Source> source_list(const std::string& text) {
  std::vector<Source> out;
  if (text.empty()) return out;
  for (const auto& item : Json::parse(text)) {
    out.emplace_back(item[0].get<std::string>(), item[1]);
  }
  return out;
}

EvidenceRecord read_record(const Statement& s) {
  EvidenceRecord r;
  r.id = s.text(0);
  r.game = s.text(1);
  r.type = s.text(2);
  r.location = s.text(3);
  r.latitude = s.optional_real(4);
  r.longitude = s.optional_real(5);
  if (!s.is_null(6)) r.date_from = parse_date(s.text(6));
  if (!s.is_null(7)) r.date_to = parse_date(s.text(7));
  r.rules = s.text(8);
  r.content = s.text(9);
  if (auto c = s.optional_integer(10)) r.confidence = static_cast<int>(*c);
  r.spaces = json_list(s.text(11));
  r.ages = json_list(s.text(12));
  r.social_status = json_list(s.text(13));
  r.genders = json_list(s.text(14));
  r.notes = s.text(15);
  r.sources = source_list(s.text(16));
  return r;
}

// Turns the user's search text into an FTS5 query: each word or "quoted phrase" becomes a
// phrase (so punctuation such as "anti-clockwise" cannot break the syntax), a trailing * makes
// a prefix search, and the bare words AND, OR, NOT and parentheses stay operators.
std::string fts_query(const std::string& text) {
  std::string out;
  size_t i = 0;
  auto add = [&](const std::string& term) {
    if (!out.empty()) out += ' ';
    out += term;
  };
  auto phrase = [](const std::string& words) {
    std::string q = "\"";
    for (char c : words) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      ++i;
    } else if (c == '(' || c == ')') {
      add(std::string(1, c));
      ++i;
    } else if (c == '"') {
      const size_t end = text.find('"', i + 1);
      const size_t stop = end == std::string::npos ? text.size() : end;
      add(phrase(text.substr(i + 1, stop - i - 1)));
      i = stop + 1;
    } else {
      size_t end = i;
      while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' &&
             text[end] != '(' && text[end] != ')' && text[end] != '"') {
        ++end;
      }
      std::string word = text.substr(i, end - i);
      i = end;
      if (word == "AND" || word == "OR" || word == "NOT") {
        add(word);
      } else if (word.size() > 1 && word.back() == '*') {
        add(phrase(word.substr(0, word.size() - 1)) + "*");
      } else {
        add(phrase(word));
      }
    }
  }
  return out;
}

// Replaces the evidence links of each ruleset in `links` (inside the caller's transaction).
void write_ruleset_links(sqlite3* db, const std::string& path,
                         const std::vector<RulesetLink>& links) {
  Statement upsert(db, path,
                   "INSERT INTO rulesets(id, game, name, status) VALUES (?, ?, ?, ?) ON "
                   "CONFLICT(id) DO UPDATE SET "
                   "game = excluded.game, name = excluded.name, status = excluded.status");
  Statement clear(db, path, "DELETE FROM ruleset_evidence WHERE ruleset_id = ?");
  Statement link(
      db, path,
      "INSERT OR IGNORE INTO ruleset_evidence(ruleset_id, evidence_id, position) VALUES (?, ?, ?)");
  for (const RulesetLink& r : links) {
    if (r.ruleset.empty())
      throw ArchiveError(where(path, "rulesets", "a ruleset link has an empty ruleset id"));
    for (const std::string& id : r.evidence) {
      if (id.empty()) throw ArchiveError(where(path, r.ruleset, "empty evidence id"));
    }
    upsert.reset();
    upsert.bind(1, r.ruleset).bind(2, r.game).bind(3, r.name).bind(4, r.status).run();
    clear.reset();
    clear.bind(1, r.ruleset).run();
    for (size_t k = 0; k < r.evidence.size(); ++k) {
      link.reset();
      link.bind(1, r.ruleset).bind(2, r.evidence[k]).bind(3, static_cast<int64_t>(k)).run();
    }
  }
}

}  // namespace

void Store::Closer::operator()(sqlite3* db) const { sqlite3_close_v2(db); }

Store::Store(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

namespace {

// True when this user may write the archive and create files beside it.
bool writable_here(const std::string& path) {
  const fs::path file(path);
  const std::string folder = file.has_parent_path() ? file.parent_path().string() : ".";
  return ::access(path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0;
}

// "file:<path>?immutable=1" with the URI's special characters escaped.
std::string immutable_uri(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
      uri += escaped;
    } else {
      uri += c;
    }
  }
  return uri + "?immutable=1";
}

// Whether the file is a new, empty database (true) or a mancala archive this program can read
// (false); throws for another kind of database or a newer schema.
bool is_fresh_archive(const std::string& path, int64_t application_id, int64_t version,
                      int64_t objects) {
  const bool fresh = application_id == 0 && version == 0 && objects == 0;
  if (!fresh && application_id != kApplicationId) {
    throw ArchiveError(where(
        path, "", "not a mancala archive (an SQLite database of another kind); left untouched"));
  }
  if (version > kSchemaVersion) {
    throw ArchiveError(where(path, "",
                             "schema version " + std::to_string(version) +
                                 " is newer than this program's (" +
                                 std::to_string(kSchemaVersion) + "); use a newer mancala"));
  }
  return fresh;
}

}  // namespace

Store Store::open(const std::string& path, Mode mode) {
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw ArchiveError(where(path, "", "is a folder, not an archive"));
  const bool exists = fs::exists(path, ec);
  if (!exists && mode == Mode::kExisting) {
    throw ArchiveError(
        where(path, "", "no archive here (create it with 'mancala evidence import')"));
  }
  sqlite3* raw = nullptr;
  int rc = SQLITE_OK;
  const bool read_only = mode == Mode::kReadOnly;
  if (!read_only) {
    rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  } else if (writable_here(path)) {
    rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  } else {
    // Not ours to write: no locks and no -wal/-shm files (immutable), as on read-only media.
    rc = sqlite3_open_v2(immutable_uri(path).c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                         nullptr);
  }
  Store store(raw, path);
  if (rc != SQLITE_OK) fail(raw, rc, path);
  sqlite3_busy_timeout(raw, busy_timeout_ms());
  sqlite3_extended_result_codes(raw, 0);

  // Identify the file before anything could write to it, in one statement so that the three
  // values come from one snapshot even while another process creates the schema.
  int64_t application_id = 0, version = 0, objects = 0;
  {
    Statement s(
        raw, path,
        "SELECT (SELECT application_id FROM pragma_application_id), "
        "(SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)");
    if (s.step()) {
      application_id = s.integer(0);
      version = s.integer(1);
      objects = s.integer(2);
    }
  }
  const bool fresh = is_fresh_archive(path, application_id, version, objects);

  if (read_only) {
    if (version < kSchemaVersion) {
      throw ArchiveError(where(path, "",
                               fresh
                                   ? "an empty file, not an archive yet (create it with 'mancala "
                                     "evidence import')"
                                   : "schema version " + std::to_string(version) +
                                         " is older than this program's; open it once for "
                                         "writing (e.g. 'mancala evidence import') to update it"));
    }
    const int created =
        sqlite3_create_function_v2(raw, "distance_km", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                   nullptr, distance_km_function, nullptr, nullptr, nullptr);
    if (created != SQLITE_OK) fail(raw, created, path);
    return store;
  }
  // WAL lets readers work while one process writes; the pragma needs a moment without locks.
  for (int attempt = 0;; ++attempt) {
    char* message = nullptr;
    const int wal = sqlite3_exec(raw, "PRAGMA journal_mode=WAL", nullptr, nullptr, &message);
    sqlite3_free(message);
    if (wal == SQLITE_OK) break;
    if ((wal != SQLITE_BUSY && wal != SQLITE_LOCKED) || attempt * 10 > busy_timeout_ms())
      fail(raw, wal, path);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // A larger page cache keeps big imports from spilling half-built pages to the WAL.
  exec(raw, path, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; PRAGMA cache_size=-32768");
  const int created =
      sqlite3_create_function_v2(raw, "distance_km", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                                 distance_km_function, nullptr, nullptr, nullptr);
  if (created != SQLITE_OK) fail(raw, created, path);
  const int fold =
      sqlite3_create_function_v2(raw, "mancala_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                 nullptr, fold_function, nullptr, nullptr, nullptr);
  if (fold != SQLITE_OK) fail(raw, fold, path);
  if (version < kSchemaVersion) store.migrate();
  return store;
}

void Store::check_before_writing() {
  if (checked_) return;
  sqlite3* db = db_.get();
  Statement check(db, path_, "PRAGMA quick_check(1)");
  std::string verdict = check.step() ? check.text(0) : "no answer";
  if (verdict != "ok") {
    throw ArchiveError(
        where(path_, "", "the archive is corrupt (quick_check: " + verdict + "); left untouched"));
  }
  checked_ = true;
}

void Store::migrate() {
  sqlite3* db = db_.get();
  Transaction tx(db, path_);
  // Another process may have created or migrated the file since it was identified.
  const int64_t application_id = pragma_integer(db, path_, "application_id");
  int64_t version = pragma_integer(db, path_, "user_version");
  Statement count(db, path_, "SELECT count(*) FROM sqlite_master");
  const int64_t objects = count.step() ? count.integer(0) : 0;
  count.reset();
  is_fresh_archive(path_, application_id, version, objects);  // throws for a foreign file
  for (; version < kSchemaVersion; ++version)
    exec(db, path_, kMigrations[static_cast<size_t>(version)]);
  exec(db, path_, ("PRAGMA application_id=" + std::to_string(kApplicationId)).c_str());
  exec(db, path_, ("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str());
  tx.commit();
}

int Store::schema_version() {
  return static_cast<int>(pragma_integer(db_.get(), path_, "user_version"));
}

std::optional<Game> Store::find_game(const std::string& name) {
  Statement s(db_.get(), path_,
              "SELECT g.key, g.name, g.aliases, g.dlp_ruleset FROM game_names n JOIN games g ON "
              "g.key = n.game_key "
              "WHERE n.folded = ?");
  s.bind(1, fold_name(name));
  if (!s.step()) return std::nullopt;
  Game g{s.text(0), s.text(1), json_list(s.text(2)), std::nullopt};
  if (auto id = s.optional_integer(3)) g.dlp_ruleset = static_cast<int>(*id);
  return g;
}

std::vector<Game> Store::games() {
  Statement s(db_.get(), path_, "SELECT key, name, aliases, dlp_ruleset FROM games ORDER BY key");
  std::vector<Game> out;
  while (s.step()) {
    Game g{s.text(0), s.text(1), json_list(s.text(2)), std::nullopt};
    if (auto id = s.optional_integer(3)) g.dlp_ruleset = static_cast<int>(*id);
    out.push_back(std::move(g));
  }
  return out;
}

namespace {

// The statements one import reuses, prepared once inside its transaction.
struct ImportStatements {
  ImportStatements(sqlite3* db, const std::string& path)
      : find_name(db, path,
                  "SELECT n.game_key, g.declared FROM game_names n JOIN games g ON g.key = "
                  "n.game_key WHERE n.folded = ?"),
        add_name(db, path,
                 "INSERT OR IGNORE INTO game_names(folded, game_key, spelling) VALUES (?, ?, ?)"),
        add_game(
            db, path,
            "INSERT INTO games(key, name, aliases, dlp_ruleset, declared) VALUES (?, ?, ?, ?, ?)") {
  }
  Statement find_name, add_name, add_game;

  // The game `spelling` refers to, or "" when none does.
  std::string game_named(const std::string& spelling, bool* declared) {
    find_name.reset();
    find_name.bind(1, fold_name(spelling));
    std::string key;
    if (find_name.step()) {
      key = find_name.text(0);
      if (declared != nullptr) *declared = find_name.integer(1) != 0;
    }
    find_name.reset();
    return key;
  }
};

std::optional<Game> declared_game(sqlite3* db, const std::string& path, const std::string& key) {
  Statement s(db, path,
              "SELECT key, name, aliases, dlp_ruleset FROM games WHERE key = ? AND declared = 1");
  s.bind(1, key);
  if (!s.step()) return std::nullopt;
  Game g{s.text(0), s.text(1), json_list(s.text(2)), std::nullopt};
  if (auto id = s.optional_integer(3)) g.dlp_ruleset = static_cast<int>(*id);
  return g;
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

// Writes one declared game and its names; counts it as added or updated.
void import_game(sqlite3* db, const std::string& path, ImportStatements& st, const Game& game,
                 const Origin& origin, ImportResult& result) {
  const std::optional<Game> before = declared_game(db, path, game.key);
  {
    Statement s(db, path, "DELETE FROM game_names WHERE game_key = ?");
    s.bind(1, game.key).run();
  }
  std::vector<std::string> spellings = {game.key, game.name};
  spellings.insert(spellings.end(), game.aliases.begin(), game.aliases.end());
  for (const std::string& spelling : spellings) {
    bool declared = false;
    const std::string owner = st.game_named(spelling, &declared);
    if (owner.empty() || owner == game.key) continue;
    if (declared) {
      throw ArchiveError(where(origin.file, origin.item,
                               "name '" + spelling + "' already names game '" + owner + "'"));
    }
    merge_made_up_game(db, path, game, owner);
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
  for (const std::string& spelling : spellings) {
    st.add_name.reset();
    st.add_name.bind(1, fold_name(spelling)).bind(2, game.key).bind(3, spelling).run();
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
  std::string key = st.game_named(record.game, nullptr);
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
    key = st.game_named(derived, nullptr);  // "Bao?" after "Bao!": the game already made
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
    st.add_name.bind(1, key).bind(2, key).bind(3, trim(record.game)).run();
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
                "place_key, imported_at) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
                "?17, ?18, ?19, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) "
                "ON CONFLICT(id) DO UPDATE SET game_key = ?2, type = ?3, location = ?4, "
                "latitude = ?5, longitude = ?6, "
                "date_from = ?7, date_to = ?8, day_from = ?9, day_to = ?10, rules = ?11, "
                "content = ?12, confidence = ?13, "
                "spaces = ?14, ages = ?15, social_status = ?16, genders = ?17, notes = ?18, "
                "place_key = ?19, imported_at = excluded.imported_at "
                "RETURNING rid"),
        clear_sources_(db, path, "DELETE FROM evidence_sources WHERE evidence_rid = ?"),
        add_source_(db, path,
                    "INSERT INTO sources(citation, csl) VALUES (?, ?) ON CONFLICT(citation) DO "
                    "UPDATE SET csl = excluded.csl RETURNING id"),
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
      if (!add_source_.step())
        throw ArchiveError(where(path_, record.id, "source insert returned no row"));
      const int64_t source_id = add_source_.integer(0);
      add_source_.run();
      link_source_.reset();
      link_source_.bind(1, rid).bind(2, static_cast<int64_t>(k)).bind(3, source_id).run();
    }
  }
  const std::string& path_;
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
  Statement add(
      db, path,
      std::string("INSERT INTO evidence_fts(rowid, rules, content, location, game, sources) ") +
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
                "INSERT INTO places(folded, name, latitude, longitude, radius_km, source) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(folded) DO NOTHING");
  std::map<std::string, std::string> owner;  // folded spelling -> place name
  for (const Place& p : places) {
    std::vector<std::string> spellings = {p.name};
    spellings.insert(spellings.end(), p.aliases.begin(), p.aliases.end());
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
  if (options.dry_run) return result;  // the transaction rolls back: nothing written
  tx.commit();
  return result;
}

std::optional<EvidenceRecord> Store::get(const std::string& evidence_id) {
  Statement s(db_.get(), path_,
              std::string("SELECT ") + kRecordColumns + " FROM evidence e WHERE e.id = ?");
  s.bind(1, evidence_id);
  if (!s.step()) return std::nullopt;
  return read_record(s);
}

std::vector<SearchHit> Store::search(const SearchQuery& q, int64_t* unplaced) {
  const bool near = q.near_latitude.has_value();
  if (near != q.near_longitude.has_value() || near != q.radius_km.has_value()) {
    throw ArchiveError("search: a near search needs a latitude, a longitude and a radius");
  }
  // p: the named region of a record without coordinates (approximate position).
  const std::string from_places =
      " LEFT JOIN places p ON e.latitude IS NULL AND p.folded = e.place_key";
  const std::string match = q.text.empty() ? "" : fts_query(q.text);
  std::string game_key;
  if (!q.game.empty()) {
    const std::optional<Game> game = find_game(q.game);
    if (!game)
      throw ArchiveError(where(
          path_, "", "no game '" + q.game + "' in the archive (see 'mancala evidence games')"));
    game_key = game->key;
  }
  // Every filter but the distance, shared by the search and the count of unplaced records.
  std::string filters;
  if (!game_key.empty()) filters += " AND e.game_key = ?4";
  if (!q.type.empty()) filters += " AND e.type = ?5 COLLATE NOCASE";
  if (q.from_year) filters += " AND e.day_to >= ?6";
  if (q.to_year) filters += " AND e.day_from <= ?7";
  if (q.min_confidence) filters += " AND e.confidence >= ?11";
  const std::string from = !match.empty()
                               ? " FROM evidence_fts f JOIN evidence e ON e.rid = f.rowid" +
                                     from_places + " WHERE evidence_fts MATCH ?3"
                               : " FROM evidence e" + from_places + " WHERE 1";

  std::string sql = std::string("SELECT ") + kRecordColumns;
  sql += near ? ", distance_km(COALESCE(e.latitude, p.latitude), COALESCE(e.longitude, "
                "p.longitude), ?1, ?2) AS distance"
              : ", NULL AS distance";
  sql += ", p.name, p.latitude, p.longitude, p.radius_km, p.source";
  sql += from + filters;
  if (near) {
    // A latitude band first (the latitude index, and the few places), then the exact distance;
    // a region counts when its circle reaches within the radius.
    sql +=
        " AND e.rid IN (SELECT rid FROM evidence WHERE latitude BETWEEN ?8 AND ?9 UNION ALL "
        "SELECT e2.rid FROM places p2 JOIN evidence e2 ON e2.place_key = p2.folded AND "
        "e2.latitude IS NULL WHERE p2.latitude BETWEEN ?8 - p2.radius_km / ?12 AND "
        "?9 + p2.radius_km / ?12)"
        " AND distance - COALESCE(p.radius_km, 0) <= ?10";
  }
  if (!match.empty()) {
    sql += " ORDER BY f.rank, e.id";
  } else if (near) {
    sql += " ORDER BY distance, e.id";
  } else {
    sql += " ORDER BY e.day_from IS NULL, e.day_from, e.day_to, e.id";
  }
  if (q.limit > 0) sql += " LIMIT " + std::to_string(q.limit);

  constexpr double kKmPerDegree = kEarthRadiusKm * 3.14159265358979323846 / 180.0;
  auto bind_filters = [&](Statement& s) {
    if (!match.empty()) s.bind(3, match);
    if (!game_key.empty()) s.bind(4, game_key);
    if (!q.type.empty()) s.bind(5, q.type);
    if (q.from_year) s.bind(6, first_day_of_year(*q.from_year));
    if (q.to_year) s.bind(7, last_day_of_year(*q.to_year));
    if (q.min_confidence) s.bind(11, *q.min_confidence);
  };
  auto reading_text = [&](const ArchiveError& e) {
    const std::string what = e.what();
    if (!match.empty() &&
        (what.find("fts5") != std::string::npos || what.find("syntax") != std::string::npos)) {
      throw ArchiveError(where(path_, "",
                               "cannot read the search text '" + q.text + "' (" +
                                   what.substr(what.rfind(": ") + 2) + ")"));
    }
  };

  Statement s(db_.get(), path_, sql);
  if (near) {
    s.bind(1, *q.near_latitude).bind(2, *q.near_longitude);
    const double band = *q.radius_km / kKmPerDegree;
    s.bind(8, *q.near_latitude - band).bind(9, *q.near_latitude + band).bind(10, *q.radius_km);
    s.bind(12, kKmPerDegree);
  }
  bind_filters(s);
  std::vector<SearchHit> hits;
  try {
    while (s.step()) {
      SearchHit hit{read_record(s), s.optional_real(17), std::nullopt};
      if (!s.is_null(18))
        hit.place = Place{s.text(18), {}, s.real(19), s.real(20), s.real(21), s.text(22)};
      hits.push_back(std::move(hit));
    }
  } catch (const ArchiveError& e) {
    reading_text(e);
    throw;
  }
  if (unplaced != nullptr) {
    *unplaced = 0;
    if (near) {
      Statement count(
          db_.get(), path_,
          "SELECT count(*)" + from + filters + " AND e.latitude IS NULL AND p.latitude IS NULL");
      bind_filters(count);
      if (count.step()) *unplaced = count.integer(0);
    }
  }
  return hits;
}

std::optional<Place> Store::place_of(const EvidenceRecord& record) {
  if (record.latitude) return std::nullopt;
  Statement s(db_.get(), path_,
              "SELECT name, latitude, longitude, radius_km, source FROM places WHERE folded = ?");
  s.bind(1, fold_name(record.location));
  if (!s.step()) return std::nullopt;
  return Place{s.text(0), {}, s.real(1), s.real(2), s.real(3), s.text(4)};
}

std::vector<Place> Store::places() {
  Statement s(db_.get(), path_,
              "SELECT name, latitude, longitude, radius_km, source, folded FROM places "
              "ORDER BY name, folded");
  std::vector<Place> out;
  while (s.step()) {
    if (out.empty() || out.back().name != s.text(0)) {
      out.push_back(Place{s.text(0), {}, s.real(1), s.real(2), s.real(3), s.text(4)});
    }
  }
  return out;
}

ArchiveSummary Store::summary() {
  sqlite3* db = db_.get();
  ArchiveSummary out;
  out.schema_version = schema_version();
  std::map<std::string, size_t> row_of;
  {
    Statement s(db, path_, "SELECT key, name FROM games ORDER BY name COLLATE NOCASE, key");
    while (s.step()) {
      row_of[s.text(0)] = out.games.size();
      out.games.push_back({s.text(0), s.text(1), {}, 0, 0, 0});
    }
  }
  {
    Statement s(db, path_,
                "SELECT game_key, type, count(*) FROM evidence GROUP BY game_key, type ORDER BY "
                "game_key, type");
    while (s.step()) {
      auto& row = out.games[row_of.at(s.text(0))];
      row.types.emplace_back(s.text(1), s.integer(2));
      row.records += s.integer(2);
      out.records += s.integer(2);
    }
  }
  std::map<std::string, std::string> ruleset_game;
  {
    Statement s(db, path_, "SELECT id, game FROM rulesets ORDER BY id");
    while (s.step()) {
      ruleset_game[s.text(0)] = s.text(1);
      ++out.rulesets;
      if (auto game = find_game(s.text(1)); game && row_of.contains(game->key))
        ++out.games[row_of[game->key]].rulesets;
    }
  }
  {
    Statement s(db, path_, "SELECT ruleset, count(*) FROM runs GROUP BY ruleset");
    while (s.step()) {
      const std::string ruleset = s.text(0);
      out.runs += s.integer(1);
      // A run's game: its linked ruleset's, else the ruleset id's folder part.
      const std::string game = ruleset_game.contains(ruleset)
                                   ? ruleset_game[ruleset]
                                   : ruleset.substr(0, ruleset.find('/'));
      if (auto g = find_game(game); g && row_of.contains(g->key))
        out.games[row_of[g->key]].runs += s.integer(1);
    }
  }
  Statement sources(db, path_, "SELECT count(*) FROM sources");
  if (sources.step()) out.sources = sources.integer(0);
  return out;
}

void Store::link_rulesets(const std::vector<RulesetLink>& links) {
  check_before_writing();
  Transaction tx(db_.get(), path_);
  write_ruleset_links(db_.get(), path_, links);
  tx.commit();
}

std::vector<RulesetLink> Store::rulesets_for_evidence(const std::string& evidence_id) {
  sqlite3* db = db_.get();
  Statement s(db, path_,
              "SELECT r.id, r.game, r.name, r.status FROM ruleset_evidence re JOIN rulesets r ON "
              "r.id = re.ruleset_id "
              "WHERE re.evidence_id = ? ORDER BY r.id");
  s.bind(1, evidence_id);
  std::vector<RulesetLink> out;
  while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2), s.text(3), {}});
  Statement ev(db, path_,
               "SELECT evidence_id FROM ruleset_evidence WHERE ruleset_id = ? ORDER BY position");
  for (RulesetLink& link : out) {
    ev.reset();
    ev.bind(1, link.ruleset);
    while (ev.step()) link.evidence.push_back(ev.text(0));
  }
  return out;
}

int64_t Store::store_run(const RunRecord& run, bool* added) {
  if (run.ruleset.empty()) throw ArchiveError(where(path_, "run", "empty ruleset id"));
  if (!Json::accept(run.stats_json)) {
    throw ArchiveError(where(path_, "run (" + run.ruleset + ")", "stats_json is not valid JSON"));
  }
  check_before_writing();
  sqlite3* db = db_.get();
  Transaction tx(db, path_);
  {
    // The same content stored before (a merge or a simulation run twice): that run's id.
    Statement same(
        db, path_,
        "SELECT id FROM runs WHERE ruleset = ? AND rules_hash = ? AND engine_version = ? "
        "AND agent = ? AND seed = ? AND games = ? AND partial = ? AND stats_json = ? "
        "ORDER BY id LIMIT 1");
    same.bind(1, run.ruleset).bind(2, run.rules_hash).bind(3, run.engine_version);
    same.bind(4, run.agent).bind(5, std::to_string(run.seed)).bind(6, run.games);
    same.bind(7, run.partial ? 1 : 0).bind(8, run.stats_json);
    if (same.step()) {
      if (added) *added = false;
      return same.integer(0);  // the transaction rolls back: nothing was written
    }
  }
  if (added) *added = true;
  Statement s(
      db, path_,
      "INSERT INTO runs(ruleset, rules_hash, engine_version, agent, seed, games, partial, "
      "stats_json, created_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id");
  s.bind(1, run.ruleset).bind(2, run.rules_hash).bind(3, run.engine_version).bind(4, run.agent);
  s.bind(5, std::to_string(run.seed))
      .bind(6, run.games)
      .bind(7, run.partial ? 1 : 0)
      .bind(8, run.stats_json);
  if (!s.step()) throw ArchiveError(where(path_, "run", "insert returned no row"));
  const int64_t id = s.integer(0);
  s.run();
  tx.commit();
  return id;
}

namespace {
constexpr const char* kRunColumns =
    "SELECT id, ruleset, rules_hash, engine_version, agent, seed, games, partial, stats_json, "
    "created_at FROM runs";

RunRecord read_run(const Statement& s) {
  RunRecord r;
  r.id = s.integer(0);
  r.ruleset = s.text(1);
  r.rules_hash = s.text(2);
  r.engine_version = s.text(3);
  r.agent = s.text(4);
  r.seed = std::stoull(s.text(5));
  r.games = s.integer(6);
  r.partial = s.integer(7) != 0;
  r.stats_json = s.text(8);
  r.created_at = s.text(9);
  return r;
}
}  // namespace

std::vector<RunRecord> Store::list_runs(const std::string& ruleset_filter) {
  // A filter is a ruleset id ("toguz_kumalak/standard") or a game folder ("toguz_kumalak").
  Statement s(db_.get(), path_,
              std::string(kRunColumns) +
                  " WHERE ?1 = '' OR ruleset = ?1 OR substr(ruleset, 1, length(?1) + 1) = ?1 || "
                  "'/' ORDER BY id");
  s.bind(1, ruleset_filter);
  std::vector<RunRecord> out;
  while (s.step()) out.push_back(read_run(s));
  return out;
}

std::optional<RunRecord> Store::get_run(int64_t id) {
  Statement s(db_.get(), path_, std::string(kRunColumns) + " WHERE id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_run(s);
}

}  // namespace mancala::archive
