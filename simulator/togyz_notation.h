// The standard Toguz Kumalak move notation ("1. 76 98 2. 66 87x ..."): each move is the hole
// played (1-9 from the mover's left), the hole where the last stone landed (1-9 from the left of
// that side's owner) and an optional "x" when the move made a tuzdyk.
#pragma once

#include <string>
#include <vector>

#include "simulator/engine.h"

namespace mancala::sim {

struct NotationMove {
  int hole = 0;     // 1..9
  int landing = 0;  // 1..9
  bool tuzdyk = false;
  std::string text;  // as written, e.g. "91x"
  int number = 0;    // the move number it was written under
  int player = 0;    // 0 white (first), 1 black
};

// Parses notation text; throws mancala::Error naming the token that is not a move.
std::vector<NotationMove> parse_togyz_notation(const std::string& text);

// Plays the moves from the initial position, checking every landing digit and tuzdyk mark;
// throws mancala::Error on the first disagreement ("move 12 (black) 73: ..."). Returns the
// final state. Moves recorded after the game is over are an error too.
State replay_togyz_notation(const Game& game, const std::vector<NotationMove>& moves);

}  // namespace mancala::sim
