// mancala solve: the exact value of a position (simulator/solver.h).
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <new>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/commands.h"
#include "cli/options.h"
#include "reports/solve_text.h"
#include "simulator/play_moves.h"
#include "simulator/ruleset_io.h"
#include "simulator/solver.h"

namespace mancala::cli {
namespace {

std::string signed_text(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

}  // namespace

int cmd_solve(const Args& args, Io& io) {
  po::options_description desc("options");
  double max_seconds = 0;
  int table_mib = 0;
  desc.add_options()("ruleset", po::value<std::string>(), "ruleset id, game name or file")(
      "moves", po::value<std::string>(),
      "solve the position after these moves (replay's syntax: holes from the mover's left)")(
      "format", po::value<std::string>()->default_value("table"), "table|json")(
      "max-seconds", po::value<double>(&max_seconds)->default_value(0),
      "stop after this long, the table's setup included, with the bounds proven so far (0: no "
      "limit)")("table-mib", po::value<int>(&table_mib),
                "memory for the transposition table, in MiB: a power of two from 1 to 16384 "
                "(larger games solve faster with more; default: what the board needs, at most a "
                "quarter of the available memory and 4096)");
  po::variables_map vm;
  if (!parse_options("solve",
                     "RULESET [--moves \"3 6 ...\"] [--format table|json] [--max-seconds S] "
                     "[--table-mib M]",
                     desc, {"ruleset", 1}, args, vm, io))
    return 0;
  if (!vm.count("ruleset"))
    throw UsageError("solve: missing the ruleset (see 'mancala solve --help')");
  const std::string format =
      check_format("solve", vm["format"].as<std::string>(), {"table", "json"});
  sim::check_solve_limits(max_seconds,
                          vm.count("table-mib") ? std::optional<int>(table_mib) : std::nullopt);
  const sim::Game game(sim::load_ruleset(vm["ruleset"].as<std::string>()));
  try {
    sim::check_solvable(game.rules());
  } catch (const Error& e) {
    throw Error(std::string("solve: ") + e.what());
  }
  const std::string moves = vm.count("moves") ? vm["moves"].as<std::string>() : "";
  const sim::State start = sim::play_moves(game, moves, "solve");
  sim::SolveOptions options = sim::solve_options(
      max_seconds, vm.count("table-mib") ? std::optional<int>(table_mib) : std::nullopt,
      game.rules(), table_mib);
  // On a terminal, what is proven so far and the speed, on one line of stderr.
  size_t shown = 0;
  if (io.err_is_terminal) {
    options.progress = [&](const sim::SolveProgress& p) {
      std::ostringstream line;
      line << "solve: " << game.rules().id << ": value between " << signed_text(p.lower) << " and "
           << signed_text(p.upper) << ", " << std::fixed << std::setprecision(1)
           << static_cast<double>(p.nodes) / 1e6 << " M nodes, "
           << (p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds / 1e6 : 0.0)
           << " M nodes/s, " << std::setprecision(0) << p.seconds << " s";
      const std::string text = line.str();
      io.err << "\r" << text << std::string(shown > text.size() ? shown - text.size() : 0, ' ')
             << std::flush;
      shown = std::max(shown, text.size());
    };
  }
  const auto erase = [&] {
    if (shown > 0) io.err << "\r" << std::string(shown, ' ') << "\r" << std::flush;
  };
  sim::SolveResult r;
  try {
    r = sim::solve(game, start, options);
    erase();
  } catch (const Error& e) {
    erase();
    throw Error(std::string("solve: ") + e.what());
  } catch (const std::bad_alloc&) {
    erase();
    throw Error("solve: --table-mib " + std::to_string(table_mib) +
                ": not enough memory for the table; try a smaller one");
  }

  if (format == "json") {
    io.out << reports::solve_json(game, moves, r).dump(2) << "\n";
  } else {
    io.out << reports::solve_text(game, moves, r);
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
