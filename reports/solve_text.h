// The value of a position as `mancala solve` prints it (simulator/solver.h, docs/agents.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "simulator/solver.h"

namespace mancala::reports {

// The result of solving `game` after `moves` ("" for the start): ruleset, moves, complete, value
// (null unless complete), lower, upper, best_move, pv, nodes, seconds, nodes_per_second (JSON); or
// the same as aligned lines of text, the principal variation as "P1:3 P2:5 ...".
nlohmann::json solve_json(const sim::Game& game, const std::string& moves,
                          const sim::SolveResult& result);
std::string solve_text(const sim::Game& game, const std::string& moves,
                       const sim::SolveResult& result);

}  // namespace mancala::reports
