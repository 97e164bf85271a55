// Kalah (modern commercial rules, MANCALA.Evidence.2; Irving, Donkers and Uiterwijk's capture
// convention in kalah/empty_capture): one test per rule clause, on hand-made positions.
// Rows are written from their owner's left, holes 1..6. Global holes: player 1's hole h is h-1,
// player 2's is 5+h. Player 1's path: his 1..6, his store, player 2's 1..6 (player 2's store
// skipped), his 1; player 2's likewise. A hole's facing hole is the opponent's 7-h.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "board_test_util.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using KalahRow = std::array<int, 6>;
using board_testing::expect_over;
using board_testing::hole;
using board_testing::pair;

class Kalah : public ::testing::Test {
 protected:
  const Game standard{load_ruleset("kalah/standard")};
  const Game irving{load_ruleset("kalah/empty_capture")};

  static State position(const Game& g, KalahRow p1, KalahRow p2, int store1 = 0, int store2 = 0,
                        int to_move = 0) {
    return board_testing::position(g, p1, p2, {store1, store2, to_move, 4});
  }
  static KalahRow row(const State& s, int p) { return board_testing::row<6>(s, p); }
  static void expect(const State& s, KalahRow p1, KalahRow p2, int store1, int store2) {
    board_testing::expect_board(s, p1, p2, store1, store2);
  }
  using Board = board_testing::Board<6>;
  // From the position `before`, the player to move sows hole h under `g` (Game::try_move): the
  // rows and stores after must be those of `after`. Returns the move's effect.
  static MoveEffect expect_move(const Game& g, const Board& before, int h, const Board& after) {
    State s = position(g, before.p1, before.p2, before.store1, before.store2, before.to_move);
    const MoveEffect fx = g.try_move(s, before.to_move, hole(h));
    expect(s, after.p1, after.p2, after.store1, after.store2);
    return fx;
  }
};

TEST_F(Kalah, TheGameStartsWithFourCountersInEachOfSixHolesAndEmptyStores) {
  const State s = standard.initial_state();
  expect(s, {4, 4, 4, 4, 4, 4}, {4, 4, 4, 4, 4, 4}, 0, 0);
  EXPECT_EQ(standard.counters_total(s), 48);
}

TEST_F(Kalah, ALastCounterInAnOwnEmptyHoleTakesItAndTheFacingHolesCounters) {
  //        6  5  4  3  2  1   (player 2, from his left on the right)
  //  P2:   1  5  1  1  1  1
  //  P1:   1  0  0  0  0  2
  // P1's 1 (1) falls into his empty 2, facing P2's 5 (5): both go to P1's store.
  const MoveEffect fx = expect_move(standard, {{1, 0, 0, 0, 0, 2}, {1, 1, 1, 1, 5, 1}, 0, 0}, 1,
                                    {{0, 0, 0, 0, 0, 2}, {1, 1, 1, 1, 0, 1}, 6, 0});
  EXPECT_EQ(fx.captured, 6);
  EXPECT_EQ(fx.by_rule, 6);
}

TEST_F(Kalah, PlayerTwoCapturesTheSameWayOnHisSide) {
  // P2's 3 (2) drops into his 4 and his empty 5, facing P1's 2 (3).
  State s = position(standard, {1, 3, 1, 1, 1, 1}, {0, 0, 2, 0, 0, 4}, 0, 0, 1);
  standard.try_move(s, 1, hole(3));
  expect(s, {1, 0, 1, 1, 1, 1}, {0, 0, 0, 1, 0, 4}, 0, 4);
}

TEST_F(Kalah, StandardRulesNoCaptureWhenTheFacingHoleIsEmpty) {
  // "...and the opposite hole holds counters": P2's 5 is empty, the counter stays in P1's 2.
  const MoveEffect fx = expect_move(standard, {{1, 0, 0, 0, 0, 2}, {1, 1, 1, 1, 0, 1}, 0, 0}, 1,
                                    {{0, 1, 0, 0, 0, 2}, {1, 1, 1, 1, 0, 1}, 0, 0});
  EXPECT_EQ(fx.captured, 0);
}

TEST_F(Kalah, IrvingsConventionTakesTheLoneCounterWhenTheFacingHoleIsEmpty) {
  // "the capture being made even when the opposite hole is empty: the last counter alone is then
  // taken into the store"
  const MoveEffect fx = expect_move(irving, {{1, 0, 0, 0, 0, 2}, {1, 1, 1, 1, 0, 1}, 0, 0}, 1,
                                    {{0, 0, 0, 0, 0, 2}, {1, 1, 1, 1, 0, 1}, 1, 0});
  EXPECT_EQ(fx.captured, 1);
}

TEST_F(Kalah, NoCaptureInAnOccupiedOwnHole) {
  for (const Game* g : {&standard, &irving}) {
    expect_move(*g, {{1, 1, 0, 0, 0, 2}, {1, 1, 1, 1, 5, 1}, 0, 0}, 1,
                {{0, 2, 0, 0, 0, 2}, {1, 1, 1, 1, 5, 1}, 0, 0});
  }
}

TEST_F(Kalah, NoCaptureInAnEmptyHoleOfTheOpponent) {
  // P1's 6 (2): his store, P2's empty 1. The opponent's empty hole captures nothing.
  for (const Game* g : {&standard, &irving}) {
    expect_move(*g, {{1, 0, 0, 0, 0, 2}, {0, 1, 1, 1, 1, 9}, 0, 0}, 6,
                {{1, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 9}, 1, 0});
  }
}

TEST_F(Kalah, ALapEndingInTheEmptiedHoleCapturesFromIt) {
  // P1's 1 (13): his 2..6, his store, P2's 1..6, P2's store skipped, his own emptied 1: it was
  // empty when the last counter fell, so it takes it and P2's 6 (now 1).
  State s = position(standard, {13, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0});
  standard.try_move(s, 0, hole(1));
  expect(s, {0, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 0}, 3, 0);
}

TEST_F(Kalah, SowingSkipsTheOpponentsStore) {
  // P1's 6 (8): his store, P2's 1..6, then his own 1: P2's store receives nothing.
  State s = position(standard, {1, 0, 0, 0, 0, 8}, {1, 1, 1, 1, 1, 1}, 5, 7);
  standard.try_move(s, 0, hole(6));
  expect(s, {2, 0, 0, 0, 0, 0}, {2, 2, 2, 2, 2, 2}, 6, 7);
  // And P2's 6 (8): his store, P1's 1..6, his own 1; P1's store is skipped.
  expect_move(standard, {{1, 1, 1, 1, 1, 1}, {1, 0, 0, 0, 0, 8}, 5, 7, 1}, 6,
              {{2, 2, 2, 2, 2, 2}, {2, 0, 0, 0, 0, 0}, 5, 8});
}

TEST_F(Kalah, TwentySevenCountersGoTwiceRoundThroughTheOwnStoreOnly) {
  // P1's 1 (27): two laps of his 2..6, his store, P2's 1..6 and his emptied 1 (26 counters), then
  // his 2 once more; P2's store is skipped on both laps. His 2 was not empty: no capture.
  const MoveEffect fx = expect_move(standard, {{27, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, 0, 0}, 1,
                                    {{2, 3, 2, 2, 2, 2}, {2, 2, 2, 2, 2, 2}, 2, 0});
  EXPECT_EQ(fx.captured, 2);
}

TEST_F(Kalah, ALastCounterInTheOwnStoreGivesAnotherMove) {
  // P1's 3 (4): his 4, 5, 6, his store: he moves again.
  State s = position(standard, {0, 0, 4, 0, 0, 1}, {1, 1, 1, 1, 1, 1});
  const MoveEffect fx = standard.apply(s, hole(3));
  expect(s, {0, 0, 0, 1, 1, 2}, {1, 1, 1, 1, 1, 1}, 1, 0);
  EXPECT_TRUE(fx.extra_move);
  EXPECT_EQ(s.to_move, 0);
  EXPECT_FALSE(s.over);
  // One counter short of the store: the turn passes.
  State t = position(standard, {0, 0, 3, 0, 0, 1}, {1, 1, 1, 1, 1, 1});
  EXPECT_FALSE(standard.apply(t, hole(3)).extra_move);
  EXPECT_EQ(t.to_move, 1);
}

TEST_F(Kalah, TheGameEndsAsSoonAsTheMoversRowIsEmptyAndEachKeepsHisOwnRow) {
  // P1's last counter goes into his store: his row is empty, so the game ends at once (no extra
  // move) and P2 adds the 6 counters of his row to his store: 21 against 24.
  State s = position(standard, {0, 0, 0, 0, 0, 1}, {1, 2, 0, 0, 0, 3}, 20, 18);
  standard.apply(s, hole(6));
  expect(s, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, 21, 24);
  expect_over(s, EndReason::kRule, 1);
}

TEST_F(Kalah, TheGameEndsAsSoonAsTheOpponentsRowIsEmptied) {
  // P1's 1 captures P2's last counters (his 5, facing P1's 2); P1 keeps his own 6: 4 + 1.
  State s = position(standard, {1, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 3, 0}, 10, 33);
  standard.apply(s, hole(1));
  expect(s, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, 15, 33);
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.winner, 1);
}

TEST_F(Kalah, EqualStoresAtTheEndAreADraw) {
  State s = position(standard, {0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 1}, 22, 22);
  standard.apply(s, hole(6));
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.store, (std::array<int16_t, 2>{23, 23}));
  EXPECT_EQ(s.winner, kDraw);
}

TEST_F(Kalah, ARulesetExtendingKalahMayChangeTheBoardSize) {
  // Kalah(4,3) as a reader's own file kept outside data/rulesets, extending the shipped rules.
  const auto dir = std::filesystem::temp_directory_path() /
                   ("mancala-kalah-" + std::to_string(::getpid())) / "mine";
  std::filesystem::create_directories(dir);
  const auto file = dir / "kalah_4_3.json";
  std::ofstream(file) << R"json({"extends": "kalah/empty_capture", "name": "Kalah(4,3)",
    "rules": {"holes_per_row": 4, "counters_per_hole": 3},
    "provenance": {"holes_per_row": {"assumption": "a small board"},
                   "counters_per_hole": {"assumption": "a small board"}}})json";
  const Game kalah43(load_ruleset(file.string()));
  std::filesystem::remove_all(dir.parent_path());
  EXPECT_TRUE(kalah43.rules().capture_empty_facing);
  State s = kalah43.initial_state();
  EXPECT_EQ(kalah43.counters_total(s), 24);
  // P1's 2 (3): his 3, 4, his store: another move.
  EXPECT_TRUE(kalah43.apply(s, hole(2)).extra_move);
  EXPECT_EQ(s.to_move, 0);
  // Random games end by the rules, counters conserved.
  for (uint64_t g = 0; g < 50; ++g) {
    Rng rng(7, g);
    const GameResult r = play_game(kalah43, Agent::kRandom, Agent::kRandom, rng);
    EXPECT_EQ(r.reason, EndReason::kRule);
    EXPECT_EQ(r.store[0] + r.store[1], 24);
  }
}

TEST_F(Kalah, CaptureEmptyFacingOnlyHasAMeaningWithTheKalahCapture) {
  RuleSet r = load_ruleset("toguz_kumalak/standard");
  r.capture_empty_facing = true;
  try {
    finalize(r, "x.json");
    FAIL() << "no error";
  } catch (const RuleError& e) {
    EXPECT_STREQ(e.what(),
                 "x.json: rules.capture_empty_facing: only has a meaning with capture "
                 "empty_own_hole or empty_hole");
  }
}

}  // namespace
}  // namespace mancala::sim
