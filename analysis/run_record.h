// A simulation run as the archive stores it (archive/store.h, Store::store_run).
#pragma once

#include <nlohmann/json.hpp>

#include "archive/store.h"
#include "simulator/run_stats.h"

namespace mancala::analysis {

// The archive's record of `run`, whose JSON (sim::run_stats_to_json) is `stats`.
inline archive::RunRecord run_record(const sim::RunStats& run, const nlohmann::json& stats) {
  return {.ruleset = run.ruleset,
          .rules_hash = run.rules_hash,
          .engine_version = run.engine_version,
          .agent = run.agent,
          .seed = run.seed,
          .games = run.games_requested,
          .partial = run.partial,
          .stats_json = stats.dump(),
          .created_at = {}};
}

}  // namespace mancala::analysis
