#include "simulator/alphabeta.h"

#include <algorithm>
#include <array>
#include <vector>

namespace mancala::sim {

// The children of one node, kept per ply so that the search allocates nothing once warm.
struct AlphaBeta::Frame {
  MoveList moves;
  MoveList other;  // a joint turn: the other player's moves
  std::array<State, kMaxMoves> child;
  std::array<int, kMaxMoves> score;
  std::array<uint8_t, kMaxMoves> order;
  std::array<uint64_t, kMaxMoves> key;  // children's Zobrist keys, computed one ahead
};

namespace {

int holding(const State& s, int p) { return s.store[p] + s.aside[p]; }

int next_depth(int depth) { return depth >= kToTheEnd ? depth : depth - 1; }

// Indices 0..n-1 by score, highest first; equal scores keep their order.
void sort_by_score(std::array<uint8_t, kMaxMoves>& order, const std::array<int, kMaxMoves>& score,
                   int n) {
  for (int i = 1; i < n; ++i) {
    const uint8_t x = order[i];
    int j = i;
    for (; j > 0 && score[order[j - 1]] < score[x]; --j) order[j] = order[j - 1];
    order[j] = x;
  }
}

// One of the moves whose value is `best`, drawn from the game's stream when there are several.
Move pick_tie(const MoveList& moves, const std::array<int, kMaxMoves>& value, int best, Rng& rng) {
  std::array<int, kMaxMoves> ties{};
  int count = 0;
  for (int i = 0; i < moves.size; ++i) {
    if (value[i] == best) ties[count++] = i;
  }
  const int pick = count == 1 ? 0 : static_cast<int>(rng.below(static_cast<uint32_t>(count)));
  return moves[ties[pick]];
}

}  // namespace

AlphaBeta::AlphaBeta(const Game& game, int depth, int tt_bits, bool exact_margins)
    : game_(game),
      depth_(depth),
      tt_(tt_bits, exact_margins ? 4 : 1),
      zobrist_(game, !exact_margins),
      exact_margins_(exact_margins) {}

bool AlphaBeta::exact_margins_apply(const RuleSet& rules) {
  // end_on_majority is the one rule that reads the stores during a game (engine.cpp,
  // settle_turn); no_move: end_mover_loses names a winner whatever the counters; a match carries
  // holdings from round to round; in simultaneous turns a joint node's cell may be a mean. Stores
  // never shrink within one game.
  return !rules.end_on_majority && rules.no_move != NoMove::kEndMoverLoses && !rules.match &&
         rules.turns == Turns::kAlternating;
}

AlphaBeta::~AlphaBeta() = default;

AlphaBeta::Frame& AlphaBeta::frame(int ply) {
  while (static_cast<int>(frames_.size()) <= ply) frames_.push_back(std::make_unique<Frame>());
  return *frames_[static_cast<size_t>(ply)];
}

void AlphaBeta::check_limits() {
  if (nodes_ >= node_limit_) aborted_ = true;
  if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = interrupted_ = true;
  if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_) aborted_ = true;
  if (tick_) tick_();
  next_check_ = std::min(node_limit_, nodes_ + check_every_);
}

void AlphaBeta::arm_budget(uint64_t start_nodes, std::chrono::steady_clock::time_point start) {
  if (budget_nodes_ > 0) node_limit_ = start_nodes + budget_nodes_;
  if (budget_millis_ > 0) {
    deadline_ = start + std::chrono::milliseconds(budget_millis_);
    has_deadline_ = true;
  }
  next_check_ = std::min(next_check_, node_limit_);
  check_limits();
}

void AlphaBeta::disarm_budget() {
  node_limit_ = UINT64_MAX;
  if (budget_millis_ > 0) has_deadline_ = false;
  aborted_ = interrupted_;
  next_check_ = std::min(next_check_, nodes_ + check_every_);
}

int AlphaBeta::evaluate(const State& s, int p) const {
  const int q = 1 - p;
  // Inside the horizon: material (Game::material), where a re-sowing capture's counters count.
  if (!s.over) return game_.material(s, p) - game_.material(s, q);
  const int margin = holding(s, p) - holding(s, q);
  if (exact_margins_) {
    const int8_t by_margin = margin > 0 ? p : margin < 0 ? q : kDraw;
    if (s.reason != EndReason::kSafetyBound && s.winner != by_margin) margin_mismatch_ = true;
    return margin;
  }
  const auto result = [&](int winner, int m) {
    return (winner == p ? kWinScore : winner == q ? -kWinScore : 0) + m;
  };
  if (!game_.rules().match)
    return s.reason == EndReason::kSafetyBound ? margin : result(s.winner, margin);
  // The end of a round: settle it on copies as the match layer will (match.h).
  MatchState m = match_ ? *match_ : fresh_match_;
  State t = s;
  finish_round(game_, m, t);
  const int held = m.holdings[p] - m.holdings[q];
  if (t.reason == EndReason::kSafetyBound) return held;
  int8_t winner = kNobody;
  if (match_end_reached(game_, {m.holdings[0], m.holdings[1]}, winner)) return result(winner, held);
  const int stop = game_.rules().stop_after_rounds;
  if (stop > 0 && m.rounds >= stop)
    return result(stop_winner(game_.rules(), {m.holdings[0], m.holdings[1]}), held);
  return held;
}

int AlphaBeta::child_value(const State& c, int p, int depth, int lo, int hi, int ply,
                           const uint64_t* key) {
  if (c.over) {
    ++nodes_;
    return evaluate(c, p);
  }
  // The sign follows whose move it is: an extra move or a pass keeps the side to move.
  if (c.to_move == p) return negamax(c, depth, lo, hi, ply, key);
  return -negamax(c, depth, -hi, -lo, ply, key);
}

int AlphaBeta::negamax(const State& s, int depth, int alpha, int beta, int ply,
                       const uint64_t* known_key) {
  if (++nodes_ >= next_check_) check_limits();
  if (ply >= ply_limit_) too_deep_ = aborted_ = true;
  if (aborted_) return 0;
  const int p = s.to_move;
  if (s.over || depth <= 0) return evaluate(s, p);

  // Exact margins: values in the table are relative to `base`, the counters captured so far, and
  // the value lies within the counters left on the board of it.
  int base = 0;
  if (exact_margins_) {
    base = holding(s, p) - holding(s, 1 - p);
    const int board = game_.rules().total_counters - holding(s, 0) - holding(s, 1);
    if (base + board <= alpha) return base + board;
    if (base - board >= beta) return base - board;
  }
  const uint64_t key = known_key ? *known_key : zobrist_.key(s);
  uint8_t table_best = TtEntry::kNoMove;
  if (const TtEntry* e = tt_.probe(key)) {
    table_best = e->move;
    if (e->depth >= std::min(depth, 255)) {
      const int v = e->value + base;
      if (e->bound == Bound::kExact) return v;
      if (e->bound == Bound::kLower && v >= beta) return v;
      if (e->bound == Bound::kUpper && v <= alpha) return v;
    }
  }
  const int alpha0 = alpha;
  const uint64_t nodes0 = nodes_;
  int best = -kInfinity;
  uint8_t best_move = TtEntry::kNoMove;
  if (game_.joint_turn(s)) {
    best = joint_node(s, depth, alpha, beta, ply);
  } else {
    Frame& f = frame(ply);
    game_.legal_moves(s, f.moves);
    const int n = f.moves.size;
    // A child that will probe the table has its key computed, and its slot fetched, before it is
    // searched, so that the probe finds the entry in the cache: the agents' while the child before
    // it is searched; the solver's as soon as it is made (its large table misses the cache on
    // every probe, and its enhanced cut-offs below probe every child).
    const int child_depth = next_depth(depth);
    const bool keyed = child_depth > 0;
    const auto prepare = [&](int k) {
      if (!keyed || k >= n) return;
      const int i = f.order[k];
      if (f.child[i].over) return;
      f.key[i] = zobrist_.key(f.child[i]);
      tt_.prefetch(f.key[i]);
    };
    for (int i = 0; i < n; ++i) {
      State& c = f.child[i];
      c = s;
      game_.apply(c, f.moves[i]);
      if (exact_margins_ && keyed && !c.over) {
        f.key[i] = zobrist_.key(c);
        tt_.prefetch(f.key[i]);
      }
      // Order: the table's move, then moves that keep the turn, then what the move wins at once.
      // The solver tries the moves that keep the turn from the last hole back: a later hole's
      // extra move leaves the earlier ones' in place.
      const int keeps = c.to_move == p ? 1000 + (exact_margins_ ? 4 * f.moves[i].hole : 0) : 0;
      f.score[i] = TtEntry::pack(f.moves[i]) == table_best ? kInfinity
                   : c.over                                ? evaluate(c, p)
                            : keeps + game_.material(c, p) - game_.material(c, 1 - p);
      f.order[i] = static_cast<uint8_t>(i);
    }
    // The solver's enhanced transposition cut-off: a child whose table entry already proves
    // the node above beta ends it before any child is searched.
    if (exact_margins_ && keyed) {
      for (int i = 0; i < n; ++i) {
        const State& c = f.child[i];
        if (c.over) continue;
        const TtEntry* e = tt_.probe(f.key[i]);
        if (!e || e->depth < std::min(child_depth, 255)) continue;
        const int cv = e->value + holding(c, c.to_move) - holding(c, 1 - c.to_move);
        if (c.to_move == p ? (e->bound != Bound::kUpper && cv >= beta)
                           : (e->bound != Bound::kLower && -cv >= beta)) {
          const int v = c.to_move == p ? cv : -cv;
          tt_.store(key, v - base, depth, Bound::kLower, TtEntry::pack(f.moves[i]), 1);
          return v;
        }
      }
    }
    sort_by_score(f.order, f.score, n);
    if (!exact_margins_) prepare(0);
    for (int k = 0; k < n; ++k) {
      if (!exact_margins_) prepare(k + 1);
      const int i = f.order[k];
      const int v = child_value(f.child[i], p, child_depth, alpha, beta, ply + 1,
                                keyed ? &f.key[i] : nullptr);
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        best_move = TtEntry::pack(f.moves[i]);
        if (v > alpha) alpha = v;
        if (v >= beta) break;
      }
    }
  }
  if (aborted_) return 0;
  const Bound bound = best <= alpha0 ? Bound::kUpper : best >= beta ? Bound::kLower : Bound::kExact;
  tt_.store(key, best - base, depth, bound, best_move, nodes_ - nodes0);
  return best;
}

int AlphaBeta::cell(const State& s, int p, const MoveList& mine, int i, const MoveList& theirs,
                    int j, int depth, int lo, int hi, int ply) {
  JointMove jm;
  jm.plays[p] = true;
  jm.move[p] = mine[i];
  if (theirs.size > 0) {
    jm.plays[1 - p] = true;
    jm.move[1 - p] = theirs[j];
  }
  if (game_.draws_order() && theirs.size > 0) {
    // The order is drawn at random: the cell is the mean over both orders (searched whole).
    int sum = 0;
    for (uint8_t first = 0; first < 2; ++first) {
      State c = s;
      jm.first = first;
      game_.apply_joint(c, jm);
      sum += child_value(c, p, next_depth(depth), -kInfinity, kInfinity, ply);
    }
    return sum >= 0 ? sum / 2 : -((-sum + 1) / 2);
  }
  State c = s;
  game_.apply_joint(c, jm);
  return child_value(c, p, next_depth(depth), lo, hi, ply);
}

int AlphaBeta::joint_node(const State& s, int depth, int alpha, int beta, int ply) {
  const int p = s.to_move;
  Frame& f = frame(ply);
  game_.legal_moves(s, p, f.moves);
  game_.legal_moves(s, 1 - p, f.other);
  const int columns = std::max(f.other.size, 1);
  int best = -kInfinity;
  for (int i = 0; i < f.moves.size && best < beta; ++i) {
    const int floor = std::max(alpha, best);
    int row_min = kInfinity;
    for (int j = 0; j < columns; ++j) {
      const int v =
          cell(s, p, f.moves, i, f.other, j, depth, floor, std::min(row_min, beta), ply + 1);
      if (aborted_) return 0;
      row_min = std::min(row_min, v);
      if (row_min <= floor) break;  // this row cannot beat the best one
    }
    best = std::max(best, row_min);
  }
  return best;
}

int AlphaBeta::search(const State& s, int depth, int alpha, int beta) {
  return negamax(s, depth, alpha, beta, 0);
}

bool AlphaBeta::table_move(const State& s, Move& m) const {
  const TtEntry* e = tt_.probe(zobrist_.key(s));
  if (!e || e->move == TtEntry::kNoMove) return false;
  m = TtEntry::unpack(e->move);
  return true;
}

Move AlphaBeta::choose(const MatchState& match, const State& s, const MoveList& moves, Rng& rng) {
  if (moves.size == 1 || interrupted_) return moves[0];
  match_ = &match;
  const int p = s.to_move;
  const int n = moves.size;
  // The root's children only (a whole array of States, value-initialised, cost more than the
  // search of a small board's move at depth 4 once a State held 80 holes).
  std::vector<State> child(static_cast<size_t>(n), s);
  std::array<int, kMaxMoves> value{}, next{};
  std::array<uint8_t, kMaxMoves> order{};
  for (int i = 0; i < n; ++i) {
    game_.apply(child[static_cast<size_t>(i)], moves[i]);
    order[i] = static_cast<uint8_t>(i);
  }
  const uint64_t start_nodes = nodes_;
  const auto start = std::chrono::steady_clock::now();
  int best = -kInfinity;
  for (int d = 1; d <= depth_; ++d) {
    int next_best = -kInfinity;
    for (int k = 0; k < n && !aborted_; ++k) {
      const int i = order[k];
      // One below the best so far: a move equal to the best is found exactly (ties).
      const int lo = next_best == -kInfinity ? -kInfinity : next_best - 1;
      next[i] = child_value(child[static_cast<size_t>(i)], p, d - 1, lo, kInfinity, 1);
      next_best = std::max(next_best, next[i]);
    }
    if (aborted_) break;  // a cut iteration is thrown away
    value = next;
    best = next_best;
    last_depth_ = d;
    sort_by_score(order, value, n);  // the next iteration tries the best first
    if (d == 1) arm_budget(start_nodes, start);
  }
  disarm_budget();
  if (best == -kInfinity) return moves[0];  // interrupted in the first iteration
  return pick_tie(moves, value, best, rng);
}

Move AlphaBeta::choose_joint(const MatchState& match, const State& s, int player,
                             const MoveList& moves, Rng& rng) {
  if (moves.size == 1 || interrupted_) return moves[0];
  match_ = &match;
  MoveList other;
  game_.legal_moves(s, 1 - player, other);
  const int n = moves.size;
  const int columns = std::max(other.size, 1);
  std::array<int, kMaxMoves> value{}, next{};
  std::array<uint8_t, kMaxMoves> order{};
  for (int i = 0; i < n; ++i) order[i] = static_cast<uint8_t>(i);
  const uint64_t start_nodes = nodes_;
  const auto start = std::chrono::steady_clock::now();
  int best = -kInfinity;
  for (int d = 1; d <= depth_; ++d) {
    int next_best = -kInfinity;
    for (int k = 0; k < n && !aborted_; ++k) {
      const int i = order[k];
      const int floor = next_best == -kInfinity ? -kInfinity : next_best - 1;
      int row_min = kInfinity;
      for (int j = 0; j < columns && !aborted_; ++j) {
        row_min = std::min(row_min, cell(s, player, moves, i, other, j, d, floor, row_min, 1));
        if (row_min <= floor) break;
      }
      next[i] = row_min;
      next_best = std::max(next_best, row_min);
    }
    if (aborted_) break;
    value = next;
    best = next_best;
    last_depth_ = d;
    sort_by_score(order, value, n);
    if (d == 1) arm_budget(start_nodes, start);
  }
  disarm_budget();
  if (best == -kInfinity) return moves[0];
  return pick_tie(moves, value, best, rng);
}

}  // namespace mancala::sim
