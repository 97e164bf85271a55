#include "simulator/togyz_notation.h"

#include <cctype>
#include <sstream>

#include "common/error.h"

namespace mancala::sim {

namespace {

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool is_result(const std::string& token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "\u00BD-\u00BD" ||
         token == "*";
}

}  // namespace

std::vector<NotationMove> parse_togyz_notation(const std::string& text) {
  // Tokens: move numbers ("12."), moves ("91x"), and a number glued to its move ("12.91x").
  std::vector<std::string> tokens;
  {
    std::istringstream in(text);
    std::string token;
    while (in >> token) {
      const size_t dot = token.find('.');
      if (dot != std::string::npos && dot + 1 < token.size() && all_digits(token.substr(0, dot))) {
        tokens.push_back(token.substr(0, dot + 1));
        tokens.push_back(token.substr(dot + 1));
      } else {
        tokens.push_back(token);
      }
    }
  }
  std::vector<NotationMove> moves;
  int number = 0;
  int player = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& token = tokens[i];
    if (token.back() == '.') {
      const std::string digits = token.substr(0, token.size() - 1);
      if (!all_digits(digits))
        throw Error("notation: '" + token + "' is neither a move number nor a move");
      // Numbers are optional, but one that is written must be the next: white's move n is "n.".
      const int expected = static_cast<int>(moves.size()) / 2 + 1;
      // At most 9 digits: a longer number is no move number, and would overflow std::stoi.
      const bool matches = !digits.empty() && digits.size() <= 9 && std::stoi(digits) == expected;
      if (player != 0 || !matches) {
        const NotationMove* last = moves.empty() ? nullptr : &moves.back();
        throw Error("notation: '" + token + "' after " +
                    (last ? "move " + std::to_string(last->number) + " (" +
                                (last->player == 0 ? "white" : "black") + ") " + last->text
                          : std::string("the start")) +
                    ": expected " +
                    (player == 0 ? std::to_string(expected) + "."
                                 : "black's move " + std::to_string(expected)));
      }
      number = expected;
      continue;
    }
    if (is_result(token) && i + 1 == tokens.size()) break;  // the game's result, written last
    NotationMove m;
    m.text = token;
    const bool shape =
        (token.size() == 2 || (token.size() == 3 && (token[2] == 'x' || token[2] == 'X'))) &&
        token[0] >= '1' && token[0] <= '9' && token[1] >= '1' && token[1] <= '9';
    if (!shape)
      throw Error("notation: move " + std::to_string(number) + ": '" + token +
                  "' is not a move (two digits 1-9 and an optional x)");
    m.hole = token[0] - '0';
    m.landing = token[1] - '0';
    m.tuzdyk = token.size() == 3;
    m.number = static_cast<int>(moves.size()) / 2 + 1;
    number = m.number;
    m.player = player;
    player = 1 - player;
    moves.push_back(m);
  }
  if (moves.empty()) throw Error("notation: no moves (expected e.g. '1. 76 98 2. 66 87')");
  return moves;
}

State replay_togyz_notation(const Game& game, const std::vector<NotationMove>& moves) {
  State s = game.initial_state();
  for (const NotationMove& m : moves) {
    const std::string where = "move " + std::to_string(m.number) + " (" +
                              (m.player == 0 ? "white" : "black") + ") " + m.text;
    if (s.over) throw Error(where + ": the game is already over");
    if (s.to_move != m.player) throw Error(where + ": it is not this player's turn");
    const Move move{static_cast<uint8_t>(m.hole - 1), false};
    if (m.hole > game.holes_per_player() || !game.is_legal(s, move))
      throw Error(where + ": hole " + std::to_string(m.hole) +
                  " cannot be played (it is empty or a tuzdyk)");
    const MoveEffect fx = game.apply(s, move);
    const int landing = game.column(fx.last_pos) + 1;
    if (landing != m.landing) {
      throw Error(where + ": recorded landing hole " + std::to_string(m.landing) +
                  ", the engine lands in " + std::to_string(landing));
    }
    if (fx.made_tuzdyk != m.tuzdyk) {
      throw Error(where + (m.tuzdyk ? ": recorded a tuzdyk, the engine made none"
                                    : ": the engine made a tuzdyk the record does not mark"));
    }
  }
  return s;
}

}  // namespace mancala::sim
