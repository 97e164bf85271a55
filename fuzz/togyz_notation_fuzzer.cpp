// Fuzzes the Toguz Kumalak notation reader and replay (sim::parse_togyz_notation,
// sim::replay_togyz_notation under the standard rules): mancala::Error or a final position.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/error.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"
#include "simulator/togyz_notation.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const mancala::sim::Game game(mancala::sim::load_ruleset("toguz_kumalak/standard"));
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    mancala::sim::replay_togyz_notation(game, mancala::sim::parse_togyz_notation(text));
  } catch (const mancala::Error&) {
  }
  return 0;
}
