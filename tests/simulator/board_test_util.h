// Hand-made positions of two-row boards for the rule-clause tests (Kalah, Khutka Boia, Mawkar
// Katiya, Sonka, Toguz Kumalak, the simultaneous sowing): rows are written from each owner's left,
// player 1's holes 1..H are global 0..H-1 and player 2's holes 1..H are global H..2H-1.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../test_support.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim::board_testing {

// What finalize says when the shipped ruleset `id`, changed by `change`, is refused ("no error"
// when it is not): the refusal tests of each rule key.
template <class F>
std::string refusal(const std::string& id, F&& change) {
  RuleSet r = load_ruleset(id);
  change(r);
  return test_support::thrown_message<RuleError>([&] { finalize(r, "x.json"); }, "no error");
}

// In a row given to position(): a hole out of play (empty, its bit set in State::out_of_play).
constexpr int kOutOfPlay = -1;

// What a hand-made position sets besides the rows.
struct PositionOptions {
  int store1 = 0;
  int store2 = 0;
  int to_move = 0;
  int ply = -1;    // the ply (e.g. past an opening); -1 keeps the initial state's
  int total = -1;  // the counters the position must hold, holes and stores; -1: not checked
};

template <std::size_t H>
State position(const Game& g, const std::array<int, H>& p1, const std::array<int, H>& p2,
               const PositionOptions& options = {}) {
  State s = g.initial_state();
  int total = options.store1 + options.store2;
  for (std::size_t i = 0; i < H; ++i) {
    for (int p = 0; p < 2; ++p) {
      const int v = p == 0 ? p1[i] : p2[i];
      const std::size_t pos = H * static_cast<std::size_t>(p) + i;
      s.holes[pos] = static_cast<Count>(v == kOutOfPlay ? 0 : v);
      if (v == kOutOfPlay) s.out_of_play |= HoleBits{1} << pos;
      total += v == kOutOfPlay ? 0 : v;
    }
  }
  s.store = {static_cast<int16_t>(options.store1), static_cast<int16_t>(options.store2)};
  s.to_move = static_cast<uint8_t>(options.to_move);
  if (options.ply >= 0) s.ply = static_cast<uint16_t>(options.ply);
  if (options.total >= 0) {
    EXPECT_EQ(total, options.total)
        << "hand-made position does not hold " << options.total << " counters";
  }
  return s;
}

// Player p's row of an H-hole board, from his left; with mark_out_of_play, a hole out of play
// reads kOutOfPlay.
template <std::size_t H>
std::array<int, H> row(const State& s, int p, bool mark_out_of_play = false) {
  std::array<int, H> out{};
  for (std::size_t i = 0; i < H; ++i) {
    const std::size_t pos = H * static_cast<std::size_t>(p) + i;
    out[i] = mark_out_of_play && (s.out_of_play >> pos & 1u) ? kOutOfPlay : s.holes[pos];
  }
  return out;
}

template <std::size_t H>
void expect_rows(const State& s, const std::array<int, H>& p1, const std::array<int, H>& p2,
                 bool mark_out_of_play = false) {
  EXPECT_EQ(row<H>(s, 0, mark_out_of_play), p1);
  EXPECT_EQ(row<H>(s, 1, mark_out_of_play), p2);
}

inline std::array<int16_t, 2> pair(int a, int b) {
  return {static_cast<int16_t>(a), static_cast<int16_t>(b)};
}

// A four-row position at ply 10, player 1 to move: each side's (local hole, counters) pairs, local
// holes 0..2N-1 along the anticlockwise path (outer row from the left, then inner row from the
// right); every other hole empty. The holes and stores must hold every counter of the ruleset.
inline State four_rows(const Game& g, const std::vector<std::pair<int, int>>& p1,
                       const std::vector<std::pair<int, int>>& p2, int store1, int store2) {
  State s = g.initial_state();
  s.holes.fill(0);
  for (const auto& [k, n] : p1) s.holes[g.global(0, k)] = static_cast<Count>(n);
  for (const auto& [k, n] : p2) s.holes[g.global(1, k)] = static_cast<Count>(n);
  s.store = pair(store1, store2);
  s.ply = 10;
  EXPECT_EQ(g.counters_total(s), g.rules().total_counters) << "hand-made position";
  return s;
}

// The rows and both stores.
template <std::size_t H>
void expect_board(const State& s, const std::array<int, H>& p1, const std::array<int, H>& p2,
                  int store1, int store2, bool mark_out_of_play = false) {
  expect_rows(s, p1, p2, mark_out_of_play);
  EXPECT_EQ(s.store, pair(store1, store2));
}

// The round (a State) or the match (a MatchState) is over, for `reason`.
template <class Over>
void expect_over(const Over& s, EndReason reason) {
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.reason, reason);
}

// The round or the match is over, for `reason`, and `winner` (0, 1 or kDraw) has won it.
template <class Over>
void expect_over(const Over& s, EndReason reason, int winner) {
  expect_over(s, reason);
  EXPECT_EQ(s.winner, winner);
}

// A four-row position (issue 38): each side's (local hole, counters), local holes 0..2N-1 along
// its owner's anticlockwise path (the outer row from his left, then the inner row from his right);
// player 1's store holds the rest of `total`, player 1 to move, past the opening (ply 10).
inline State four_row_position(const Game& g, const std::vector<std::pair<int, int>>& p1,
                               const std::vector<std::pair<int, int>>& p2, int total) {
  State s = g.initial_state();
  s.holes.fill(0);
  int on_board = 0;
  for (int p = 0; p < 2; ++p) {
    for (const auto& [k, n] : p == 0 ? p1 : p2) {
      s.holes[g.global(p, k)] = static_cast<Count>(n);
      on_board += n;
    }
  }
  s.store = {static_cast<int16_t>(total - on_board), 0};
  s.to_move = 0;
  s.ply = 10;
  return s;
}

// Hole h (1-based, from the mover's left) as a move.
inline Move hole(int h) { return Move{static_cast<uint8_t>(h - 1), false}; }

// The holes of a legal move list, 1-based (a clockwise move of direction by_half or either
// negated).
inline std::vector<int> legal_holes(const Game& g, const State& s) {
  MoveList moves;
  g.legal_moves(s, moves);
  std::vector<int> out;
  for (const Move& m : moves) out.push_back(m.reverse ? -(m.hole + 1) : m.hole + 1);
  return out;
}

// A whole board, for a move's before and after: the rows, the stores and (before a move) the
// player to move.
template <std::size_t H>
struct Board {
  std::array<int, H> p1{}, p2{};
  int store1 = 0, store2 = 0;
  int to_move = 0;
};

// The fixture of one game's rule-clause tests: its ruleset, on a board of H holes a row whose
// hand-made positions must hold `total` counters (holes and stores). Rows are braced lists here.
template <std::size_t H>
class RuleClauseTest : public ::testing::Test {
 protected:
  using Row = std::array<int, H>;

  RuleClauseTest(const std::string& ruleset, int total)
      : game(load_ruleset(ruleset)), total_(total) {}

  const Game game;

  // Player `to_move` to move in the position of rows p1 and p2 with the stores given, for `g` (a
  // variant of the same board) or the fixture's game.
  State position(const Game& g, Row p1, Row p2, int store1, int store2, int to_move = 0) const {
    return board_testing::position(g, p1, p2, {store1, store2, to_move, -1, total_});
  }
  State position(Row p1, Row p2, int store1, int store2, int to_move = 0) const {
    return position(game, p1, p2, store1, store2, to_move);
  }
  static void expect_rows(const State& s, Row p1, Row p2) { board_testing::expect_rows(s, p1, p2); }
  static void expect_board(const State& s, Row p1, Row p2, int store1, int store2) {
    board_testing::expect_board(s, p1, p2, store1, store2);
  }

  using Board = board_testing::Board<H>;
  // From the position `before`, move `m` under `g` (the fixture's game by default) must leave the
  // rows and stores of `after`; returns the move's effect for further checks.
  MoveEffect expect_move(const Board& before, Move m, const Board& after,
                         const Game* g = nullptr) const {
    const Game& rules = g != nullptr ? *g : game;
    State s = position(rules, before.p1, before.p2, before.store1, before.store2, before.to_move);
    const MoveEffect fx = rules.apply(s, m);
    expect_board(s, after.p1, after.p2, after.store1, after.store2);
    return fx;
  }

 private:
  int total_;
};

}  // namespace mancala::sim::board_testing
