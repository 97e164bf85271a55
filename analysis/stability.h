// The stability of a run's headline figure (docs/terms.md, "Stability"; the exact rule in
// docs/report.md, "Stability"): whether the first-player (seat) advantage holds when each
// stopping threshold of the ruleset is halved and doubled (the sensitivity runs,
// analysis/sensitivity_builder.h), and whether it rests on stops.
//
// The verdict is computed here once, from numbers; every page, table and file shows it with
// stability_text and writes it with stability_to_json, and reads it back with
// stability_from_json (a run's JSON carries it under "stability" when it was computed).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/run_figures.h"
#include "analysis/sensitivity_builder.h"

namespace mancala::analysis {

// One sensitivity variant of the figure: a threshold halved or doubled, the variant's own
// estimate of the advantage and its change against the sensitivity run as set, paired game by
// game, with the change's 95% interval.
struct StabilityVariant {
  std::string key;  // the threshold: no_progress_turns, stop_after_rounds, max_rounds, max_plies
  std::string setting;     // "halved", "doubled" ("lowered", "raised")
  long long value = 0;     // the threshold's value in the variant
  double estimate = kNaN;  // the variant's advantage (a fraction: 0.095 is +9.5 pp)
  double change = kNaN, change_low = kNaN, change_high = kNaN;  // variant minus as set
};

// The verdict: one of the four keys of docs/terms.md.
struct Stability {
  std::string verdict = "unchecked";  // stable | unstable | no_stop | unchecked
  double figure = kNaN;               // the run's own advantage (the headline figure)
  double as_set = kNaN;               // the sensitivity run as set: the same games as the variants
  // The thresholds whose variants make it unstable, in the sensitivity runs' order.
  std::vector<std::string> depends_on;
  double low = kNaN, high = kNaN;  // the range over the figure, the run as set and every variant
  std::vector<StabilityVariant> variants;
  std::uint64_t variant_games = 0;  // games (matches) per variant
  // More than half of the games (of a match: of the recorded rounds) were ended by a stop (a
  // stopping rule or the safety bound); stop_share is that share.
  bool rests_on_stops = false;
  double stop_share = kNaN;
};

// A skilled agent's self-play figure of the same ruleset (the skill ladder's, with --ladder),
// shown beside the verdict, never merged into it: the verdict is of the report's random play.
struct SkilledSelfPlay {
  std::string agent;  // "alphabeta:2", "mcts:100"
  double advantage = kNaN;
  std::uint64_t games = 0, p1_wins = 0, p2_wins = 0;
  double stop_share = kNaN;  // of the games (of a match: of its rounds) ended by a stop
};
// "alphabeta:2 self-play: +100.0 pp (P1 wins 100 of 100; 100% ended by a stop)".
std::string skilled_text(const SkilledSelfPlay& s);

// The four keys, in this order.
inline const std::vector<std::string>& stability_keys() {
  static const std::vector<std::string> keys = {"stable", "unstable", "no_stop", "unchecked"};
  return keys;
}

// The share of the games (of a match: of its recorded rounds) ended by a stop: a stopping rule
// (the no-progress rule, stop_after_rounds) or the safety bound. NaN with no game (round).
double stop_share(const RunFigures& run);
// Whether any game of the run, or any recorded round of its matches, was ended by a stop.
bool any_stop(const RunFigures& run);

// The rule (docs/report.md): `figure` the run's advantage; `stopped` whether any game or round of
// the run ended by a stop; `share` the stop share; `as_set` the advantage in the sensitivity run
// as set and `variants` the variants played with the same games (nullopt: not played, or one of
// them could not be paired).
//   unchecked: no variants; no_stop: `stopped` is false;
//   unstable: the estimates of the runs as set and of the variants straddle 0 (a variant on the
//     other side of 0 from the run as set; with the run as set at exactly 0, variants on both
//     sides), or a variant's change interval excludes 0 and the figure plus that change has the
//     figure's other sign;
//   stable: otherwise. depends_on names the thresholds of the variants that make it unstable.
Stability decide_stability(double figure, bool stopped, double share, double as_set,
                           const std::optional<std::vector<StabilityVariant>>& variants,
                           std::uint64_t variant_games);

// The stability of `run`'s advantage from its sensitivity runs (measure_sensitivity's: runs[0]
// as set; empty: not measured). Unchecked when a run is partial or does not pair with the run as
// set.
Stability stability_of(const RunFigures& run, const std::vector<SensitivityRun>& runs);

// How a reader is shown the verdict beside (or instead of) the figure: "" for stable and no_stop
// (the figure alone), "depends on the round limit: -10.1 to +9.5 pp" for unstable, "stability
// not checked" for unchecked.
std::string stability_text(const Stability& s);
// The verdict in a word or the text, then "; rests on stops" when flagged: "stable", "no stopping
// rule", "not checked", "depends on the round limit: -10.1 to +9.5 pp; rests on stops" (the
// stability column of `runs list` and `simulate --stability`).
std::string stability_summary(const Stability& s);
// The words of one threshold in that text: "the no-progress rule", "the round limit", "the
// safety bound on rounds", "the safety bound on plies".
std::string threshold_words(const std::string& key);

// The "stability" object of a run's JSON (docs/simulate.md) and back; stability_from_json throws
// mancala::Error "<context>: stability: <what is wrong>".
nlohmann::json stability_to_json(const Stability& s);
Stability stability_from_json(const nlohmann::json& json, const std::string& context);
// The run's stability as its JSON carries it, or nullopt when it has no "stability" key.
std::optional<Stability> run_stability(const nlohmann::json& run, const std::string& context);
// The same, or for a run without it (simulate without --stability, runs stored before the
// verdict existed) unchecked with rests_on_stops from its counts. Throws as run_figures does.
Stability stored_stability(const nlohmann::json& run, const std::string& context);

}  // namespace mancala::analysis
