// Issue 38, branch fourrow2: move steps of the four-row games of East Africa, out of
// capture_family's line (a part of simulator/engine_steps.h, which includes it).
#pragma once

#include "simulator/engine.h"

namespace mancala::sim {

// Misoro Tsoro (Additional Capture): "The player also captures the counters from the agreed-upon
// number of holes on the opponent's side of the board. Counters in misoro cannot be captured with
// one of these additional captures." capture_family's extra holes (the fullest first; ties: the
// first along the opponent's path), never one of the opponent's optional-stop holes.
template <class W>
int Game::extra_holes_sparing_stops(State& s, int player, W watch) const {
  int got = 0;
  for (int n = rules_.extra_holes; n > 0; --n) {
    int best = -1;
    for (int k = 0; k < rules_.holes_per_player; ++k) {
      const int pos = global(1 - player, k);
      if (stop_holes_ >> k & 1u) continue;
      if (s.sink[pos] == kNobody && s.holes[pos] > (best < 0 ? 0 : s.holes[best])) best = pos;
    }
    if (best < 0) break;
    got += take_watched(s, best, player, watch);
  }
  return got;
}

// Sute: "When a counter lands in a hole in the inner row and the opponent's opposite inner row
// hole is empty, the contents of the opponent's opposite outer row hole are captured." Nothing
// when that inner hole is occupied (capture_resow none and no extra holes: finalize).
template <class W>
int Game::outer_when_inner_empty(State& s, int player, int last, W watch) const {
  if (s.holes[opposite(last)] != 0) return 0;
  return take_watched(s, opposite_outer(last), player, watch);
}

}  // namespace mancala::sim
