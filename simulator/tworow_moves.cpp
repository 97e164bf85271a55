// Issue 38, helper tworow: the steps of single two-row games' rules run once a move, out of line
// (the move loop's templates call them only under their feature bits: engine_steps.h).
#include <algorithm>
#include <bit>
#include <vector>

#include "simulator/engine.h"

namespace mancala::sim {

// Okwe (Igbo): "captures are made from the opponent's opposite hole if it contains one or three
// counters." Whether the hole opposite_last_in_own_row takes holds one of facing_counts (any count
// when there are none).
bool Game::facing_count_captures(const State& s, const Sowing& c) const {
  const int facing = opposite(rules_.capture_facing == CaptureFacing::kOriginHole ? c.from : c.pos);
  const int n = s.holes[facing];
  const std::vector<int>& counts = rules_.facing_counts;
  return counts.empty() || std::find(counts.begin(), counts.end(), n) != counts.end();
}

// Khrour: "Sowing cannot begin and captures cannot be made from these holes until the contents of
// these holes reaches the required number of counters to fill them."
void Game::unlock_filled(State& s) const {
  for (HoleBits b = s.locked(); b != 0; b &= b - 1) {
    const int pos = std::countr_zero(b);
    if (s.holes[pos] >= rules_.counters_per_hole)
      s.locked() = static_cast<uint16_t>(s.locked() & ~(1u << pos));
  }
}

}  // namespace mancala::sim
