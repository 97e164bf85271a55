// Whether a comparison's verdicts under random play hold under skilled play
// (add_random_play_verdicts, analysis/compare_builder.h).
#include <cmath>

#include "analysis/compare_builder.h"
#include "common/error.h"
#include "common/format.h"

namespace mancala::analysis {

// ---- verdicts under random play ---------------------------------------------------------------

namespace {

// -1, 0 or +1: the direction of a significant difference, 0 when not significant or untested.
int verdict(const PairTest* t) {
  if (!t || !t->significant || !std::isfinite(t->estimate) || t->estimate == 0) return 0;
  return t->estimate > 0 ? 1 : -1;
}

}  // namespace

void add_random_play_verdicts(Comparison& skilled, const Comparison& random) {
  if (skilled.runs.size() != random.runs.size() || skilled.pairs.size() != random.pairs.size())
    throw Error("compare: the comparison under random play is not of the same rulesets");
  for (std::size_t i = 0; i < skilled.runs.size(); ++i) {
    if (skilled.runs[i].label != random.runs[i].label)
      throw Error("compare: the comparison under random play is not of the same rulesets");
  }
  const std::string agents = skilled.runs.front().run.agent;
  std::size_t changed = 0;
  for (std::size_t k = 0; k < skilled.pairs.size(); ++k) {
    PairComparison& s = skilled.pairs[k];
    const PairComparison& r = random.pairs[k];
    std::vector<std::string> clauses;
    if (const PairTest* rt = find_test(r, "first_player_advantage");
        verdict(rt) != verdict(find_test(s, "first_player_advantage"))) {
      clauses.push_back(rt ? points_clause(rt->name, *rt)
                           : seat_words_of(random.runs, {r.a, r.b}).advantage + " not tested");
    }
    if (const PairTest* rt = find_test(r, "plies_mean");
        verdict(rt) != verdict(find_test(s, "plies_mean"))) {
      const std::string games = random.runs[r.a].rules.match ? "matches" : "games";
      clauses.push_back(rt && verdict(rt) != 0
                            ? games + " " + (rt->estimate > 0 ? "longer" : "shorter") + " by " +
                                  format_number(std::fabs(rt->estimate), 1) + " plies on average"
                            : games + " of about the same length (no significant difference)");
    }
    if (clauses.empty()) continue;
    ++changed;
    std::string text;
    for (std::size_t i = 0; i < clauses.size(); ++i) text += (i ? " and " : "") + clauses[i];
    s.summary += "; under random play " + text + ", which does not hold under " + agents;
  }
  skilled.notes.push_back(
      "Random play beside skilled play: the same rulesets, seed and games were also played by "
      "random agents; " +
      (changed == 0 ? "every pair's verdicts on the " + skilled.seats.advantage +
                          " and the length hold under both."
                    : std::to_string(changed) + " of " + std::to_string(skilled.pairs.size()) +
                          " pairs have a verdict on the " + skilled.seats.advantage +
                          " or the length under random play that does not hold under " + agents +
                          " (said at the end of their summary line)."));
}

}  // namespace mancala::analysis
