// compare, ladder, reconstruct and solve (issue 42, item 3): each runs what its command runs and
// returns the command's JSON (--format json), with Ctrl-C and progress as in runs.cpp.
#include <new>
#include <optional>

#include "analysis/compare_builder.h"
#include "analysis/ladder.h"
#include "analysis/reconstruct.h"
#include "analysis/reconstruct_panel.h"
#include "analysis/reconstruct_related.h"
#include "common/paths.h"
#include "python/bindings.h"
#include "python/interrupt.h"
#include "reports/command_output.h"
#include "reports/reconstruct_render.h"
#include "reports/solve_text.h"
#include "simulator/play_counts.h"
#include "simulator/play_moves.h"
#include "simulator/solver.h"

namespace mancala::python {
namespace {

using nlohmann::json;

// {"document": the command's JSON or null, "interrupted": a signal stopped it, "warnings"}.
std::string result(const json& document, const Interrupt& interrupt,
                   const json& warnings = json::array()) {
  return text(
      {{"document", document}, {"interrupted", interrupt.signalled()}, {"warnings", warnings}});
}

// `mancala compare A B ... | --game G | --evidence ID --format json`.
std::string compare(const std::vector<Ruleset>& given, const std::string& game,
                    const std::string& evidence, const std::string& db, long long games,
                    long long seed, bool crn, bool all_pairs, const std::string& agent,
                    const std::string& agents, int threads, const py::object& progress) {
  analysis::CompareOptions options;
  sim::set_play_counts(options, "compare", games, seed, threads);
  options.agents = agents_of("compare", agent, agents);
  options.common_random_numbers = crn;
  options.all_pairs = all_pairs;
  std::vector<sim::RuleSet> rulesets;
  json warnings = json::array();
  std::string what;
  if (!game.empty()) {
    what = "--game " + game;
    rulesets = analysis::rulesets_of_game(game);
  } else if (!evidence.empty()) {
    what = "--evidence " + evidence;
    rulesets = analysis::rulesets_of_evidence(
        evidence, default_db_path(db), [&](const std::string& line) { warnings.push_back(line); });
  } else {
    for (const Ruleset& r : given) rulesets.push_back(r.rules);
    if (rulesets.size() < 2)
      throw UsageError("compare: need at least two rulesets to compare, got " +
                       std::to_string(rulesets.size()));
  }
  if (rulesets.size() < 2)
    throw Error("compare: " + what + ": only one ruleset (" + rulesets.front().id +
                "), nothing to compare it with");
  Interrupt interrupt;
  options.stop = interrupt.flag();
  options.progress = [&](const std::string& id, uint64_t done, uint64_t total) {
    interrupt.tick(progress, id, done, total);
  };
  analysis::Comparison comparison;
  {
    py::gil_scoped_release release;
    comparison = analysis::compare_checked(rulesets, options);
  }
  interrupt.rethrow();
  if (comparison.interrupted && comparison.pairs.empty())
    return result(nullptr, interrupt, warnings);
  return result(parse(reports::render_comparison(comparison, "json", 0,
                                                 "Comparison of rule reconstructions")),
                interrupt, warnings);
}

// `mancala ladder RULESET --agents A,B,... --format json`.
std::string ladder(const Ruleset& ruleset, const std::string& agents, long long games,
                   long long seed, int threads, const std::string& real_games, bool no_real_games,
                   const py::object& progress) {
  analysis::LadderOptions options;
  sim::set_play_counts(options, "ladder", games, seed, threads);
  try {
    options.agents = analysis::parse_ladder_agents(agents, "--agents");
  } catch (const UsageError& e) {
    throw UsageError(std::string("ladder: ") + e.what());
  }
  std::optional<analysis::RealGames> real =
      analysis::real_games_for(ruleset.rules.game, real_games, no_real_games);
  Interrupt interrupt;
  options.stop = interrupt.flag();
  options.progress = [&](const std::string& pair, uint64_t done, uint64_t total) {
    interrupt.tick(progress, ruleset.rules.id + " " + pair, done, total);
  };
  std::optional<analysis::Ladder> played;
  {
    py::gil_scoped_release release;
    played.emplace(analysis::run_ladder(ruleset.rules, options));
  }
  interrupt.rethrow();
  return result(parse(reports::render_ladder(
                    *played, analysis::ladder_figures(*played, std::move(real)), "json")),
                interrupt);
}

// `mancala reconstruct GAME | --readings FILE | RULESET --hide KEY --format json`.
std::string reconstruct(const std::string& game, const std::string& readings_file,
                        const std::string& hide, const std::optional<std::string>& agent,
                        long long games, long long seed, int threads, const std::string& db,
                        double related_km, int related_years, long long top, bool with_runs,
                        const py::object& progress) {
  sim::check_games("reconstruct", games);
  if (seed < 0) throw UsageError("reconstruct: --seed: must be 0 or more");
  sim::check_threads("reconstruct", threads);
  if (top < 0) throw UsageError("reconstruct: --top: must be 0 or more");
  if (related_km <= 0 || related_years < 0)
    throw UsageError("reconstruct: --related-km must be above 0 and --related-years 0 or more");
  const analysis::Readings readings = analysis::readings_for(game, readings_file, hide);
  analysis::ReconstructSettings settings = analysis::reconstruct_settings(agent, readings);
  settings.games = games;
  settings.seed = static_cast<uint64_t>(seed);
  settings.panel = analysis::parse_panel(analysis::kDefaultPanel);  // the command's default panel
  analysis::Reconstruction r =
      analysis::start_reconstruction(analysis::generate_space(readings), settings);
  Interrupt interrupt;
  analysis::PlayStageOptions play;
  play.threads = threads;
  play.stop = interrupt.flag();
  play.progress = [&](const analysis::StagePlan& plan, size_t done, size_t total,
                      uint64_t games_done, uint64_t games_total) {
    interrupt.tick(progress,
                   "stage " + std::to_string(plan.index) + " " + plan.agent.name() + " candidate " +
                       std::to_string(done + 1) + "/" + std::to_string(total),
                   games_done, games_total);
  };
  std::optional<analysis::ReconstructResult> evaluated;
  {
    py::gil_scoped_release release;
    analysis::run_reconstruction(r, play);
    evaluated.emplace(analysis::evaluate_reconstruction(r, interrupt.flag()));
  }
  interrupt.rethrow();
  const analysis::Related related =
      analysis::find_related(r.space, default_db_path(db), related_km, related_years);
  const reports::ReconstructView view{r, *evaluated, related, with_runs};
  return result(parse(reports::render_reconstruction(view, "json", 0, static_cast<size_t>(top))),
                interrupt);
}

// A solve stopped by Ctrl-C (thrown out of its progress callback).
struct SolveStopped {};

// `mancala solve RULESET [--moves ...] [--max-seconds S] [--table-mib M] --format json`.
std::string solve(const Ruleset& ruleset, const std::string& moves, double max_seconds,
                  std::optional<int> table_mib) {
  sim::check_solve_limits(max_seconds, table_mib);
  const sim::Game game(ruleset.rules);
  try {
    sim::check_solvable(game.rules());
  } catch (const Error& e) {
    throw Error(std::string("solve: ") + e.what());
  }
  const sim::State start = sim::play_moves(game, moves, "solve");
  int mib = 0;
  sim::SolveOptions options = sim::solve_options(max_seconds, table_mib, game.rules(), mib);
  Interrupt interrupt;
  options.progress = [&](const sim::SolveProgress&) {
    interrupt.tick(py::none(), "", 0, 0);
    if (interrupt.signalled()) throw SolveStopped{};
  };
  sim::SolveResult r;
  try {
    py::gil_scoped_release release;
    r = sim::solve(game, start, options);
  } catch (const SolveStopped&) {
    return result(nullptr, interrupt);
  } catch (const Error& e) {
    throw Error(std::string("solve: ") + e.what());
  } catch (const std::bad_alloc&) {
    throw Error("solve: --table-mib " + std::to_string(mib) +
                ": not enough memory for the table; try a smaller one");
  }
  return result(reports::solve_json(game, moves, r), interrupt);
}

}  // namespace

void add_measures(py::module_& m) {
  m.def("compare", &compare);
  m.def("ladder", &ladder);
  m.def("reconstruct", &reconstruct);
  m.def("solve", &solve);
}

}  // namespace mancala::python
