// simulate (issue 42, item 2) through the functions `mancala simulate` calls, and a run's
// statistics as runs.csv names them; Ctrl-C and progress as python/interrupt.h says.
#include <optional>

#include "analysis/run_record.h"
#include "analysis/simulate_runs.h"
#include "archive/store.h"
#include "common/paths.h"
#include "python/bindings.h"
#include "python/interrupt.h"
#include "reports/tidy_csv.h"
#include "simulator/agents.h"
#include "simulator/play_counts.h"

namespace mancala::python {

sim::AgentPair agents_of(const std::string& command, const std::string& agent,
                         const std::string& agents) {
  try {
    return sim::agents_from_options(agent.empty() ? nullptr : &agent,
                                    agents.empty() ? nullptr : &agents);
  } catch (const UsageError& e) {
    throw UsageError(command + ": " + e.what());
  }
}

namespace {

using nlohmann::json;

// `mancala simulate IDS --games N --seed S --threads T [--agent(s) ...] [--db DB | --no-store]
// --format json`: {"runs": [...], "seconds": [...], "stored": [run ids], "interrupted",
// "stopped_empty"}.
std::string simulate(const std::vector<Ruleset>& given, long long games, long long seed,
                     const std::string& agent, const std::string& agents, int threads, bool store,
                     const std::string& db, const py::object& progress) {
  if (given.empty()) throw UsageError("simulate: give at least one ruleset");
  sim::BatchOptions options;
  sim::set_play_counts(options, "simulate", games, seed, threads);
  options.agents = agents_of("simulate", agent, agents);
  // Everything that can fail does so before the first game: rulesets, archive.
  std::vector<sim::RuleSet> rulesets;
  for (const Ruleset& r : given) rulesets.push_back(r.rules);
  analysis::check_distinct_rulesets("simulate", rulesets);
  std::optional<archive::Store> archive;
  if (store) archive = archive::Store::open(default_db_path(db));
  Interrupt interrupt;
  options.stop = interrupt.flag();
  analysis::SimulatedRuns simulated;
  {
    py::gil_scoped_release release;
    simulated = analysis::simulate_runs(rulesets, options, std::nullopt,
                                        [&](const std::string& id, uint64_t done, uint64_t total) {
                                          py::gil_scoped_acquire acquire;
                                          interrupt.check();
                                          interrupt.call(progress, id, done, total);
                                        });
  }
  interrupt.rethrow();
  json stored = json::array();
  for (size_t i = 0; archive && i < simulated.finished.size(); ++i)
    stored.push_back(
        archive->store_run(analysis::run_record(simulated.finished[i], simulated.runs[i])));
  return text({{"runs", simulated.runs},
               {"seconds", simulated.seconds},
               {"stored", stored},
               {"interrupted", interrupt.signalled()},
               {"stopped_empty",
                simulated.stopped_empty ? json(*simulated.stopped_empty) : json(nullptr)}});
}

// A run's statistics as runs.csv's rows (reports::tidy_statistics): statistic, value, ci_low,
// ci_high and what each is broken down by.
std::string tidy(const std::string& run_json) {
  json out = json::array();
  for (const reports::TidyStatistic& s : reports::tidy_statistics(parse(run_json))) {
    out.push_back({{"statistic", s.statistic},
                   {"value", s.value},
                   {"ci_low", s.ci_low},
                   {"ci_high", s.ci_high},
                   {"round", s.round},
                   {"level", s.level},
                   {"state", s.state},
                   {"player", s.player},
                   {"holes_p1", s.holes_p1},
                   {"holes_p2", s.holes_p2},
                   {"tribute_to", s.tribute_to},
                   {"bha", s.bha},
                   {"favoured", s.favoured}});
  }
  return text(out);
}

}  // namespace

void add_runs(py::module_& m) {
  m.def("simulate", &simulate);
  m.def("tidy_statistics", &tidy);
  m.def("default_threads", &sim::default_threads);
}

}  // namespace mancala::python
