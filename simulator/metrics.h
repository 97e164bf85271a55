// The playability metrics (docs/metrics.md), one entry each in metric_registry(): the one list
// every consumer reads, as the rule field table is for rule keys. The run's tally adds each game
// to the metrics' tallies and its JSON writes and reads them (run_stats.h), the report's tables
// and runs.csv show them (analysis/run_figures.h, reports/), compare sets them side by side
// (analysis/compare_builder.h), and docs/metrics.md lists them (a test keeps its table equal to
// the registry).
//
// A metric is of one of three kinds, each with its tally, estimate and interval:
//   kOutcome     from the run's wins and draws, no tally of its own (balance, drawishness);
//   kUnitMean    the mean, over units (a game; each recorded round of a match), of an integer
//                each unit gives, times `scale`: the tally is the histogram of those integers,
//                so adding games and merging shards are exact; Student t interval;
//   kRoundPairs  over pairs of consecutive recorded rounds of a match (snowball).
// A new metric of kind kUnitMean is one entry here (key, name, phrase, definition, interval, and
// the integer a unit gives, from the GameResult) and, when the play loop must record something new
// for it, that field of RoundPlay (play.h) and its tracking.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simulator/play.h"
#include "stats/stats.h"

namespace mancala::sim {

enum class MetricKind { kOutcome, kUnitMean, kRoundPairs };

// How a metric's value is written: a share ("43.1%"), a difference of shares in percentage
// points ("+4.0 pp"), or a plain number ("1.52").
enum class MetricFormat { kShare, kPoints, kNumber };

struct MetricInfo {
  std::string key;   // the JSON key under "metrics", runs.csv's statistic, compare's row key
  std::string name;  // "lead changes"
  // What it is, for the report's table; "{unit}" reads "game" or "round", "{units}" "games" or
  // "matches" (finished games of a run; a match's units are its rounds).
  std::string what;
  std::string definition;     // docs/metrics.md's definition
  std::string interval;       // docs/metrics.md's interval
  std::string interval_name;  // its short name in tables: "Wilson", "Student t", "Tango score"
  MetricKind kind = MetricKind::kUnitMean;
  MetricFormat format = MetricFormat::kNumber;
  int decimals = 2;  // digits after the point as written (of the percentage for shares)
  // kUnitMean: the value is scale times the integer; every integer lies in [0, max_value].
  double scale = 1;
  std::int64_t max_value = 0;  // 0: no bound
  bool decided_only = false;   // kUnitMean: only units a player won give a value
  bool matches_only = false;   // only runs of matches have it
  // Added after the first metrics: a run stored before it lacks its key, and reads back without
  // it (not kept). For the others a missing key is a damaged run.
  bool absent_in_older_runs = false;
  // kOutcome: the estimate from the finished games' wins and draws.
  stats::Estimate (*outcome)(std::uint64_t wins1, std::uint64_t wins2,
                             std::uint64_t draws) = nullptr;
  // kUnitMean: the integer round `round` (0-based, recorded) of `game` gives; called only for
  // decided rounds when decided_only.
  std::int64_t (*unit_value)(const GameResult& game, int round) = nullptr;
};

// Every metric, in the order of the report's table and runs.csv.
const std::vector<MetricInfo>& metric_registry();
// The metric of `key`, or nullptr.
const MetricInfo* find_metric(std::string_view key);
// The kUnitMean metrics' positions in MetricTally::units: index of `key` among them, or -1.
int unit_metric_index(std::string_view key);
// The kUnitMean metrics, in registry order (MetricTally::units follows it).
const std::vector<const MetricInfo*>& unit_metrics();

// The phrase of metric `m` with its units: per_round for a match's metrics per round.
std::string metric_what(const MetricInfo& m, bool match);

// docs/metrics.md's table of the metrics: a Markdown row per metric (key, definition, interval),
// '|' escaped; a test keeps the document equal to it.
std::string metrics_doc_table();

}  // namespace mancala::sim
