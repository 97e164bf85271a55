// The field table's keys of the wegs (issue 38, branch weg): holes the last counter captures for
// the rest of the round (Awagagae, Mewegae, Qelat, Gabata (Shoa I), Um el Banat;
// engine_steps_weg.h).
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_weg_fields(std::vector<FieldInfo>& f) {
  using namespace field_makers;
  const std::string sp = "special holes";
  f.push_back(int_field(
      "weg_count", sp, &RuleSet::weg_count, 0, 20,
      "with relay landing_hole, capture none, capture_fours none, one row a player and no sown "
      "stores: a last counter that makes a hole of the opponent's row hold weg_count makes it the "
      "mover's "
      "weg for the rest of the round, and the move ends there: it is sown into as any hole but "
      "neither player sows from it (a last counter there ends the move), and what it holds when "
      "the round ends is his; 0: no wegs",
      "a weg made at {}", {{"0", "no wegs"}}));
  f.push_back(enum_field(
      "weg_toll", sp, &RuleSet::weg_toll,
      "with weg_count: what the mover takes when his last counter falls into his opponent's weg: "
      "with_last (the last counter and one of the weg's counters; the last counter alone from an "
      "empty weg), one (one of its counters, the last counter staying in it)",
      {{WegToll::kWithLast, "with_last", "the last counter and one more taken from a weg"},
       {WegToll::kOne, "one", "one counter taken from a weg"}}));
  f.push_back(bool_field("weg_toll_spares_first", sp, &RuleSet::weg_toll_spares_first,
                         "with weg_count: the first last counter that falls into each weg takes "
                         "nothing (the move ends there); later ones take the toll",
                         "a weg's first toll spared", "every toll taken"));
  f.push_back(bool_field("weg_toll_extra_move", sp, &RuleSet::weg_toll_extra_move,
                         "with weg_count: after taking a weg's toll the mover sows again from any "
                         "of his holes (another move, as store_extra_move gives)",
                         "another move after a toll", "no move after a toll"));
}

}  // namespace mancala::sim
