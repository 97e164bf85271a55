// Where the project's data and default database live.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace mancala {

// The data/ folder: $MANCALA_DATA if set, else ./data if it exists, else the source tree's.
std::filesystem::path data_dir();

// The source tree the program was built from (its docs and tests; data_dir() for the data).
std::filesystem::path source_dir();

// The archive file: the --db option if given, else $MANCALA_DB, else ./mancala.db.
inline std::string default_db_path(const std::string& option = "") {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("MANCALA_DB"); env && *env) return env;
  return "mancala.db";
}

}  // namespace mancala
