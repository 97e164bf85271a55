// mancala compare | handicap: rule reconstructions side by side, and handicap effects of a
// multi-round ruleset. The work is done in compare_builder.h and handicap_builder.h; this file
// reads the command line. docs/compare.md describes both commands.
#include "analysis/compare_builder.h"
#include "analysis/handicap_builder.h"
#include "cli/commands.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "reports/command_output.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

// The formats of compare and handicap.
const std::vector<std::string> kFormats = {"table", "json", "csv", "md", "html"};

}  // namespace

int cmd_compare(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = 10000, seed = 1;
  int threads = 0;
  desc.add_options()("rulesets", po::value<std::vector<std::string>>(),
                     "ruleset ids, game names or files (two or more)")(
      "evidence", po::value<std::string>(), "compare every ruleset linked to this evidence record")(
      "game", po::value<std::string>(), "compare every ruleset of this game")(
      "games,n", po::value<long long>(&games)->default_value(10000), "games (matches) per ruleset")(
      "seed,s", po::value<long long>(&seed)->default_value(1), "random seed (>= 0)")(
      "no-crn", "no common random numbers: give each ruleset its own seed (independent samples)")(
      "all-pairs",
      "test every pair of rulesets (default: each against the first, the game's default with "
      "--game or --evidence)")(
      "wide", "print every column of the tables (default: fit $COLUMNS, the terminal, or 100)")(
      "threads,t", threads_value(threads), "worker threads (the results do not depend on it)")(
      "format", po::value<std::string>()->default_value("table"), "table|json|csv|md|html")(
      "db", po::value<std::string>(),
      "archive whose evidence links --evidence also reads (default $MANCALA_DB or ./mancala.db)");
  add_agent_options(desc);
  po::variables_map vm;
  if (!parse_options("compare",
                     "A B [C...] | --evidence ID | --game NAME  [--games N] [--seed S] [--no-crn]\n"
                     "       [--all-pairs] [--wide]\n"
                     "       [--agent SPEC | --agents SPEC1,SPEC2] [--threads T]\n"
                     "       [--format table|json|csv|md|html]",
                     desc, {"rulesets", -1}, args, vm, io)) {
    return 0;
  }
  const int sources =
      static_cast<int>(vm.count("rulesets") + vm.count("evidence") + vm.count("game"));
  if (sources == 0)
    throw UsageError(
        "compare: missing the rulesets (give two or more, --evidence ID or --game NAME)");
  if (sources > 1)
    throw UsageError("compare: give rulesets, --evidence or --game, not more than one of them");
  analysis::CompareOptions options;
  set_play_counts(options, "compare", games, seed, threads);
  const std::string format = check_format("compare", vm["format"].as<std::string>(), kFormats);
  options.agents = agents_option("compare", vm);
  options.common_random_numbers = !vm.count("no-crn");
  options.all_pairs = vm.count("all-pairs") > 0;

  std::vector<sim::RuleSet> rulesets;
  std::string what;
  if (vm.count("rulesets")) {
    const auto ids = vm["rulesets"].as<std::vector<std::string>>();
    if (ids.size() < 2) {
      throw UsageError(
          "compare: need at least two rulesets to compare, got 1 (see 'mancala compare --help')");
    }
    for (const std::string& id : ids) rulesets.push_back(sim::load_ruleset(id));
  } else if (vm.count("game")) {
    what = "--game " + vm["game"].as<std::string>();
    rulesets = analysis::rulesets_of_game(vm["game"].as<std::string>());
  } else {
    what = "--evidence " + vm["evidence"].as<std::string>();
    rulesets = analysis::rulesets_of_evidence(
        vm["evidence"].as<std::string>(),
        default_db_path(vm.count("db") ? vm["db"].as<std::string>() : ""),
        [&](const std::string& line) { io.err << "mancala: " << line << "\n"; });
  }
  if (rulesets.size() < 2) {
    throw Error("compare: " + what + ": only one ruleset (" + rulesets.front().id +
                "), nothing to compare it with");
  }

  analysis::Comparison comparison;
  InterruptGuard guard;
  options.stop = &InterruptGuard::interrupted();
  {
    ProgressBar progress(io, "", ProgressBar::Style::kCount);
    options.progress = [&](const std::string& id, uint64_t done, uint64_t total) {
      progress.update(id, done, total);
    };
    const Stopwatch watch;
    comparison = analysis::compare_checked(rulesets, options);
    io.err << "compare: " << rulesets.size() << " rulesets x " << games << " games in "
           << watch.text() << " s" << (InterruptGuard::interrupted() ? " (interrupted)" : "")
           << "\n";
  }
  if (comparison.interrupted && comparison.pairs.empty()) {
    // Fewer than two rulesets finished: what was played, and nothing compared.
    for (const analysis::ComparedRun& r : comparison.runs) {
      io.err << "compare: " << r.label << ": " << r.run.tally.games << " of " << games << " games"
             << (r.run.partial ? " (partial)" : "") << "\n";
    }
    io.err << "mancala: compare: interrupted by " << InterruptGuard::cause()
           << " before two rulesets finished: nothing compared\n";
    return InterruptGuard::exit_code();
  }
  io.out << reports::render_comparison(comparison, format, vm.count("wide") ? 0 : output_width(io),
                                       "Comparison of rule reconstructions");
  if (InterruptGuard::interrupted()) {
    io.err << "mancala: compare: interrupted by " << InterruptGuard::cause()
           << (comparison.interrupted ? ": the rulesets whose runs finished are compared (see the "
                                        "first note)"
                                      : " after the comparison was complete")
           << "\n";
    return InterruptGuard::exit_code();
  }
  return 0;
}

int cmd_handicap(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = 2000, seed = 1;
  int threads = 0;
  desc.add_options()("ruleset", po::value<std::string>(),
                     "a multi-round ruleset (id, game name or file)")(
      "levels", po::value<std::string>(),
      "deficits to play, e.g. 0,5,10-12 (default: every level the ruleset can deal)")(
      "games,n", po::value<long long>(&games)->default_value(2000),
      "rounds per level, and whole matches")(
      "seed,s", po::value<long long>(&seed)->default_value(1), "random seed (>= 0)")(
      "no-matches", "play only the rounds of each level, no whole matches")(
      "threads,t", threads_value(threads), "worker threads (the results do not depend on it)")(
      "format", po::value<std::string>()->default_value("table"), "table|json|csv|md|html")(
      "wide", "print every column of the tables (default: fit $COLUMNS, the terminal, or 100)");
  add_agent_options(desc);
  po::variables_map vm;
  if (!parse_options("handicap",
                     "RULESET [--levels D,D-D] [--games N] [--seed S] [--no-matches] [--wide]\n"
                     "       [--agent SPEC | --agents SPEC1,SPEC2] [--threads T] [--format "
                     "table|json|csv|md|html]",
                     desc, {"ruleset", 1}, args, vm, io)) {
    return 0;
  }
  if (!vm.count("ruleset"))
    throw UsageError("handicap: missing the ruleset (see 'mancala handicap --help')");
  analysis::HandicapOptions options;
  set_play_counts(options, "handicap", games, seed, threads);
  const std::string format = check_format("handicap", vm["format"].as<std::string>(), kFormats);
  options.agents = agents_option("handicap", vm);
  options.matches = !vm.count("no-matches");
  if (vm.count("levels")) options.levels = analysis::parse_levels(vm["levels"].as<std::string>());
  const sim::RuleSet rules = sim::load_ruleset(vm["ruleset"].as<std::string>());

  const Stopwatch watch;
  InterruptGuard guard;
  options.stop = &InterruptGuard::interrupted();
  const analysis::HandicapResult result = analysis::measure_handicaps(rules, options);
  io.err << "handicap: " << rules.id << ": " << result.levels.size() << " levels x " << games
         << " rounds" << (options.matches ? " and " + std::to_string(games) + " matches" : "")
         << " in " << watch.text() << " s" << (result.interrupted ? " (interrupted)" : "") << "\n";
  if (result.interrupted && result.levels.empty()) {
    io.err << "mancala: handicap: interrupted by " << InterruptGuard::cause()
           << " before a level's first rounds finished: nothing to show\n";
    return InterruptGuard::exit_code();
  }
  io.out << reports::render_handicaps(result, format, vm.count("wide") ? 0 : output_width(io),
                                      "Handicap effects of " + rules.id);
  if (result.interrupted) {
    io.err << "mancala: handicap: interrupted by " << InterruptGuard::cause()
           << ": the figures cover the rounds completed before it (each level's count of rounds "
              "is shown)"
           << (options.matches && result.matches.matches == 0 ? "; no match was played" : "")
           << "\n";
    return InterruptGuard::exit_code();
  }
  return 0;
}

}  // namespace mancala::cli
