// Mcts: the `mcts:N` agent. UCT (Kocsis and Szepesvari 2006) with N simulations per move, each
// a descent of the tree by UCB1, the expansion of one node, a uniformly random playout to the end
// of the round (random_playout, playout.h) and the backing-up of its reward. It plays the move
// of the root with the most visits (ties at random).
//
// - Nodes hold their position (closed loop), so a descent copies no moves and replays nothing.
//   The player of a node is whoever is to move there: a move that earns another move
//   (store_extra_move) leads to a node of the same player.
// - Joint turns (simultaneous.h): decoupled UCT. At a joint node each player keeps his own
//   statistics over his own moves and picks by UCB1 on them alone, neither seeing the other's
//   choice; the pair is applied with Game::apply_joint, and when the resolution draws the order
//   (Game::draws_order) the order is drawn from the rng and is part of the child's key, so every
//   node still stands for one position.
// - Reward, for each player, of the round's end: 1 for a win, 0.5 for a draw or an unfinished
//   round (safety bound), 0 for a loss, the game's own objective. In a match (rules.match) the
//   next round is dealt from the holdings, so the reward is half that and half the player's share
//   of the counters held when the round ends.
// - UCB1: mean reward + kExploration * sqrt(ln(parent visits) / visits); an unvisited move first
//   (a random one among them). kExploration = 1.4, about sqrt(2), UCB1's constant for rewards in
//   [0, 1].
// - Memory: one node pool and one edge pool (an edge per legal move of a node, per player at a
//   joint node), sized once in the constructor and reused by every search; a search never
//   allocates. A simulation adds at most one node, so a search needs N + 1 nodes; the pools are
//   bounded by kMaxTreeBytes (64 MiB): past that a search stops expanding and plays out from
//   where its descent left the tree.
// - Every random choice (unvisited moves, ties, drawn orders, playouts) comes from the rng
//   given: the same rng state gives the same move.
//
// One object per thread: it is not shareable, and it keeps its pools between moves.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "simulator/engine.h"
#include "simulator/rng.h"

namespace mancala::sim {

class Mcts {
 public:
  static constexpr double kExploration = 1.4;
  static constexpr size_t kMaxTreeBytes = size_t{64} << 20;

  Mcts(const Game& game, int simulations);

  // The move of s.to_move (an alternating or solo turn) among `moves`, his legal moves.
  Move choose(const State& s, const MoveList& moves, Rng& rng);
  // `player`'s move in the joint turn of `s` (Game::joint_turn); he must have a legal move.
  Move choose_joint(const State& s, int player, Rng& rng);
  // Searches end soon after *stop becomes true (a relaxed load before every simulation); the
  // move then means nothing and interrupted() is true for good.
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  bool interrupted() const { return interrupted_; }
  // Simulations run by this object since its construction.
  uint64_t simulations_run() const { return simulations_run_; }
  // Plies played by the random playouts of those simulations (for benchmarks).
  uint64_t playout_plies() const { return playout_plies_; }
  // Nodes the pool can hold (at most simulations + 1).
  size_t node_capacity() const { return node_capacity_; }

 private:
  struct Edge {
    Move move{};
    int32_t child = -1;  // alternating node: the node after this move; -1 until expanded
    uint32_t visits = 0;
    double reward = 0;  // summed reward of the edge's player
  };
  struct Node {
    State state;
    int32_t edges = 0;               // first edge: the mover's, or player 1's then player 2's
    std::array<uint8_t, 2> count{};  // edges of each player (alternating: the mover's only)
    uint8_t mover = 0;               // alternating: the player to move
    bool joint = false;
    uint32_t visits = 0;
    int32_t first_child = -1;   // joint node: its children, a list keyed by `key`
    int32_t next_sibling = -1;  // in the parent's list
    uint16_t key = 0;           // (move index of player 1 * 64 + of player 2) * 2 + order
  };
  // One step of a descent: the node and the edges taken there (-1: the player did not play).
  struct Step {
    int32_t node;
    std::array<int32_t, 2> edge;
  };

  Move search(const State& s, const MoveList* moves, int player, Rng& rng);
  int32_t new_node(const State& s, const MoveList* root_moves);
  int32_t select(const Node& n, int player, Rng& rng) const;
  void simulate(Rng& rng);
  std::array<double, 2> reward(const State& s) const;

  const Game& game_;
  int simulations_;
  size_t node_capacity_ = 0;
  size_t edge_capacity_ = 0;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<Step> path_;
  const std::atomic<bool>* stop_ = nullptr;
  bool interrupted_ = false;
  uint64_t simulations_run_ = 0;
  uint64_t playout_plies_ = 0;
};

}  // namespace mancala::sim
