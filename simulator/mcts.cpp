#include "simulator/mcts.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "simulator/playout.h"

namespace mancala::sim {

Mcts::Mcts(const Game& game, int simulations)
    : game_(game), simulations_(std::max(1, simulations)) {
  const RuleSet& r = game.rules();
  // A player's legal moves: each hole, and each hole reversed where the ruleset allows it or
  // where sowing goes by the hole's half of the row (Um el-Bagara's centre hole sows either way).
  const bool two_ways = sows_both_ways(r);
  const size_t per_player = static_cast<size_t>(game.holes_per_player()) * (two_ways ? 2 : 1);
  const size_t per_node = r.turns == Turns::kAlternating ? per_player : 2 * per_player;
  const size_t bytes_per_node = sizeof(Node) + per_node * sizeof(Edge);
  node_capacity_ = std::min(static_cast<size_t>(simulations_) + 1,
                            std::max<size_t>(2, kMaxTreeBytes / bytes_per_node));
  edge_capacity_ = node_capacity_ * per_node;
  nodes_.reserve(node_capacity_);
  edges_.reserve(edge_capacity_);
  path_.reserve(node_capacity_ + 1);
}

Move Mcts::choose(const State& s, const MoveList& moves, Rng& rng) {
  assert(!s.over && !game_.joint_turn(s) && moves.size > 0);
  if (moves.size == 1) return moves[0];
  return search(s, &moves, s.to_move, rng);
}

Move Mcts::choose_joint(const State& s, int player, Rng& rng) {
  assert(!s.over && game_.joint_turn(s));
  MoveList moves;
  game_.legal_moves(s, player, moves);
  assert(moves.size > 0);
  if (moves.size == 1) return moves[0];
  return search(s, nullptr, player, rng);
}

Move Mcts::search(const State& s, const MoveList* moves, int player, Rng& rng) {
  nodes_.clear();
  edges_.clear();
  new_node(s, moves);
  int i = 0;
  for (; i < simulations_; ++i) {
    if (stop_ && stop_->load(std::memory_order_relaxed)) [[unlikely]] {
      interrupted_ = true;
      break;
    }
    simulate(rng);
  }
  simulations_run_ += static_cast<uint64_t>(i);
  // The most visited move of `player` at the root; ties at random.
  const Node& root = nodes_[0];
  const int32_t base = root.edges + (root.joint && player == 1 ? root.count[0] : 0);
  const int count = root.count[player];
  uint32_t best = 0;
  int ties = 0;
  int32_t chosen = base;
  for (int32_t e = base; e < base + count; ++e) {
    const uint32_t v = edges_[static_cast<size_t>(e)].visits;
    if (v > best) {
      best = v;
      ties = 1;
      chosen = e;
    } else if (v == best && rng.below(static_cast<uint32_t>(++ties)) == 0) {
      chosen = e;  // reservoir sampling: each tied move kept with probability 1/ties
    }
  }
  return edges_[static_cast<size_t>(chosen)].move;
}

int32_t Mcts::new_node(const State& s, const MoveList* root_moves) {
  if (nodes_.size() >= node_capacity_) return -1;  // the pool is full: no more expansion
  Node n;
  n.state = s;
  n.edges = static_cast<int32_t>(edges_.size());
  if (!s.over) {
    MoveList list;
    auto add = [&](int player, const MoveList& moves) {
      for (const Move& m : moves) edges_.push_back(Edge{m});
      n.count[player] = static_cast<uint8_t>(moves.size);
    };
    n.joint = game_.joint_turn(s);
    if (n.joint) {
      for (int p = 0; p < 2; ++p) {
        game_.legal_moves(s, p, list);
        add(p, list);
      }
    } else {
      n.mover = s.to_move;
      if (!root_moves) game_.legal_moves(s, list);
      add(n.mover, root_moves ? *root_moves : list);
    }
  }
  assert(edges_.size() <= edge_capacity_);
  nodes_.push_back(n);
  return static_cast<int32_t>(nodes_.size() - 1);
}

int32_t Mcts::select(const Node& n, int player, Rng& rng) const {
  const int32_t base = n.edges + (n.joint && player == 1 ? n.count[0] : 0);
  const int count = n.count[player];
  int unvisited = 0;
  for (int32_t e = base; e < base + count; ++e)
    unvisited += edges_[static_cast<size_t>(e)].visits == 0;
  if (unvisited > 0) {
    // Every move is tried once before any is tried twice; which first is drawn.
    int k = static_cast<int>(rng.below(static_cast<uint32_t>(unvisited)));
    for (int32_t e = base;; ++e) {
      if (edges_[static_cast<size_t>(e)].visits == 0 && k-- == 0) return e;
    }
  }
  const double log_n = std::log(static_cast<double>(n.visits));
  double best = -1;
  int32_t chosen = base;
  for (int32_t e = base; e < base + count; ++e) {
    const Edge& edge = edges_[static_cast<size_t>(e)];
    const double v = edge.visits;
    const double score = edge.reward / v + kExploration * std::sqrt(log_n / v);
    if (score > best) {
      best = score;
      chosen = e;
    }
  }
  return chosen;
}

void Mcts::simulate(Rng& rng) {
  path_.clear();
  State end;  // the position the simulation's reward is read from
  int32_t cur = 0;
  for (;;) {
    Node& n = nodes_[static_cast<size_t>(cur)];
    if (n.state.over) {
      path_.push_back(Step{cur, {-1, -1}});
      end = n.state;
      break;
    }
    if (!n.joint) {
      const int32_t e = select(n, n.mover, rng);
      path_.push_back(Step{cur, {n.mover == 0 ? e : -1, n.mover == 1 ? e : -1}});
      Edge& edge = edges_[static_cast<size_t>(e)];
      if (edge.child >= 0) {
        cur = edge.child;
        continue;
      }
      end = n.state;
      game_.apply(end, edge.move);
      const int32_t child = new_node(end, nullptr);  // nodes_ is reserved: `edge` stays valid
      if (child >= 0) edge.child = child;
      break;
    }
    // Decoupled UCT: each player picks from his own statistics.
    JointMove jm;
    Step step{cur, {-1, -1}};
    std::array<int, 2> index{};
    for (int p = 0; p < 2; ++p) {
      if (n.count[p] == 0) continue;
      const int32_t e = select(n, p, rng);
      step.edge[p] = e;
      jm.plays[p] = true;
      jm.move[p] = edges_[static_cast<size_t>(e)].move;
      index[p] = e - n.edges - (p == 1 ? n.count[0] : 0);
    }
    if (game_.draws_order() && jm.plays[0] && jm.plays[1])
      jm.first = static_cast<uint8_t>(rng.below(2));
    path_.push_back(step);
    const auto key = static_cast<uint16_t>((index[0] * 64 + index[1]) * 2 + jm.first);
    int32_t child = n.first_child;
    while (child >= 0 && nodes_[static_cast<size_t>(child)].key != key)
      child = nodes_[static_cast<size_t>(child)].next_sibling;
    if (child >= 0) {
      cur = child;
      continue;
    }
    end = n.state;
    game_.apply_joint(end, jm);
    child = new_node(end, nullptr);
    if (child >= 0) {
      Node& made = nodes_[static_cast<size_t>(child)];
      made.key = key;
      made.next_sibling = n.first_child;
      n.first_child = child;
    }
    break;
  }
  playout_plies_ += static_cast<uint64_t>(random_playout(game_, end, rng));
  const std::array<double, 2> r = reward(end);
  for (const Step& step : path_) {
    ++nodes_[static_cast<size_t>(step.node)].visits;
    for (int p = 0; p < 2; ++p) {
      if (step.edge[p] < 0) continue;
      Edge& edge = edges_[static_cast<size_t>(step.edge[p])];
      ++edge.visits;
      edge.reward += r[p];
    }
  }
}

std::array<double, 2> Mcts::reward(const State& s) const {
  std::array<double, 2> r{0.5, 0.5};  // a draw, or a round stopped unfinished
  if (s.winner == 0 || s.winner == 1) {
    r[s.winner] = 1;
    r[1 - s.winner] = 0;
  }
  if (!game_.rules().match) return r;
  // A match: the next round is dealt from the holdings, so their share counts too.
  const double held0 = s.store[0] + s.aside[0], held1 = s.store[1] + s.aside[1];
  const double total = held0 + held1;
  const double share0 = total > 0 ? held0 / total : 0.5;
  return {0.5 * r[0] + 0.5 * share0, 0.5 * r[1] + 0.5 * (1 - share0)};
}

}  // namespace mancala::sim
