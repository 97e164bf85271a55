// Issue 38, branch fourrow1: the capture Lisolo makes at an occupied landing hole, a part of the
// move steps of simulator/engine_steps.h, which includes it (private to the simulator).
#pragma once

#include "simulator/engine.h"

namespace mancala::sim {

// Lisolo: "If the final counter lands in an occupied hole, the contents of the two opposite hole
// in the opponent's rows are captured. If both do not have counters, then the player picks up
// the counters from the hole the last counter fell into and continues sowing." The landing hole
// is one of the mover's (either row) and held counters before the last one fell; the two holes
// across the board in its column are taken when capture_outer allows it, and the move ends (the
// caller): else the relay goes on.
template <class W>
bool Game::capture_at_occupied_landing(State& s, Sowing& c, W watch) const {
  const int last = c.pos;
  if (owner(last) != c.player) return false;
  const int inner = opposite(last), outer = opposite_outer(last);
  // both_required: "If both do not have counters" read as unless both have; always: unless
  // neither has (the other reading); after_inner and none: the inner hole must hold counters.
  const bool any_in = s.holes[inner] > 0, any_out = s.holes[outer] > 0;
  const bool takes = rules_.capture_outer == CaptureOuter::kBothRequired ? any_in && any_out
                     : rules_.capture_outer == CaptureOuter::kAlways     ? any_in || any_out
                                                                         : any_in;
  if (!takes) return false;
  int got = take_watched(s, inner, c.player, watch);
  if (rules_.capture_outer != CaptureOuter::kNone &&
      rules_.capture_outer != CaptureOuter::kWhenInnerEmpty)
    got += take_watched(s, outer, c.player, watch);
  c.fx.captured += got;
  c.fx.by_rule += got;
  return true;
}

}  // namespace mancala::sim
