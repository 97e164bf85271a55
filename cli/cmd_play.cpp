// mancala trace | replay: one game, move by move, for people (text) or machines (JSON).
#include "cli/commands.h"
#include "cli/options.h"
#include "reports/command_output.h"
#include "reports/trace.h"
#include "simulator/describe.h"
#include "simulator/play.h"
#include "simulator/play_moves.h"
#include "simulator/ruleset_io.h"
#include "simulator/togyz_notation.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using namespace mancala::sim;
using reports::describe_end;
using reports::player_name;
using reports::TraceObserver;

}  // namespace

int cmd_trace(const Args& args, Io& io) {
  po::options_description desc("options");
  long long seed = 1;
  desc.add_options()("ruleset", po::value<std::string>(), "ruleset id or game name")(
      "seed", po::value<long long>(&seed)->default_value(1), "random seed (>= 0)")(
      "format", po::value<std::string>()->default_value("text"), "text|json");
  add_agent_options(desc);
  po::variables_map vm;
  if (!parse_options(
          "trace", "RULESET [--seed N] [--agent SPEC | --agents SPEC1,SPEC2] [--format text|json]",
          desc, {"ruleset", 1}, args, vm, io))
    return 0;
  if (!vm.count("ruleset"))
    throw UsageError("trace: missing the ruleset (see 'mancala trace --help')");
  if (seed < 0) throw UsageError("trace: --seed: must be 0 or more");
  const std::string format =
      check_format("trace", vm["format"].as<std::string>(), {"text", "json"});
  const AgentPair agents = agents_option("trace", vm);
  const Game game(load_ruleset(vm["ruleset"].as<std::string>()));
  Rng rng(static_cast<uint64_t>(seed), 0);
  TraceObserver observer(game, format == "json", io.out);
  const GameResult result = play_game(game, agents.seat[0], agents.seat[1], rng, &observer);
  io.out << reports::trace_tail(game, agents, seed, observer, result, format == "json");
  return 0;
}

int cmd_replay(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("ruleset", po::value<std::string>(), "ruleset id or game name")(
      "moves", po::value<std::string>(),
      "moves, hole numbers from the mover's left, e.g. \"7 6 1\"; a simultaneous turn as P1/P2, "
      "e.g. \"3/4\" "
      "(\"3/4:2\": player 2 first; \"-\": no move); \"i5<\" sows clockwise where a move may "
      "go either way, \"+i5\" enters a counter from the hand (docs/rules-format.md, \"Move "
      "notation\")")("togyz-notation", po::value<std::string>(),
                     "a file or text in the standard Toguz notation, checked move by move")(
      "format", po::value<std::string>()->default_value("text"), "text|json");
  po::variables_map vm;
  if (!parse_options(
          "replay",
          "RULESET (--moves \"7 6 1 ...\" | --togyz-notation FILE_OR_TEXT) [--format text|json]",
          desc, {"ruleset", 1}, args, vm, io))
    return 0;
  if (!vm.count("ruleset"))
    throw UsageError("replay: missing the ruleset (see 'mancala replay --help')");
  if (vm.count("moves") == vm.count("togyz-notation"))
    throw UsageError("replay: give exactly one of --moves or --togyz-notation");
  const std::string format =
      check_format("replay", vm["format"].as<std::string>(), {"text", "json"});
  const Game game(load_ruleset(vm["ruleset"].as<std::string>()));
  State s = game.initial_state();
  if (vm.count("moves")) {
    s = play_moves(game, vm["moves"].as<std::string>(), "replay");
  } else {
    const std::string text = sim::togyz_notation_input(vm["togyz-notation"].as<std::string>());
    s = replay_togyz_notation(game, parse_togyz_notation(text));
  }
  if (format == "json") {
    io.out << state_to_json(game, s).dump(2) << "\n";
  } else {
    io.out << draw_board(game, s);
    if (s.over) io.out << describe_end(s) << "\n";
  }
  return 0;
}

}  // namespace mancala::cli
