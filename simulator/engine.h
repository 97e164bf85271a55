// Game: the engine for one ruleset. Immutable after construction and shared by threads.
//
// Contract: if a state is not over, the player to move has at least one legal move (a player
// without one is dealt with by the ruleset's no_move rule inside apply(), before his turn).
// apply() checks the move in debug builds, does the rule work in private steps and keeps the
// bookkeeping (ply, quiet turns, end of round) in one place. Nothing in the move loop allocates.
#pragma once

#include <string>

#include "simulator/rules.h"
#include "simulator/state.h"

namespace mancala::sim {

// What one move did, for traces and the greedy agent.
struct MoveEffect {
  int captured = 0;      // counters the mover captured (stores/sinks included)
  int sowings = 1;       // sowings in the relay chain
  bool made_tuzdyk = false;
  int last_pos = -1;     // global position of the last counter
  bool relay_bound = false;
};

class Game {
 public:
  explicit Game(RuleSet rules);

  const RuleSet& rules() const { return rules_; }
  State initial_state() const;

  // Legal moves of the player to move; none when the state is over.
  void legal_moves(const State& s, MoveList& out) const;
  bool is_legal(const State& s, Move m) const;
  // Plays a legal move of the player to move; settles the end of the turn and of the round.
  MoveEffect apply(State& s, Move m) const;

  // Board geometry.
  int holes_per_player() const { return rules_.holes_per_player; }
  int owner(int pos) const { return pos >= kMaxHoles ? pos - kMaxHoles : pos / rules_.holes_per_player; }
  int global(int player, int k) const { return player * rules_.holes_per_player + k; }
  int local(int pos) const { return pos % rules_.holes_per_player; }
  // The opponent's hole facing `pos` across the board (on a 4-row board: the inner one).
  int opposite(int pos) const { return opposite_[pos]; }
  // The outer hole behind opposite(pos) on a 4-row board.
  int opposite_outer(int pos) const { return opposite_outer_[pos]; }
  // Next position on `player`'s sowing path, skipping nothing (stores on the path included).
  int next_on_path(int player, bool reverse, int pos) const { return next_[player][reverse][pos]; }
  // Label of a hole for people: its number from its owner's left (1-based); on a 4-row board
  // "o1".."oN" (outer) and "i1".."iN" (inner).
  std::string hole_label(int pos) const;
  // Column from the owner's left (0-based) and row (0 outer, 1 inner) of a hole.
  int column(int pos) const;
  int row(int pos) const;

  // Counters in play on the board plus stores: constant over a game (conservation).
  int counters_total(const State& s) const;

 private:
  struct Sowing;
  int step(const State& s, int player, bool reverse, int pos) const;
  void drop(State& s, int pos, MoveEffect& fx, int player) const;
  int sow(State& s, int player, bool reverse, int from, int count, bool first_into_from, MoveEffect& fx) const;
  void capture_at_end(State& s, int player, int last, int empty_next, MoveEffect& fx) const;
  void end_turn(State& s, const MoveEffect& fx) const;
  void end_round(State& s, EndReason reason) const;
  bool has_move(const State& s, int player) const;
  int take(State& s, int pos, int player) const;

  RuleSet rules_;
  std::array<std::array<std::array<uint8_t, kPositions>, 2>, 2> next_{};  // [player][reverse][pos]
  std::array<uint8_t, kMaxHoles> opposite_{};
  std::array<uint8_t, kMaxHoles> opposite_outer_{};
};

}  // namespace mancala::sim
