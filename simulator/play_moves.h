// The --moves syntax of `mancala replay` and `solve`: holes from the mover's left ("7 6 1"), a
// simultaneous turn as P1/P2 ("3/4", "3/4:2", "-/4").
#pragma once

#include <string>

#include "simulator/engine.h"

namespace mancala::sim {

// Plays `moves` from the start of `game` (a match deals its next rounds as they come, drawing
// a choice the rules leave to a player with seed 0). Throws mancala::Error
// "<command>: move <i> '<token>': <what is wrong>" for a move that is not legal.
State play_moves(const Game& game, const std::string& moves, const std::string& command);

}  // namespace mancala::sim
