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
#include "analysis/ladder.h"

namespace mancala::reports {

// One row of the tidy statistics table (runs.csv; docs/report.md): a statistic of one run with
// its 95% interval, and what it is broken down by. round: "all" for a statistic over every
// recorded round of the matches, empty for one over whole games (matches); level: the handicap
// level (P1's holes in play minus P2's) or empty; state: the category (an end condition, a
// completion class, a handicap curve's side) or empty; holes_p1, holes_p2, tribute_to, bha,
// favoured: a whole handicap state (each row's holes in play, the player with each perk), else
// empty; player: 1 or 2, or empty. value, ci_low and ci_high are JSON numbers, or null when
// undefined (no finished game) or when the statistic has no interval.
struct TidyStatistic {
  std::string statistic;
  nlohmann::json value;
  nlohmann::json ci_low;
  nlohmann::json ci_high;
  std::string round = {};
  std::string level = {};
  std::string state = {};
  std::string player = {};
  std::string holes_p1 = {}, holes_p2 = {}, tribute_to = {}, bha = {}, favoured = {};
};

// One row of runs.csv: what it is a statistic of, and the statistic. part: "run" (a ruleset's
// run), "handicap_curves" (measured by rounds of their own) or "ladder" (a skill ladder's games).
struct TidyRow {
  std::string run_id, part, ruleset, game, agent_p1, agent_p2, seed, rules_hash;
  std::string seats;  // "alternating", "simultaneous" (sim::seats_name), "" when not recorded
  TidyStatistic statistic;
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
// The rows of runs (part "run"): one per run and statistic (tidy_statistics). run_id is empty for
// a run not stored in the archive.
std::vector<TidyRow> tidy_rows(const std::vector<TidyRun>& runs);
// The handicap curves of a multi-round ruleset (analysis/handicap_builder.h) as rows, part
// "handicap_curves", run_id empty (the curves are measured by games of their own).
std::vector<TidyRow> handicap_rows(const analysis::HandicapResult& curves);
// A skill ladder as rows, part "ladder": each ordered pair's run (tidy_statistics, the pair's
// agents as agent_p1 and agent_p2), each agent's rating (statistic "ladder_rating", the agent as
// agent_p1, Elo points with the 95% interval) and the skill depth ("ladder_skill_depth").
std::vector<TidyRow> ladder_rows(const analysis::Ladder& ladder,
                                 const analysis::LadderFigures& figures);
// RFC 4180 with the header run_id, part, ruleset, game, agent_p1, agent_p2, seed, rules_hash,
// statistic, round, level, state, holes_p1, holes_p2, tribute_to, bha, favoured, player, value,
// ci_low, ci_high (docs/report.md).
std::string tidy_table_csv(const std::vector<TidyRow>& rows);
// runs.csv of runs alone (and 'simulate --format csv'): tidy_table_csv(tidy_rows(runs)).
std::string tidy_csv(const std::vector<TidyRun>& runs);

}  // namespace mancala::reports
