// finalize's contradictions of the keys of single two-row games' rules (issue 38, helper tworow:
// rule_fields_tworow.cpp).
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void finalize_tworow_keys(const RuleSet& r, const BadKey& bad) {
  if (r.after_empty_chain && r.capture != Capture::kAfterEmptyNext)
    bad("after_empty_chain", "only has a meaning with capture after_empty_next");
  if (r.empty_opponent_hole_to_opponent && r.capture != Capture::kEmptyOwnHole)
    bad("empty_opponent_hole_to_opponent", "only has a meaning with capture empty_own_hole");
  if (!r.facing_counts.empty() && r.capture != Capture::kOppositeLastInOwnRow)
    bad("facing_counts", "only has a meaning with capture opposite_last_in_own_row");
  if (r.sown_capture_last != SownCaptureLast::kAnywhere && r.capture != Capture::kCountSownHoles)
    bad("sown_capture_last", "only has a meaning with capture count_sown_holes");
  if (r.short_holes_locked) {
    if (2 * r.rows_per_player * r.holes_per_row > 16)
      bad("short_holes_locked", "is played on boards of at most 16 holes");
    if (!r.match || r.burn_unfilled)
      bad("short_holes_locked",
          "locks the holes a match deals short and leaves in play: it needs match and "
          "burn_unfilled false");
    if (r.capture != Capture::kCount || r.capture_chain != CaptureChain::kNone ||
        r.relay != Relay::kNone)
      bad("short_holes_locked",
          "is played with capture count, no capture_chain and relay none (Khrour's rules)");
  }
}

}  // namespace mancala::sim
