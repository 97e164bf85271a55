// Fuzzes ruleset JSON through `extends` and validation (sim::load_ruleset_file): the input is
// written to a file named like a shipped ruleset's sibling, so "extends" resolves against
// data/rulesets; mancala::Error is the only allowed failure. An accepted ruleset must build a
// game whose initial position is consistent.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

#include "common/error.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"

namespace {

// One scratch file per process, under the system temp folder.
const std::filesystem::path& scratch() {
  static const std::filesystem::path dir = [] {
    std::string pattern = (std::filesystem::temp_directory_path() / "mancala-fuzz-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    std::filesystem::create_directories(std::filesystem::path(pattern) / "fuzz_game");
    return std::filesystem::path(pattern);
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::filesystem::path file = scratch() / "fuzz_game" / "input.json";
  std::FILE* out = std::fopen(file.c_str(), "wb");
  if (out == nullptr) std::abort();
  if (size > 0) std::fwrite(data, 1, size, out);
  std::fclose(out);
  try {
    const mancala::sim::RuleSet rules = mancala::sim::load_ruleset_file(file, scratch());
    const mancala::sim::Game game(rules);
    (void)game.initial_state();
  } catch (const mancala::Error&) {
  }
  return 0;
}
