#include "simulator/togyz_notation.h"

#include <cctype>
#include <sstream>

#include "common/error.h"

namespace mancala::sim {

std::vector<NotationMove> parse_togyz_notation(const std::string& text) {
  std::vector<NotationMove> moves;
  std::istringstream in(text);
  std::string token;
  int number = 0;
  int player = 0;
  while (in >> token) {
    if (token.back() == '.') {
      const std::string digits = token.substr(0, token.size() - 1);
      bool ok = !digits.empty();
      for (char c : digits) ok = ok && std::isdigit(static_cast<unsigned char>(c));
      if (!ok) throw Error("notation: '" + token + "' is neither a move number nor a move");
      number = std::stoi(digits);
      continue;
    }
    NotationMove m;
    m.text = token;
    const bool shape = (token.size() == 2 || (token.size() == 3 && (token[2] == 'x' || token[2] == 'X'))) &&
                       token[0] >= '1' && token[0] <= '9' && token[1] >= '1' && token[1] <= '9';
    if (!shape) throw Error("notation: move " + std::to_string(number) + ": '" + token + "' is not a move (two digits 1-9 and an optional x)");
    m.hole = token[0] - '0';
    m.landing = token[1] - '0';
    m.tuzdyk = token.size() == 3;
    m.number = number;
    m.player = player;
    player = 1 - player;
    moves.push_back(m);
  }
  return moves;
}

State replay_togyz_notation(const Game& game, const std::vector<NotationMove>& moves) {
  State s = game.initial_state();
  for (const NotationMove& m : moves) {
    const std::string where = "move " + std::to_string(m.number) + " (" + (m.player == 0 ? "white" : "black") + ") " + m.text;
    if (s.over) throw Error(where + ": the game is already over");
    if (s.to_move != m.player) throw Error(where + ": it is not this player's turn");
    const Move move{static_cast<uint8_t>(m.hole - 1), false};
    if (m.hole > game.holes_per_player() || !game.is_legal(s, move)) throw Error(where + ": hole " + std::to_string(m.hole) + " cannot be played (it is empty or a tuzdyk)");
    const MoveEffect fx = game.apply(s, move);
    const int landing = game.column(fx.last_pos) + 1;
    if (landing != m.landing) {
      throw Error(where + ": recorded landing hole " + std::to_string(m.landing) + ", the engine lands in " + std::to_string(landing));
    }
    if (fx.made_tuzdyk != m.tuzdyk) {
      throw Error(where + (m.tuzdyk ? ": recorded a tuzdyk, the engine made none" : ": the engine made a tuzdyk the record does not mark"));
    }
  }
  return s;
}

}  // namespace mancala::sim
