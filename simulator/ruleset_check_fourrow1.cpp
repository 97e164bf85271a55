// finalize's contradictions of the keys of issue 38's branch fourrow1 (the four-row games of
// southern and central Africa): start_holes, direction_chosen_once, inner_facing_when and
// capture_outer's both_required and when_inner_empty.
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void finalize_fourrow1_keys(
    const RuleSet& r, const std::function<void(const std::string&, const std::string&)>& bad) {
  const bool own_rows = r.circuit == Circuit::kOwnRows;
  if (r.start_holes == StartHoles::kRearmost && !own_rows)
    bad("start_holes",
        "rearmost is the rear of a run of counters along the mover's own rows: it needs circuit "
        "own_rows");
  if (r.direction_chosen_once) {
    if (!own_rows) bad("direction_chosen_once", "needs circuit own_rows (a four-row game)");
    if (r.direction != Direction::kAnticlockwise)
      bad("direction_chosen_once",
          "chooses between the two directions itself: it needs direction anticlockwise");
    if (r.reverse_privilege != ReversePrivilege::kNone)
      bad("direction_chosen_once", "already sows moves both ways: no reverse_privilege with it");
    if (r.single_into_empty_only)
      bad("direction_chosen_once",
          "the next hole depends on the direction of each move: not with single_into_empty_only");
  }
  if (r.inner_facing_when != InnerFacingWhen::kLanding) {
    if (r.capture != Capture::kInnerFacing)
      bad("inner_facing_when", "only has a meaning with capture inner_facing");
    if (r.capture_resow != CaptureResow::kNone)
      bad("inner_facing_when", "is not played with capture_resow (keep its default none)");
    if (r.inner_facing_when == InnerFacingWhen::kOccupiedAnyRow && r.relay != Relay::kLandingHole)
      bad("inner_facing_when",
          "occupied_any_row captures instead of relaying from an occupied landing hole: it needs "
          "relay landing_hole");
    if (r.capture_outer == CaptureOuter::kWhenInnerEmpty)
      bad("inner_facing_when", "is not played with capture_outer when_inner_empty");
    if (r.inner_facing_when == InnerFacingWhen::kOccupiedAnyRow && r.extra_holes > 0)
      bad("inner_facing_when",
          "occupied_any_row takes the facing holes at the landing hole: not with extra_holes");
  }
  const bool new_outer = r.capture_outer == CaptureOuter::kBothRequired ||
                         r.capture_outer == CaptureOuter::kWhenInnerEmpty;
  if (new_outer && r.capture_resow == CaptureResow::kWithLandingHole)
    bad("capture_outer",
        "both_required and when_inner_empty are not played with capture_resow "
        "with_landing_hole");
}

}  // namespace mancala::sim
