#include "reports/solve_text.h"

#include <cstdio>
#include <sstream>

#include "common/text.h"
#include "simulator/describe.h"

namespace mancala::reports {
namespace {

using nlohmann::json;

std::string signed_text(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

std::string rate_text(double per_second) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2fM", per_second / 1e6);
  return buffer;
}

}  // namespace

json solve_json(const sim::Game& game, const std::string& moves, const sim::SolveResult& r) {
  const auto label = [&](size_t i) { return sim::move_label(game, r.pv_players[i], r.pv[i]); };
  const double rate = r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0;
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
  return j;
}

std::string solve_text(const sim::Game& game, const std::string& moves, const sim::SolveResult& r) {
  const auto label = [&](size_t i) { return sim::move_label(game, r.pv_players[i], r.pv[i]); };
  const double rate = r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0;
  std::ostringstream out;
  std::string line;
  for (size_t i = 0; i < r.pv.size(); ++i)
    line +=
        (i ? " " : "") + std::string("P") + std::to_string(r.pv_players[i] + 1) + ":" + label(i);
  out << "ruleset    " << game.rules().id << "\n"
      << "position   " << (moves.empty() ? std::string("the start") : "after " + moves) << "\n";
  if (r.complete) {
    out << "value      " << signed_text(r.value)
        << " (player 1's final margin under perfect play)\n"
        << "best move  "
        << (r.has_move ? "P" + std::to_string(r.pv_players[0] + 1) + ":" + label(0)
                       : std::string("none (the game is over)"))
        << "\n"
        << "pv         " << line << "\n";
  } else {
    out << "value      between " << signed_text(r.lower) << " and " << signed_text(r.upper)
        << " (stopped)\n";
  }
  out << "nodes      " << r.nodes << "\n"
      << "seconds    " << r.seconds << "\n"
      << "nodes/s    " << rate_text(rate) << "\n";
  return printable(out.str());  // the ruleset id, made from a file name
}

}  // namespace mancala::reports
