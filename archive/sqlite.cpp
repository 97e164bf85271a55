#include "archive/sqlite.h"

#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "common/error.h"

namespace mancala::archive {
namespace {

// The folder SQLite keeps `path` and its -wal and -shm files in.
std::string folder_of(const std::string& path) {
  const std::filesystem::path file(path);
  return file.has_parent_path() ? file.parent_path().string() : ".";
}

// Why SQLite could not write the archive, as far as the file system says: the file, its folder
// (SQLite creates <file>-wal and <file>-shm there) or a -wal/-shm file another user left.
std::string why_not_writable(const std::string& path, const std::string& detail) {
  const std::string folder = folder_of(path);
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

// Why SQLite could not open (or create) `path`: its folder missing, or not ours to write.
std::string why_not_opened(const std::string& path, const std::string& detail) {
  const std::string folder = folder_of(path);
  std::error_code ec;
  if (!std::filesystem::exists(folder, ec))
    return "cannot open the archive: its folder " + folder + " does not exist (create it first)";
  if (!std::filesystem::is_directory(folder, ec))
    return "cannot open the archive: " + folder + " is not a folder";
  return "cannot open the archive (" + detail + ")";
}

}  // namespace

int busy_timeout_ms() {
  if (const char* env = std::getenv("MANCALA_BUSY_TIMEOUT"); env != nullptr && *env != '\0') {
    char* end = nullptr;
    const long seconds = std::strtol(env, &end, 10);
    if (*end == '\0' && seconds >= 0 && seconds <= 3600) return static_cast<int>(seconds) * 1000;
  }
  return 15000;
}

void throw_sqlite_error(sqlite3* db, int rc, const std::string& path, const std::string& doing) {
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
      what = why_not_opened(path, detail);
      break;
    default:
      what = (doing.empty() ? "" : doing + ": ") + detail;
  }
  throw ArchiveError(where(path, "", what));
}

void exec(sqlite3* db, const std::string& path, const char* sql) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  sqlite3_free(message);
  if (rc != SQLITE_OK) throw_sqlite_error(db, rc, path);
}

int64_t pragma_integer(sqlite3* db, const std::string& path, const char* name) {
  Statement s(db, path, std::string("PRAGMA ") + name);
  return s.step() ? s.integer(0) : 0;
}

Statement::Statement(sqlite3* db, std::string path, const std::string& sql)
    : db_(db), path_(std::move(path)) {
  const int rc = sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &stmt_, nullptr);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, path_);
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int i, const std::string& v) {
  check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  return *this;
}

Statement& Statement::bind(int i, int64_t v) {
  check(sqlite3_bind_int64(stmt_, i, v));
  return *this;
}

Statement& Statement::bind(int i, double v) {
  check(sqlite3_bind_double(stmt_, i, v));
  return *this;
}

Statement& Statement::bind_null(int i) {
  check(sqlite3_bind_null(stmt_, i));
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw_sqlite_error(db_, rc, path_);
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int c) const { return sqlite3_column_type(stmt_, c) == SQLITE_NULL; }

int64_t Statement::integer(int c) const { return sqlite3_column_int64(stmt_, c); }

double Statement::real(int c) const { return sqlite3_column_double(stmt_, c); }

std::string Statement::text(int c) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, c));
  return p == nullptr ? std::string()
                      : std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, c)));
}

std::optional<int64_t> Statement::optional_integer(int c) const {
  return is_null(c) ? std::nullopt : std::optional<int64_t>(integer(c));
}

std::optional<double> Statement::optional_real(int c) const {
  return is_null(c) ? std::nullopt : std::optional<double>(real(c));
}

void Statement::check(int rc) const {
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, path_);
}

Transaction::Transaction(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {
  exec(db_, path_, "BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  exec(db_, path_, "COMMIT");
  done_ = true;
}

}  // namespace mancala::archive
