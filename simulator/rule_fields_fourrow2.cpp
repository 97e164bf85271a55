// The field table's keys of branch fourrow2 (issue 38): optional stops (Misoro Tsoro's misoro),
// and the end holes locked at the start (Lobudok).
#include "simulator/rule_field_makers.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {

void add_fourrow2_fields(std::vector<FieldInfo>& f) {
  const std::string g = "four-row games of East Africa (issue 38)";
  f.push_back(field_makers::int_list_field(
      "optional_stop_holes", g, &RuleSet::optional_stop_holes, 1, kMaxSideHoles, kMaxSideHoles,
      "with relay landing_hole: the mover's holes, numbered as opening_hole numbers them, where "
      "a last counter falling into an occupied hole may end the move instead of relaying (a "
      "move written 'o1.2' ends at its second such stop, 'o1' takes none; each move is listed "
      "with its first four); [] (off): none",
      "a move may end at an occupied hole of {} instead of relaying"));
  f.push_back(field_makers::bool_field(
      "extra_holes_spare_stops", g, &RuleSet::extra_holes_spare_stops,
      "with extra_holes and optional_stop_holes: the extra holes a capture takes are never the "
      "opponent's optional-stop holes",
      "the extra holes never the optional-stop holes", "the extra holes taken from any hole"));
  f.push_back(field_makers::bool_field(
      "locked_end_holes", g, &RuleSet::locked_end_holes,
      "with two rows a player: at the start each player neither sows from nor into the end holes "
      "of his two rows (the leftmost and rightmost of each); once he has no legal move without "
      "them they open to him for the rest of the round",
      "each player's end holes locked until he is blocked", "no holes locked at the start"));
}

}  // namespace mancala::sim
