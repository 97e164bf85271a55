// Generic properties, over every ruleset in data/rulesets: counters are never created or lost,
// a state has no legal move exactly when it is over, games end within the bound, the state
// JSON round-trips at every position, and random games (or matches) end by a rule of the
// reconstruction, not by a safety bound.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "../test_support.h"
#include "play_test_util.h"
#include "simulator/describe.h"
#include "simulator/play.h"
#include "simulator/playout.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using test_support::scaled;

class Checker : public GameObserver {
 public:
  explicit Checker(const Game& game)
      : game_(game), total_(game.counters_total(game.initial_state())) {}
  void on_move(const State& before, Move, const MoveEffect&, const State& after) override {
    ++moves_;
    EXPECT_EQ(game_.counters_total(after), total_)
        << game_.rules().id << ": counters changed at ply " << after.ply;
    EXPECT_FALSE(before.over);
    MoveList moves;
    game_.legal_moves(after, moves);
    if (!after.over) {
      EXPECT_GT(moves.size, 0) << game_.rules().id
                               << ": a state that is not over has no legal move";
    } else {
      EXPECT_EQ(moves.size, 0) << game_.rules().id << ": a state that is over has legal moves";
    }
    EXPECT_LE(after.ply, game_.rules().max_plies);
    if (!after.over && game_.plain_moves() && !game_.joint_turn(after)) {
      // Random play draws from the playable mask: it must be the legal moves, in order.
      HoleBits bits = 0;
      for (const Move& m : moves) bits |= HoleBits{m.reverse ? 0u : 1u} << m.hole;
      EXPECT_EQ(bits, game_.playable(after, after.to_move)) << game_.rules().id;
      EXPECT_EQ(std::popcount(bits), moves.size) << game_.rules().id;
    }
    if (check_json_ && moves_ % 7 == 0) {
      EXPECT_EQ(state_from_json(game_, state_to_json(game_, after)), after)
          << game_.rules().id << ": JSON round trip";
    }
  }
  int moves_ = 0;
  bool check_json_ = true;

 private:
  const Game& game_;
  int total_;
};

class EveryRuleset : public play_testing::RulesetTest {};

TEST_P(EveryRuleset, CountersAreConservedAndNoMoveExactlyWhenOver) {
  for (int i = 0; i < scaled(100); ++i) {
    Checker checker(game);
    const GameResult r = play_testing::mixed_game(game, 12345, i, &checker);
    EXPECT_NE(r.reason, EndReason::kNone);
    if (::testing::Test::HasFailure()) break;
  }
}

TEST_P(EveryRuleset, TheInitialStateRoundTripsThroughJson) {
  const State s = game.initial_state();
  EXPECT_EQ(state_from_json(game, state_to_json(game, s)), s);
}

TEST_P(EveryRuleset, TheSameSeedPlaysTheSameGame) {
  const auto [x, y] = play_testing::random_game_twice(game, 99, 3);
  EXPECT_EQ(x.plies, y.plies);
  EXPECT_EQ(x.store, y.store);
  EXPECT_EQ(x.winner, y.winner);
}

// Random against random without an observer plays the fast loop (random_playout, which draws
// from the playable mask); with one, each move goes through Player::choose and the legal moves'
// list. Both must draw the same moves from the same stream: the same game, move for move.
TEST_P(EveryRuleset, RandomPlayWithAndWithoutAnObserverIsTheSameGame) {
  struct Last : GameObserver {
    State end;
    void on_end(const State& s) override { end = s; }
  };
  for (int i = 0; i < scaled(50); ++i) {
    Rng a(77, static_cast<uint64_t>(i)), b(77, static_cast<uint64_t>(i));
    Last watched;
    const GameResult x = play_game(game, Agent::kRandom, Agent::kRandom, a, &watched);
    const GameResult y = play_game(game, Agent::kRandom, Agent::kRandom, b);
    ASSERT_EQ(x.plies, y.plies) << GetParam() << " game " << i;
    EXPECT_EQ(x.store, y.store);
    EXPECT_EQ(x.winner, y.winner);
    EXPECT_EQ(x.rounds, y.rounds);
    EXPECT_EQ(x.turns, y.turns) << "the playout loop must feed the metrics' round tracker";
    for (int r = 0; r < std::min(x.rounds, kMaxRounds); ++r)
      EXPECT_EQ(x.play[r], y.play[r]) << GetParam() << " game " << i << " round " << r;
    EXPECT_EQ(a.next(), b.next()) << "the streams drew differently";
  }
}

// The k-th set bit of a mask, as random_move picks a move: every mask of 16 bits, every k.
TEST(RandomMove, SelectBit16FindsTheKthSetBitOfEveryMask) {
  for (uint32_t bits = 1; bits < (1u << 16); ++bits) {
    uint32_t rest = bits;
    for (uint32_t k = 0; rest != 0; ++k, rest &= rest - 1) {
      ASSERT_EQ(select_bit16(bits, k), __builtin_ctz(rest)) << bits << " " << k;
    }
    ASSERT_EQ(count_bits16(bits), static_cast<uint32_t>(__builtin_popcount(bits)));
  }
}

// 2,000 random games of every ruleset, single-round games and matches alike: how they ended
// (and, in a match, how its rounds ended). At least 99% must end by a rule of the reconstruction
// (its no-progress and stopping rules included), not by a safety bound.
TEST_P(EveryRuleset, AtLeast99PercentOf2000RandomGamesEndByARuleOfTheReconstruction) {
  const int n = scaled(2000);
  std::array<int, 5> ended{};  // by EndReason
  std::array<int, 5> rounds_ended{};
  long rounds = 0, relay_hits = 0;
  for (int i = 0; i < n; ++i) {
    Rng rng(2024, static_cast<uint64_t>(i));
    const GameResult r = play_game(game, Agent::kRandom, Agent::kRandom, rng);
    ++ended[static_cast<int>(r.reason)];
    rounds += r.rounds;
    relay_hits += r.relay_bound_hits;
    for (int k = 0; k < std::min(r.rounds, kMaxRounds); ++k)
      ++rounds_ended[static_cast<int>(r.round[k].reason)];
  }
  const double share_rule = 100.0 * ended[1] / n, share_np = 100.0 * (ended[2] + ended[4]) / n,
               share_bound = 100.0 * ended[3] / n;
  std::ostringstream figures;
  figures.precision(3);
  figures << GetParam() << ": " << n << (game.rules().match ? " random matches" : " random games")
          << ": by rule " << share_rule << "%, by the stopping/no-progress rule " << share_np
          << "%, by the safety bound " << share_bound << "%; mean rounds "
          << static_cast<double>(rounds) / n << "; rounds ended by rule " << rounds_ended[1]
          << ", no-progress " << rounds_ended[2] << ", safety bound " << rounds_ended[3]
          << "; relay bound hits " << relay_hits;
  std::cout << figures.str() << "\n";
  RecordProperty("figures", figures.str());
  EXPECT_EQ(ended[0], 0);
  EXPECT_LE(ended[3] * 100, n) << figures.str();
}

INSTANTIATE_TEST_SUITE_P(Rulesets, EveryRuleset,
                         ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

}  // namespace
}  // namespace mancala::sim
