// The one file compiled with the source tree's path (MANCALA_SOURCE_DIR, common/CMakeLists.txt):
// every other file asks here, so moving the checkout changes one object file, not all of them.
#include "common/paths.h"

namespace mancala {

std::filesystem::path data_dir() {
  if (const char* env = std::getenv("MANCALA_DATA"); env && *env) return env;
  if (std::filesystem::is_directory("data/rulesets")) return "data";
  return source_dir() / "data";
}

std::filesystem::path source_dir() { return MANCALA_SOURCE_DIR; }

}  // namespace mancala
