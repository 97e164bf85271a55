// The moves `mancala replay` and `solve` start from: the --moves syntax, holes from the mover's
// left ("7 6 1"), a simultaneous turn as P1/P2 ("3/4", "3/4:2", "-/4"); and Toguz notation given
// as a file or as text.
#pragma once

#include <string>

#include "simulator/engine.h"
#include "simulator/match.h"
#include "simulator/play.h"

namespace mancala::sim {

// Plays `moves` from the start of `game` (a match deals its next rounds as they come, drawing
// a choice the rules leave to a player with seed 0). Throws mancala::Error
// "<command>: move <i> '<token>': <what is wrong>" for a move that is not legal.
State play_moves(const Game& game, const std::string& moves, const std::string& command);

// One move of the --moves syntax ("7", "3/4", "3/4:2", "-/4") played from `s`, the position of
// a line of play begun with start_match(game, match), as play_moves plays each of its moves (the
// Python module's Game.play plays this too): when the round is over and the match is not, the
// next round is dealt first (a choice the rules leave to a player drawn with Rng(seed, 0)).
// `observer`, when given, sees the move (on_move, on_joint_move) and a round dealt
// (on_round_end). Throws mancala::Error "<where>: <what is wrong>" for a move that is not legal
// ("<where>: the game is already over", "...: illegal for P1 in this position").
// The first step of play_move: when the round of `s` is over and the match is not, finishes it
// and deals the next round (a choice the rules leave to a player drawn with Rng(seed, 0)),
// shown to `observer`'s on_round_end; nothing otherwise.
void deal_next_round(const Game& game, MatchState& match, State& s, uint64_t seed,
                     GameObserver* observer = nullptr);
void play_move(const Game& game, MatchState& match, State& s, const std::string& token,
               const std::string& where, uint64_t seed = 0, GameObserver* observer = nullptr);

// The text of `replay --togyz-notation FILE_OR_TEXT`: the file's content when a file of that name
// is there, else the argument itself, the notation. A single word that looks like a path
// ("games/a.txt") and names no file throws Error "<path>: cannot read the file (No such file or
// directory)".
std::string togyz_notation_input(const std::string& file_or_text);

}  // namespace mancala::sim
