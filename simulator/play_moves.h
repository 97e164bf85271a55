// The moves `mancala replay` and `solve` start from: the --moves syntax, holes from the mover's
// left ("7 6 1"), a simultaneous turn as P1/P2 ("3/4", "3/4:2", "-/4"); and Toguz notation given
// as a file or as text.
#pragma once

#include <string>

#include "simulator/engine.h"

namespace mancala::sim {

// Plays `moves` from the start of `game` (a match deals its next rounds as they come, drawing
// a choice the rules leave to a player with seed 0). Throws mancala::Error
// "<command>: move <i> '<token>': <what is wrong>" for a move that is not legal.
State play_moves(const Game& game, const std::string& moves, const std::string& command);

// The text of `replay --togyz-notation FILE_OR_TEXT`: the file's content when a file of that name
// is there, else the argument itself, the notation. A single word that looks like a path
// ("games/a.txt") and names no file throws Error "<path>: cannot read the file (No such file or
// directory)".
std::string togyz_notation_input(const std::string& file_or_text);

}  // namespace mancala::sim
