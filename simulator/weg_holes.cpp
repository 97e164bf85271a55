// Issue 38, branch weg: what a round's wegs hold (weg_count), once a round or once a search's
// evaluation: out of the move loop's unity group (simulator/CMakeLists.txt).
#include <bit>

#include "simulator/engine.h"

namespace mancala::sim {

// Awagagae: "A player cannot then take from one of these holes that they have captured":
// nobody sows from a weg, its capturer nor the owner of its row (finalize: no rule on single
// counters with wegs).
HoleBits Game::weg_playable(const State& s, int player, HoleBits bits) const {
  return bits & ~(HoleBits{s.wegs()} >> (player * rules_.holes_per_player));
}

int Game::weg_counters(const State& s, int player) const {
  int n = 0;
  for (unsigned bits = s.weg(player); bits != 0; bits &= bits - 1)
    n += s.holes[std::countr_zero(bits)];
  return n;
}

// Awagagae: "Play continues until all counters are either placed in the store or in captured
// holes and thus cannot be moved. Players then count their pieces"; Um el Banat: "The game ends
// when only marked holes contain counters. These are then captured by the players who marked
// them." Each weg's counters go to its capturer, before each player takes his own rows.
void Game::take_wegs(State& s, StepObserver* steps) const {
  for (int p = 0; p < 2; ++p) {
    for (unsigned bits = s.weg(p); bits != 0; bits &= bits - 1) {
      const int pos = std::countr_zero(bits);
      if (steps) {
        take_watched(s, pos, p, StepWatch{steps});
      } else {
        take(s, pos, p);
      }
    }
  }
}

}  // namespace mancala::sim
