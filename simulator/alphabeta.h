// AlphaBeta: the alphabeta:D agent and the search the solver (solver.h) runs to the end.
//
// Negamax with alpha-beta pruning (fail-soft), iterative deepening from 1 to D plies, a
// transposition table (transposition.h) keyed by Zobrist keys of the whole position (zobrist.h),
// and move ordering: the table's best move first (at the root, the previous iteration's order),
// then moves that give the mover another move, then the counters the move wins at once.
//
// Values are counters, from the view of the player to move (State::to_move):
//   - a position inside the search horizon: material, the mover's minus the other's
//     (Game::material): counters won (store, sinks and tuzdyk, which feed the store, and counters
//     set aside) and, where captures are sown again on the capturer's side (Otep), every counter
//     on each side: there nothing reaches a store before the round ends, and a search that
//     counted stores alone saw every position as equal and played at random; where a sowing
//     captures every hole it made hold a count (Kapana Bona) twice the counters won plus those in
//     his own row, which the round's end gives him; in Waurie a score (Game::material says why);
//   - the end of a round of a match: the round's settlement as the next round sees it: the
//     holdings after the round's returns (a bha), which decide the holes each player keeps; a
//     settlement that ends the match (match_end, stop_after_rounds) scores as the end of a game;
//   - the end of a game: kWinScore plus the final margin for a win, minus kWinScore plus the
//     margin for a loss, the margin alone for a draw or a game stopped by max_plies: any result
//     outranks any position still going, and a larger margin a smaller one.
// A ply is one move (a joint turn counts as one). A move that gives the mover another move
// (store_extra_move, a pass of the other player) keeps the side to move: the child's value is
// not negated; the sign follows State::to_move, never the parity of the ply.
//
// Simultaneous turns (Game::joint_turn): the player to move takes the maximin (security) choice
// over the matrix of both players' moves; each cell is the turn played by Game::apply_joint, and
// when the resolution draws the order (Game::draws_order) the mean of both orders. Rows whose
// minimum cannot beat the best row so far are cut.
//
// Ties: at the root every move equal to the best is found (the root searches with a window one
// below the best value) and one is drawn from the game's stream. The search copies positions and
// never changes the one it was given.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "simulator/engine.h"
#include "simulator/match.h"
#include "simulator/rng.h"
#include "simulator/transposition.h"
#include "simulator/zobrist.h"

namespace mancala::sim {

constexpr int kWinScore = 10000;    // a won game: kWinScore + margin (margins are below 640)
constexpr int kInfinity = 30000;    // beyond every value
constexpr int kToTheEnd = 1 << 20;  // depth: search to the end of the game (the solver)

class AlphaBeta {
 public:
  // depth: plies of the last iteration; the table holds 2^tt_bits entries of 16 bytes.
  // exact_margins: the solver's mode (below); only for a ruleset exact_margins_apply accepts.
  AlphaBeta(const Game& game, int depth, int tt_bits = 16, bool exact_margins = false);
  ~AlphaBeta();

  // Before each game: forget the previous one (the table's entries become invisible).
  void new_game() { tt_.new_generation(); }

  // The move of s.to_move among `moves` (his legal moves) in an alternating turn.
  Move choose(const MatchState& match, const State& s, const MoveList& moves, Rng& rng);
  // `player`'s move in a joint turn: the maximin over the matrix of both players' moves.
  Move choose_joint(const MatchState& match, const State& s, int player, const MoveList& moves,
                    Rng& rng);

  // The value of `s` from s.to_move's view, searched `depth` plies (kToTheEnd: to the end),
  // within the window (alpha, beta): exact inside it, a bound outside (fail-soft).
  int search(const State& s, int depth, int alpha, int beta);
  // The best move the table holds for `s`, if any.
  bool table_move(const State& s, Move& m) const;
  // The match the searched positions belong to (the settlement of a round needs it); none: a
  // fresh match.
  void set_match(const MatchState* match) { match_ = match; }
  // Stops every search once the clock passes `deadline` (checked every 16384 nodes): search()
  // then returns a meaningless value and aborted() is true.
  void set_deadline(std::chrono::steady_clock::time_point deadline) {
    deadline_ = deadline;
    has_deadline_ = true;
    next_check_ = std::min(next_check_, nodes_ + 1);
  }
  bool aborted() const { return aborted_; }
  // Stops every search soon after *stop becomes true (checked every 16384 nodes, a relaxed
  // load): Ctrl-C in a batch run. The search then returns at once, aborted() and interrupted()
  // are true for good, and choose() returns a meaningless move.
  void set_stop(const std::atomic<bool>* stop) {
    stop_ = stop;
    next_check_ = std::min(next_check_, nodes_ + 1);
  }
  bool interrupted() const { return interrupted_; }
  // A budget per move for choose() and choose_joint(): iterative deepening goes on, up to the
  // depth given to the constructor, while the move's search has visited fewer than `nodes` nodes
  // (0: no bound) and taken less than `millis` milliseconds (0: no bound); an iteration the
  // budget cuts is thrown away and the last finished one chooses (the first always finishes).
  // A node budget gives the same move for the same position and table (reproducible runs); a
  // time budget depends on the machine's speed and load.
  void set_move_budget(uint64_t nodes, int millis) {
    budget_nodes_ = nodes;
    budget_millis_ = millis;
  }
  // The depth of the last finished iteration of the last choice (for tests and benchmarks).
  int last_depth() const { return last_depth_; }
  // The solver's bound on the plies below the searched position (the search recurses once per
  // ply): reaching it aborts the search and too_deep() is true.
  void set_ply_limit(int plies) { ply_limit_ = plies; }
  bool too_deep() const { return too_deep_; }
  // How many nodes between two looks at the limits (16384 unless set): the solver looks every 64,
  // since a node that first touches a page of a large table can cost milliseconds.
  void set_check_every(uint64_t nodes) {
    check_every_ = nodes;
    next_check_ = std::min(next_check_, nodes_ + nodes);
  }
  // Called at each look at the limits (the solver's progress display).
  void set_tick(std::function<void()> tick) {
    tick_ = std::move(tick);
    next_check_ = std::min(next_check_, nodes_ + 1);
  }

  uint64_t nodes() const { return nodes_; }
  const Game& game() const { return game_; }

  // Static value of `s` from `player`'s view (see above); exposed for tests.
  int evaluate(const State& s, int player) const;

  // Exact-margin mode, for the solver of one game. Values are the final margin alone (no
  // kWinScore): that orders results as the default does whenever the holder of more counters
  // wins, and margin_mismatch() reports a game end where he did not (a rule naming the winner),
  // after which the search's values mean nothing and the solver searches again without the mode.
  // Because no rule the mode admits reads the stores before the end, the future of a position
  // does not depend on them: the table is keyed without the stores and holds each value relative
  // to the counters already captured (the mover's minus the other's), so that positions reached
  // with different captures share their entry; and a position's value lies within the counters
  // still on the board of that difference, which cuts a node whose window lies outside it.
  static bool exact_margins_apply(const RuleSet& rules);
  bool margin_mismatch() const { return margin_mismatch_; }

 private:
  struct Frame;
  // `key`: the position's Zobrist key when the caller computed it already (nullptr: compute it).
  int negamax(const State& s, int depth, int alpha, int beta, int ply,
              const uint64_t* key = nullptr);
  int joint_node(const State& s, int depth, int alpha, int beta, int ply);
  // The value for `p` of the joint turn (mine, theirs) from `s`, within (lo, hi).
  int cell(const State& s, int p, const MoveList& mine, int i, const MoveList& theirs, int j,
           int depth, int lo, int hi, int ply);
  int child_value(const State& child, int p, int depth, int lo, int hi, int ply,
                  const uint64_t* key = nullptr);
  Frame& frame(int ply);
  // The limits checked when nodes_ reaches next_check_: the node budget, the stop flag, the clock.
  void check_limits();
  // Before and after the iterations of one choice: the move's budget, then none.
  void arm_budget(uint64_t start_nodes, std::chrono::steady_clock::time_point start);
  void disarm_budget();

  const Game& game_;
  int depth_;
  TranspositionTable tt_;
  Zobrist zobrist_;
  const MatchState* match_ = nullptr;
  MatchState fresh_match_;
  std::vector<std::unique_ptr<Frame>> frames_;
  uint64_t nodes_ = 0;
  static constexpr uint64_t kCheckEvery = 16384;
  uint64_t next_check_ = kCheckEvery;
  uint64_t check_every_ = kCheckEvery;
  uint64_t node_limit_ = UINT64_MAX;
  uint64_t budget_nodes_ = 0;
  int budget_millis_ = 0;
  int last_depth_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  std::function<void()> tick_;
  int ply_limit_ = 1 << 30;
  bool too_deep_ = false;
  bool interrupted_ = false;
  bool has_deadline_ = false;
  bool aborted_ = false;
  bool exact_margins_ = false;
  mutable bool margin_mismatch_ = false;
  std::chrono::steady_clock::time_point deadline_;
};

}  // namespace mancala::sim
