// runs.csv: the report's tidy statistics (docs/report.md), one row per run and statistic, read
// by R and pandas; also `simulate --format csv`. The figures are the model's
// (analysis/run_figures.h), written at full precision.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/handicap_builder.h"

namespace mancala::reports {

// One row of the tidy statistics table (runs.csv; docs/report.md): a statistic of one run with
// its 95% interval, and what it is broken down by. round: "all" for a statistic over every
// recorded round of the matches, empty for one over whole games (matches); level: the handicap
// level (P1's holes in play minus P2's) or empty; state: the category (an end condition, a
// completion class, a handicap state) or empty; player: 1 or 2, or empty. value, ci_low and
// ci_high are JSON numbers, or null when undefined (no finished game) or when the statistic has
// no interval.
struct TidyStatistic {
  std::string statistic;
  nlohmann::json value;
  nlohmann::json ci_low;
  nlohmann::json ci_high;
  std::string round;
  std::string level;
  std::string state;
  std::string player;
};

// The statistics of one run as tidy rows, in a fixed order: counts (games, wins, ...), rates
// with intervals, the first-player advantage, end conditions and completion, game length, relay
// bound hits, the playability metrics, and the multi-round statistics when the run has them.
// Throws mancala::Error "<ruleset>: <key>: <what is wrong>" when a key the report needs is
// missing or of the wrong type.
std::vector<TidyStatistic> tidy_statistics(const nlohmann::json& run);

// One run for tidy_csv: its JSON (sim::run_stats_to_json), its id in the archive when stored, and
// its game (ReportRuleset::game; for a run alone, the ruleset id up to its first '/').
struct TidyRun {
  const nlohmann::json* run = nullptr;
  std::optional<std::int64_t> run_id;
  std::string game;
};
// The ruleset id up to its first '/' ("toguz_kumalak/standard" -> "toguz_kumalak").
std::string game_of_ruleset(std::string_view ruleset_id);
// runs.csv (and 'simulate --format csv'): RFC 4180 with the header run_id, ruleset, game,
// agent_p1, agent_p2, seed, rules_hash, statistic, round, level, state, player, value, ci_low,
// ci_high, one row per run and statistic (tidy_statistics). run_id is empty for a run not
// stored in the archive.
std::string tidy_csv(const std::vector<TidyRun>& runs);

// The handicap curves of a multi-round ruleset (analysis/handicap_builder.h) as runs.csv rows, in
// its columns (run_id empty: the curves are measured by games of their own); CRLF line ends.
std::string handicap_csv_rows(const analysis::HandicapResult& curves);

}  // namespace mancala::reports
