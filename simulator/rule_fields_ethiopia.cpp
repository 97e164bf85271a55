// The field table's keys of issue 38's Ethiopian openings and ends (helper "ethiopia"): the
// stylised move a round's first move makes (Gabata (Oromo), Lam Waladach, Gabata (Wuqro),
// Jimafesosh, Lamosh; ethiopia_opening.cpp), a four made by a sowing's last counter relayed
// instead of taken, and who takes the counters end_when_left leaves.
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_ethiopia_fields(std::vector<FieldInfo>& f) {
  using namespace field_makers;
  const std::string o = "stylised openings and their ends (issue 38)";
  f.push_back(enum_field(
      "stylised_opening", o, &RuleSet::stylised_opening,
      "with opening_hole and opening_for first_player: the stylised move the round's first move "
      "makes from the opening hole before it sows on by the usual rules: none; pairs_into_next "
      "(round the board from the opening hole, each second hole's counters into the next hole; "
      "the last hole so filled is lifted and sown); row_into_opponent_row (opening_lift counters "
      "from each of the mover's holes, sown from the opponent's first hole); ones_into_next (one "
      "counter of the opening hole held; from each second hole after it one counter into the "
      "next, round to the opening hole; the held counter sown into the hole after it)",
      {{StylisedOpening::kNone, "none", "no stylised opening"},
       {StylisedOpening::kPairsIntoNext, "pairs_into_next",
        "a stylised opening of every second hole into the next"},
       {StylisedOpening::kRowIntoOpponentRow, "row_into_opponent_row",
        "a stylised opening of the mover's row sown into the opponent's"},
       {StylisedOpening::kOnesIntoNext, "ones_into_next",
        "a stylised opening of single counters into the next hole"}}));
  f.push_back(int_field("opening_lift", o, &RuleSet::opening_lift, 0, 20,
                        "with stylised_opening row_into_opponent_row: the counters lifted from "
                        "each of the mover's holes (a hole holding fewer gives all it holds); 0: "
                        "all",
                        "{} counters lifted from each hole in the opening",
                        {{"0", "every counter of the row lifted in the opening"}}));
  f.push_back(bool_field(
      "fours_last_relays", o, &RuleSet::fours_last_relays,
      "with capture_fours instant: a four the last counter of a sowing makes is not taken: the "
      "sowing relays from it as the relay key says (the others as fours_scope says)",
      "a four made by a sowing's last counter relayed, not taken",
      "a four made by a sowing's last counter taken"));
  f.push_back(bool_field("fours_extra_move", o, &RuleSet::fours_extra_move,
                         "with capture_fours: a move in which the mover took a four gives him "
                         "another move",
                         "another move after a four taken", "no further move for a four"));
  f.push_back(enum_field(
      "left_to", o, &RuleSet::left_to,
      "with end_when_left: next_capturer (the next capture ends the round, the capturer taking "
      "every counter left), owners (the round ends as soon as a move leaves at most that many "
      "counters on the board, each player taking what is in his own rows)",
      {{LeftTo::kNextCapturer, "next_capturer", "the last counters to the next capturer"},
       {LeftTo::kOwners, "owners", "the last counters to their rows' owners"}}));
}

}  // namespace mancala::sim
