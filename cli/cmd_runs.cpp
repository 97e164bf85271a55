// mancala runs | bench: the runs stored in the archive, and the engine's speed.
//
// docs/simulate.md documents the commands and the JSON schema of a run.
#include "analysis/bench.h"
#include "archive/store.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "reports/runs_listing.h"
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
      open_store_to_read(default_db_path(vm.count("db") ? vm["db"].as<std::string>() : ""), io);
  const std::vector<archive::RunRecord> records = store.list_runs(vm["ruleset"].as<std::string>());
  if (format == "json") {
    io.out << reports::run_records_json(records).dump(2) << "\n";
  } else {
    reports::print_run_records(io.out, records);
  }
  return 0;
}

int runs_show(const Args& args, Io& io) {
  po::options_description desc("options");
  long long id = 0;
  desc.add_options()("id", po::value<long long>(&id), "run id (see 'mancala runs list')")(
      "format", po::value<std::string>()->default_value("json"), "json|table")(
      "db", po::value<std::string>(), "archive (default $MANCALA_DB or ./mancala.db)");
  po::variables_map vm;
  if (!parse_options("runs show", "ID [--format json|table] [--db PATH]", desc, {"id", 1}, args, vm,
                     io))
    return 0;
  if (!vm.count("id"))
    throw UsageError("runs show: missing the run id (see 'mancala runs show --help')");
  const std::string format =
      check_format("runs show", vm["format"].as<std::string>(), {"json", "table"});
  archive::Store store =
      open_store_to_read(default_db_path(vm.count("db") ? vm["db"].as<std::string>() : ""), io);
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
    io.out << reports::run_record_json(*record, stats).dump(2) << "\n";
  } else {
    reports::print_run_record(io.out, *record, stats);
  }
  return 0;
}

}  // namespace

int cmd_runs(const Args& args, Io& io) {
  if (args.empty())
    throw UsageError("runs: missing the subcommand (list or show; see 'mancala runs --help')");
  if (args[0] == "--help" || args[0] == "-h") {
    io.out << "usage: mancala runs <subcommand> [options]\n\n"
              "The simulation runs stored in the archive by simulate, merge and report.\n\n"
              "subcommands:\n"
              "  list      one line per run: id, date, ruleset, agents, seed, games, P1 win rate,\n"
              "            P1 advantage, text's rule (completion) and stability (--ruleset ID,\n"
              "            --format table|json)\n"
              "  show ID   one run whole: its settings, how to cite and reproduce it, every\n"
              "            statistic with its 95% interval (--format json|table)\n\n"
              "Both take --db PATH (default $MANCALA_DB, else ./mancala.db). 'mancala runs\n"
              "<subcommand> --help' describes one.\n"
           << examples_text("runs");
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
  int threads = 0;
  desc.add_options()("rulesets", po::value<std::vector<std::string>>(),
                     "ruleset ids (default: every ruleset)")(
      "games,n", po::value<long long>(&games)->default_value(100000), "games per measurement")(
      "threads,t", threads_value(threads), "threads of the parallel measurement")(
      "format", po::value<std::string>()->default_value("table"), "table|json");
  add_agent_options(desc);
  po::variables_map vm;
  if (!parse_options(
          "bench",
          "[RULESET...] [--games N] [--threads T] [--agent SPEC | --agents SPEC1,SPEC2]\n"
          "       [--format table|json]",
          desc, {"rulesets", -1}, args, vm, io)) {
    return 0;
  }
  check_games("bench", games);
  check_threads("bench", threads);
  const std::string format =
      check_format("bench", vm["format"].as<std::string>(), {"table", "json"});
  const AgentPair agents = agents_option("bench", vm);
  const std::vector<std::string> ids =
      vm.count("rulesets") ? vm["rulesets"].as<std::vector<std::string>>() : list_ruleset_ids();
  std::vector<RuleSet> rulesets;
  for (const std::string& id : ids) rulesets.push_back(load_ruleset(id));

  InterruptGuard guard;
  const std::vector<analysis::SpeedMeasurement> measurements =
      analysis::measure_speed(rulesets, games, threads, agents, &InterruptGuard::interrupted());
  if (InterruptGuard::interrupted() && measurements.empty()) {
    io.err << "mancala: bench: interrupted by " << InterruptGuard::cause()
           << " before any game finished: nothing measured\n";
    return InterruptGuard::exit_code();
  }
  if (format == "json") {
    io.out << reports::speed_json(measurements).dump(2) << "\n";
  } else {
    reports::print_speed(io.out, measurements);
  }
  if (InterruptGuard::interrupted()) {
    io.err << "mancala: bench: interrupted by " << InterruptGuard::cause()
           << ": the measurements made before it are shown, the last over the games it finished\n";
    return InterruptGuard::exit_code();
  }
  return 0;
}

}  // namespace mancala::cli
