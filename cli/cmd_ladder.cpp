// mancala ladder: every ordered pair of agents plays one ruleset; win rates, ratings, skill depth,
// self-play per level (analysis/ladder.h). docs/ladder.md documents the command and its JSON.
#include "analysis/ladder.h"
#include "cli/commands.h"
#include "cli/run_support.h"
#include "common/strict_json.h"
#include "reports/command_output.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using nlohmann::json;

constexpr const char* kDefaultAgents = "random,greedy,alphabeta:2";
constexpr long long kDefaultGames = 100;

// The real games set beside a ladder: --real-games FILE, else the game's default file (Toguz
// Kumalak's tournament games), none with --no-real-games.
std::optional<analysis::RealGames> real_games(const po::variables_map& vm,
                                              const std::string& game) {
  return analysis::real_games_for(game,
                                  vm.count("real-games") ? vm["real-games"].as<std::string>() : "",
                                  vm.count("no-real-games") > 0);
}

}  // namespace

int cmd_ladder(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = kDefaultGames, seed = 1;
  int threads = 0;
  desc.add_options()("ruleset", po::value<std::string>(), "ruleset id, game name or file")(
      "agents", po::value<std::string>()->default_value(kDefaultAgents),
      ("the agents, 2 to 12 separated by commas: " + sim::agent_help()).c_str())(
      "games,n", po::value<long long>(&games)->default_value(kDefaultGames),
      "games per ordered pair of agents (and of self-play), over all shards")(
      "seed,s", po::value<long long>(&seed)->default_value(1),
      "random seed (>= 0), the same for every pair; game g plays with Rng(seed, g)")(
      "threads,t", threads_value(threads), "worker threads (the results do not depend on it)")(
      "shard", po::value<std::string>(),
      "i/n: play only shard i of n of every pair's games; combine the shards' JSON with "
      "'mancala ladder --merge'")("merge", po::value<std::vector<std::string>>()->multitoken(),
                                  "combine the JSON of a ladder's shards instead of playing")(
      "real-games", po::value<std::string>(),
      "recorded games to set beside self-play (JSON lines with result and notation); default "
      "for Toguz Kumalak: the 742 tournament games of data/games/togyz")(
      "no-real-games", "set no recorded games beside self-play")(
      "format", po::value<std::string>()->default_value("table"), "table|json|html|md")(
      "output,o", po::value<std::string>(),
      "write to this file (whole or not at all) instead of stdout");
  po::variables_map vm;
  if (!parse_options("ladder",
                     "RULESET [--agents A,B,...] [--games N] [--seed S] [--threads T]\n"
                     "       [--shard i/n] [--format table|json|html|md] [--output FILE]\n"
                     "       [--real-games FILE | --no-real-games]\n"
                     "   or: mancala ladder --merge SHARD.json... [--format ...] [--output FILE]",
                     desc, {"ruleset", 1}, args, vm, io)) {
    return 0;
  }
  const std::string format =
      check_format("ladder", vm["format"].as<std::string>(), {"table", "json", "html", "md"});
  if (vm.count("real-games") && vm.count("no-real-games"))
    throw UsageError("ladder: give --real-games or --no-real-games, not both");

  if (vm.count("merge")) {
    if (vm.count("ruleset"))
      throw UsageError("ladder: --merge: takes shard files, not a ruleset (" +
                       vm["ruleset"].as<std::string>() + ")");
    // What was played comes from the shards: an option that would change it is refused.
    for (const char* option : {"shard", "agents", "games", "seed"}) {
      if (vm.count(option) && !vm[option].defaulted())
        throw UsageError(std::string("ladder: --merge: --") + option +
                         " comes from the shards; do not give it");
    }
    std::vector<analysis::LadderShard> shards;
    InterruptGuard guard;
    for (const std::string& file : vm["merge"].as<std::vector<std::string>>()) {
      if (InterruptGuard::interrupted()) return interrupted_merge("ladder", io);
      shards.push_back({file, analysis::ladder_from_json(read_json_file(file), file)});
    }
    const analysis::Ladder ladder = analysis::merge_ladders(shards);
    if (InterruptGuard::interrupted()) return interrupted_merge("ladder", io);
    const std::string game = ladder.ruleset.substr(0, ladder.ruleset.find('/'));
    reports::OutputFile output = output_option(io, vm);
    output.stream() << reports::render_ladder(
        ladder, analysis::ladder_figures(ladder, real_games(vm, game)), format);
    output.commit();
    return 0;
  }

  if (!vm.count("ruleset"))
    throw UsageError("ladder: missing the ruleset (see 'mancala ladder --help')");
  analysis::LadderOptions options;
  set_play_counts(options, "ladder", games, seed, threads);
  try {
    options.agents = analysis::parse_ladder_agents(vm["agents"].as<std::string>(), "--agents");
    note_reproducibility(io, "ladder", options.agents);
    if (vm.count("shard")) options.shard = sim::parse_shard(vm["shard"].as<std::string>());
  } catch (const UsageError& e) {
    throw UsageError(std::string("ladder: ") + e.what());
  }

  // Everything that can fail does so before the first game: ruleset, real games, output file.
  const sim::RuleSet rules = sim::load_ruleset(vm["ruleset"].as<std::string>());
  std::optional<analysis::RealGames> real = real_games(vm, rules.game);
  reports::OutputFile output = output_option(io, vm);

  InterruptGuard guard;
  options.stop = &InterruptGuard::interrupted();
  ProgressBar bar(io, "");
  options.progress = [&](const std::string& pair, uint64_t done, uint64_t total) {
    bar.update(rules.id + " " + pair, done, total);
  };
  const Stopwatch watch;
  const analysis::Ladder ladder = analysis::run_ladder(rules, options);
  bar.erase();
  const std::string seconds = watch.text();
  output.stream() << reports::render_ladder(
      ladder, analysis::ladder_figures(ladder, std::move(real)), format);
  output.commit();
  io.err << "ladder: " << rules.id << ": " << ladder.runs.size() << " runs of "
         << ladder.runs.front().range.size() << " games in " << seconds << " s"
         << (ladder.partial() ? " (partial)" : "") << "\n";
  if (ladder.partial()) {
    io.err << "mancala: ladder: interrupted: the figures cover the games completed before "
           << InterruptGuard::cause() << "\n";
    return InterruptGuard::exit_code();
  }
  return 0;
}

}  // namespace mancala::cli
