// The field table's keys of the rest of Bao's rules (issue 38, helper bao2): the house, the
// kichwa's direction, the holes of sixteen, the duties of a move without capture, takasa and the
// end in the middle of a sowing, played with capture occupied_inner_facing (bao_moves.cpp;
// docs/rules-format.md, "Bao").
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_bao2_fields(std::vector<FieldInfo>& f) {
  const std::string b = "counters in hand (Bao)";
  f.push_back(field_makers::int_field(
      "house", b, &RuleSet::house, 0, 20,
      "with in_hand: 0: off; else the nyumba (the inner hole right of the centre, i5 of 8) is the "
      "house while it holds at least this many and has never been emptied; in the namua it "
      "cannot be emptied (an entry into it that does not capture is played only when it is the "
      "only occupied inner hole, and sows the entered counter alone into the hole beside it), a "
      "sowing whose last counter falls into it without capture ends the move, and an entry that "
      "does not capture goes into a hole of one counter only when the house stands or every "
      "occupied inner hole holds one",
      "the nyumba is the house while it holds at least {}", {{"0", "no house"}}));
  f.push_back(field_makers::bool_field(
      "house_stop", b, &RuleSet::house_stop,
      "with house: after the namua, a sowing whose last counter falls into the standing house "
      "without capture may end the move there (the move written with '.1') or go on from the "
      "house, which is then emptied",
      "the mover may stop in the house", "no stop in the house"));
  f.push_back(field_makers::bool_field(
      "kichwa_inward", b, &RuleSet::kichwa_inward,
      "with capture occupied_inner_facing: a move may not start by sowing an end hole of the "
      "inner row (a kichwa) toward the outer row, unless it is the only occupied inner hole",
      "a kichwa is sown into the inner row", "a kichwa is sown either way"));
  f.push_back(field_makers::int_field(
      "big_hole", b, &RuleSet::big_hole, 0, 64,
      "with in_hand: 0: off; else after the namua and until its first capture (by either "
      "player), a hole holding at least this many may be played only when no other hole can, "
      "and a move begun from one captures nothing",
      "a hole of {} or more is not played until the first capture after the namua",
      {{"0", "no rule for big holes"}}));
  f.push_back(field_makers::bool_field(
      "no_capture_duty", b, &RuleSet::no_capture_duty,
      "with capture occupied_inner_facing: when no move captures at once, a move whose first "
      "sowing ends in the mover's standing house (house) must be played if there is one, else "
      "one whose first sowing ends in an occupied hole; a move ending in an empty hole only when "
      "nothing else can be played",
      "without a capture the sowing must end in the house or an occupied hole",
      "no duty without a capture"));
  f.push_back(field_makers::bool_field(
      "takasa", b, &RuleSet::takasa,
      "with capture occupied_inner_facing: after the namua, when a move captures nothing, the "
      "opponent can capture nothing and the mover could capture at once again, the opponent may "
      "not sow on his next move from the inner holes so threatened, unless such a hole is his "
      "standing house, his only occupied inner hole or his only inner hole of more than one",
      "takasa: a threatened hole may not be sown", "no takasa"));
  f.push_back(field_makers::bool_field(
      "end_mid_sowing", b, &RuleSet::end_mid_sowing,
      "with end_on_empty_inner_row: the end is judged in the middle of a move too: the mover "
      "loses as soon as a sowing's first counter falls into his outer row with his inner row "
      "empty, and wins as soon as a capture empties his opponent's inner row (the move ends "
      "once that sowing is over)",
      "an empty inner row loses in the middle of a sowing",
      "an empty inner row is judged when the move is over"));
  f.push_back(field_makers::bool_field(
      "inner_row_first", b, &RuleSet::inner_row_first,
      "with capture occupied_inner_facing: after the namua, when no move captures at once, a move "
      "must start from an inner hole when one can be played",
      "without a capture a move starts in the inner row", "a move starts in either row"));
  f.push_back(field_makers::bool_field(
      "later_captures_need_first", b, &RuleSet::later_captures_need_first,
      "with capture occupied_inner_facing: after the namua, a move whose first sowing's last "
      "counter captures nothing captures nothing later in the turn (its last counters in occupied "
      "holes are lifted and sown on)",
      "a move captures later only if its first sowing did", "every sowing of a move may capture"));
  f.push_back(field_makers::bool_field(
      "enter_empty", b, &RuleSet::enter_empty,
      "with in_hand: an entry may go into an empty inner hole too (capturing when the facing hole "
      "is occupied, else sowing the entered counter alone)",
      "a counter may be entered into an empty hole", "counters are entered into occupied holes"));
}

}  // namespace mancala::sim
