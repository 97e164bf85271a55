// mancala simulate | merge | runs | bench: batch simulation, merging shards, stored runs, speed.
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

#include "analysis/ladder.h"
#include "archive/store.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "common/strict_json.h"
#include "common/world.h"
#include "reports/report.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using namespace mancala::sim;

// ---- formatting ------------------------------------------------------------------------------

std::string fixed(double x, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << x;
  return out.str();
}

std::string percent(const json& x) {
  return x.is_number() ? fixed(100 * x.get<double>(), 1) + "%" : "-";
}

std::string rate_cell(const json& rate) {
  if (!rate["value"].is_number()) return "-";
  return percent(rate["value"]) + " [" + fixed(100 * rate["ci95"][0].get<double>(), 1) + ", " +
         fixed(100 * rate["ci95"][1].get<double>(), 1) + "]";
}

// A difference of two proportions in percentage points, as every table shows the first-player
// advantage: "+9.3 pp [+5.0, +13.6]".
std::string points_cell(const json& value) {
  if (!value["value"].is_number()) return "-";
  const auto sign = [](double x) {
    const std::string text = fixed(100 * x, 1);
    return (text[0] == '-' || text == "0.0" ? "" : "+") + (text == "-0.0" ? "0.0" : text);
  };
  return sign(value["value"].get<double>()) + " pp [" + sign(value["ci95"][0].get<double>()) +
         ", " + sign(value["ci95"][1].get<double>()) + "]";
}

std::string number_cell(const json& x, int digits) {
  return x.is_number() ? fixed(x.get<double>(), digits) : "-";
}

// Columns separated by two spaces, each aligned as `align` says: 'l' left, 'r' right.
void print_table(std::ostream& out, const std::string& align,
                 const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()));
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      const std::string pad(width[c] - row[c].size(), ' ');
      line += (c == 0 ? "" : "  ") + (align[c] == 'l' ? row[c] + pad : pad + row[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_number(const json& x) { return x.is_null() ? "" : x.dump(); }

void print_csv(std::ostream& out, const std::vector<json>& runs) {
  out << "ruleset,agent_p1,agent_p2,statistic,value,ci_low,ci_high\n";
  for (const json& run : runs) {
    const std::string agents = csv_field(run["agents"][0].get<std::string>()) + "," +
                               csv_field(run["agents"][1].get<std::string>());
    // The same statistics, by the same names, as the report's runs.csv.
    for (const reports::TidyStatistic& row : reports::tidy_statistics(run)) {
      out << csv_field(run["ruleset"].get<std::string>()) << "," << agents << "," << row.statistic
          << "," << csv_number(row.value) << "," << csv_number(row.ci_low) << ","
          << csv_number(row.ci_high) << "\n";
    }
  }
}

void print_runs_table(std::ostream& out, const std::vector<json>& runs) {
  std::vector<std::vector<std::string>> rows = {{"ruleset", "games", "P1 wins", "P2 wins", "draws",
                                                 "unfinished", "P1 win rate [95% CI]",
                                                 "P1 advantage [95% CI]", "plies mean", "median"}};
  for (const json& run : runs) {
    rows.push_back({run["ruleset"].get<std::string>(),
                    std::to_string(run["games"].get<uint64_t>()) +
                        (run["partial"].get<bool>() ? " (partial)" : ""),
                    std::to_string(run["wins"][0].get<uint64_t>()),
                    std::to_string(run["wins"][1].get<uint64_t>()),
                    std::to_string(run["draws"].get<uint64_t>()),
                    std::to_string(run["unfinished"].get<uint64_t>()),
                    rate_cell(run["first_player_win_rate"]),
                    points_cell(run["first_player_advantage"]),
                    number_cell(run["plies"]["mean"], 1), number_cell(run["plies"]["median"], 1)});
  }
  print_table(out, "lrrrrrrrrr", rows);
}

// The JSON document of a set of runs: the run itself when there is one, else an object with the
// shared seed, agent and games and the runs in order.
json runs_document(const std::vector<json>& runs) {
  if (runs.size() == 1) return runs.front();
  bool partial = false;
  for (const json& run : runs) partial = partial || run["partial"].get<bool>();
  return {{"seed", runs.front()["seed"]},
          {"agent", runs.front()["agent"]},
          {"agents", runs.front()["agents"]},
          {"games", runs.front()["games_requested"]},
          {"partial", partial},
          {"runs", runs}};
}

void print_runs(std::ostream& out, const std::string& format, const std::vector<json>& runs) {
  if (runs.empty()) return;
  if (format == "json") {
    out << runs_document(runs).dump(2) << "\n";
  } else if (format == "csv") {
    print_csv(out, runs);
  } else {
    print_runs_table(out, runs);
  }
}

std::string check_format(const std::string& command, const std::string& format,
                         const std::vector<std::string>& allowed) {
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i) {
    if (format == allowed[i]) return format;
    list += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + allowed[i];
  }
  throw UsageError(command + ": --format: expected " + list + ", got '" + format + "'");
}

}  // namespace

int cmd_simulate(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = 10000, seed = 1;
  int threads = default_threads();
  desc.add_options()("rulesets", po::value<std::vector<std::string>>(),
                     "ruleset ids, game names or files")(
      "games,n", po::value<long long>(&games)->default_value(10000),
      "games (matches) per ruleset, over all shards")(
      "seed,s", po::value<long long>(&seed)->default_value(1),
      "random seed (>= 0); game g plays with Rng(seed, g)")(
      "threads,t", po::value<int>(&threads)->default_value(default_threads()),
      "worker threads (the results do not depend on it)")(
      "shard", po::value<std::string>(),
      "i/n: play only shard i of n, the games [(i-1)N/n, iN/n); "
      "not stored, combine the shards' JSON with 'mancala merge'")(
      "format", po::value<std::string>()->default_value("table"), "table|json|csv")(
      "output,o", po::value<std::string>(),
      "write to this file (whole or not at all) instead of stdout")(
      "db", po::value<std::string>(),
      "archive to store the runs in (default $MANCALA_DB or ./mancala.db)")(
      "no-store", "do not store the runs");
  add_agent_options(desc);
  po::positional_options_description pos;
  pos.add("rulesets", -1);
  po::variables_map vm;
  if (!parse_options(
          "simulate",
          "RULESET... [--games N] [--seed S] [--threads T] [--agent SPEC | --agents SPEC1,SPEC2]\n"
          "       [--shard i/n] [--format table|json|csv] [--output FILE] [--db PATH | --no-store]",
          desc, pos, args, vm, io)) {
    return 0;
  }
  if (!vm.count("rulesets"))
    throw UsageError("simulate: missing the ruleset (see 'mancala simulate --help')");
  if (games < 1) throw UsageError("simulate: --games: must be 1 or more");
  if (seed < 0) throw UsageError("simulate: --seed: must be 0 or more");
  check_threads("simulate", threads);
  BatchOptions options;
  options.games = games;
  options.seed = static_cast<uint64_t>(seed);
  options.threads = threads;
  options.agents = agents_option("simulate", vm);
  if (vm.count("shard")) {
    try {
      options.shard = parse_shard(vm["shard"].as<std::string>());
    } catch (const UsageError& e) {
      throw UsageError(std::string("simulate: ") + e.what());
    }
  }
  const std::string format =
      check_format("simulate", vm["format"].as<std::string>(), {"table", "json", "csv"});

  // Everything that can fail does so before the first game: rulesets, output file, archive.
  std::vector<RuleSet> rulesets;
  std::set<std::string> seen;
  for (const std::string& id : vm["rulesets"].as<std::vector<std::string>>()) {
    rulesets.push_back(load_ruleset(id));
    // The same run twice would be stored twice; 'merge' would refuse the pair.
    if (!seen.insert(rulesets.back().id).second)
      throw UsageError("simulate: " + rulesets.back().id + ": given twice");
  }
  Output output(io, vm.count("output") ? vm["output"].as<std::string>() : "");
  std::optional<archive::Store> store;
  if (options.shard.count == 1) {
    store = open_store_for_runs("simulate", vm);
  } else if (vm.count("db")) {
    throw UsageError(
        "simulate: --db: a shard is not stored (store the merged run with 'mancala merge')");
  }

  InterruptGuard guard;
  options.stop = &InterruptGuard::interrupted();
  std::vector<json> runs;
  std::vector<RunStats> finished;
  std::vector<double> seconds;
  for (const RuleSet& rules : rulesets) {
    const auto start = std::chrono::steady_clock::now();
    {
      ProgressBar bar(io, rules.id);
      options.progress = [&](uint64_t done, uint64_t total) { bar.update(done, total); };
      finished.push_back(simulate_ruleset(rules, options));
    }
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    runs.push_back(run_stats_to_json(finished.back()));
    if (finished.back().partial) break;
  }
  // The results reach stdout or --output before the archive is touched: an archive kept locked
  // by another process must not cost the games played.
  print_runs(output.stream(), format, runs);
  output.commit();
  io.out.flush();
  std::optional<std::string> store_failure;
  for (size_t i = 0; i < finished.size(); ++i) {
    const RunStats& run = finished[i];
    std::string stored;
    if (store && !store_failure) {
      try {
        bool added = true;
        const int64_t id = store->store_run(run_record(run, runs[i]), &added);
        stored = (added ? ", stored as run " : ", already stored as run ") + std::to_string(id);
      } catch (const archive::ArchiveError& e) {
        store_failure = e.what();
      }
    }
    io.err << "simulate: " << run.ruleset << ": " << run.tally.games << " games in "
           << fixed(seconds[i], 2) << " s" << (run.partial ? " (partial)" : "") << stored << "\n";
  }
  if (store_failure) {
    io.err << "mancala: " << *store_failure << "; the results were written to "
           << output.destination() << " but not stored\n";
    return 1;
  }
  if (runs.back()["partial"].get<bool>()) {
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
      "format", po::value<std::string>()->default_value("json"), "json|table|csv")(
      "output,o", po::value<std::string>(),
      "write to this file (whole or not at all) instead of stdout")(
      "db", po::value<std::string>(),
      "archive to store the merged runs in (default $MANCALA_DB or ./mancala.db)")(
      "no-store", "do not store the merged runs");
  po::positional_options_description pos;
  pos.add("files", -1);
  po::variables_map vm;
  if (!parse_options("merge",
                     "FILE... [--format json|table|csv] [--output FILE] [--db PATH | --no-store]",
                     desc, pos, args, vm, io)) {
    return 0;
  }
  if (!vm.count("files"))
    throw UsageError("merge: missing the shard files (see 'mancala merge --help')");
  const std::string format =
      check_format("merge", vm["format"].as<std::string>(), {"json", "table", "csv"});

  // Shards grouped by ruleset, the rulesets in order of first appearance (the simulate order).
  std::vector<std::string> order;
  std::map<std::string, std::vector<ShardInput>> groups;
  for (const std::string& file : vm["files"].as<std::vector<std::string>>()) {
    std::ifstream in(file);
    if (!in)
      throw Error(
          where(file, "", std::string("cannot read the file (") + std::strerror(errno) + ")"));
    json doc;
    try {
      doc = parse_strict<json>(read_input_file(file));
    } catch (const StrictJsonError& e) {
      throw Error(where(file, e.location(), e.what()));
    } catch (const json::parse_error& e) {
      throw Error(where(file, "", "not JSON (byte " + std::to_string(e.byte) + ")"));
    }
    if (analysis::is_ladder_json(doc)) {
      throw UsageError(
          "merge: " + file +
          ": is a ladder's shard: combine those with 'mancala ladder --merge FILE...'");
    }
    std::vector<std::pair<std::string, const json*>> items;
    if (doc.is_object() && doc.contains("runs")) {
      if (!doc["runs"].is_array()) throw Error(where(file, "runs", "expected an array of runs"));
      for (size_t i = 0; i < doc["runs"].size(); ++i)
        items.emplace_back(where(file, "runs[" + std::to_string(i) + "]", ""), &doc["runs"][i]);
    } else {
      items.emplace_back(file, &doc);
    }
    for (const auto& [context, item] : items) {
      RunStats run = run_stats_from_json(*item, context);
      if (!groups.count(run.ruleset)) order.push_back(run.ruleset);
      groups[run.ruleset].push_back({file, std::move(run)});
    }
  }
  std::vector<RunStats> merged;
  for (const std::string& ruleset : order) merged.push_back(merge_shards(groups[ruleset]));
  for (const RunStats& run : merged) {
    const RunStats& first = merged.front();
    if (run.seed != first.seed || run.agent != first.agent ||
        run.games_requested != first.games_requested) {
      throw Error(
          where(groups[run.ruleset].front().origin, run.ruleset,
                "seed, agent or games differ from " + first.ruleset + "'s: merge them separately"));
    }
  }

  Output output(io, vm.count("output") ? vm["output"].as<std::string>() : "");
  std::optional<archive::Store> store = open_store_for_runs("merge", vm);
  std::vector<json> runs;
  for (const RunStats& run : merged) runs.push_back(run_stats_to_json(run));
  // Printed before storing, as in simulate: a locked archive does not cost the merged result.
  print_runs(output.stream(), format, runs);
  output.commit();
  io.out.flush();
  for (size_t i = 0; store && i < merged.size(); ++i) {
    try {
      bool added = true;
      const int64_t id = store->store_run(run_record(merged[i], runs[i]), &added);
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
      rate = percent(stats["first_player_win_rate"]["value"]);
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
  print_table(io.out, "rlllrrr", rows);
  return 0;
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
              {"stats", stats}};
    io.out << j.dump(2) << "\n";
    return 0;
  }
  io.out << "run " << record->id << ": " << record->ruleset << ", " << record->agent
         << " agent, seed " << record->seed << ", " << record->games << " games"
         << (record->partial ? " (partial)" : "") << ", " << record->created_at << "\n"
         << "rules hash " << record->rules_hash << ", engine " << record->engine_version << "\n\n";
  std::vector<std::vector<std::string>> rows = {{"statistic", "value", "95% CI"}};
  for (const reports::TidyStatistic& row : reports::tidy_statistics(stats)) {
    const std::string value = row.value.is_null()             ? "-"
                              : row.value.is_number_integer() ? row.value.dump()
                                                              : fixed(row.value.get<double>(), 4);
    const std::string ci = row.ci_low.is_number() && row.ci_high.is_number()
                               ? "[" + fixed(row.ci_low.get<double>(), 4) + ", " +
                                     fixed(row.ci_high.get<double>(), 4) + "]"
                               : "";
    rows.push_back({row.statistic, value, ci});
  }
  print_table(io.out, "lrl", rows);
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
      rows.push_back({rules.id, std::to_string(t), std::to_string(games), fixed(seconds, 3),
                      fixed(rate, 0), fixed(plies / seconds, 0), fixed(seconds * 1e9 / plies, 1),
                      fixed(rate / single_rate, 2) + "x"});
    }
  }
  if (format == "json") {
    io.out << results.dump(2) << "\n";
  } else {
    print_table(io.out, "lrrrrrrr", rows);
  }
  return 0;
}

}  // namespace mancala::cli
