// finalize's checks of the rest of Bao's rules (issue 38, helper bao2: rule_fields_bao2.cpp).
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void finalize_bao2_keys(const RuleSet& r, const BadKey& bad) {
  const bool bao = r.capture == Capture::kOccupiedInnerFacing;
  const char* need = "only has a meaning with capture occupied_inner_facing";
  if (!bao) {
    if (r.house > 0) bad("house", need);
    if (r.house_stop) bad("house_stop", need);
    if (r.kichwa_inward) bad("kichwa_inward", need);
    if (r.big_hole > 0) bad("big_hole", need);
    if (r.no_capture_duty) bad("no_capture_duty", need);
    if (r.takasa) bad("takasa", need);
    if (r.end_mid_sowing) bad("end_mid_sowing", need);
    if (r.inner_row_first) bad("inner_row_first", need);
    if (r.later_captures_need_first) bad("later_captures_need_first", need);
    if (r.enter_empty) bad("enter_empty", need);
    return;
  }
  if (r.house > 0 && r.in_hand == 0)
    bad("house", "the house's rules are the namua's: they need in_hand");
  if (r.house_stop && r.house == 0) bad("house_stop", "needs house");
  if (r.big_hole > 0 && r.in_hand == 0)
    bad("big_hole", "is judged after the namua: it needs in_hand");
  if (r.enter_empty && r.in_hand == 0) bad("enter_empty", "is the namua's: it needs in_hand");
  if (r.enter_empty && r.house > 0)
    bad("enter_empty", "an entry into the house's empty neighbours is not played: not with house");
  if (r.end_mid_sowing && !r.end_on_empty_inner_row)
    bad("end_mid_sowing", "needs end_on_empty_inner_row");
  // The takasa's mask names the holes of one inner row (State::takasa, 8 bits).
  if (r.takasa && r.holes_per_row > 8) bad("takasa", "is played on rows of at most 8 holes");
  if (r.house > 0 && r.holes_per_row < 4)
    bad("house", "needs rows of at least 4 holes (the nyumba beside the centre)");
}

}  // namespace mancala::sim
