// Issue 38, branch weg: holes the last counter captures for the rest of the round (weg_count:
// Awagagae, Mewegae, Qelat, Gabata (Shoa I), Um el Banat). Included at the end of engine_steps.h;
// only the profile holding feature::kWeg (kAllFeatures) calls it, where the rules have wegs: once
// a sowing, from the relay of an occupied landing hole or the end of the move (capture none).
#pragma once

#include <algorithm>

#include "simulator/engine.h"

namespace mancala::sim {

// After the last counter of a sowing (relay landing_hole: before the relay from an occupied
// hole, or at the end of the move, capture none, after an empty one): true when the move ends at a
// weg, made there now or one it fell into (whose toll it takes); false when the sowing's end is the
// relay's and the capture rule's as usual. No store is on a path with wegs (finalize).
template <class W>
bool Game::weg_landing(State& s, Sowing& c, W watch) const {
  const int last = c.pos;
  const int p = c.player;
  const auto bit = static_cast<uint16_t>(1u << last);  // a hole: no store on the path, 16 at most
  // Awagagae: "the player cannot begin a turn from their own captured hole nor can they continue
  // sowing from it"; Um el Banat: "If the final counter falls into a player's own marked hole,
  // the turn ends."
  if (s.weg(p) & bit) return true;
  if (s.weg(1 - p) & bit) {
    // Awagagae: "If the last counter of a sowing falls into an opponent's captured hole, nothing
    // happens on the first instance, but every time after that, one of those counters are removed
    // from the board and placed in the store, and the sowing ends."
    if (rules_.weg_toll_spares_first && !(s.weg_spared & bit)) {
      s.weg_spared = static_cast<uint16_t>(s.weg_spared | bit);
      return true;
    }
    // weg_toll one (Awagagae, Qelat): one counter of the weg, the last one staying in it (the hole
    // holds at least the last counter). with_last, Gabata (Shoa I): "the opponent takes one
    // counter from it, along with the final counter ... If it remains empty and the opponent
    // drops their last counter into this hole, the last counter is removed."
    const int n = rules_.weg_toll == WegToll::kOne ? 1 : std::min<int>(2, s.holes[last]);
    s.holes[last] = static_cast<Count>(s.holes[last] - n);
    s.store[p] = static_cast<int16_t>(s.store[p] + n);
    c.fx.captured += n;
    c.fx.by_rule += n;
    watch(Step::Kind::kToll, p, last, n);
    // Qelat: "and the sowing continues with the contents of any of the player's holes".
    if (rules_.weg_toll_extra_move) c.fx.extra_move = true;
    return true;
  }
  // Awagagae: "A hole is captured when the last ball is dropped into an opponent's hole
  // containing three counters, making it four." (weg_count 4); the sowing ends there.
  // The opponent's hole in this round (hole_ownership: holes change owner between rounds).
  if (owner_in(s, last) == p || s.holes[last] != rules_.weg_count) return false;
  s.weg(p) = static_cast<uint16_t>(s.weg(p) | bit);
  watch(Step::Kind::kWeg, p, last, 0);
  return true;
}

}  // namespace mancala::sim
