// Issue 38, helper tworow: move steps of single two-row games' rules, a part of the move steps of
// simulator/engine_steps.h, which includes it (private to the simulator).
#pragma once

#include "simulator/engine.h"

namespace mancala::sim {

// The captures of the rule keys of single two-row games (Game::tworow_capture_), played instead
// of capture_by_rule's switch, so that its line is the one every other game plays.
template <class W>
void Game::tworow_capture(State& s, Sowing& c, W watch) const {
  const int p = c.player;
  const int last = c.pos;
  MoveEffect& fx = c.fx;
  switch (rules_.capture) {
    case Capture::kAfterEmptyNext:
      // Dongjintian, Zigulzoqge (after_empty_chain).
      fx.captured += take_alternating_run(s, c, watch);
      return;
    case Capture::kEmptyOwnHole: {
      // Yovodi: "When the final counter lands in an empty hole in the player's own row, the
      // contents of the hole opposite it in the opponent's row are captured. If the final counter
      // lands in an empty hole in the opponent's row, the opponent captures the counters in the
      // hole opposite it in the player's row." (empty_opponent_hole_to_opponent; the rest as
      // capture_by_rule's empty_own_hole)
      if (last >= kMaxHoles || s.sink[last] != kNobody || s.holes[last] != 1) return;
      const int facing = opposite(last);
      if (owner(last) != p) {
        fx.opponent_captured += take_watched(s, facing, 1 - p, watch);
        return;
      }
      if (s.holes[facing] == 0 && !rules_.capture_empty_facing) return;
      fx.captured += take_watched(s, facing, p, watch);
      if (rules_.capture_takes_last) fx.captured += take_watched(s, last, p, watch);
      return;
    }
    case Capture::kOppositeLastInOwnRow:
      // Okwe (Igbo): "When the final counter lands in a hole in the player's own row, captures
      // are made from the opponent's opposite hole if it contains one or three counters."
      // (facing_counts)
      if (last < kMaxHoles && owner(last) == p && facing_count_captures(s, c)) {
        fx.captured += take_watched(
            s, opposite(rules_.capture_facing == CaptureFacing::kOriginHole ? c.from : last), p,
            watch);
      }
      return;
    case Capture::kCountSownHoles:
      // Kara: "If the final counter lands in an opponent's hole or the rightmost hole belonging
      // to the player sowing, having dropped counters in the opponent's holes making them contain
      // two, four, or six counters, the contents of those holes are captured."
      // (sown_capture_last opponent_row_or_own_rightmost)
      if (last >= kMaxHoles || (owner(last) == p && local(last) != rules_.holes_per_player - 1))
        return;
      capture_family(s, c, watch);
      return;
    case Capture::kCount:
      // Khrour: "captures cannot be made from these holes until the contents of these holes
      // reaches the required number of counters to fill them" (short_holes_locked; a hole the last
      // counter fills is unlocked first).
      if (s.locked() != 0) {
        unlock_filled(s);
        if (in_mask(s.locked(), last)) return;
      }
      capture_family(s, c, watch);
      return;
    case Capture::kNone:  // no key of these games' acts with the other captures
    case Capture::kEvenInOpponentRow:
    case Capture::kOppositeEmptyNext:
    case Capture::kResowOppositePair:
    case Capture::kEmptyHole:
    case Capture::kInnerFacing:
    case Capture::kNextAfterEmpty:
    case Capture::kOccupiedInnerFacing:
      return;
  }
}

// Dongjintian: "When the hole after the end of a sowing is empty, the counters in the next hole
// following it are captured. If a pattern of alternating empty and occupied holes continues after
// this, the counters in the occupied holes are captured, until there are two occupied or two empty
// holes in a row." The run starts at the hole after the empty one. The run goes along the move's
// direction and stops short of the hole the last counter fell into (so it never comes back to a
// hole it took) and of any store.
template <class W>
int Game::take_alternating_run(State& s, const Sowing& c, W watch) const {
  const int p = c.player;
  if (c.empty_next < 0) return 0;  // the move did not end before an empty hole
  const int beyond = step(s, p, c.reverse, c.empty_next);
  if (beyond >= kMaxHoles || s.holes[beyond] == 0) return 0;  // nothing taken: no run
  int got = take_watched(s, beyond, p, watch);
  int pos = beyond;
  for (int n = 0; n < rules_.total_holes; ++n) {
    const int empty = step(s, p, c.reverse, pos);
    if (empty >= kMaxHoles || empty == c.pos || s.holes[empty] != 0) break;  // two occupied
    const int occupied = step(s, p, c.reverse, empty);
    if (occupied >= kMaxHoles || occupied == c.pos || s.holes[occupied] == 0) break;  // two empty
    got += take_watched(s, occupied, p, watch);
    pos = occupied;
  }
  return got;
}

}  // namespace mancala::sim
