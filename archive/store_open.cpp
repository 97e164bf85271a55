// Opening an archive: identifying the file, read-only and immutable opens, WAL, the SQL
// functions the queries use, the schema migration and the check before a first write.
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string_view>
#include <thread>

#include "archive/coords.h"
#include "archive/geo.h"
#include "archive/schema.h"
#include "archive/sqlite.h"
#include "archive/store.h"
#include "archive/store_rows.h"
#include "common/file_write.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

namespace fs = std::filesystem;

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

// SQL function mancala_near(latitude, longitude, place_key): during a place search, the distance
// in km of a record found by it (by its coordinates, else its named place), NULL otherwise.
void near_function(sqlite3_context* context, int, sqlite3_value** argv) {
  const auto* near = static_cast<const Store::NearState*>(sqlite3_user_data(context));
  if (near == nullptr || !near->active) {
    sqlite3_result_null(context);
    return;
  }
  if (sqlite3_value_type(argv[0]) != SQLITE_NULL && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    const double lat = sqlite3_value_double(argv[0]), lon = sqlite3_value_double(argv[1]);
    const double km = near->point ? great_circle_km(near->latitude, near->longitude, lat, lon)
                                  : distance_to_area_km(near->area, lat, lon);
    if (km <= near->radius_km) {
      sqlite3_result_double(context, km);
    } else {
      sqlite3_result_null(context);
    }
    return;
  }
  const auto* key = reinterpret_cast<const char*>(sqlite3_value_text(argv[2]));
  const auto it = key == nullptr ? near->place_km.end() : near->place_km.find(key);
  if (it == near->place_km.end()) {
    sqlite3_result_null(context);
  } else {
    sqlite3_result_double(context, it->second);
  }
}

// The functions every connection has: distance_km() and mancala_near().
void create_functions(sqlite3* raw, const std::string& path, Store::NearState* near) {
  int rc = sqlite3_create_function_v2(raw, "distance_km", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                      nullptr, distance_km_function, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) throw_sqlite_error(raw, rc, path);
  rc = sqlite3_create_function_v2(raw, "mancala_near", 3, SQLITE_UTF8, near, near_function, nullptr,
                                  nullptr, nullptr);
  if (rc != SQLITE_OK) throw_sqlite_error(raw, rc, path);
}

// True when this user may write the archive and create files beside it.
bool writable_here(const std::string& path) {
  const fs::path file(path);
  const std::string folder = file.has_parent_path() ? file.parent_path().string() : ".";
  return ::access(path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0;
}

// Whether `path`-wal holds changes that may not be in the file yet (a writer still running, or
// killed before it could fold them in).
bool has_wal(const std::string& path) {
  std::error_code ec;
  const auto size = fs::file_size(path + "-wal", ec);
  return !ec && size > 0;
}

// Where the changes of `path`-wal are that a read-only connection could not read, and why: the
// -wal file this user may not read, or the -shm file SQLite needs beside it (read-only, SQLite
// reads a -wal only through an existing -shm it may read, or one it may create).
std::string unread_wal_reason(const std::string& path) {
  const std::string wal = path + "-wal", shm = path + "-shm";
  if (::access(wal.c_str(), R_OK) != 0) return "are in " + wal + ", which this user may not read";
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(shm, ec))) {
    return "are in " + wal + ", which cannot be read without " + shm +
           ": it is missing and this user may not create it";
  }
  if (::access(shm.c_str(), R_OK) != 0) {
    return "are in " + wal + ", which cannot be read without " + shm +
           ", which this user may not read";
  }
  return "are in " + wal + ", which could not be read with " + shm;
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

int open_immutable(const std::string& path, sqlite3** db) {
  return sqlite3_open_v2(immutable_uri(path).c_str(), db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                         nullptr);
}

// Whether a read-only connection can read: false when the -wal or -shm file it needs cannot be
// opened by this user.
bool readable_now(sqlite3* db) {
  sqlite3_stmt* statement = nullptr;
  int rc = sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_master", -1, &statement, nullptr);
  if (rc == SQLITE_OK) rc = sqlite3_step(statement);
  sqlite3_finalize(statement);
  return rc == SQLITE_ROW;
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

void Store::Closer::operator()(sqlite3* db) const { sqlite3_close_v2(db); }

Store::Store(sqlite3* db, std::string path)
    : db_(db), path_(std::move(path)), near_(std::make_shared<NearState>()) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

Store Store::open(const std::string& path, Mode mode) {
  std::error_code ec;
  // Only a regular file (or a new one) is handed to SQLite: a device or a fifo (/dev/null) would
  // get a -journal file created beside it (in /dev, as root) and fail later as a disk I/O error.
  const fs::file_status status = fs::status(path, ec);
  if (fs::is_directory(status)) throw ArchiveError(where(path, "", "is a folder, not an archive"));
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    throw ArchiveError(where(path, "", "not an archive file (" + files::file_kind(status) + ")"));
  }
  const bool exists = fs::exists(status);
  if (!exists && mode == Mode::kExisting) {
    throw ArchiveError(
        where(path, "", "no archive here (create it with 'mancala evidence import')"));
  }
  sqlite3* raw = nullptr;
  int rc = SQLITE_OK;
  bool wal_unread = false;
  const bool read_only = mode == Mode::kReadOnly;
  if (!read_only) {
    rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  } else if (writable_here(path)) {
    rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  } else if (has_wal(path)) {
    // Not ours to write, but committed changes wait in the -wal file: SQLite reads them through
    // the existing -wal and -shm files without writing either.
    rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    if (rc == SQLITE_OK) sqlite3_busy_timeout(raw, busy_timeout_ms());
    if (rc == SQLITE_OK && !readable_now(raw)) {
      sqlite3_close_v2(raw);
      raw = nullptr;
      rc = open_immutable(path, &raw);
      wal_unread = true;
    }
  } else {
    // Not ours to write: no locks and no -wal/-shm files (immutable), as on read-only media.
    rc = open_immutable(path, &raw);
  }
  Store store(raw, path);
  if (rc != SQLITE_OK) throw_sqlite_error(raw, rc, path);
  if (wal_unread) {
    store.warning_ =
        where(path, "",
              "changes committed by a process that has not closed the archive " +
                  unread_wal_reason(path) +
                  "; they are not shown (they are once the archive's owner opens it, e.g. "
                  "'mancala evidence summary')");
  }
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
    create_functions(raw, path, store.near_.get());
    return store;
  }
  // WAL lets readers work while one process writes; the pragma needs a moment without locks.
  for (int attempt = 0;; ++attempt) {
    char* message = nullptr;
    const int wal = sqlite3_exec(raw, "PRAGMA journal_mode=WAL", nullptr, nullptr, &message);
    sqlite3_free(message);
    if (wal == SQLITE_OK) break;
    if ((wal != SQLITE_BUSY && wal != SQLITE_LOCKED) || attempt * 10 > busy_timeout_ms())
      throw_sqlite_error(raw, wal, path);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // A larger page cache keeps big imports from spilling half-built pages to the WAL.
  exec(raw, path, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; PRAGMA cache_size=-32768");
  create_functions(raw, path, store.near_.get());
  const int fold =
      sqlite3_create_function_v2(raw, "mancala_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                 nullptr, fold_function, nullptr, nullptr, nullptr);
  if (fold != SQLITE_OK) throw_sqlite_error(raw, fold, path);
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

}  // namespace mancala::archive
