// mancala simulate | merge: batch simulation and merging shards (runs and bench: cmd_runs.cpp).
//
// docs/simulate.md documents the commands and the JSON schema of a run.

#include "analysis/merge_files.h"
#include "analysis/sensitivity_builder.h"
#include "analysis/simulate_runs.h"
#include "analysis/stability.h"
#include "cli/commands.h"
#include "cli/run_support.h"
#include "common/format.h"
#include "reports/runs_table.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {

using nlohmann::json;
using namespace mancala::sim;

int cmd_simulate(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = 10000, seed = 1, stability_games = 0;
  int threads = 0;
  desc.add_options()("rulesets", po::value<std::vector<std::string>>(),
                     "ruleset ids, game names or files")(
      "games,n", po::value<long long>(&games)->default_value(10000),
      "games (matches) per ruleset, over all shards")(
      "seed,s", po::value<long long>(&seed)->default_value(1),
      "random seed (>= 0); game g plays with Rng(seed, g)")(
      "threads,t", threads_value(threads), "worker threads (the results do not depend on it)")(
      "shard", po::value<std::string>(),
      "i/n: play only shard i of n, the games [(i-1)N/n, iN/n); "
      "not stored, combine the shards' JSON with 'mancala merge'")(
      "format", po::value<std::string>()->default_value("table"), "table|json|csv")(
      "output,o", po::value<std::string>(),
      "write to this file (whole or not at all) instead of stdout")(
      "db", po::value<std::string>(),
      "archive to store the runs in (default $MANCALA_DB or ./mancala.db)")(
      "no-store", "do not store the runs")(
      "stability",
      "also judge the first-player advantage's stability: each stopping threshold halved and "
      "doubled (docs/report.md, \"Stability\")")(
      "stability-games", po::value<long long>(&stability_games),
      "games per run of --stability (default 1000, or --games when fewer)");
  add_agent_options(desc);
  po::variables_map vm;
  if (!parse_options(
          "simulate",
          "RULESET... [--games N] [--seed S] [--threads T] [--agent SPEC | --agents SPEC1,SPEC2]\n"
          "       [--shard i/n] [--format table|json|csv] [--output FILE] [--db PATH | "
          "--no-store]\n"
          "       [--stability [--stability-games N]]",
          desc, {"rulesets", -1}, args, vm, io)) {
    return 0;
  }
  if (!vm.count("rulesets"))
    throw UsageError("simulate: missing the ruleset (see 'mancala simulate --help')");
  BatchOptions options;
  set_play_counts(options, "simulate", games, seed, threads);
  options.agents = agents_option("simulate", vm);
  note_reproducibility(io, "simulate", options.agents.seat);
  if (vm.count("shard")) {
    try {
      options.shard = parse_shard(vm["shard"].as<std::string>());
    } catch (const UsageError& e) {
      throw UsageError(std::string("simulate: ") + e.what());
    }
  }
  const std::string format =
      check_format("simulate", vm["format"].as<std::string>(), {"table", "json", "csv"});
  const bool stability = vm.count("stability") > 0;
  if (vm.count("stability-games") && !stability)
    throw UsageError("simulate: --stability-games: needs --stability");
  if (stability && options.shard.count != 1)
    throw UsageError("simulate: --stability: a shard cannot judge it (it needs the whole run)");
  if (vm.count("stability-games") && stability_games < 1)
    throw UsageError("simulate: --stability-games: must be 1 or more");
  if (!vm.count("stability-games"))
    stability_games = std::min(games, analysis::kDefaultSensitivityGames);

  // Everything that can fail does so before the first game: rulesets, output file, archive.
  const std::vector<RuleSet> rulesets =
      load_distinct_rulesets("simulate", vm["rulesets"].as<std::vector<std::string>>());
  reports::OutputFile output = output_option(io, vm);
  std::optional<archive::Store> store;
  if (options.shard.count == 1) {
    store = open_store_for_runs("simulate", vm);
  } else if (vm.count("db")) {
    throw UsageError(
        "simulate: --db: a shard is not stored (store the merged run with 'mancala merge')");
  }

  InterruptGuard guard;
  options.stop = &InterruptGuard::interrupted();
  analysis::SimulatedRuns simulated;
  {
    // A bar of its own for each ruleset (its estimate of a long run from that run's speed).
    std::optional<ProgressBar> bar;
    std::string shown;
    simulated = analysis::simulate_runs(
        rulesets, options, stability ? std::optional<long long>(stability_games) : std::nullopt,
        [&](const std::string& id, uint64_t done, uint64_t total) {
          if (!bar || id != shown) {
            bar.reset();
            bar.emplace(io, id);
            shown = id;
          }
          bar->update(done, total);
        });
  }
  if (simulated.stopped_empty)
    io.err << "simulate: " << *simulated.stopped_empty
           << ": interrupted before any game finished: nothing stored\n";
  const std::vector<json>& runs = simulated.runs;
  const std::vector<RunStats>& finished = simulated.finished;
  if (runs.empty()) {
    io.err << "mancala: simulate: interrupted by " << InterruptGuard::cause()
           << " before any game finished: nothing was written or stored\n";
    return InterruptGuard::exit_code();
  }
  // The results reach stdout or --output before the archive is touched: an archive kept locked
  // by another process must not cost the games played.
  reports::print_runs(output.stream(), format, runs);
  output.commit();
  io.out.flush();
  std::optional<std::string> store_failure;
  for (size_t i = 0; i < finished.size(); ++i) {
    const RunStats& run = finished[i];
    std::string stored;
    if (store && !store_failure) {
      try {
        bool added = true;
        const int64_t id = store->store_run(analysis::run_record(run, runs[i]), &added);
        stored = (added ? ", stored as run " : ", already stored as run ") + std::to_string(id);
      } catch (const archive::ArchiveError& e) {
        store_failure = e.what();
      }
    }
    io.err << "simulate: " << run.ruleset << ": " << run.tally.games << " games in "
           << format_number(simulated.seconds[i], 2) << " s" << (run.partial ? " (partial)" : "")
           << stored << "\n";
  }
  if (store_failure) {
    io.err << "mancala: " << *store_failure << "; the results were written to "
           << output.destination() << " but not stored\n";
    return 1;
  }
  if (simulated.interrupted()) {
    io.err << "mancala: simulate: interrupted: the statistics cover the games completed before "
           << InterruptGuard::cause() << "\n";
    return InterruptGuard::exit_code();
  }
  return 0;
}

int cmd_merge(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("files", po::value<std::vector<std::string>>(),
                     "JSON outputs of 'mancala simulate --shard i/n --format json'")(
      "format", po::value<std::string>()->default_value("table"),
      "table (as simulate prints it), json or csv")(
      "output,o", po::value<std::string>(),
      "write to this file (whole or not at all) instead of stdout")(
      "db", po::value<std::string>(),
      "archive to store the merged runs in (default $MANCALA_DB or ./mancala.db)")(
      "no-store", "do not store the merged runs");
  po::variables_map vm;
  if (!parse_options("merge",
                     "FILE... [--format table|json|csv] [--output FILE] [--db PATH | --no-store]",
                     desc, {"files", -1}, args, vm, io)) {
    return 0;
  }
  if (!vm.count("files"))
    throw UsageError("merge: missing the shard files (see 'mancala merge --help')");
  const std::string format =
      check_format("merge", vm["format"].as<std::string>(), {"table", "json", "csv"});

  InterruptGuard guard;
  const std::vector<RunStats> merged = analysis::merge_run_files(
      vm["files"].as<std::vector<std::string>>(), &InterruptGuard::interrupted());
  if (InterruptGuard::interrupted()) return interrupted_merge("merge", io);
  reports::OutputFile output = output_option(io, vm);
  std::optional<archive::Store> store = open_store_for_runs("merge", vm);
  std::vector<json> runs;
  for (const RunStats& run : merged) runs.push_back(run_stats_to_json(run));
  // Printed before storing, as in simulate: a locked archive does not cost the merged result.
  reports::print_runs(output.stream(), format, runs);
  output.commit();
  io.out.flush();
  for (size_t i = 0; store && i < merged.size(); ++i) {
    try {
      bool added = true;
      const int64_t id = store->store_run(analysis::run_record(merged[i], runs[i]), &added);
      io.err << "merge: " << merged[i].ruleset
             << (added ? ": stored as run " : ": already stored as run ") << id << "\n";
    } catch (const archive::ArchiveError& e) {
      io.err << "mancala: " << e.what() << "; the results were written to " << output.destination()
             << " but not stored\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace mancala::cli
