// The field table's keys of single two-row games' rules (issue 38, helper tworow): the alternating
// run of after_empty_next (Dongjintian, Zigulzoqge), the opponent's capture after a last counter in
// an empty hole of his row (Yovodi), the counts a facing hole must hold (Okwe (Igbo)) and where
// the last counter of a count_sown_holes capture must fall (Kara).
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_tworow_fields(std::vector<FieldInfo>& f) {
  using namespace field_makers;
  const std::string g = "single games' rules (two rows)";
  f.push_back(bool_field(
      "after_empty_chain", g, &RuleSet::after_empty_chain,
      "with capture after_empty_next: beyond the hole taken (when it held counters), while an "
      "empty hole and an occupied one follow each other along the sowing, each occupied one is "
      "taken too, until two empty or two occupied holes follow each other",
      "the alternating holes beyond taken too", "only the hole after the empty one taken"));
  f.push_back(bool_field(
      "empty_opponent_hole_to_opponent", g, &RuleSet::empty_opponent_hole_to_opponent,
      "with capture empty_own_hole: a last counter falling into an empty hole of the opponent's "
      "row gives the opponent the counters of the mover's hole facing it (the last counter stays)",
      "the opponent taking the mover's hole facing an empty hole of his row",
      "no capture in the opponent's row"));
  f.push_back(int_list_field(
      "facing_counts", g, &RuleSet::facing_counts, 1, 320, 8,
      "with capture opposite_last_in_own_row: the facing hole is taken only when it holds one of "
      "these counts (before the capture); [] (off): whatever it holds",
      "facing holes of {} taken"));
  f.push_back(enum_field(
      "sown_capture_last", g, &RuleSet::sown_capture_last,
      "with capture count_sown_holes: where the last counter must fall for the sown holes to be "
      "taken: anywhere, opponent_row_or_own_rightmost (in the opponent's row or in the mover's "
      "rightmost hole)",
      {{SownCaptureLast::kAnywhere, "anywhere", "sown holes taken wherever the last counter falls"},
       {SownCaptureLast::kOpponentRowOrOwnRightmost, "opponent_row_or_own_rightmost",
        "sown holes taken when the last counter falls in the opponent's row or the mover's "
        "rightmost hole"}}));
  f.push_back(bool_field(
      "short_holes_locked", g, &RuleSet::short_holes_locked,
      "in a match with burn_unfilled false: a hole dealt fewer than counters_per_hole can neither "
      "be sown from nor taken by a count capture until it holds counters_per_hole (a last counter "
      "that fills it unlocks it first); then it plays as any other",
      "holes dealt short locked until filled", "holes dealt short played as any other"));
}

}  // namespace mancala::sim
