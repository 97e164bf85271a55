// mancala trace | replay: one game, move by move, for people (text) or machines (JSON).
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.h"
#include "cli/options.h"
#include "common/strict_json.h"
#include "reports/trace.h"
#include "simulator/describe.h"
#include "simulator/play.h"
#include "simulator/play_moves.h"
#include "simulator/ruleset_io.h"
#include "simulator/simultaneous.h"
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
  po::positional_options_description pos;
  pos.add("ruleset", 1);
  po::variables_map vm;
  if (!parse_options(
          "trace", "RULESET [--seed N] [--agent SPEC | --agents SPEC1,SPEC2] [--format text|json]",
          desc, pos, args, vm, io))
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
  if (game.rules().match && format == "text") {
    io.out << "Match: "
           << (result.reason == EndReason::kSafetyBound ? std::string("unfinished")
               : result.winner == kDraw                 ? std::string("draw")
                                                        : player_name(result.winner) + " wins")
           << " " << result.store[0] << "-" << result.store[1] << " after " << result.rounds
           << " rounds (" << end_reason_name(result.reason) << ")\n";
  }
  if (format == "json") {
    json j = {
        {"ruleset", game.rules().id}, {"seed", seed},
        {"agent", agents.label()},    {"agents", {agents.seat[0].name(), agents.seat[1].name()}},
        {"start", observer.start_},   {"moves", observer.moves_}};
    if (game.rules().match) {
      j["rounds"] = observer.rounds_;
      j["match"] = {{"winner", result.winner == kNobody
                                   ? json(nullptr)
                                   : json(result.winner == kDraw ? 0 : result.winner + 1)},
                    {"end", end_reason_name(result.reason)},
                    {"holdings", {result.store[0], result.store[1]}}};
    }
    io.out << j.dump(1) << "\n";
  }
  return 0;
}

int cmd_replay(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("ruleset", po::value<std::string>(), "ruleset id or game name")(
      "moves", po::value<std::string>(),
      "moves, hole numbers from the mover's left, e.g. \"7 6 1\"; a simultaneous turn as P1/P2, "
      "e.g. \"3/4\" "
      "(\"3/4:2\": player 2 first; \"-\": no move)")(
      "togyz-notation", po::value<std::string>(),
      "a file or text in the standard Toguz notation, checked move by move")(
      "format", po::value<std::string>()->default_value("text"), "text|json");
  po::positional_options_description pos;
  pos.add("ruleset", 1);
  po::variables_map vm;
  if (!parse_options(
          "replay",
          "RULESET (--moves \"7 6 1 ...\" | --togyz-notation FILE_OR_TEXT) [--format text|json]",
          desc, pos, args, vm, io))
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
    std::string text = vm["togyz-notation"].as<std::string>();
    // A file when one is there; a single word that looks like a path ("games/a.txt") and names no
    // file is an unreadable file, not notation; anything else is the notation itself.
    const bool one_word = text.find_first_of(" \t\n\r") == std::string::npos;
    const std::string extension =
        std::filesystem::path(text).extension().string();  // ".txt", not ".76"
    const bool path_like =
        text.find('/') != std::string::npos ||
        (extension.size() > 1 && extension.find_first_of("0123456789") == std::string::npos);
    // The error_code form: notation longer than a file name may be (255 bytes) names no file.
    std::error_code not_a_file;
    if (std::filesystem::exists(text, not_a_file)) {
      text = read_input_file(text);
    } else if (one_word && path_like) {
      throw Error(
          where(text, "", "cannot read the file (" + std::string(std::strerror(ENOENT)) + ")"));
    }
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
