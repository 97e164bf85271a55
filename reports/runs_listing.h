// What `mancala runs list|show` and `mancala bench` print: the runs stored in the archive and
// the engine's speed, as JSON and as text tables (docs/simulate.md).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "analysis/bench.h"
#include "archive/store.h"

namespace mancala::reports {

// `runs list`: each run's id, ruleset, hash, engine, agent, seed, games, partial, date,
// first-player advantage, own-rule share and stability (JSON), or a table with the first player's
// win rate, advantage, own-rule share (completion, marked '!' under half, explained in a footer)
// and stability (a '?' when the stored statistics do not read).
nlohmann::json run_records_json(const std::vector<archive::RunRecord>& records);
void print_run_records(std::ostream& out, const std::vector<archive::RunRecord>& records);

// The suggested citation of a stored run whose statistics are `stats` (reports/evidence_pages.h,
// issue 14): a partial run cites the games its statistics cover (--games K of its K games).
std::string run_record_citation(const archive::RunRecord& record, const nlohmann::json& stats);
// `runs show`: the run with its citation and `stats` (its statistics, read), as JSON, or as a
// heading and a table of the statistics with their 95% intervals.
nlohmann::json run_record_json(const archive::RunRecord& record, const nlohmann::json& stats);
void print_run_record(std::ostream& out, const archive::RunRecord& record,
                      const nlohmann::json& stats);

// `bench`: the measurements as JSON, or as a table.
nlohmann::json speed_json(const std::vector<analysis::SpeedMeasurement>& measurements);
void print_speed(std::ostream& out, const std::vector<analysis::SpeedMeasurement>& measurements);

}  // namespace mancala::reports
