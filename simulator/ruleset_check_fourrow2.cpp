// finalize's checks of branch fourrow2's keys (issue 38): optional stops.
#include "simulator/ruleset_internal.h"
#include "simulator/state.h"

namespace mancala::sim {

void finalize_fourrow2_keys(const RuleSet& r, const FinalizeBad& bad) {
  // Sute's capture takes the outer hole alone: nothing is seized to be sown again, and no extra
  // hole follows it.
  if (r.capture_outer == CaptureOuter::kWhenInnerEmpty &&
      (r.capture_resow != CaptureResow::kNone || r.extra_holes > 0))
    bad("capture_outer",
        "when_inner_empty takes the outer hole alone: not with capture_resow or "
        "extra_holes");
  if (r.extra_holes_spare_stops &&
      (r.optional_stop_holes.empty() || r.extra_holes == 0 || r.capture != Capture::kInnerFacing))
    bad("extra_holes_spare_stops", "only has a meaning with extra_holes and optional_stop_holes");
  // Lobudok's locked holes are closed_to holes (State::closed_to), which a match's toll holes use.
  if (r.locked_end_holes &&
      (r.rows_per_player != 2 || r.match || 4 * r.holes_per_row > kMaskHoles ||
       r.capture == Capture::kOccupiedInnerFacing))
    bad("locked_end_holes",
        "needs two rows a player on a board of at most 64 holes, no match of rounds and not Bao's "
        "moves");
  if (r.optional_stop_holes.empty()) return;
  const int side = r.rows_per_player * r.holes_per_row;
  // Misoro Tsoro: "If this final hole is one of the misoro, the player may choose to end their
  // turn instead of continuing to sow": a stop is a relay from the landing hole not made.
  if (r.relay != Relay::kLandingHole)
    bad("optional_stop_holes", "ends a move instead of its relay: it needs relay landing_hole");
  if (r.capture == Capture::kOccupiedInnerFacing)
    bad("optional_stop_holes", "Bao's moves (capture occupied_inner_facing) have their own");
  // Each hole of a side with each of its first kMaxOptionalStops stops fits a MoveList.
  if (side * (1 + kMaxOptionalStops) > kMaxMoves) {
    bad("optional_stop_holes", "needs a side of at most " +
                                   std::to_string(kMaxMoves / (1 + kMaxOptionalStops)) +
                                   " holes (the moves of each stop are listed)");
  }
  if (sows_both_ways(r))
    bad("optional_stop_holes", "not with moves sown either way (each is listed with its stops)");
  for (int h : r.optional_stop_holes) {
    if (h > side)
      bad("optional_stop_holes", "there is no hole " + std::to_string(h) + " on a player's side");
  }
}

}  // namespace mancala::sim
