// finalize's checks of issue 38's Ethiopian openings and ends (helper "ethiopia"): the keys of
// rule_fields_ethiopia.cpp, each refused with its name where it has no meaning or where the
// stylised opening (ethiopia_opening.cpp) would not play as documented.
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void finalize_ethiopia_keys(
    const RuleSet& r, const std::function<void(const std::string&, const std::string&)>& bad) {
  if (r.stylised_opening != StylisedOpening::kNone) {
    if (r.opening_hole == 0 || r.opening_for != OpeningFor::kFirstPlayer)
      bad("stylised_opening",
          "is the round's first move: it needs opening_hole (the hole it starts from) and "
          "opening_for first_player");
    if (r.rows_per_player != 1) bad("stylised_opening", "needs a board with one row per player");
    if (r.turns != Turns::kAlternating) bad("stylised_opening", "needs alternating turns");
    if (r.stores == StoreMode::kSown) bad("stylised_opening", "not with stores on the path");
    if (sows_both_ways(r))
      bad("stylised_opening", "is sown in the ruleset's direction: not with moves sown both ways");
    if (r.first_into_origin || r.skip_origin_on_laps)
      bad("stylised_opening",
          "its sowing starts from no emptied hole: not with first_into_origin or "
          "skip_origin_on_laps");
    if (r.capture == Capture::kResowOppositePair || r.capture_resow != CaptureResow::kNone ||
        r.tribute != Tribute::kNone || r.capture == Capture::kOccupiedInnerFacing)
      bad("stylised_opening",
          "not with the rules that read the hole a move was lifted from (re-sown captures, "
          "the tribute)");
  }
  if (r.opening_lift != 0 && r.stylised_opening != StylisedOpening::kRowIntoOpponentRow)
    bad("opening_lift", "only has a meaning with stylised_opening row_into_opponent_row");
  if (r.fours_last_relays) {
    if (r.capture_fours != Fours::kInstant)
      bad("fours_last_relays", "only has a meaning with capture_fours instant");
    if (r.fours_last_to_mover)
      bad("fours_last_relays",
          "the last counter's four is either relayed or the mover's: not "
          "with fours_last_to_mover");
    if (r.relay == Relay::kNone) bad("fours_last_relays", "needs a relay");
  }
  if (r.fours_extra_move) {
    if (r.capture_fours == Fours::kNone)
      bad("fours_extra_move", "only has a meaning with capture_fours");
    if (r.turns != Turns::kAlternating) bad("fours_extra_move", "needs alternating turns");
  }
  if (r.left_to != LeftTo::kNextCapturer && r.end_when_left == 0)
    bad("left_to", "only has a meaning with end_when_left");
}

}  // namespace mancala::sim
