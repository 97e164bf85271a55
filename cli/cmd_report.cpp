// mancala report: simulate rulesets (every one by default) and write the report folder
// (index.html, a page per ruleset, report.md, runs.csv, runs.json). docs/report.md describes it.
#include <sstream>

#include "analysis/report_model.h"
#include "cli/commands.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "reports/report.h"
#include "reports/runs_table.h"

namespace mancala::cli {
namespace {

// Games (matches) per ruleset by default: chosen so that the whole report over every ruleset
// takes about a minute on two cores (measured figures in docs/report.md).
constexpr long long kDefaultReportGames = 50000;
// Games per ruleset read from the DLP's rules paraphrases (the family, docs/coverage.md): fewer, so
// that the main job, which plays the family's seventy rulesets too, stays within ten minutes on two
// cores (issue 25); their intervals are about three times as wide as the seed games'.
constexpr long long kDefaultFamilyGames = 5000;
// Rounds per handicap level (and whole matches) for the handicap curves of multi-round rulesets.
constexpr long long kDefaultHandicapRounds = 1000;
constexpr const char* kDefaultOut = "reports/out";
// The skill ladders of --ladder: cheap agents and few games, so that the default report over every
// game stays within a few minutes on two cores (docs/ladder.md gives the measured time).
constexpr const char* kDefaultLadderAgents = "random,greedy,alphabeta:2";
constexpr long long kDefaultLadderGames = 100;
// The report folder's file of the runs the archive could not take (busy, read-only).
constexpr const char* kRunsNotStored = "runs-not-stored.json";
// The readings searches of --readings: the most games a candidate plays in a stage.
constexpr long long kDefaultReadingsGames = 100;

}  // namespace

int cmd_report(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = kDefaultReportGames, seed = 1, handicap_rounds = kDefaultHandicapRounds,
            family_games = kDefaultFamilyGames;
  long long sensitivity_games = analysis::kDefaultSensitivityGames,
            ladder_games = kDefaultLadderGames, readings_games = kDefaultReadingsGames;
  int threads = 0;
  desc.add_options()("rulesets", po::value<std::vector<std::string>>(),
                     "ruleset ids, game names or files (default: every ruleset)")(
      "game", po::value<std::string>(),
      "every reconstruction of this game (its default first), with its comparison page")(
      "games,n", po::value<long long>(&games)->default_value(kDefaultReportGames),
      "games (matches) per ruleset")(
      "family-games", po::value<long long>(&family_games)->default_value(kDefaultFamilyGames),
      "games (matches) per ruleset read from the DLP's rules paraphrases (docs/coverage.md); "
      "default: 5000, or --games when it is given")(
      "out,o", po::value<std::string>()->default_value(kDefaultOut),
      "the report folder (replaced whole; only an empty folder or an earlier report)")(
      "seed,s", po::value<long long>(&seed)->default_value(1),
      "random seed (>= 0); game g plays with Rng(seed, g)")(
      "threads,t", threads_value(threads), "worker threads (the results do not depend on it)")(
      "db", po::value<std::string>(),
      "archive to store the runs in (default $MANCALA_DB or ./mancala.db)")(
      "no-store", "do not store the runs")(
      "handicap-rounds",
      po::value<long long>(&handicap_rounds)->default_value(kDefaultHandicapRounds),
      "rounds per handicap level, and whole matches, for the handicap curves of multi-round "
      "rulesets")(
      "sensitivity-games",
      po::value<long long>(&sensitivity_games)->default_value(analysis::kDefaultSensitivityGames),
      "games per run of the sensitivity tables (each threshold that ends games halved "
      "and doubled; default: 1000, or --games when fewer); 0 leaves them out")(
      "no-extras", "leave out the comparison pages and the handicap curves")(
      "ladder",
      "add a skill ladder of each game's default ruleset (docs/ladder.md), the family's games "
      "(read from the DLP's rules paraphrases) left out")(
      "family-ladders", "with --ladder, the family's games get skill ladders too")(
      "ladder-agents", po::value<std::string>()->default_value(kDefaultLadderAgents),
      "the agents of the skill ladders")(
      "ladder-games", po::value<long long>(&ladder_games)->default_value(kDefaultLadderGames),
      "games per ordered pair of agents in the skill ladders")(
      "readings", "add a page of every reading of each game's source (docs/reconstruct.md)")(
      "readings-games", po::value<long long>(&readings_games)->default_value(readings_games),
      "the most games a candidate plays in a stage of those searches")(
      "print", po::value<std::string>(),
      "also print one file of the report on stdout: csv (runs.csv), json (runs.json) or md "
      "(report.md)");
  add_agent_options(desc);
  po::variables_map vm;
  if (!parse_options(
          "report",
          "[RULESET... | --game G] [--games N] [--family-games N] [--out DIR] [--seed S]\n"
          "       [--agent SPEC | --agents SPEC1,SPEC2] [--threads T] [--db PATH | --no-store]\n"
          "       [--handicap-rounds N] [--sensitivity-games N] [--no-extras] [--print "
          "csv|json|md]\n"
          "       [--ladder [--ladder-agents A,B,...] [--ladder-games N] [--family-ladders]]\n"
          "       [--readings [--readings-games N]]",
          desc, {"rulesets", -1}, args, vm, io)) {
    return 0;
  }
  sim::BatchOptions options;
  set_play_counts(options, "report", games, seed, threads);
  check_games("report", family_games, "--family-games");
  // Given --games and not --family-games, every ruleset plays --games: a small report stays small.
  if (vm["family-games"].defaulted() && !vm["games"].defaulted()) family_games = games;
  if (vm.count("family-ladders") && !vm.count("ladder"))
    throw UsageError("report: --family-ladders: needs --ladder");
  check_games("report", handicap_rounds, "--handicap-rounds");
  if (sensitivity_games < 0) throw UsageError("report: --sensitivity-games: must be 0 or more");
  if (sensitivity_games > 0) check_games("report", sensitivity_games, "--sensitivity-games");
  std::optional<analysis::LadderOptions> ladder;
  if (vm.count("ladder")) {
    check_games("report", ladder_games, "--ladder-games");
    ladder.emplace();
    try {
      ladder->agents =
          analysis::parse_ladder_agents(vm["ladder-agents"].as<std::string>(), "--ladder-agents");
    } catch (const UsageError& e) {
      throw UsageError(std::string("report: ") + e.what());
    }
    ladder->games = ladder_games;
    ladder->seed = static_cast<uint64_t>(seed);
    ladder->threads = threads;
  }
  // Never more games than the main run: a small report stays small.
  if (vm["sensitivity-games"].defaulted()) sensitivity_games = std::min(sensitivity_games, games);
  options.agents = agents_option("report", vm);
  std::string print;
  if (vm.count("print")) {
    print = vm["print"].as<std::string>();
    if (print != "csv" && print != "json" && print != "md") {
      throw UsageError("report: --print: expected csv, json or md, got '" + print + "'");
    }
  }
  if (vm["out"].as<std::string>().empty()) throw UsageError("report: --out: expected a folder");

  // Everything that can fail does so before the first game: rulesets, output folder, archive.
  if (vm.count("game") && vm.count("rulesets"))
    throw UsageError("report: give rulesets or --game, not both");
  const std::vector<std::string> ids =
      vm.count("rulesets")
          ? vm["rulesets"].as<std::vector<std::string>>()
          : analysis::report_ruleset_ids(vm.count("game") ? vm["game"].as<std::string>() : "");
  const std::vector<sim::RuleSet> rulesets = load_distinct_rulesets("report", ids);
  reports::ReportFolder folder(vm["out"].as<std::string>());
  std::optional<archive::Store> store = open_store_for_runs("report", vm);

  InterruptGuard guard;
  const auto interrupted = [&] {
    io.err << "mancala: report: interrupted: no report written; " << folder.destination().string()
           << " is as it was\n";
    return InterruptGuard::exit_code();
  };
  options.stop = &InterruptGuard::interrupted();
  analysis::ReportPlan plan;
  plan.rulesets = rulesets;
  plan.batch = options;
  plan.comparisons = plan.handicaps = !vm.count("no-extras");
  plan.handicap.games = handicap_rounds;
  plan.handicap.seed = options.seed;
  plan.handicap.agents = options.agents;
  plan.handicap.threads = options.threads;
  plan.sensitivity_games = sensitivity_games;
  plan.ladder = ladder;
  plan.family_games = family_games == games ? 0 : family_games;
  plan.family_ladders = vm.count("family-ladders") > 0;
  if (vm.count("readings")) {
    check_games("report", readings_games, "--readings-games");
    plan.readings_games = readings_games;
    plan.readings_db = default_db_path(vm.count("db") ? vm["db"].as<std::string>() : "");
  }

  std::optional<std::string> store_failure;
  std::vector<nlohmann::json> unstored;
  std::optional<analysis::ReportModel> model;
  {
    ProgressBar bar(io, "");
    analysis::ReportHooks hooks;
    hooks.progress = [&](const std::string& label, uint64_t done, uint64_t total) {
      bar.update(label, done, total);
    };
    hooks.played = [&](const sim::RunStats& run, const nlohmann::json& json,
                       const std::string& seconds) {
      bar.erase();
      if (run.tally.games == 0) {
        // Stopped before any game of this ruleset finished: a run of no game is not stored (as
        // 'mancala simulate' does).
        io.err << "report: " << run.ruleset << ": interrupted before any game finished: nothing "
               << "stored\n";
        return std::optional<int64_t>();
      }
      std::optional<int64_t> id;
      bool added = true;
      // A busy or unwritable archive does not cost the report: the runs it could not take are
      // kept in the report folder, in the form 'mancala merge' stores (issue 21, item 5).
      if (store && !store_failure) {
        try {
          id = store->store_run(analysis::run_record(run, json), &added);
        } catch (const archive::ArchiveError& e) {
          store_failure = e.what();
        }
      }
      if (store_failure && !run.partial) unstored.push_back(json);
      io.err << "report: " << run.ruleset << ": " << run.tally.games << " games in " << seconds
             << " s" << (run.partial ? " (partial)" : "")
             << (id ? (added ? ", stored as run " : ", already stored as run ") +
                          std::to_string(*id)
                    : std::string())
             << "\n";
      return id;
    };
    hooks.log = [&](const std::string& line) {
      bar.erase();
      io.err << line << "\n";
    };
    model = analysis::build_report_model(plan, hooks);
  }
  if (!model) return interrupted();
  reports::ReportOptions report_options;
  report_options.command = reports::report_command(args);
  // A page per evidence record, linked from the rulesets citing it (reports/evidence_report.h).
  const std::vector<reports::ReportFile> files =
      reports::render_report_with_evidence(*model, report_options);
  for (const reports::ReportFile& file : files) folder.write(file.path, file.content);
  if (store_failure) {
    std::ostringstream kept;
    reports::print_runs(kept, "json", unstored);
    folder.write(kRunsNotStored, kept.str());
  }
  folder.commit();
  if (!print.empty()) {
    const std::string wanted = print == "csv"    ? "runs.csv"
                               : print == "json" ? "runs.json"
                                                 : "report.md";
    for (const reports::ReportFile& file : files) {
      if (file.path == wanted) io.out << file.content;
    }
  }
  io.err << "report: wrote " << (folder.destination() / "index.html").string() << "\n";
  if (store_failure) {
    const std::string kept = (folder.destination() / kRunsNotStored).string();
    io.err << "mancala: " << *store_failure << "; the report was written to "
           << folder.destination().string() << " but " << unstored.size()
           << (unstored.size() == 1 ? " run was" : " runs were") << " not stored: they are in "
           << kept << " (store them with 'mancala merge " << kept << "')\n";
    return 1;
  }
  return 0;
}

}  // namespace mancala::cli
