// Boards past 32 holes and 255 counters (issue 37, item 4): En Gehe's 2x40 of four (320 counters,
// en_gehe/dlp) and a 4x16 of five (tests/fixtures/wide/four_by_sixteen.json, a test fixture, not a
// reconstruction) load and play: hand-computed sowings that wrap round each board, a hole past 255
// counters, and the conservation of counters over many seeded random games, by the move list and
// by the profile's own random-play loop (which must draw the same games).
#include <gtest/gtest.h>

#include "../test_support.h"
#include "board_test_util.h"
#include "common/paths.h"
#include "simulator/playout.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::hole;

const std::string kFourBySixteen =
    (source_dir() / "tests" / "fixtures" / "wide" / "four_by_sixteen.json").string();

RuleSet four_by_sixteen() {
  return load_ruleset_file(kFourBySixteen, source_dir() / "tests" / "fixtures");
}

// A side's holes along its sowing path (board_test_util's position(): player 1's k is global k,
// player 2's is H + k), every other hole empty.
template <std::size_t H>
using Side = std::array<int, H>;

TEST(WideBoards, EnGeheLoadsAsTheDlpsTwoRowsOfFortyAndFourCounters) {
  const Game g(load_ruleset("en_gehe"));
  EXPECT_EQ(g.rules().total_holes, 80);
  EXPECT_EQ(g.rules().total_counters, 320);
  EXPECT_EQ(g.rules().dlp_ruleset, 67);
  const State s = g.initial_state();
  EXPECT_EQ(g.counters_total(s), 320);
  EXPECT_EQ(g.playable(s, 0), (HoleBits{1} << 40) - 1);  // all forty holes of a side
  MoveList moves;
  g.legal_moves(s, moves);
  EXPECT_EQ(moves.size, 40);
  // A side of more than 16 holes plays under the profile of every feature up to issue 37
  // (profile.h: En Gehe uses none of issue 38's).
  EXPECT_TRUE(has(g.features(), feature::kWideSide));
  EXPECT_EQ(g.profile(), static_cast<int>(kProfiles.size()) - 3);
}

TEST(WideBoards, AnEnGeheSowingWrapsRoundTheOpponentsFortyHolesIntoTheMoversRowAndCaptures) {
  // "sows them in a counterclockwise fashion, one in each consecutive hole ... If this empty hole
  // is on the player's side, the counters in the opposite hole in the other team's row are
  // captured. The counter also causing the capture is taken." P1's hole 40 holds 42: one into
  // each of P2's forty holes, then P1's 1 and 2; his 2 was empty, so it takes P2's hole 39
  // (facing it, one counter from this sowing) and the last counter: 2 set aside.
  const Game g(load_ruleset("en_gehe"));
  Side<40> p1{}, p2{};
  p1[39] = 42;
  p2[9] = 5;
  State s = board_testing::position<40>(g, p1, p2, {0, 0, 0, 10, 47});
  const MoveEffect fx = g.apply(s, hole(40));
  Side<40> want1{}, want2{};
  want1[0] = 1;  // his 1; his 2 (the last) taken
  want2.fill(1);
  want2[9] = 6;
  want2[38] = 0;  // taken
  board_testing::expect_board<40>(s, want1, want2, 2, 0);
  EXPECT_EQ(fx.last_pos, 1);
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(fx.sowings, 1);
  EXPECT_EQ(g.counters_total(s), 47);
  EXPECT_EQ(s.to_move, 1);
}

TEST(WideBoards, AnEnGeheRelayRunsOnFromTheOpponentsLastHoleToTheMoversFirst) {
  // "If the last counter is deposited into a hole containing counter, those counters are picked
  // up and the player continues sowing. The turn continues in this fashion until the last counter
  // falls into an empty hole." P1's hole 38 holds 2: his 39, 40; his 40 held 1, so its 2 go on into
  // P2's 1 and 2; P2's 2 held 1: its 2 go into P2's 3 and 4, empty: the move ends there (not the
  // mover's row: no capture).
  const Game g(load_ruleset("en_gehe"));
  Side<40> p1{}, p2{};
  p1[37] = 2;
  p1[39] = 1;
  p2[1] = 1;
  p2[20] = 3;
  State s = board_testing::position<40>(g, p1, p2, {0, 0, 0, 10, 7});
  const MoveEffect fx = g.apply(s, hole(38));
  Side<40> want1{}, want2{};
  want1[38] = 1;
  want2[0] = 1;
  want2[2] = 1;
  want2[3] = 1;
  want2[20] = 3;
  board_testing::expect_board<40>(s, want1, want2, 0, 0);
  EXPECT_EQ(fx.sowings, 3);
  EXPECT_EQ(fx.last_pos, 40 + 3);
  EXPECT_EQ(fx.captured, 0);
}

TEST(WideBoards, AFourBySixteenSowingWrapsFromTheInnerRowsEndToTheOuterRowsStart) {
  // Each player sows round his own two rows anticlockwise: along his outer row from his left
  // (k = 0..15), then his inner row from his right (k = 16..31), then his outer row again. P1's
  // k = 30 (inner row, his second hole from the left) holds 5: k = 31, 0, 1, 2, 3; his outer 4
  // (k = 3) was empty, an outer hole: no capture, and no relay.
  const Game g(four_by_sixteen());
  EXPECT_EQ(g.rules().total_holes, 64);
  EXPECT_EQ(g.rules().total_counters, 320);
  Side<32> p1{}, p2{};
  p1[30] = 5;
  p1[10] = 7;
  p2[5] = 4;
  State s = board_testing::position<32>(g, p1, p2, {0, 0, 0, 10, 16});
  const MoveEffect fx = g.apply(s, Move{30, false});
  Side<32> want1{};
  want1[31] = want1[0] = want1[1] = want1[2] = want1[3] = 1;
  want1[10] = 7;
  board_testing::expect_board<32>(s, want1, p2, 0, 0);
  EXPECT_EQ(fx.last_pos, 3);
  EXPECT_EQ(g.hole_label(3), "o4");
  EXPECT_EQ(g.hole_label(30), "i2");
  EXPECT_EQ(fx.sowings, 1);
}

TEST(WideBoards, AFourBySixteenCaptureTakesTheFacingInnerAndOuterHoles) {
  // A last counter in an empty hole of the mover's inner row takes the opponent's inner hole
  // facing it and, when that held counters, the outer hole behind it. P1's k = 14 (outer 15)
  // holds 3: k = 15, 16 (inner 16), 17 (inner 15, empty): it faces P2's inner 2 (k = 30, global
  // 62) and outer 2 (k = 1, global 33).
  const Game g(four_by_sixteen());
  Side<32> p1{}, p2{};
  p1[14] = 3;
  p2[30] = 6;
  p2[1] = 2;
  p2[12] = 1;
  State s = board_testing::position<32>(g, p1, p2, {0, 0, 0, 10, 12});
  EXPECT_EQ(g.opposite(17), 32 + 30);
  EXPECT_EQ(g.opposite_outer(17), 32 + 1);
  const MoveEffect fx = g.apply(s, Move{14, false});
  Side<32> want1{}, want2{};
  want1[15] = want1[16] = want1[17] = 1;
  want2[12] = 1;
  board_testing::expect_board<32>(s, want1, want2, 8, 0);
  EXPECT_EQ(fx.captured, 8);
}

TEST(WideBoards, AHoleOfAFourBySixteenHoldsMoreThan255Counters) {
  // 320 counters in all: a hole may gather more than 255, which 8-bit holes could not hold (issue
  // 21 refused such rulesets). The fixture's rules without the relay (a chain would go on round
  // the full board): P1's k = 4 holds 40, a lap of his 32 holes and 8 more; his k = 5 held 254 and
  // takes two (256), the last falls in k = 12.
  RuleSet r = four_by_sixteen();
  r.relay = Relay::kNone;
  const Game g(r);
  Side<32> p1{}, p2{};
  p1[4] = 40;
  p1[5] = 254;
  p2[0] = 26;
  State s = board_testing::position<32>(g, p1, p2, {0, 0, 0, 10, 320});
  const MoveEffect fx = g.apply(s, Move{4, false});
  EXPECT_EQ(s.holes[5], 256);
  EXPECT_EQ(s.holes[4], 1);
  for (int k = 6; k <= 12; ++k) EXPECT_EQ(s.holes[k], 2) << k;
  for (int k = 13; k < 32; ++k) EXPECT_EQ(s.holes[k], 1) << k;
  EXPECT_EQ(fx.last_pos, 12);
  EXPECT_EQ(g.counters_total(s), 320);
}

// Conservation (every counter in a hole or a store after every move) and only legal moves, over
// seeded random games on both boards; and the profile's own random-play loop (Game::playout, the
// batch's) plays the same games as the move list's draws (random_move, then apply).
class WideBoardGames : public ::testing::TestWithParam<std::string> {};

TEST_P(WideBoardGames, ConserveCountersAndPlayTheSameGamesByTheListAndByThePlayoutLoop) {
  const Game g(GetParam() == "four_by_sixteen" ? four_by_sixteen() : load_ruleset(GetParam()));
  const int games = test_support::scaled(200);
  int finished = 0;
  for (int game = 0; game < games; ++game) {
    Rng rng(37, static_cast<uint64_t>(game)), same(37, static_cast<uint64_t>(game));
    State s = g.initial_state(), t = s;
    MoveList moves;
    while (!s.over) {
      const Move m = random_move(g, s, rng, moves);
      ASSERT_TRUE(g.is_legal(s, m)) << "game " << game << " ply " << s.ply;
      g.apply(s, m);
      ASSERT_EQ(g.counters_total(s), g.rules().total_counters)
          << "game " << game << " ply " << s.ply;
    }
    const int plies = random_playout(g, t, same);
    EXPECT_EQ(plies, s.ply) << "game " << game;
    EXPECT_TRUE(t == s) << "game " << game;
    finished += s.reason == EndReason::kRule;
  }
  EXPECT_GT(finished, 0) << "no game ended by a rule of the game";
}

INSTANTIATE_TEST_SUITE_P(Boards, WideBoardGames,
                         ::testing::Values("en_gehe/dlp", "four_by_sixteen"),
                         test_support::param_name);

}  // namespace
}  // namespace mancala::sim
