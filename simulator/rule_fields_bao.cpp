// The field table's keys of Bao's rules (issue 38): counters entered from the hand, the duty to
// capture and the end by an empty inner row, played with capture occupied_inner_facing
// (bao_moves.cpp; docs/rules-format.md, "Bao").
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_bao_fields(std::vector<FieldInfo>& f) {
  const std::string b = "counters in hand (Bao)";
  f.push_back(field_makers::int_field(
      "in_hand", b, &RuleSet::in_hand, 0, 40,
      "with capture occupied_inner_facing: the counters each player holds in his hand at the "
      "start, beside those on the board; while his hand holds any, each of his moves enters one "
      "into an occupied hole of his inner row (a move written '+i5': Bao's namua) and captures "
      "from there or sows that hole; 0: off",
      "{} counters in each player's hand", {{"0", "no counters in hand"}}));
  f.push_back(field_makers::bool_field(
      "must_capture", b, &RuleSet::must_capture,
      "with capture occupied_inner_facing: when some move captures at once (its entry, or the "
      "last counter of its first sowing), only such moves are legal",
      "a capture must be made when one can", "no duty to capture"));
  f.push_back(field_makers::bool_field(
      "end_on_empty_inner_row", b, &RuleSet::end_on_empty_inner_row,
      "with capture occupied_inner_facing: a move that leaves the opponent's inner row empty wins "
      "(one that leaves only the mover's own inner row empty loses)",
      "an empty inner row loses", "an empty inner row does not end the round"));
}

}  // namespace mancala::sim
