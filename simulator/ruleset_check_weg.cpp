// finalize's checks of the wegs' keys (issue 38, branch weg; rule_fields_weg.cpp).
#include "simulator/ruleset_internal.h"
#include "simulator/state.h"

namespace mancala::sim {

void finalize_weg_keys(const RuleSet& r,
                       const std::function<void(const std::string&, const std::string&)>& bad) {
  if (r.weg_count == 0) {
    const RuleSet defaults;
    const char* need = "only has a meaning with weg_count";
    if (r.weg_toll != defaults.weg_toll) bad("weg_toll", need);
    if (r.weg_toll_spares_first) bad("weg_toll_spares_first", need);
    if (r.weg_toll_extra_move) bad("weg_toll_extra_move", need);
    return;
  }
  if (r.weg_count == 1)
    bad("weg_count", "a last counter making a hole hold one fell into an empty hole: 2 at least");
  if (r.rows_per_player != 1) bad("weg_count", "needs a board with one row per player");
  // The wegs share State's words with the way chosen once and Khrour's locked holes (state.h).
  if (r.direction_chosen_once || r.short_holes_locked)
    bad("weg_count", "is not played with direction_chosen_once or short_holes_locked");
  if (2 * r.holes_per_row > 16)
    bad("weg_count", "marks its holes in a 16-hole mask: not on a board of more than 16 holes");
  if (r.stores == StoreMode::kSown) bad("weg_count", "is not played with stores on the path");
  if (r.tuzdyk) bad("weg_count", "a weg is not played with a tuzdyk");
  if (r.capture != Capture::kNone || r.capture_fours != Fours::kNone)
    bad("weg_count",
        "a weg's toll is the captures of its games: it needs capture none and capture_fours none");
  if (r.relay != Relay::kLandingHole)
    bad("weg_count", "ends a relay from the landing hole: it needs relay landing_hole");
  if (r.singletons_last_resort || r.single_into_empty_only)
    bad("weg_count", "is not played with the rules on single counters");
  if (r.weg_toll_extra_move && r.must_feed != MustFeed::kNone)
    bad("must_feed", "the duty to feed is judged once a turn: not with weg_toll_extra_move");
}

}  // namespace mancala::sim
