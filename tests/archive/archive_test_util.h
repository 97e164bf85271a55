// Helpers for the archive tests on top of tests/test_support.h: a temporary folder, the fixtures
// and plain SQL on a store. Running the `evidence` commands in-process: the cli tests'
// tests/cli/archive_cli_test_util.h.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../test_support.h"
#include "common/paths.h"

namespace mancala::archive::testing {

using test_support::read_text;
using test_support::write_text;

// A fresh folder for an archive test, removed with everything in it at the end.
class TempDir : public test_support::TempDir {
 public:
  TempDir() : test_support::TempDir("archive") {}
};

inline std::string fixture(const std::string& name) {
  return (mancala::source_dir() / "tests").string() + "/archive/fixtures/" + name;
}

inline std::string evidence_data_dir() {
  return (mancala::source_dir() / "data" / "evidence").string();
}

// The six curated seed files of data/evidence (not its dlp/ subfolder of the DLP's 249 games),
// copied once into a folder of their own, removed when the test process ends: the tests about
// the seed records import exactly them.
inline std::string seed_evidence_dir() {
  static const std::string dir = [] {
    namespace fs = std::filesystem;
    const fs::path d = fs::temp_directory_path() / ("mancala-seeds-" + std::to_string(::getpid()));
    fs::create_directories(d);
    for (const auto& entry : fs::directory_iterator(evidence_data_dir())) {
      if (entry.is_regular_file() && entry.path().extension() == ".json")
        fs::copy_file(entry.path(), d / entry.path().filename(),
                      fs::copy_options::overwrite_existing);
    }
    static const std::string removed = d.string();
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(removed, ec);
    });
    return d.string();
  }();
  return dir;
}

// Heavy loops are scaled down under the sanitizers (never skipped): a fifth of n.
inline int scaled(int n) { return test_support::scaled(n, 5); }

// Runs SQL on a file with plain SQLite, outside the Store.
inline void raw_sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  EXPECT_EQ(rc, SQLITE_OK) << (message ? message : "");
  sqlite3_free(message);
  sqlite3_close(db);
}

inline std::string raw_text(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_stmt* stmt = nullptr;
  std::string out;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW) {
    out = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}

}  // namespace mancala::archive::testing
