// mancala solve: the exact value of a position (simulator/solver.h).
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/commands.h"
#include "cli/options.h"
#include "simulator/describe.h"
#include "simulator/play_moves.h"
#include "simulator/ruleset_io.h"
#include "simulator/solver.h"

namespace mancala::cli {
namespace {

using nlohmann::json;

std::string signed_text(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

std::string rate_text(double per_second) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2fM", per_second / 1e6);
  return buffer;
}

}  // namespace

int cmd_solve(const Args& args, Io& io) {
  po::options_description desc("options");
  double max_seconds = 0;
  desc.add_options()("ruleset", po::value<std::string>(), "ruleset id, game name or file")(
      "moves", po::value<std::string>(),
      "solve the position after these moves (replay's syntax: holes from the mover's left)")(
      "format", po::value<std::string>()->default_value("table"), "table|json")(
      "max-seconds", po::value<double>(&max_seconds)->default_value(0),
      "stop after this long with the bounds proven so far (0: no limit)");
  po::positional_options_description pos;
  pos.add("ruleset", 1);
  po::variables_map vm;
  if (!parse_options("solve",
                     "RULESET [--moves \"3 6 ...\"] [--format table|json] [--max-seconds S]", desc,
                     pos, args, vm, io))
    return 0;
  if (!vm.count("ruleset"))
    throw UsageError("solve: missing the ruleset (see 'mancala solve --help')");
  const std::string format =
      check_format("solve", vm["format"].as<std::string>(), {"table", "json"});
  if (!(max_seconds >= 0)) throw UsageError("solve: --max-seconds: must be 0 or more");
  const sim::Game game(sim::load_ruleset(vm["ruleset"].as<std::string>()));
  try {
    sim::check_solvable(game.rules());
  } catch (const Error& e) {
    throw Error(std::string("solve: ") + e.what());
  }
  const std::string moves = vm.count("moves") ? vm["moves"].as<std::string>() : "";
  const sim::State start = sim::play_moves(game, moves, "solve");

  sim::SolveOptions options;
  options.max_seconds = max_seconds;
  const sim::SolveResult r = sim::solve(game, start, options);

  const auto label = [&](size_t i) { return sim::move_label(game, r.pv_players[i], r.pv[i]); };
  const double rate = r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0;
  if (format == "json") {
    json pv = json::array();
    for (size_t i = 0; i < r.pv.size(); ++i) pv.push_back(label(i));
    json j = {{"ruleset", game.rules().id},
              {"moves", moves},
              {"complete", r.complete},
              {"value", r.complete ? json(r.value) : json(nullptr)},
              {"lower", r.lower},
              {"upper", r.upper},
              {"best_move", r.has_move ? json(label(0)) : json(nullptr)},
              {"pv", pv},
              {"nodes", r.nodes},
              {"seconds", r.seconds},
              {"nodes_per_second", rate}};
    io.out << j.dump(2) << "\n";
  } else {
    std::string line;
    for (size_t i = 0; i < r.pv.size(); ++i)
      line +=
          (i ? " " : "") + std::string("P") + std::to_string(r.pv_players[i] + 1) + ":" + label(i);
    io.out << "ruleset    " << game.rules().id << "\n"
           << "position   " << (moves.empty() ? std::string("the start") : "after " + moves)
           << "\n";
    if (r.complete) {
      io.out << "value      " << signed_text(r.value)
             << " (player 1's final margin under perfect play)\n"
             << "best move  "
             << (r.has_move ? "P" + std::to_string(r.pv_players[0] + 1) + ":" + label(0)
                            : std::string("none (the game is over)"))
             << "\n"
             << "pv         " << line << "\n";
    } else {
      io.out << "value      between " << signed_text(r.lower) << " and " << signed_text(r.upper)
             << " (stopped)\n";
    }
    io.out << "nodes      " << r.nodes << "\n"
           << "seconds    " << r.seconds << "\n"
           << "nodes/s    " << rate_text(rate) << "\n";
  }
  if (!r.complete) {
    std::ostringstream limit;
    limit << max_seconds;
    throw Error("solve: " + game.rules().id + ": stopped at --max-seconds " + limit.str() +
                " before the value was proven: it lies between " + signed_text(r.lower) + " and " +
                signed_text(r.upper));
  }
  return 0;
}

}  // namespace mancala::cli
