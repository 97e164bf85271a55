#include "analysis/sensitivity_builder.h"

#include <algorithm>

#include "analysis/paired.h"
#include "common/error.h"
#include "common/format.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"

namespace mancala::analysis {
namespace {

// The upper bound of each threshold key's range (docs/rules-format.md).
constexpr int kMaxNoProgressTurns = 100000;
constexpr int kMaxPlies = 60000;

// Halved and doubled within [lower, upper]: a setting the ruleset's checks would refuse is not
// played (stop_after_rounds below max_rounds, the bound above the stop).
SensitivityThreshold threshold(const std::string& key, int value, int lower, int upper) {
  return {key, value, std::max(lower, value / 2), std::min(upper, 2 * value)};
}

int& field(sim::RuleSet& r, const std::string& key) {
  if (key == "no_progress_turns") return r.no_progress_turns;
  if (key == "stop_after_rounds") return r.stop_after_rounds;
  if (key == "max_rounds") return r.max_rounds;
  return r.max_plies;
}

}  // namespace

std::vector<SensitivityThreshold> sensitivity_thresholds(const sim::RuleSet& r) {
  std::vector<SensitivityThreshold> out;
  if (r.no_progress_turns > 0)
    out.push_back(threshold("no_progress_turns", r.no_progress_turns, 1, kMaxNoProgressTurns));
  if (r.match && r.stop_after_rounds > 0)
    out.push_back(threshold("stop_after_rounds", r.stop_after_rounds, 1, r.max_rounds - 1));
  if (r.match) {
    out.push_back(threshold("max_rounds", r.max_rounds, std::max(1, r.stop_after_rounds + 1),
                            sim::kMaxRounds));
  }
  out.push_back(threshold("max_plies", r.max_plies, 1, kMaxPlies));
  return out;
}

std::vector<SensitivityRun> measure_sensitivity(const sim::RuleSet& rules,
                                                sim::BatchOptions options, long long games) {
  options.games = games;
  options.progress = nullptr;
  options.keep_outcomes = true;  // the verdicts pair each run's games with the run as set's
  std::vector<SensitivityRun> runs;
  const auto run = [&](const std::string& key, const std::string& setting, long long value,
                       const sim::RuleSet& r) {
    sim::RunStats stats = sim::simulate_ruleset(r, options);
    runs.push_back({key, setting, value, sim::run_stats_to_json(stats), stats, run_figures(stats)});
  };
  run("", "as set", 0, rules);
  for (const SensitivityThreshold& t : sensitivity_thresholds(rules)) {
    // "halved" and "doubled" where the range allows it; else as far as it allows.
    for (const auto& [setting, value] :
         {std::pair<const char*, int>{t.halved == t.as_set / 2 ? "halved" : "lowered", t.halved},
          std::pair<const char*, int>{t.doubled == 2 * t.as_set ? "doubled" : "raised",
                                      t.doubled}}) {
      if (value == t.as_set) continue;
      sim::RuleSet changed = rules;
      field(changed, t.key) = value;
      sim::finalize(changed, rules.id);  // the checks a ruleset file passes
      run(t.key, setting, value, changed);
    }
  }
  return runs;
}

std::vector<SensitivityVerdict> sensitivity_verdicts(const std::vector<SensitivityRun>& runs,
                                                     const std::string& advantage) {
  std::vector<SensitivityVerdict> out;
  if (runs.empty()) return out;
  constexpr double kConfidence = 0.95;
  const sim::RunStats& base = runs.front().stats;
  const RunFigures& bf = runs.front().figures;
  const auto own_rule = [](const sim::GameOutcome& g) { return g.end == 0; };
  const auto any = [](const sim::GameOutcome&) { return true; };
  const auto pp = [](double x) { return format_signed(100 * x, 1); };
  const auto pct = [](double x) { return format_number(100 * x, 1) + "%"; };
  const auto ci = [&](const stats::TestedDifference& d) {
    const PrintedInterval p = printed_interval(d.estimate, d.interval, 100, 1);
    return "change " + p.estimate + " pp, 95% CI " + p.low + " to " + p.high;
  };
  const std::string units = base.tally.match.empty() ? "games" : "matches";
  for (std::size_t i = 1; i < runs.size(); ++i) {
    if (out.empty() || out.back().key != runs[i].key) out.push_back({runs[i].key, {}, false, ""});
    SensitivityVerdict& v = out.back();
    const sim::RunStats& changed = runs[i].stats;
    if (!pairable(base.tally, changed.tally)) continue;  // a partial run: nothing to pair
    SensitivityChange c{runs[i].setting, runs[i].value, {}, {}, std::nullopt};
    c.advantage = paired_advantage(base.tally.outcomes, changed.tally.outcomes, kConfidence);
    c.own_rule =
        paired_rate(base.tally.outcomes, changed.tally.outcomes, any, own_rule, kConfidence);
    if (!base.tally.match.empty()) {
      const auto events = [](const sim::GameOutcome& g) -> uint64_t { return g.own_rule_rounds; };
      const auto trials = [](const sim::GameOutcome& g) -> uint64_t { return g.rounds_recorded; };
      c.own_rule_rounds =
          stats::ratio_difference(clusters(changed.tally.outcomes, events, trials),
                                  clusters(base.tally.outcomes, events, trials), true, kConfidence);
    }
    const RunFigures& f = runs[i].figures;
    if (changed.tally.outcomes == base.tally.outcomes) {
      // No game reached the threshold: every game is the same as set.
      v.text += (v.text.empty() ? v.key + ": " : "; ") + c.setting + " (" +
                std::to_string(c.value) + "): every game ends as it does as set";
      c.same_games = true;
      v.changes.push_back(std::move(c));
      continue;
    }
    std::string clause = c.setting + " (" + std::to_string(c.value) + "): " + advantage + " " +
                         pp(f.advantage.value) + " pp against " + pp(bf.advantage.value) +
                         " pp as set (" + ci(c.advantage) + "); ended by a rule of the game " +
                         pct(f.completion.rule.value) + " of the " + units + " against " +
                         pct(bf.completion.rule.value) + " (" + ci(c.own_rule) + ")";
    if (c.own_rule_rounds && f.match && bf.match) {
      clause += ", of their rounds " + pct(f.match->round_ended_by[0].share) + " against " +
                pct(bf.match->round_ended_by[0].share) + " (" + ci(*c.own_rule_rounds) + ")";
    }
    v.depends = v.depends || c.advantage.excludes_zero() || c.own_rule.excludes_zero() ||
                (c.own_rule_rounds && c.own_rule_rounds->excludes_zero());
    v.text += (v.text.empty() ? v.key + ": " : "; ") + clause;
    v.changes.push_back(std::move(c));
  }
  for (SensitivityVerdict& v : out) {
    if (v.changes.empty()) {
      v.text = v.key + ": not measured (a run was interrupted)";
      continue;
    }
    const bool never = std::all_of(v.changes.begin(), v.changes.end(),
                                   [](const SensitivityChange& c) { return c.same_games; });
    v.text += v.depends ? ": the figures depend on this threshold (an interval excludes 0)"
              : never   ? ": the threshold is never reached in these runs"
                        : ": no change detected at " + std::to_string(base.tally.games) + " " +
                            units + " a run (every interval holds 0)";
  }
  return out;
}

}  // namespace mancala::analysis
