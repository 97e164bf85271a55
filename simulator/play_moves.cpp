#include "simulator/play_moves.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "common/error.h"
#include "common/strict_json.h"
#include "simulator/describe.h"
#include "simulator/match.h"
#include "simulator/simultaneous.h"

namespace mancala::sim {

void deal_next_round(const Game& game, MatchState& match, State& s, uint64_t seed,
                     GameObserver* observer) {
  if (s.over && game.rules().match && !match.over) {
    // A match: the next round is dealt from what each holds (a choice the rules leave to a
    // player, such as a bha's end, is drawn with the seed, 0 for replay, as no move names it).
    const State ended = s;
    const RoundRecord record = finish_round(game, match, s);
    Rng rng(seed, 0);
    const bool more = next_round(game, match, s, rng);
    if (observer) observer->on_round_end(ended, record, more ? &s : nullptr, match);
  }
}

void play_move(const Game& game, MatchState& match, State& s, const std::string& token,
               const std::string& where, uint64_t seed, GameObserver* observer) {
  deal_next_round(game, match, s, seed, observer);
  if (s.over) throw Error(where + ": the game is already over");
  const State before = s;
  if (game.joint_turn(s)) {
    const JointMove jm = parse_joint_move(game, s, token, where);
    const JointEffect fx = game.apply_joint(s, jm);
    if (observer) observer->on_joint_move(before, jm, fx, s);
    return;
  }
  const Move m = parse_move(game, s, s.to_move, token, where);
  if (!game.is_legal(s, m))
    throw Error(where + ": illegal for " + "P" + std::to_string(s.to_move + 1) +
                " in this position");
  const MoveEffect fx = game.apply(s, m);
  if (observer) observer->on_move(before, m, fx, s);
}

State play_moves(const Game& game, const std::string& moves, const std::string& command) {
  std::istringstream in(moves);
  std::string token;
  int index = 0;
  MatchState match;
  State s = start_match(game, match);
  while (in >> token) {
    ++index;
    play_move(game, match, s, token,
              command + ": move " + std::to_string(index) + " '" + token + "'");
  }
  return s;
}

std::string togyz_notation_input(const std::string& file_or_text) {
  std::string text = file_or_text;
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
  return text;
}

}  // namespace mancala::sim
