// mancala report: simulate rulesets (every one by default) and write the report folder
// (index.html, a page per ruleset, report.md, runs.csv, runs.json). docs/report.md describes it.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <set>
#include <sstream>

#include "analysis/compare_builder.h"
#include "analysis/sensitivity_builder.h"
#include "cli/commands.h"
#include "cli/evidence_report.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "reports/compare_report.h"
#include "reports/ladder_report.h"
#include "reports/report.h"
#include "reports/report_builder.h"
#include "reports/sensitivity.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

// Games (matches) per ruleset by default: chosen so that the whole report over every ruleset
// takes about a minute on two cores (measured figures in docs/report.md).
constexpr long long kDefaultReportGames = 50000;
// Rounds per handicap level (and whole matches) for the handicap curves of multi-round rulesets.
constexpr long long kDefaultHandicapRounds = 1000;
constexpr const char* kDefaultOut = "reports/out";
// The skill ladders of --ladder: cheap agents and few games, so that the default report over every
// game stays within a few minutes on two cores (docs/ladder.md gives the measured time).
constexpr const char* kDefaultLadderAgents = "random,greedy,alphabeta:2";
constexpr long long kDefaultLadderGames = 100;

std::string seconds_text(double seconds) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(2) << seconds;
  return out.str();
}

}  // namespace

int cmd_report(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = kDefaultReportGames, seed = 1, handicap_rounds = kDefaultHandicapRounds;
  long long sensitivity_games = analysis::kDefaultSensitivityGames,
            ladder_games = kDefaultLadderGames;
  int threads = sim::default_threads();
  desc.add_options()("rulesets", po::value<std::vector<std::string>>(),
                     "ruleset ids, game names or files (default: every ruleset)")(
      "game", po::value<std::string>(),
      "every reconstruction of this game (its default first), with its comparison page")(
      "games,n", po::value<long long>(&games)->default_value(kDefaultReportGames),
      "games (matches) per ruleset")(
      "out,o", po::value<std::string>()->default_value(kDefaultOut),
      "the report folder (replaced whole; only an empty folder or an earlier report)")(
      "seed,s", po::value<long long>(&seed)->default_value(1),
      "random seed (>= 0); game g plays with Rng(seed, g)")(
      "threads,t", po::value<int>(&threads)->default_value(sim::default_threads()),
      "worker threads (the results do not depend on it)")(
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
      "ladder", "add a skill ladder of each game's default ruleset (docs/ladder.md)")(
      "ladder-agents", po::value<std::string>()->default_value(kDefaultLadderAgents),
      "the agents of the skill ladders")(
      "ladder-games", po::value<long long>(&ladder_games)->default_value(kDefaultLadderGames),
      "games per ordered pair of agents in the skill ladders")(
      "print", po::value<std::string>(),
      "also print one file of the report on stdout: csv (runs.csv), json (runs.json) or md "
      "(report.md)");
  add_agent_options(desc);
  po::positional_options_description pos;
  pos.add("rulesets", -1);
  po::variables_map vm;
  if (!parse_options(
          "report",
          "[RULESET... | --game G] [--games N] [--out DIR] [--seed S]\n"
          "       [--agent SPEC | --agents SPEC1,SPEC2] [--threads T] [--db PATH | --no-store]\n"
          "       [--handicap-rounds N] [--sensitivity-games N] [--no-extras] [--print "
          "csv|json|md]\n"
          "       [--ladder [--ladder-agents A,B,...] [--ladder-games N]]",
          desc, pos, args, vm, io)) {
    return 0;
  }
  if (games < 1) throw UsageError("report: --games: must be 1 or more");
  if (seed < 0) throw UsageError("report: --seed: must be 0 or more");
  check_threads("report", threads);
  if (handicap_rounds < 1) throw UsageError("report: --handicap-rounds: must be 1 or more");
  if (sensitivity_games < 0) throw UsageError("report: --sensitivity-games: must be 0 or more");
  analysis::LadderOptions ladder;
  if (vm.count("ladder")) {
    if (ladder_games < 1) throw UsageError("report: --ladder-games: must be 1 or more");
    try {
      ladder.agents =
          analysis::parse_ladder_agents(vm["ladder-agents"].as<std::string>(), "--ladder-agents");
    } catch (const UsageError& e) {
      throw UsageError(std::string("report: ") + e.what());
    }
    ladder.games = ladder_games;
    ladder.seed = static_cast<uint64_t>(seed);
    ladder.threads = threads;
  }
  // Never more games than the main run: a small report stays small.
  if (vm["sensitivity-games"].defaulted()) sensitivity_games = std::min(sensitivity_games, games);
  sim::BatchOptions options;
  options.games = games;
  options.seed = static_cast<uint64_t>(seed);
  options.threads = threads;
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
  std::vector<std::string> ids = vm.count("rulesets")
                                     ? vm["rulesets"].as<std::vector<std::string>>()
                                     : sim::list_ruleset_ids();
  if (vm.count("game")) {
    if (vm.count("rulesets")) throw UsageError("report: give rulesets or --game, not both");
    const std::string game = vm["game"].as<std::string>();
    std::set<std::string> games;
    for (const std::string& id : ids) games.insert(id.substr(0, id.find('/')));
    std::erase_if(ids, [&](const std::string& id) { return !id.starts_with(game + "/"); });
    if (ids.empty()) {
      std::string known;
      for (const std::string& g : games) known += (known.empty() ? "" : ", ") + g;
      throw Error(where(sim::rulesets_dir().string(), "--game",
                        "no game '" + game + "' (games: " + known + ")"));
    }
  }
  if (!vm.count("rulesets")) {
    // Every ruleset: each game's default reconstruction first, its alternatives after it.
    std::stable_partition(ids.begin(), ids.end(),
                          [](const std::string& id) { return analysis::is_default_ruleset(id); });
    std::stable_sort(ids.begin(), ids.end(), [](const std::string& a, const std::string& b) {
      return a.substr(0, a.find('/')) < b.substr(0, b.find('/'));
    });
  }
  if (ids.empty()) throw Error(where(sim::rulesets_dir().string(), "", "no rulesets to report on"));
  std::vector<sim::RuleSet> rulesets;
  std::set<std::string> seen;
  for (const std::string& id : ids) {
    rulesets.push_back(sim::load_ruleset(id));
    if (!seen.insert(rulesets.back().id).second)
      throw UsageError("report: " + rulesets.back().id + ": given twice");
  }
  reports::ReportFolder folder(vm["out"].as<std::string>());
  std::optional<archive::Store> store = open_store_for_runs("report", vm);

  InterruptGuard guard;
  options.stop = &InterruptGuard::interrupted();
  std::vector<reports::ReportEntry> entries;
  for (const sim::RuleSet& rules : rulesets) {
    const auto start = std::chrono::steady_clock::now();
    sim::RunStats run;
    {
      ProgressBar bar(io, rules.id);
      options.progress = [&](uint64_t done, uint64_t total) { bar.update(done, total); };
      run = sim::simulate_ruleset(rules, options);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    reports::ReportEntry entry{reports::report_ruleset(rules), sim::run_stats_to_json(run),
                               std::nullopt};
    bool added = true;
    if (store) entry.stored_as = store->store_run(run_record(run, entry.run), &added);
    io.err << "report: " << rules.id << ": " << run.tally.games << " games in "
           << seconds_text(seconds) << " s" << (run.partial ? " (partial)" : "")
           << (entry.stored_as ? (added ? ", stored as run " : ", already stored as run ") +
                                     std::to_string(*entry.stored_as)
                               : std::string())
           << "\n";
    if (run.partial) {
      io.err << "mancala: report: interrupted: no report written; " << folder.destination().string()
             << " is as it was\n";
      return InterruptGuard::exit_code();
    }
    entries.push_back(std::move(entry));
  }

  reports::ReportOptions report_options;
  // The command as given, less the thread count, which changes nothing in the report.
  std::string command = "mancala report";
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--threads" || args[i] == "-t") {
      ++i;
      continue;
    }
    if (args[i].starts_with("--threads=") || (args[i].starts_with("-t") && args[i].size() > 2))
      continue;
    command += " " + args[i];
  }
  report_options.command = command;
  // A page per evidence record, linked from the rulesets citing it (cli/evidence_report.h).
  std::vector<std::pair<std::string, std::string>> ruleset_pages;
  for (const reports::ReportEntry& entry : entries)
    ruleset_pages.emplace_back(entry.ruleset.id, reports::ruleset_page_path(entry.ruleset.id));
  EvidenceReport evidence = build_evidence_report(ruleset_pages, report_options.title);
  report_options.evidence_pages = evidence.ids;
  report_options.evidence_section = evidence.index_section;
  std::vector<reports::ReportFile> files = reports::render_report(entries, report_options);
  files.insert(files.end() - 1, evidence.files.begin(), evidence.files.end());
  if (!vm.count("no-extras")) {
    // Comparison pages per game and handicap curves per multi-round ruleset
    // (reports/compare_report.h).
    const auto start = std::chrono::steady_clock::now();
    reports::ReportExtrasOptions extras;
    extras.handicap.games = handicap_rounds;
    extras.handicap.seed = options.seed;
    extras.handicap.agents = options.agents;
    extras.handicap.threads = options.threads;
    std::vector<nlohmann::json> runs;
    for (const reports::ReportEntry& entry : entries) runs.push_back(entry.run);
    reports::add_comparisons_to_report(files, rulesets, runs, extras);
    std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> cited;
    for (const sim::RuleSet& r : rulesets) cited.emplace_back(r.id, r.game, r.evidence);
    link_comparisons_to_evidence(files, cited, evidence.ids);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    io.err << "report: comparisons and handicap curves in " << seconds_text(seconds) << " s\n";
  }
  if (sensitivity_games > 0 && !InterruptGuard::interrupted()) {
    // Each threshold that ends games halved and doubled, on every ruleset's page.
    const auto start = std::chrono::steady_clock::now();
    reports::add_sensitivity_to_report(files, rulesets, options, sensitivity_games);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    io.err << "report: sensitivity runs (" << sensitivity_games << " games each) in "
           << seconds_text(seconds) << " s\n";
  }
  if (vm.count("ladder") && !InterruptGuard::interrupted()) {
    // A skill ladder per game, of its default ruleset (else its first in the report).
    std::vector<sim::RuleSet> targets;
    std::set<std::string> games_seen;
    for (const bool want_default : {true, false}) {
      for (const sim::RuleSet& rules : rulesets) {
        if (games_seen.count(rules.game) ||
            (want_default && !analysis::is_default_ruleset(rules.id)))
          continue;
        games_seen.insert(rules.game);
        targets.push_back(rules);
      }
    }
    const auto start = std::chrono::steady_clock::now();
    ladder.stop = &InterruptGuard::interrupted();
    std::optional<ProgressBar> bar;
    std::string bar_label;
    ladder.progress = [&](const std::string& pair, uint64_t done, uint64_t total) {
      if (pair != bar_label) {
        bar.reset();
        bar.emplace(io, "ladder " + pair);
        bar_label = pair;
      }
      bar->update(done, total);
    };
    reports::add_ladders_to_report(files, targets, ladder);
    bar.reset();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    io.err << "report: skill ladders (" << targets.size() << " games, " << ladder.games
           << " games per pair) in " << seconds_text(seconds) << " s\n";
  }
  if (InterruptGuard::interrupted()) {
    io.err << "mancala: report: interrupted: no report written; " << folder.destination().string()
           << " is as it was\n";
    return InterruptGuard::exit_code();
  }
  for (const reports::ReportFile& file : files) folder.write(file.path, file.content);
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
  return 0;
}

}  // namespace mancala::cli
