#include "analysis/compare_builder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "analysis/paired.h"
#include "common/error.h"
#include "common/format.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"
#include "simulator/seat_words.h"
#include "stats/compare_stats.h"
#include "stats/tested.h"

namespace mancala::analysis {
namespace {

using nlohmann::json;

// ---- numbers ---------------------------------------------------------------------------------

std::string fixed(double x, int decimals) { return format_number(x, decimals); }

double ratio(uint64_t k, uint64_t n) {
  return n == 0 ? kNoValue : static_cast<double>(k) / static_cast<double>(n);
}

// ---- rulesets and labels ---------------------------------------------------------------------

std::vector<std::string> unique_labels(const std::vector<sim::RuleSet>& rulesets) {
  std::map<std::string, int> total, seen;
  for (const auto& r : rulesets) ++total[r.id];
  std::vector<std::string> labels;
  for (const auto& r : rulesets) {
    const int n = ++seen[r.id];
    labels.push_back(total[r.id] > 1 && n > 1 ? r.id + " #" + std::to_string(n) : r.id);
  }
  return labels;
}

// ---- the statistics of one run -----------------------------------------------------------------

uint64_t finished_games(const sim::GameTally& t) { return t.games - t.unfinished; }

// Recorded rounds of a run's matches that ended with a winner or a draw, and all of them.
uint64_t round_decisions(const sim::GameTally& t) {
  return t.match.first_mover_wins + t.match.second_mover_wins + t.match.round_draws;
}
uint64_t rounds_recorded(const sim::GameTally& t) {
  return t.match.round_ended_by[0] + t.match.round_ended_by[1] + t.match.round_ended_by[2];
}

Measure rate_measure(uint64_t k, uint64_t n) {
  if (n == 0) return {};
  const stats::Interval ci = stats::wilson_interval(k, n);
  return {ratio(k, n), ci.low, ci.high};
}

// Every turn simultaneous: nobody moves first, in any round (sim::seat_words).
bool simultaneous(const ComparedRun& run) { return sim::seat_words(run.rules).simultaneous; }

std::vector<StatisticRow> statistics_of(const std::vector<ComparedRun>& runs) {
  std::vector<StatisticRow> rows;
  const sim::SeatWords seats = seat_words_of(runs);
  const auto add = [&](std::string key, std::string name, StatFormat format, std::string interval,
                       const std::function<Measure(const sim::GameTally&)>& of) {
    StatisticRow row{std::move(key), std::move(name), format, std::move(interval), {}};
    for (const ComparedRun& run : runs) row.values.push_back(of(run.run.tally));
    rows.push_back(std::move(row));
  };
  add("games", "games", StatFormat::kCount, "",
      [](const sim::GameTally& t) { return Measure{static_cast<double>(t.games)}; });
  add("first_player_win_rate", "P1 win rate", StatFormat::kPercent, "Wilson",
      [](const sim::GameTally& t) { return rate_measure(t.wins[0], finished_games(t)); });
  add("second_player_win_rate", "P2 win rate", StatFormat::kPercent, "Wilson",
      [](const sim::GameTally& t) { return rate_measure(t.wins[1], finished_games(t)); });
  add("draw_rate", "draw rate", StatFormat::kPercent, "Wilson",
      [](const sim::GameTally& t) { return rate_measure(t.draws, finished_games(t)); });
  add("first_player_advantage", seats.advantage + " (percentage points)", StatFormat::kPoints,
      "Tango score", [](const sim::GameTally& t) {
        if (finished_games(t) == 0) return Measure{};
        const stats::Advantage a = stats::first_player_advantage(t.wins[0], t.wins[1], t.draws);
        return Measure{a.estimate, a.interval.low, a.interval.high};
      });
  add("ended_by_rule_rate", "ended by a rule of the game", StatFormat::kPercent, "Wilson",
      [](const sim::GameTally& t) { return rate_measure(t.ended_by[0], t.games); });
  add("ended_by_no_progress_rate", "ended by a stopping rule of the reconstruction",
      StatFormat::kPercent, "Wilson", [](const sim::GameTally& t) {
        return rate_measure(t.completed(sim::Completion::kStoppingRule), t.games);
      });
  add("unfinished_rate", "unfinished (safety bound)", StatFormat::kPercent, "Wilson",
      [](const sim::GameTally& t) { return rate_measure(t.unfinished, t.games); });
  add("plies_mean", "plies: mean", StatFormat::kNumber, "Student t", [](const sim::GameTally& t) {
    const stats::Moments m = t.plies.moments();
    const stats::Interval ci = stats::mean_interval(m);
    return Measure{m.mean(), ci.low, ci.high};
  });
  add("plies_sd", "plies: sd", StatFormat::kNumber, "",
      [](const sim::GameTally& t) { return Measure{t.plies.sd()}; });
  for (const auto& [key, name, p] : {std::tuple{"plies_p5", "plies: 5th percentile", 0.05},
                                     std::tuple{"plies_median", "plies: median", 0.5},
                                     std::tuple{"plies_p95", "plies: 95th percentile", 0.95}}) {
    const double q = p;
    add(key, name, StatFormat::kNumber, "order statistics", [q](const sim::GameTally& t) {
      const stats::QuantileInterval qi = stats::quantile_interval(t.plies, q);
      return Measure{qi.estimate, qi.interval.low, qi.interval.high};
    });
  }
  add("plies_min", "plies: min", StatFormat::kNumber, "",
      [](const sim::GameTally& t) { return Measure{static_cast<double>(t.plies.min())}; });
  add("plies_max", "plies: max", StatFormat::kNumber, "",
      [](const sim::GameTally& t) { return Measure{static_cast<double>(t.plies.max())}; });
  add("relay_bound_hits", "moves cut by the relay bound", StatFormat::kCount, "",
      [](const sim::GameTally& t) { return Measure{static_cast<double>(t.relay_bound_hits)}; });
  add("games_with_relay_bound_hits_rate", "games with a move cut by the relay bound",
      StatFormat::kPercent, "Wilson",
      [](const sim::GameTally& t) { return rate_measure(t.games_with_relay_bound_hits, t.games); });
  // Matches: only when some run is one ("-" for the single-round rulesets).
  const bool any_match = std::any_of(
      runs.begin(), runs.end(), [](const ComparedRun& r) { return !r.run.tally.match.empty(); });
  // The playability metrics, as the registry defines them (simulator/metrics.h).
  for (const sim::MetricInfo& info : sim::metric_registry()) {
    if (info.matches_only && !any_match) continue;
    const StatFormat format = info.format == sim::MetricFormat::kShare    ? StatFormat::kPercent
                              : info.format == sim::MetricFormat::kPoints ? StatFormat::kPoints
                                                                          : StatFormat::kNumber;
    add(info.key, "metric: " + info.name, format, info.interval_name,
        [&info](const sim::GameTally& t) {
          if (info.matches_only && t.match.empty()) return Measure{};
          const stats::Estimate e = sim::metric_estimate(info, t);
          return Measure{e.value, e.low, e.high};
        });
  }
  if (!any_match) return rows;
  add("rounds_mean", "rounds per match: mean", StatFormat::kNumber, "Student t",
      [](const sim::GameTally& t) {
        if (t.match.empty() || t.match.rounds.empty()) return Measure{};
        const stats::Interval ci = stats::mean_interval(t.match.rounds.moments());
        return Measure{t.match.rounds.mean(), ci.low, ci.high};
      });
  add("rounds_median", "rounds per match: median", StatFormat::kNumber, "order statistics",
      [](const sim::GameTally& t) {
        if (t.match.empty() || t.match.rounds.empty()) return Measure{};
        const stats::QuantileInterval q = stats::quantile_interval(t.match.rounds, 0.5);
        return Measure{q.estimate, q.interval.low, q.interval.high};
      });
  // Nobody moves first in a round whose every turn is simultaneous: no value for such a run,
  // and no row when every run is one (issue 35, item 8).
  if (!seats.simultaneous) {
    add("round_first_mover_win_rate", "rounds won by their first mover", StatFormat::kPercent,
        "Wilson", [](const sim::GameTally& t) {
          return t.match.empty() ? Measure{}
                                 : rate_measure(t.match.first_mover_wins, round_decisions(t));
        });
    for (std::size_t i = 0; i < runs.size(); ++i)
      if (simultaneous(runs[i])) rows.back().values[i] = Measure{};
  }
  add("round_no_progress_rate", "rounds ended by the no-progress rule", StatFormat::kPercent,
      "Wilson", [](const sim::GameTally& t) {
        return t.match.empty() ? Measure{}
                               : rate_measure(t.match.round_ended_by[1], rounds_recorded(t));
      });
  return rows;
}

// ---- pairwise tests --------------------------------------------------------------------------

// A proportion tested between two runs: events k out of n in each, from the tallies; and game by
// game from the outcomes, for the paired test (rates of games), or per match (rates of rounds).
struct RateSpec {
  const char* key;
  const char* name;
  uint64_t (*events)(const sim::GameTally&);
  uint64_t (*trials)(const sim::GameTally&);
  bool (*event_of)(const sim::GameOutcome&) = nullptr;  // games
  bool (*trial_of)(const sim::GameOutcome&) = nullptr;
  uint64_t (*round_events)(const sim::GameOutcome&) = nullptr;  // rounds of a match
  uint64_t (*round_trials)(const sim::GameOutcome&) = nullptr;
  bool rounds_of_matches =
      false;  // a statistic of the rounds of matches: tested when both runs are matches
};

bool any_game(const sim::GameOutcome&) { return true; }

const std::vector<RateSpec>& rate_specs() {
  using O = sim::GameOutcome;
  static const std::vector<RateSpec> specs = {
      {"first_player_win_rate", "P1 win rate", [](const sim::GameTally& t) { return t.wins[0]; },
       finished_games, [](const O& g) { return g.winner == 0; }, finished},
      {"second_player_win_rate", "P2 win rate", [](const sim::GameTally& t) { return t.wins[1]; },
       finished_games, [](const O& g) { return g.winner == 1; }, finished},
      {"draw_rate", "draw rate", [](const sim::GameTally& t) { return t.draws; }, finished_games,
       [](const O& g) { return g.winner == sim::kDraw; }, finished},
      {"ended_by_no_progress_rate", "ended by a stopping rule of the reconstruction",
       [](const sim::GameTally& t) { return t.completed(sim::Completion::kStoppingRule); },
       [](const sim::GameTally& t) { return t.games; },
       [](const O& g) { return g.end == 1 || g.end == 2; }, any_game},
      {"unfinished_rate", "unfinished (safety bound)",
       [](const sim::GameTally& t) { return t.unfinished; },
       [](const sim::GameTally& t) { return t.games; },
       [](const O& g) { return g.winner == sim::kNobody; }, any_game},
      {"games_with_relay_bound_hits_rate", "games with a move cut by the relay bound",
       [](const sim::GameTally& t) { return t.games_with_relay_bound_hits; },
       [](const sim::GameTally& t) { return t.games; }, [](const O& g) { return g.relay_cut != 0; },
       any_game},
      {"round_first_mover_win_rate", "rounds won by their first mover",
       [](const sim::GameTally& t) { return t.match.first_mover_wins; }, round_decisions, nullptr,
       nullptr, [](const O& g) -> uint64_t { return g.first_mover_wins; },
       [](const O& g) -> uint64_t { return g.decided_rounds; }, true},
      {"round_no_progress_rate", "rounds ended by the no-progress rule",
       [](const sim::GameTally& t) { return t.match.round_ended_by[1]; }, rounds_recorded, nullptr,
       nullptr, [](const O& g) -> uint64_t { return g.no_progress_rounds; },
       [](const O& g) -> uint64_t { return g.rounds_recorded; }, true},
  };
  return specs;
}

// The tests' names, paired (common random numbers and each game's outcome kept) or not.
constexpr const char* kPairedRateTest = "McNemar's test (paired)";
constexpr const char* kPairedRateInterval = "Tango score, paired";
constexpr const char* kRateTest = "the interval's own test (inverted)";
constexpr const char* kRateInterval = "Newcombe hybrid score";
constexpr const char* kPairedMeanTest = "paired t test";
constexpr const char* kPairedMeanInterval = "Student t, paired";
constexpr const char* kAdvantageInterval = "MOVER from Tango intervals";
constexpr const char* kWelchTest = "Welch t test";
constexpr const char* kWelchInterval = "Welch t";
constexpr const char* kClusterTest = "z test, matches as units (delta method)";
constexpr const char* kClusterInterval = "delta method, matches as units";
constexpr const char* kRoundsIndependentTest = "the interval's own test (rounds as independent)";

// A test to make: what it compares, and its difference at any confidence (the Bonferroni
// correction needs the number of tests before the intervals can be drawn).
struct PlannedTest {
  PairTest test;
  std::function<stats::TestedDifference(double confidence)> at;
};

std::string rate_detail(uint64_t kb, uint64_t nb, uint64_t ka, uint64_t na) {
  return format_value(ratio(kb, nb), StatFormat::kPercent, false) + " vs " +
         format_value(ratio(ka, na), StatFormat::kPercent, false);
}

// B minus A of a length (plies, rounds): the difference of the means, paired game by game when the
// runs pair, else Welch's. The detail gives both means and, for plies, the Kolmogorov-Smirnov
// distance between the two distributions (descriptive: no test, no mark).
PlannedTest length_test(const ComparedRun& ra, const ComparedRun& rb, bool paired, const char* key,
                        const char* name, const stats::IntHistogram& a,
                        const stats::IntHistogram& b, int64_t (*value)(const sim::GameOutcome&)) {
  PlannedTest p;
  p.test.key = key;
  p.test.name = name;
  p.test.format = StatFormat::kNumber;
  p.test.paired = paired;
  p.test.test = paired ? kPairedMeanTest : kWelchTest;
  p.test.interval_method = paired ? kPairedMeanInterval : kWelchInterval;
  p.test.statistic_name = "t";
  p.test.detail = "mean " + fixed(b.mean(), 1) + " vs " + fixed(a.mean(), 1);
  if (std::string(key) == "plies_mean") {
    p.test.detail += "; largest gap between the length distributions (Kolmogorov-Smirnov D): " +
                     fixed(stats::kolmogorov_smirnov(a, b).d, 3);
  }
  if (paired) {
    const sim::GameTally* ta = &ra.run.tally;
    const sim::GameTally* tb = &rb.run.tally;
    p.at = [ta, tb, value](double c) { return paired_mean(ta->outcomes, tb->outcomes, value, c); };
  } else {
    const stats::Moments ma = a.moments(), mb = b.moments();
    p.at = [ma, mb](double c) { return stats::welch_mean_difference(mb, ma, c); };
  }
  return p;
}

PairComparison compare_pair(const std::vector<ComparedRun>& runs, std::size_t a, std::size_t b,
                            bool crn, const std::vector<RuleDiffRow>& diff,
                            std::vector<PlannedTest>& planned) {
  const sim::GameTally& ta = runs[a].run.tally;
  const sim::GameTally& tb = runs[b].run.tally;
  PairComparison pair;
  pair.a = a;
  pair.b = b;
  for (const RuleDiffRow& row : diff) {
    if (row.values[a].value != row.values[b].value) pair.differing_keys.push_back(row.key);
  }
  pair.identical_games = crn && runs[a].run.rules_hash == runs[b].run.rules_hash &&
                         runs[a].run.seed == runs[b].run.seed &&
                         runs[a].run.agent == runs[b].run.agent && ta.games == tb.games;
  // Paired: the same seed and games, and each game's outcome kept.
  const bool paired = crn && runs[a].run.seed == runs[b].run.seed && pairable(ta, tb);

  const auto untested = [&](const std::string& name, const std::string& reason) {
    pair.untested.push_back(name);
    pair.untested_reasons.push_back(reason);
  };
  const sim::SeatWords seats = seat_words_of(runs, {a, b});
  for (const RateSpec& spec : rate_specs()) {
    const bool matches_a = !ta.match.empty(), matches_b = !tb.match.empty();
    if (spec.rounds_of_matches && !(matches_a && matches_b)) {
      if (matches_a || matches_b)
        untested(spec.name, "not comparable: only one of the two plays matches");
      continue;
    }
    // Nobody moves first in a round whose every turn is simultaneous (issue 35, item 8).
    if (std::string(spec.key) == "round_first_mover_win_rate" &&
        (simultaneous(runs[a]) || simultaneous(runs[b]))) {
      if (seats.mixed)
        untested(spec.name, "not comparable: nobody moves first in the rounds of " +
                                (simultaneous(runs[a]) ? runs[a] : runs[b]).label +
                                ", whose every turn is simultaneous");
      continue;
    }
    const uint64_t ka = spec.events(ta), na = spec.trials(ta), kb = spec.events(tb),
                   nb = spec.trials(tb);
    // A match's "no-progress" ending is its stopping rule, a single round's the no-progress rule.
    if (std::string(spec.key) == "ended_by_no_progress_rate" &&
        runs[a].rules.match != runs[b].rules.match) {
      untested(spec.name,
               "not comparable: a match's stopping rule against a round's no-progress rule");
      continue;
    }
    // A rate with no variation at all (no event, or only events, in both runs) has nothing to test.
    if (na == 0 || nb == 0 || ka + kb == 0 || ka + kb == na + nb) {
      untested(spec.name, "no variation in either run");
      continue;
    }
    PlannedTest p;
    p.test.key = spec.key;
    p.test.name = spec.name;
    p.test.format = StatFormat::kPoints;
    p.test.detail = rate_detail(kb, nb, ka, na);
    p.test.paired = paired;
    if (spec.rounds_of_matches) {
      // Rounds of one match are not independent: the match is the unit (a ratio of sums).
      p.test.statistic_name = "z";
      if (ta.keep_outcomes && tb.keep_outcomes) {
        p.test.test = kClusterTest;
        p.test.interval_method = kClusterInterval + std::string(paired ? ", paired" : "");
        const std::vector<stats::Cluster> ca =
            clusters(ta.outcomes, spec.round_events, spec.round_trials);
        const std::vector<stats::Cluster> cb =
            clusters(tb.outcomes, spec.round_events, spec.round_trials);
        p.at = [ca, cb, paired](double c) { return stats::ratio_difference(cb, ca, paired, c); };
      } else {
        p.test.test = kRoundsIndependentTest;
        p.test.interval_method = kRateInterval;
        p.at = [=](double c) {
          return stats::independent_proportion_difference(kb, nb, ka, na, c);
        };
      }
    } else if (paired) {
      p.test.test = kPairedRateTest;
      p.test.interval_method = kPairedRateInterval;
      p.test.statistic_name = "z";
      const sim::GameTally* pa = &ta;
      const sim::GameTally* pb = &tb;
      p.at = [pa, pb, spec](double c) {
        return paired_rate(pa->outcomes, pb->outcomes, spec.trial_of, spec.event_of, c);
      };
    } else {
      p.test.test = kRateTest;
      p.test.interval_method = kRateInterval;
      p.test.statistic_name = "difference";
      p.at = [=](double c) { return stats::independent_proportion_difference(kb, nb, ka, na, c); };
    }
    planned.push_back(std::move(p));
  }

  const uint64_t fa = finished_games(ta), fb = finished_games(tb);
  if (fa == 0 || fb == 0 || (ta.wins[0] + ta.wins[1] + tb.wins[0] + tb.wins[1]) == 0) {
    untested(seats.advantage, "no game won in either run");
  } else {
    const double adv_a = stats::first_player_advantage(ta.wins[0], ta.wins[1], ta.draws).estimate;
    const double adv_b = stats::first_player_advantage(tb.wins[0], tb.wins[1], tb.draws).estimate;
    PlannedTest p;
    p.test.key = "first_player_advantage";
    p.test.name = seats.advantage;
    p.test.format = StatFormat::kPoints;
    p.test.paired = paired;
    p.test.detail =
        format_signed(100 * adv_b, 1) + " vs " + format_signed(100 * adv_a, 1) + " points";
    if (paired) {
      p.test.test = kPairedMeanTest;
      p.test.interval_method = kPairedMeanInterval + std::string(" (score differences)");
      p.test.statistic_name = "t";
      const sim::GameTally* pa = &ta;
      const sim::GameTally* pb = &tb;
      p.at = [pa, pb](double c) { return paired_advantage(pa->outcomes, pb->outcomes, c); };
    } else {
      p.test.test = kRateTest;
      p.test.interval_method = kAdvantageInterval;
      p.test.statistic_name = "difference";
      const std::array<uint64_t, 6> w = {tb.wins[0], tb.wins[1], tb.draws,
                                         ta.wins[0], ta.wins[1], ta.draws};
      p.at = [w](double c) {
        return stats::independent_advantage_difference(w[0], w[1], w[2], w[3], w[4], w[5], c);
      };
    }
    planned.push_back(std::move(p));
  }

  planned.push_back(length_test(runs[a], runs[b], paired, "plies_mean", "game length (plies)",
                                ta.plies, tb.plies,
                                [](const sim::GameOutcome& g) -> int64_t { return g.plies; }));
  if (!ta.match.empty() && !tb.match.empty() && !ta.match.rounds.empty() &&
      !tb.match.rounds.empty()) {
    planned.push_back(length_test(runs[a], runs[b], paired, "rounds_mean", "rounds per match",
                                  ta.match.rounds, tb.match.rounds,
                                  [](const sim::GameOutcome& g) -> int64_t { return g.rounds; }));
  }
  return pair;
}

}  // namespace

const PairTest* find_test(const PairComparison& pair, const std::string& key) {
  for (const PairTest& t : pair.tests) {
    if (t.key == key) return &t;
  }
  return nullptr;
}

namespace {

// ---- plain-language summaries ----------------------------------------------------------------

// What follows an estimate: its simultaneous interval and, when it holds 0, that it is not
// significant. `scale` 100 for percentage points.
std::string interval_clause(const PairTest& t, double scale) {
  const PrintedInterval p = printed_interval(t.estimate, t.interval, scale, 1);
  return "simultaneous 95% CI " + p.low + " to " + p.high +
         (t.significant ? "" : ": not significant");
}
// The estimate as printed beside interval_clause's ends (inside them).
std::string estimate_text(const PairTest& t, double scale) {
  return printed_interval(t.estimate, t.interval, scale, 1).estimate;
}

}  // namespace

std::string points_clause(const std::string& what, const PairTest& t) {
  return what + " " + estimate_text(t, 100) + " pp (" + interval_clause(t, 100) + ")";
}

namespace {

// The share of a run's games (matches), and of its matches' rounds, a stopping rule of the
// reconstruction stopped rather than a rule of the game ended.
double stopped_share(const sim::GameTally& t) {
  return t.games == 0 ? 0
                      : static_cast<double>(t.completed(sim::Completion::kStoppingRule)) /
                            static_cast<double>(t.games);
}
double stopped_round_share(const sim::GameTally& t) {
  const uint64_t rounds = rounds_recorded(t);
  return t.match.empty() || rounds == 0
             ? 0
             : static_cast<double>(t.match.round_completed(sim::Completion::kStoppingRule)) /
                   static_cast<double>(rounds);
}

// When half or more of either run's games (or of its matches' rounds) end by a stopping rule of
// the reconstruction, the comparison rests on that rule: said with both runs' shares.
std::string stopping_rule_clause(const ComparedRun& a, const ComparedRun& b) {
  const auto pct = [](double x) { return fixed(100 * x, 0) + "%"; };
  const std::string units = a.rules.match && b.rules.match ? "matches" : "games";
  std::vector<std::string> parts;
  const double ga = stopped_share(a.run.tally), gb = stopped_share(b.run.tally);
  if (ga >= 0.5 || gb >= 0.5) {
    parts.push_back(pct(gb) + " of these " + units + " and " + pct(ga) +
                    " of the reference's end " +
                    "by a stopping rule of the reconstruction, not by a rule of the game");
  }
  const double ra = stopped_round_share(a.run.tally), rb = stopped_round_share(b.run.tally);
  const bool ma = !a.run.tally.match.empty(), mb = !b.run.tally.match.empty();
  if ((ma && ra >= 0.5) || (mb && rb >= 0.5)) {
    // Only a run of matches has rounds: a single-game run is not given a share of them.
    if (ma && mb) {
      parts.push_back(pct(rb) + " of these matches' rounds and " + pct(ra) +
                      " of the reference's end by the no-progress rule");
    } else {
      parts.push_back(pct(ma ? ra : rb) + " of the rounds of " +
                      (ma ? "the reference's" : "these") + " matches end by the no-progress rule");
    }
  }
  if (parts.empty()) return "";
  std::string out = "; the figures rest on stopping rules: ";
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", and " : "") + parts[i];
  return out;
}

std::string change_phrase(const ComparedRun& a, const ComparedRun& b, const PairComparison& pair) {
  const std::vector<std::string>& keys = pair.differing_keys;
  if (keys.empty()) return "same rules";
  if (keys.size() > 3) {
    std::string list;
    for (std::size_t i = 0; i < keys.size() && i < 6; ++i) list += (i ? ", " : "") + keys[i];
    return std::to_string(keys.size()) + " rule keys differ (" + list +
           (keys.size() > 6 ? ", ..." : "") + ")";
  }
  const json ra = sim::rules_to_json(a.rules), rb = sim::rules_to_json(b.rules);
  std::string out;
  for (const std::string& key : keys) {
    out += (out.empty() ? "" : "; ") +
           instead_of(describe_rule_value(key, rb[key]), describe_rule_value(key, ra[key]));
  }
  return out;
}

std::string summary_line(const std::vector<ComparedRun>& runs, const PairComparison& pair) {
  const ComparedRun& a = runs[pair.a];
  const ComparedRun& b = runs[pair.b];
  std::string line = b.label + " vs " + a.label + ": ";
  if (pair.identical_games) {
    return line +
           "same rules and same random numbers: every game is the same, so every difference is "
           "zero";
  }
  line += change_phrase(a, b, pair) + ": ";
  std::vector<std::string> clauses;
  if (const PairTest* t = find_test(pair, "first_player_advantage")) {
    clauses.push_back(points_clause(t->name, *t));
  } else {
    clauses.push_back(seat_words_of(runs, {pair.a, pair.b}).advantage +
                      " not tested (no game won in either)");
  }
  if (const PairTest* t = find_test(pair, "plies_mean")) {
    const double mean_a = a.run.tally.plies.mean(), mean_b = b.run.tally.plies.mean();
    const double change = mean_a > 0 ? mean_b / mean_a - 1 : kNoValue;
    const std::string games = a.rules.match && b.rules.match ? "matches" : "games";
    std::string clause;
    if (!std::isfinite(change) || std::fabs(change) < 0.005) {
      clause = games + " about as long";
    } else if (change >= 1) {
      clause = games + " " + fixed(change + 1, 1) + " times as long";
    } else {
      clause = games + " " + fixed(100 * std::fabs(change), 0) + "% " +
               (change < 0 ? "shorter" : "longer");
    }
    clause += " (mean " + fixed(mean_b, 1) + " vs " + fixed(mean_a, 1) + " plies, difference " +
              estimate_text(*t, 1) + ", " + interval_clause(*t, 1) + ")";
    clauses.push_back(clause);
  }
  if (const PairTest* t = find_test(pair, "rounds_mean"); t && t->significant) {
    clauses.push_back(format_signed(t->estimate, 1) + " rounds per match (mean " +
                      fixed(b.run.tally.match.rounds.mean(), 1) + " vs " +
                      fixed(a.run.tally.match.rounds.mean(), 1) + ")");
  }
  // The other rates only when they differ significantly, to keep the line short.
  const std::string stopped = a.rules.match && b.rules.match ? "matches ended by the stopping rule"
                                                             : "ended by the no-progress rule";
  for (const auto& [key, what] :
       {std::pair<const char*, std::string>{"draw_rate", "draws"},
        std::pair<const char*, std::string>{"ended_by_no_progress_rate", stopped},
        std::pair<const char*, std::string>{"unfinished_rate", "unfinished"}}) {
    const PairTest* t = find_test(pair, key);
    if (t && t->significant) clauses.push_back(points_clause(what, *t));
  }
  for (std::size_t i = 0; i < clauses.size(); ++i) line += (i ? ", " : "") + clauses[i];
  return line + stopping_rule_clause(a, b);
}

// ---- notes -----------------------------------------------------------------------------------

std::vector<std::string> method_notes(const Comparison& c) {
  std::vector<std::string> notes;
  bool paired = false;
  for (const PairComparison& p : c.pairs)
    for (const PairTest& t : p.tests) paired = paired || t.paired;
  if (c.common_random_numbers) {
    notes.push_back(
        std::string("Common random numbers: used. Game g of every ruleset was played with the "
                    "random stream (seed, g), so two rulesets' games coincide move for move until "
                    "their rules first act differently. ") +
        (paired ? "The differences are paired game by game: game g of one ruleset against game g "
                  "of the other, which removes the luck they share (McNemar's test with Tango's "
                  "paired interval for rates, the paired t for the advantage and the lengths). "
                : "The runs' games were not kept one by one, so the differences treat them as "
                  "independent samples, which is conservative when the pairing correlates them. ") +
        "Rulesets with the same rules and seed play identical games.");
  } else {
    notes.push_back(
        "Common random numbers: not used. Each ruleset was played with its own seed (listed with "
        "the rulesets), so the runs are independent samples, as the intervals and tests assume.");
  }
  std::size_t max_per_pair = 0;
  for (const PairComparison& p : c.pairs) max_per_pair = std::max(max_per_pair, p.tests.size());
  notes.push_back(
      "Multiple comparisons: " + std::to_string(c.tests_made) + " tests over " +
      std::to_string(c.pairs.size()) + (c.pairs.size() == 1 ? " pair" : " pairs") + " (at most " +
      std::to_string(max_per_pair) +
      " per pair; a rate with no variation in either run, or not comparable, is not tested). Each "
      "difference's interval is simultaneous (Bonferroni): drawn at " +
      format_number(100 * c.confidence, c.confidence > 0.9995 ? 3 : 2) + "% confidence, so all " +
      std::to_string(c.tests_made) +
      " hold together with probability at least 95%. Significant (*) means exactly that this "
      "interval excludes 0; the p-value beside it is the test that interval inverts, Bonferroni-"
      "adjusted (min(1, " +
      std::to_string(c.tests_made) + " p)), at most " + fixed(c.alpha, 2) +
      " exactly when the mark is given.");
  notes.push_back(
      std::string("Tests and intervals of the differences: rates of games: ") + kPairedRateTest +
      " with " + kPairedRateInterval + " when paired, else " + kRateInterval +
      " with its own test; the " + c.seats.advantage + ": the " + kPairedMeanTest +
      " of the score differences (+1, 0, -1 a game) when paired, else " + kAdvantageInterval +
      "; mean game length and rounds: the " + kPairedMeanTest + " when paired, else " + kWelchTest +
      "; rates of rounds: the match is the unit (" + kClusterInterval +
      "). The statistics of each ruleset have 95% intervals: Wilson for rates, Tango score for "
      "the " +
      c.seats.advantage +
      ", Student t for the mean length, order statistics for length percentiles.");
  notes.push_back(
      "For a multi-round ruleset a game is a whole match: its length is the plies of all its "
      "rounds, and "
      "'ended by a stopping rule of the reconstruction' counts games ended by the no-progress "
      "rule and matches stopped by stop_after_rounds (completion, docs/metrics.md).");
  // Issue 35, item 8: where every turn is simultaneous P1 and P2 are seat 1 and seat 2.
  std::vector<std::string> seats;
  for (const ComparedRun& r : c.runs)
    if (simultaneous(r)) seats.push_back(r.label);
  if (!seats.empty()) {
    std::string names;
    for (std::size_t i = 0; i < seats.size(); ++i)
      names += (i == 0 ? "" : i + 1 == seats.size() ? " and " : ", ") + seats[i];
    notes.push_back("Every turn of " + names +
                    " is simultaneous, so nobody moves first: P1 and P2 are seat 1 and seat 2, "
                    "the advantage is the seat advantage" +
                    (c.seats.mixed ? ", and no share of rounds won by their first mover is given "
                                     "or tested for " +
                                         std::string(seats.size() == 1 ? "it" : "them")
                                   : std::string()) +
                    ".");
  }
  notes.push_back(
      std::string("Win and draw rates are over finished games (paired: over the games finished in "
                  "both runs); the ending rates over all games. ") +
      (c.all_pairs ? "Every pair is compared: differences are the later ruleset minus the earlier "
                     "(B - A, C - A, C - B, ...)"
                   : "Each ruleset is compared with the reference A (the game's default "
                     "reconstruction when it is in the comparison, else the first ruleset given): "
                     "differences are B - A, C - A, ...; --all-pairs compares every pair") +
      ". Differences of rates and the " + c.seats.advantage +
      " (P(P1 wins) minus P(P2 wins)) are in percentage points (pp).");
  return notes;
}

}  // namespace

// ---- public ----------------------------------------------------------------------------------

std::string format_value(double x, StatFormat format, bool sign) {
  if (!std::isfinite(x)) return "-";
  switch (format) {
    case StatFormat::kCount:
      return std::to_string(static_cast<long long>(std::llround(x)));
    case StatFormat::kPercent:
      return (sign ? format_signed(100 * x, 1) : fixed(100 * x, 1)) + "%";
    case StatFormat::kPoints:  // the unit, " pp", is added by format_measure
      return format_signed(100 * x, 1);
    case StatFormat::kNumber:
      return sign ? format_signed(x, 1) : fixed(x, 1);
  }
  return "-";
}

// "A", "B", ..., "Z", "AA", "AB", ...: the short names of the rulesets in the tables.
std::string ruleset_letter(std::size_t index) {
  std::string out;
  for (std::size_t i = index + 1; i > 0; i = (i - 1) / 26)
    out.insert(out.begin(), static_cast<char>('A' + (i - 1) % 26));
  return out;
}

uint64_t independent_seed(uint64_t seed, std::size_t index) {
  if (index == 0) return seed;
  uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (static_cast<uint64_t>(index) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

Comparison compare_runs(std::vector<ComparedRun> runs, bool common_random_numbers, double alpha,
                        bool all_pairs) {
  if (runs.size() < 2)
    throw Error("compare: need at least two rulesets to compare, got " +
                std::to_string(runs.size()));
  for (const ComparedRun& r : runs) {
    if (r.run.partial)
      throw Error(
          where("compare", r.label, "the run is partial (stopped early): compare complete runs"));
    if (r.run.tally.games == 0) throw Error(where("compare", r.label, "the run has no games"));
  }
  Comparison c;
  c.common_random_numbers = common_random_numbers;
  c.alpha = alpha;
  c.all_pairs = all_pairs;
  c.runs = std::move(runs);
  c.seats = seat_words_of(c.runs);
  c.statistics = statistics_of(c.runs);
  for (const ComparedRun& r : c.runs) c.run_documents.push_back(sim::run_stats_to_json(r.run));
  std::vector<sim::RuleSet> rules;
  for (const ComparedRun& r : c.runs) rules.push_back(r.rules);
  c.rule_diff = rule_diff(rules);
  // Each alternative against the reference (the first run), or every pair; their tests planned
  // first, then drawn at the Bonferroni confidence 1 - alpha / m over all m of them.
  std::vector<std::vector<PlannedTest>> planned;
  for (std::size_t a = 0; a < (all_pairs ? c.runs.size() : 1); ++a) {
    for (std::size_t b = a + 1; b < c.runs.size(); ++b) {
      planned.emplace_back();
      c.pairs.push_back(
          compare_pair(c.runs, a, b, common_random_numbers, c.rule_diff, planned.back()));
    }
  }
  for (const std::vector<PlannedTest>& p : planned) c.tests_made += p.size();
  c.confidence = 1 - alpha / static_cast<double>(std::max<std::size_t>(c.tests_made, 1));
  for (std::size_t k = 0; k < c.pairs.size(); ++k) {
    for (PlannedTest& p : planned[k]) {
      const stats::TestedDifference d = p.at(c.confidence);
      PairTest t = std::move(p.test);
      t.estimate = d.estimate;
      t.interval = d.interval;
      t.statistic = d.statistic;
      t.p_value = d.p_value;
      t.p_adjusted = std::min(1.0, d.p_value * static_cast<double>(c.tests_made));
      t.significant = d.excludes_zero();
      c.pairs[k].tests.push_back(std::move(t));
    }
  }
  for (PairComparison& p : c.pairs) p.summary = summary_line(c.runs, p);
  c.notes = method_notes(c);
  return c;
}

Comparison compare_rulesets(const std::vector<sim::RuleSet>& rulesets,
                            const CompareOptions& options) {
  if (rulesets.size() < 2)
    throw Error("compare: need at least two rulesets to compare, got " +
                std::to_string(rulesets.size()));
  if (options.games < 1) throw Error("compare: games: must be 1 or more");
  const std::vector<std::string> labels = unique_labels(rulesets);
  std::vector<ComparedRun> runs;
  for (std::size_t i = 0; i < rulesets.size(); ++i) {
    sim::BatchOptions batch;
    batch.games = options.games;
    batch.seed = options.common_random_numbers ? options.seed : independent_seed(options.seed, i);
    batch.agents = options.agents;
    batch.threads = options.threads;
    batch.keep_outcomes = true;  // the differences are paired game by game
    if (options.progress) {
      batch.progress = [&, i](uint64_t done, uint64_t total) {
        options.progress(rulesets[i].id, done, total);
      };
    }
    batch.stop = options.stop;
    runs.push_back({labels[i], rulesets[i], sim::simulate_ruleset(rulesets[i], batch)});
    if (runs.back().run.partial) break;  // stopped (Ctrl-C, SIGTERM): the rest is not started
  }
  if (runs.size() == rulesets.size() && !runs.back().run.partial) {
    return compare_runs(std::move(runs), options.common_random_numbers, options.alpha,
                        options.all_pairs);
  }
  // Stopped: the rulesets whose runs finished are compared (when two did), and the note says
  // which were left out; with fewer, `runs` holds what was played and nothing is compared.
  std::string left_out;
  for (std::size_t i = runs.size() - 1; i < rulesets.size(); ++i) {
    left_out += (left_out.empty() ? "" : ", ") + labels[i] +
                (i + 1 == runs.size() ? " (" + std::to_string(runs.back().run.tally.games) +
                                            " of " + std::to_string(options.games) + " games)"
                                      : " (not started)");
  }
  Comparison c;
  std::vector<ComparedRun> finished(runs.begin(), runs.end() - 1);
  if (finished.size() >= 2) {
    c = compare_runs(std::move(finished), options.common_random_numbers, options.alpha,
                     options.all_pairs);
  } else {
    c.runs = std::move(runs);
    for (const ComparedRun& r : c.runs) c.run_documents.push_back(sim::run_stats_to_json(r.run));
  }
  c.interrupted = true;
  c.notes.insert(c.notes.begin(),
                 "Interrupted: only the rulesets whose runs finished are "
                 "compared; left out: " +
                     left_out + ".");
  return c;
}

sim::SeatWords seat_words_of(const std::vector<ComparedRun>& runs,
                             const std::vector<std::size_t>& which) {
  std::size_t count = 0, total = 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!which.empty() && std::find(which.begin(), which.end(), i) == which.end()) continue;
    ++total;
    count += simultaneous(runs[i]) ? 1 : 0;
  }
  return sim::seat_words_for(count, total);
}

}  // namespace mancala::analysis
