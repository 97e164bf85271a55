// The field table's keys of holes that change owner between rounds (issue 38, branch ownership:
// simulator/ownership.h; docs/rules-format.md, "Hole ownership").
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_ownership_fields(std::vector<FieldInfo>& f) {
  using namespace field_makers;
  const std::string m = "hole ownership";
  f.push_back(enum_field(
      "hole_ownership", m, &RuleSet::hole_ownership,
      "with match_end all_holes: who owns each hole in a round: none (each player his row), "
      "by_holdings (each "
      "player as many holes as his holdings fill with counters_per_hole, the hole both "
      "remainders fill going to the larger, equal ones as odd_hole_tie says; one who owns more "
      "than his row owns the opponent's holes next after it along his sowing; every hole dealt "
      "counters_per_hole), winner_gains_hole (the round's winner by holdings gains the loser's "
      "hole "
      "next after his own along his sowing; a drawn round changes nothing; every hole dealt "
      "counters_per_hole). A player sows from, takes the fours of and is left what is in the "
      "holes he owns",
      {{HoleOwnership::kNone, "none", "each player owning his row"},
       {HoleOwnership::kByHoldings, "by_holdings", "holes owned as the holdings fill them"},
       {HoleOwnership::kWinnerGainsHole, "winner_gains_hole",
        "a hole gained by each round's winner"}}));
  f.push_back(enum_field(
      "odd_hole_tie", m, &RuleSet::odd_hole_tie,
      "with hole_ownership by_holdings and an even counters_per_hole: who owns the hole two "
      "equal remainders fill: keep (its owner of the round before), lots (drawn by lot: the "
      "run's generator)",
      {{OddHoleTie::kKeep, "keep", "the hole of equal remainders kept by its owner"},
       {OddHoleTie::kLots, "lots", "the hole of equal remainders drawn by lot"}}));
}

}  // namespace mancala::sim
