// A small SQLite wrapper for the store: prepared statements and IMMEDIATE transactions, each
// failure turned into an ArchiveError "<archive path>: <what is wrong>" in the user's words
// (not a mancala archive, corrupt, busy, not writable, cannot open).
//
// Both classes own what they need (the connection handle they were given and a copy of the
// archive's path for messages), so neither outlives a caller's string. The connection itself is
// owned by the Store; a Statement or Transaction must not outlive it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "archive/error.h"

struct sqlite3;
struct sqlite3_stmt;

namespace mancala::archive {

// How long a connection waits for another process's lock: $MANCALA_BUSY_TIMEOUT seconds if set
// (0 to 3600), else 15 s.
int busy_timeout_ms();

// Throws the ArchiveError for SQLite result code `rc` on the archive at `path` (`doing`, when
// given, prefixes an SQLite message that has no plainer wording).
[[noreturn]] void throw_sqlite_error(sqlite3* db, int rc, const std::string& path,
                                     const std::string& doing = "");

// Runs SQL text without results (several statements allowed); throws on failure.
void exec(sqlite3* db, const std::string& path, const char* sql);

// The integer value of `PRAGMA <name>` (0 when it returns no row).
int64_t pragma_integer(sqlite3* db, const std::string& path, const char* name);

// A prepared statement, finalized by the destructor: bind by position (1-based), step, read
// columns (0-based). Every failure throws ArchiveError naming the archive.
class Statement {
 public:
  Statement(sqlite3* db, std::string path, const std::string& sql);
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  Statement& bind(int i, const std::string& v);
  Statement& bind(int i, const char* v) { return bind(i, std::string(v)); }
  Statement& bind(int i, int64_t v);
  Statement& bind(int i, int v) { return bind(i, static_cast<int64_t>(v)); }
  Statement& bind(int i, double v);
  Statement& bind_null(int i);
  template <typename T>
  Statement& bind(int i, const std::optional<T>& v) {
    return v ? bind(i, *v) : bind_null(i);
  }

  // Runs one step: true when a row is ready.
  bool step();
  // Steps until done.
  void run();
  // Ready to run again, with every parameter unbound.
  void reset();

  bool is_null(int c) const;
  int64_t integer(int c) const;
  double real(int c) const;
  std::string text(int c) const;
  std::optional<int64_t> optional_integer(int c) const;
  std::optional<double> optional_real(int c) const;

 private:
  void check(int rc) const;
  sqlite3* db_;
  std::string path_;
  sqlite3_stmt* stmt_ = nullptr;
};

// An IMMEDIATE transaction (takes the write lock at once, so two writers queue on the busy
// timeout instead of failing on a lock upgrade); rolled back by the destructor unless commit()
// was reached.
class Transaction {
 public:
  Transaction(sqlite3* db, std::string path);
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();
  void commit();

 private:
  sqlite3* db_;
  std::string path_;
  bool done_ = false;
};

}  // namespace mancala::archive
