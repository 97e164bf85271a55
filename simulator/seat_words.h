// The words for the two players of a ruleset (docs/terms.md, "Seats"): in a ruleset whose every
// turn is simultaneous nobody moves first, so its players are seat 1 and seat 2 and its headline
// figure is the seat advantage; otherwise P1 moves first in the first round and the figure is the
// first-player advantage. Every renderer asks seat_words, so the words agree everywhere.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "simulator/rules.h"

namespace mancala::sim {

struct SeatWords {
  bool simultaneous = false;  // every turn simultaneous: nobody moves first, in any round
  // "first player (P1)", "second player (P2)" or "seat 1 (P1)", "seat 2 (P2)"
  std::array<std::string, 2> player = {"first player (P1)", "second player (P2)"};
  std::string advantage = "first-player advantage";  // or "seat advantage"
  // "first-player advantage (P1 minus P2)" or "seat advantage (seat 1 minus seat 2)"
  std::string advantage_row = "first-player advantage (P1 minus P2)";
  std::string column = "P1 advantage";  // a table's column: or "seat advantage"
  // Several rulesets shown together, some (not all) simultaneous throughout: `advantage` names
  // both figures ("first-player or seat advantage"), `player` says "P1" and "P2" only.
  bool mixed = false;
};

// The words for a ruleset's players: seat words when every turn is simultaneous (turns
// "simultaneous"); the first player's otherwise, also with a simultaneous opening only, where
// the round's starter moves first after it.
inline SeatWords seat_words_for(bool simultaneous) {
  if (!simultaneous) return {};
  return {.simultaneous = true,
          .player = {"seat 1 (P1)", "seat 2 (P2)"},
          .advantage = "seat advantage",
          .advantage_row = "seat advantage (seat 1 minus seat 2)",
          .column = "seat advantage"};
}
// The words for several rulesets shown together (an index, a chart, a comparison, a list of
// runs), `simultaneous` of the `total` having every turn simultaneous: the first player's when
// none has, the seat words when all have, else words naming both figures (mixed).
inline SeatWords seat_words_for(std::size_t simultaneous, std::size_t total) {
  if (simultaneous == 0 || total == 0) return seat_words_for(false);
  if (simultaneous == total) return seat_words_for(true);
  return {.player = {"P1", "P2"},
          .advantage = "first-player or seat advantage",
          .advantage_row = "first-player or seat advantage (P1 minus P2)",
          .mixed = true};
}
inline SeatWords seat_words(const RuleSet& rules) {
  return seat_words_for(rules.turns == Turns::kSimultaneous);
}

// The run JSON's "seats" and runs.csv's column: "simultaneous" where every turn is simultaneous
// (seat 1 and seat 2: nobody moves first), else "alternating" (P1 moves first in the first round).
inline const char* seats_name(const RuleSet& rules) {
  return seat_words(rules).simultaneous ? "simultaneous" : "alternating";
}

}  // namespace mancala::sim
