// Issue 38, branch fourrow2: the legal moves of optional stops (optional_stop_holes, Misoro
// Tsoro's misoro). A move that may end at an occupied landing hole instead of relaying is listed
// as it is (taking no stop) and again with each stop its chain reaches, the first
// kMaxOptionalStops of them (Move::stop; written "o1.2", docs/rules-format.md, "Move notation").
#include <algorithm>

#include "simulator/engine_steps.h"

namespace mancala::sim {
namespace {

// The move steps' watch type of this file: every feature, nobody watching, as Game::NoWatch, but
// a type of its own, so that the steps' instances made here (capture_family's, out of line) are
// not the engine's: the linker keeps one copy of each instance, and one compiled here, where
// Game's board functions are not inlined, made every other ruleset of the last profile slower.
struct CountingStops {
  static constexpr bool kOn = false;
  static constexpr Features kFeatures = kAllFeatures;
  void operator()(Step::Kind, int, int, int, int = kNobody) const {}
};

}  // namespace

int Game::optional_stops(const State& s, int player, Move m) const {
  State copy = s;
  Sowing c;
  m.stop = 0;  // the whole chain, every stop passed
  begin_move(copy, player, m, c, CountingStops{});
  run_move(copy, c, CountingStops{});
  return c.stops;
}

void Game::add_stop_moves(const State& s, int player, MoveList& out) const {
  const int listed = out.size;
  for (int i = 0; i < listed; ++i) {
    const Move m = out[i];
    const int n = std::min(optional_stops(s, player, m), kMaxOptionalStops);
    for (int k = 1; k <= n; ++k) out.push(Move{m.hole, m.reverse, static_cast<uint8_t>(k)});
  }
}

}  // namespace mancala::sim

namespace mancala::sim {

// Lobudok: "the leftmost and rightmost holes in both of their rows": o1, oN, iN and i1, the
// first and last holes of each row along the player's path.
HoleBits Game::end_holes(int player) const {
  const int n = rules_.holes_per_row;
  HoleBits bits = 0;
  for (int k : {0, n - 1, n, 2 * n - 1}) bits |= HoleBits{1} << global(player, k);
  return bits;
}

// "When it is no longer possible for the player to make a legal move using only these twelve
// holes, they may then play using all of the holes. The opponent must continue using only twelve
// holes until they also cannot make a legal move with them."
bool Game::unlock_end_holes(State& s) const {
  if (!rules_.locked_end_holes || s.closed_to[s.to_move] == 0) return false;
  s.closed_to[s.to_move] = 0;
  return has_move(s, s.to_move);
}

}  // namespace mancala::sim
