// mancala runs | bench: the runs stored in the archive, and the engine's speed.
//
// docs/simulate.md documents the commands and the JSON schema of a run.
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <optional>
#include <set>
#include <sstream>

#include "archive/store.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "common/strict_json.h"
#include "common/world.h"
#include "reports/evidence_pages.h"
#include "reports/report.h"
#include "reports/runs_table.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {

using nlohmann::json;
using namespace mancala::sim;

namespace {

int runs_list(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("ruleset", po::value<std::string>()->default_value(""),
                     "only runs of this ruleset id")(
      "format", po::value<std::string>()->default_value("table"), "table|json")(
      "db", po::value<std::string>(), "archive (default $MANCALA_DB or ./mancala.db)");
  po::variables_map vm;
  if (!parse_options("runs list", "[--ruleset ID] [--format table|json] [--db PATH]", desc, {},
                     args, vm, io))
    return 0;
  const std::string format =
      check_format("runs list", vm["format"].as<std::string>(), {"table", "json"});
  archive::Store store =
      archive::Store::open(default_db_path(vm.count("db") ? vm["db"].as<std::string>() : ""),
                           archive::Store::Mode::kExisting);
  const std::vector<archive::RunRecord> records = store.list_runs(vm["ruleset"].as<std::string>());
  if (format == "json") {
    json all = json::array();
    for (const auto& r : records) {
      all.push_back({{"id", r.id},
                     {"ruleset", r.ruleset},
                     {"rules_hash", r.rules_hash},
                     {"engine_version", r.engine_version},
                     {"agent", r.agent},
                     {"seed", r.seed},
                     {"games", r.games},
                     {"partial", r.partial},
                     {"created_at", r.created_at}});
    }
    io.out << all.dump(2) << "\n";
    return 0;
  }
  std::vector<std::vector<std::string>> rows = {
      {"id", "created", "ruleset", "agent", "seed", "games", "P1 win rate"}};
  for (const auto& r : records) {
    std::string rate = "-";
    std::string games = std::to_string(r.games);
    try {
      const json stats = json::parse(r.stats_json);
      rate = reports::percent_of(stats["first_player_win_rate"]["value"]);
      // A partial run counts the games played before it was stopped, of those asked for.
      if (r.partial)
        games = std::to_string(stats["games"].get<uint64_t>()) + " of " + games + " (partial)";
    } catch (const json::exception&) {
      rate = "?";  // a listing shows what it can; 'runs show' names the problem
      if (r.partial) games += " (partial)";
    }
    rows.push_back({std::to_string(r.id), r.created_at, r.ruleset, r.agent, std::to_string(r.seed),
                    games, rate});
  }
  reports::print_table(io.out, "rlllrrr", rows);
  return 0;
}

// The suggested citation of a stored run (reports/evidence_pages.h, issue 14).
std::string run_record_citation(const archive::RunRecord& r) {
  return reports::run_citation(r.ruleset, r.rules_hash, r.engine_version, r.seed, r.agent, r.games,
                               r.id);
}

int runs_show(const Args& args, Io& io) {
  po::options_description desc("options");
  long long id = 0;
  desc.add_options()("id", po::value<long long>(&id), "run id (see 'mancala runs list')")(
      "format", po::value<std::string>()->default_value("json"), "json|table")(
      "db", po::value<std::string>(), "archive (default $MANCALA_DB or ./mancala.db)");
  po::positional_options_description pos;
  pos.add("id", 1);
  po::variables_map vm;
  if (!parse_options("runs show", "ID [--format json|table] [--db PATH]", desc, pos, args, vm, io))
    return 0;
  if (!vm.count("id"))
    throw UsageError("runs show: missing the run id (see 'mancala runs show --help')");
  const std::string format =
      check_format("runs show", vm["format"].as<std::string>(), {"json", "table"});
  archive::Store store =
      archive::Store::open(default_db_path(vm.count("db") ? vm["db"].as<std::string>() : ""),
                           archive::Store::Mode::kExisting);
  const std::optional<archive::RunRecord> record = store.get_run(id);
  if (!record)
    throw Error(
        where(store.path(), "run " + std::to_string(id), "no such run (see 'mancala runs list')"));
  const std::string context = where(store.path(), "run " + std::to_string(id), "");
  json stats;
  try {
    stats = json::parse(record->stats_json);
  } catch (const json::parse_error&) {
    throw Error(where(context, "stats", "not JSON"));
  }
  run_stats_from_json(stats, context);  // refuses stored statistics that do not add up
  if (format == "json") {
    json j = {{"id", record->id},
              {"created_at", record->created_at},
              {"ruleset", record->ruleset},
              {"rules_hash", record->rules_hash},
              {"engine_version", record->engine_version},
              {"agent", record->agent},
              {"seed", record->seed},
              {"games", record->games},
              {"partial", record->partial},
              {"citation", run_record_citation(*record)},
              {"stats", stats}};
    io.out << j.dump(2) << "\n";
    return 0;
  }
  io.out << "run " << record->id << ": " << record->ruleset << ", " << record->agent
         << " agent, seed " << record->seed << ", " << record->games << " games"
         << (record->partial ? " (partial)" : "") << ", " << record->created_at << "\n"
         << "rules hash " << record->rules_hash << ", engine " << record->engine_version << "\n"
         << "cite as: " << run_record_citation(*record) << "\n\n";
  std::vector<std::vector<std::string>> rows = {{"statistic", "value", "95% CI"}};
  for (const reports::TidyStatistic& row : reports::tidy_statistics(stats)) {
    const std::string value = row.value.is_null() ? "-"
                              : row.value.is_number_integer()
                                  ? row.value.dump()
                                  : reports::fixed_point(row.value.get<double>(), 4);
    const std::string ci = row.ci_low.is_number() && row.ci_high.is_number()
                               ? "[" + reports::fixed_point(row.ci_low.get<double>(), 4) + ", " +
                                     reports::fixed_point(row.ci_high.get<double>(), 4) + "]"
                               : "";
    std::string facets;  // what the statistic is broken down by (runs.csv's columns)
    for (const auto& [name, facet] :
         {std::pair<const char*, const std::string&>{"round", row.round},
          {"level", row.level},
          {"state", row.state},
          {"player", row.player}}) {
      if (!facet.empty()) facets += (facets.empty() ? "" : ", ") + std::string(name) + " " + facet;
    }
    rows.push_back({row.statistic + (facets.empty() ? "" : " (" + facets + ")"), value, ci});
  }
  reports::print_table(io.out, "lrl", rows);
  return 0;
}

}  // namespace

int cmd_runs(const Args& args, Io& io) {
  const std::string usage =
      "usage: mancala runs list [--ruleset ID] [--format table|json] [--db PATH]\n"
      "       mancala runs show ID [--format json|table] [--db PATH]\n";
  if (args.empty())
    throw UsageError("runs: missing the subcommand (list or show; see 'mancala runs --help')");
  if (args[0] == "--help" || args[0] == "-h") {
    io.out << usage;
    return 0;
  }
  const Args rest(args.begin() + 1, args.end());
  if (args[0] == "list") return runs_list(rest, io);
  if (args[0] == "show") return runs_show(rest, io);
  throw UsageError("runs: unknown subcommand '" + args[0] + "' (list or show)");
}

int cmd_bench(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = 100000;
  int threads = default_threads();
  desc.add_options()("rulesets", po::value<std::vector<std::string>>(),
                     "ruleset ids (default: every ruleset)")(
      "games,n", po::value<long long>(&games)->default_value(100000), "games per measurement")(
      "threads,t", po::value<int>(&threads)->default_value(default_threads()),
      "threads of the parallel measurement")(
      "format", po::value<std::string>()->default_value("table"), "table|json");
  add_agent_options(desc);
  po::positional_options_description pos;
  pos.add("rulesets", -1);
  po::variables_map vm;
  if (!parse_options(
          "bench",
          "[RULESET...] [--games N] [--threads T] [--agent SPEC | --agents SPEC1,SPEC2]\n"
          "       [--format table|json]",
          desc, pos, args, vm, io)) {
    return 0;
  }
  if (games < 1) throw UsageError("bench: --games: must be 1 or more");
  check_threads("bench", threads);
  const std::string format =
      check_format("bench", vm["format"].as<std::string>(), {"table", "json"});
  const AgentPair agents = agents_option("bench", vm);
  const std::vector<std::string> ids =
      vm.count("rulesets") ? vm["rulesets"].as<std::vector<std::string>>() : list_ruleset_ids();
  std::vector<RuleSet> rulesets;
  for (const std::string& id : ids) rulesets.push_back(load_ruleset(id));

  json results = json::array();
  std::vector<std::vector<std::string>> rows = {
      {"ruleset", "threads", "games", "seconds", "games/s", "plies/s", "ns/ply", "speedup"}};
  for (const RuleSet& rules : rulesets) {
    double single_rate = 0;
    std::vector<int> counts = {1};
    if (threads > 1) counts.push_back(threads);
    for (int t : counts) {
      BatchOptions options;
      options.games = games;
      options.agents = agents;
      options.threads = t;
      const auto start = std::chrono::steady_clock::now();
      const RunStats run = simulate_ruleset(rules, options);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const double plies = run.tally.plies.moments().sum();
      const double rate = static_cast<double>(games) / seconds;
      if (t == 1) single_rate = rate;
      results.push_back({{"ruleset", rules.id},
                         {"threads", t},
                         {"games", games},
                         {"seconds", seconds},
                         {"games_per_second", rate},
                         {"plies_per_second", plies / seconds},
                         {"ns_per_ply", seconds * 1e9 / plies},
                         {"speedup", rate / single_rate}});
      rows.push_back({rules.id, std::to_string(t), std::to_string(games),
                      reports::fixed_point(seconds, 3), reports::fixed_point(rate, 0),
                      reports::fixed_point(plies / seconds, 0),
                      reports::fixed_point(seconds * 1e9 / plies, 1),
                      reports::fixed_point(rate / single_rate, 2) + "x"});
    }
  }
  if (format == "json") {
    io.out << results.dump(2) << "\n";
  } else {
    reports::print_table(io.out, "lrrrrrrr", rows);
  }
  return 0;
}

}  // namespace mancala::cli
