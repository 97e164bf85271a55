// The field table's keys of the four-row games of southern and central Africa (issue 38, branch
// fourrow1): the rearmost hole of Chiana wa Bwalo, the direction Chisolo's players choose once,
// and where the last counter must fall for capture inner_facing (Chiana wa Bwalo, Lisolo).
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_fourrow1_fields(std::vector<FieldInfo>& f) {
  using field_makers::bool_field;
  using field_makers::enum_field;
  const std::string g = "four-row sowing and captures";
  f.push_back(enum_field(
      "start_holes", g, &RuleSet::start_holes,
      "the holes a move may start from: any (every playable hole); rearmost (with circuit "
      "own_rows: the rear hole of a run of counters, an occupied hole whose hole before it on the "
      "mover's path is empty; when every hole of his holds counters, any)",
      {{StartHoles::kAny, "any", "moves from any hole"},
       {StartHoles::kRearmost, "rearmost", "moves only from the rear hole of a run of counters"}}));
  f.push_back(bool_field(
      "direction_chosen_once", g, &RuleSet::direction_chosen_once,
      "with direction anticlockwise: each player's first move is sown clockwise (written with "
      "'<'), his second either way, and every later move of his the way his second went",
      "the first move clockwise, the way of the second kept",
      "no direction chosen once for the game"));
  f.push_back(enum_field(
      "inner_facing_when", g, &RuleSet::inner_facing_when,
      "with capture inner_facing: where the last counter must fall to capture: landing (in the "
      "mover's inner row, where the relay leaves it: an empty hole with relay landing_hole); "
      "empty (in an empty hole of his inner row, whatever the relay); occupied_any_row (with "
      "relay landing_hole: in an occupied hole of either of his rows, the facing holes taken "
      "instead of relaying, when capture_outer allows it, and the move ends; else the relay)",
      {{InnerFacingWhen::kLanding, "landing", "a capture where the last counter ends"},
       {InnerFacingWhen::kEmpty, "empty", "a capture only from an empty inner hole"},
       {InnerFacingWhen::kOccupiedAnyRow, "occupied_any_row",
        "a capture from an occupied hole of either row, instead of relaying"}}));
}

}  // namespace mancala::sim
