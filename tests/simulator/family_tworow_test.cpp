// Issue 38, helper tworow: single two-row games' rules (docs/coverage.md's greedy steps 4, 5 and
// 18-22), one test per sentence of the DLP's rules paraphrase a key implements, on hand-computed
// positions of the ruleset that uses it. Rows are written from each owner's left: player 1's
// holes 1..H are global 0..H-1, player 2's global H..2H-1; anticlockwise runs 0, 1, ... 2H-1.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/match.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::expect_rows;
using board_testing::pair;
using board_testing::position;

using board_testing::refusal;

// --- Dongjintian (DLP.Ruleset.209): 2x5, five counters a hole (50) ---

class Dongjintian : public ::testing::Test {
 protected:
  const Game g{load_ruleset("dongjintian/dlp")};
};

TEST_F(Dongjintian, TheAlternatingRunBeyondTheEmptyHoleIsTakenUntilTwoOccupiedFollow) {
  // "When the hole after the end of a sowing is empty, the counters in the next hole following it
  // are captured. If a pattern of alternating empty and occupied holes continues after this, the
  // counters in the occupied holes are captured, until there are two occupied or two empty holes
  // in a row." P1's hole 1 (two) sows holes 2 and 3, the last into empty hole 3; hole 4 is empty:
  // hole 5 (three) is taken, then P2's 2 (four) beyond his empty 1, and his 4 (two) beyond his
  // empty 3; his 5 is occupied after his 4: two occupied in a row, the run ends.
  State s =
      position<5>(g, {2, 1, 0, 0, 3}, {0, 4, 0, 2, 5}, {.store1 = 20, .store2 = 13, .total = 50});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 3 + 4 + 2);
  expect_rows<5>(s, {0, 2, 1, 0, 0}, {0, 0, 0, 0, 5});
  EXPECT_EQ(s.store, pair(29, 13));
}

TEST_F(Dongjintian, TheRunEndsAtTwoEmptyHoles) {
  // "... until there are two occupied or two empty holes in a row": after hole 5, P2's 1 and 2
  // are both empty: his 4 is not taken.
  State s =
      position<5>(g, {2, 1, 0, 0, 3}, {0, 0, 0, 4, 5}, {.store1 = 20, .store2 = 15, .total = 50});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 3);
  expect_rows<5>(s, {0, 2, 1, 0, 0}, {0, 0, 0, 4, 5});
}

TEST_F(Dongjintian, NoRunWhenTheHoleAfterTheEmptyOneIsEmpty) {
  // "the counters in the next hole following it are captured": hole 5 holds none, so nothing is
  // captured and no pattern follows it (holes 4 and 5 are two empty holes in a row), though P2's
  // 1 is empty and his 2 occupied.
  State s =
      position<5>(g, {2, 1, 0, 0, 0}, {0, 4, 0, 0, 0}, {.store1 = 30, .store2 = 13, .total = 50});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 0);
  expect_rows<5>(s, {0, 2, 1, 0, 0}, {0, 4, 0, 0, 0});
}

TEST_F(Dongjintian, AClockwiseMoveCapturesAndRunsClockwise) {
  // "Sowing can happen in either direction.": P1's hole 5 (two) sown clockwise drops into his 4
  // and 3 (occupied: five, now six); his 2 is empty: his 1 (three) is taken, and the run goes on
  // clockwise into P2's row: P2's 5 empty, 4 (four) taken, 3 empty, 2 (two) taken; his 1 (one)
  // is occupied after his 2: two occupied holes, the run ends.
  State s =
      position<5>(g, {3, 0, 5, 0, 2}, {1, 2, 0, 4, 0}, {.store1 = 20, .store2 = 13, .total = 50});
  EXPECT_EQ(g.apply(s, Move{4, true}).captured, 3 + 4 + 2);
  expect_rows<5>(s, {0, 0, 6, 1, 0}, {1, 0, 0, 0, 0});
  EXPECT_EQ(s.store, pair(29, 13));
}

TEST(AfterEmptyChain, OnlyHasAMeaningWithAfterEmptyNext) {
  EXPECT_EQ(refusal("dongjintian/dlp", [](RuleSet& r) { r.capture = Capture::kNone; }),
            "x.json: rules.after_empty_chain: only has a meaning with capture after_empty_next");
}

// --- Zigulzoqge (DLP.Ruleset.208): 2x6 for two players, five counters a hole (60) ---

class Zigulzoqge : public ::testing::Test {
 protected:
  const Game g{load_ruleset("zigulzoqge/dlp")};
};

TEST_F(Zigulzoqge, ALastCounterInAnOccupiedHoleBeforeAnEmptyOneCapturesTheRun) {
  // "If the last counter falls into a hole with counters, the counters in the next hole are picked
  // up and sowing continues, and if this hole is empty, the counters in the hole following the
  // empty hole are captured. If there is an unbroken sequence of alternating empty and occupied
  // holes, the counters in the occupied holes are captured until there are two empty or two
  // occupied holes." P1's hole 1 (one) falls into his 2 (two, now three); his 3 is empty: his 4
  // (three) is taken, his 5 empty, his 6 (two) taken; P2's 1 and 2 are empty: the run ends.
  State s = position<6>(g, {1, 2, 0, 3, 0, 2}, {0, 0, 1, 1, 0, 0},
                        {.store1 = 30, .store2 = 20, .total = 60});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 3 + 2);
  expect_rows<6>(s, {0, 3, 0, 0, 0, 0}, {0, 0, 1, 1, 0, 0});
}

TEST_F(Zigulzoqge, ALastCounterInAnEmptyHoleEndsTheTurn) {
  // "If the final counter falls into an empty hole the turn ends.": P1's hole 1 (one) falls into
  // his empty 2; his 3 is empty and his 4 occupied, but nothing is taken.
  State s = position<6>(g, {1, 0, 0, 3, 0, 2}, {0, 0, 1, 1, 0, 0},
                        {.store1 = 32, .store2 = 20, .total = 60});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 0);
  expect_rows<6>(s, {0, 1, 0, 3, 0, 2}, {0, 0, 1, 1, 0, 0});
}

TEST_F(Zigulzoqge, AnOccupiedNextHoleIsPickedUpAndSownOn) {
  // "the counters in the next hole are picked up and sowing continues": P1's hole 1 (one) falls
  // into his 2 (one, now two); his 3 (two) is lifted and sown into his 4 and 5, the last into an
  // empty hole: the turn ends.
  State s = position<6>(g, {1, 1, 2, 0, 0, 0}, {1, 1, 1, 1, 1, 1},
                        {.store1 = 30, .store2 = 20, .total = 60});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 0);
  expect_rows<6>(s, {0, 2, 0, 1, 1, 0}, {1, 1, 1, 1, 1, 1});
}

// --- Yovodi (DLP.Ruleset.1306): 2x6, four counters a hole (48), sown clockwise ---

class Yovodi : public ::testing::Test {
 protected:
  const Game g{load_ruleset("yovodi/dlp")};
};

TEST_F(Yovodi, ALastCounterInAnEmptyOwnHoleTakesTheFacingHole) {
  // "When the final counter lands in an empty hole in the player's own row, the contents of the
  // hole opposite it in the opponent's row are captured.": P1's hole 6 (two) sown clockwise drops
  // into his 5 and his empty 4, facing P2's 3 (five): taken, the last counter staying.
  State s = position<6>(g, {1, 0, 0, 0, 1, 2}, {1, 0, 5, 0, 0, 0},
                        {.store1 = 20, .store2 = 18, .total = 48});
  const MoveEffect fx = g.apply(s, Move{5, false});
  EXPECT_EQ(fx.captured, 5);
  EXPECT_EQ(fx.opponent_captured, 0);
  expect_rows<6>(s, {1, 0, 0, 1, 2, 0}, {1, 0, 0, 0, 0, 0});
  EXPECT_EQ(s.store, pair(25, 18));
}

TEST_F(Yovodi, ALastCounterInAnEmptyHoleOfTheOpponentGivesHimTheMoversFacingHole) {
  // "If the final counter lands in an empty hole in the opponent's row, the opponent captures the
  // counters in the hole opposite it in the player's row.": P1's hole 1 (two) sown clockwise
  // drops into P2's 6 and his empty 5, facing P1's 2 (three): P2 takes them.
  State s = position<6>(g, {2, 3, 0, 0, 0, 1}, {1, 1, 1, 1, 0, 0},
                        {.store1 = 20, .store2 = 18, .total = 48});
  const MoveEffect fx = g.apply(s, Move{0, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.opponent_captured, 3);
  expect_rows<6>(s, {0, 0, 0, 0, 0, 1}, {1, 1, 1, 1, 1, 1});
  EXPECT_EQ(s.store, pair(20, 21));
}

TEST(EmptyOpponentHoleToOpponent, OnlyHasAMeaningWithEmptyOwnHole) {
  EXPECT_EQ(refusal("yovodi/dlp", [](RuleSet& r) { r.capture = Capture::kEmptyHole; }),
            "x.json: rules.empty_opponent_hole_to_opponent: only has a meaning with capture "
            "empty_own_hole");
}

// --- Okwe (Igbo) (DLP.Ruleset.227): 2x6, four counters a hole assumed (48) ---

class OkweIgbo : public ::testing::Test {
 protected:
  const Game g{load_ruleset("okwe_igbo/dlp")};
};

TEST_F(OkweIgbo, ALastCounterInTheOwnRowTakesAFacingHoleOfOneOrThree) {
  // "When the final counter lands in a hole in the player's own row, captures are made from the
  // opponent's opposite hole if it contains one or three counters.": P1's hole 1 (two) ends in his
  // hole 3, facing P2's 4 (three): taken. Then P2's hole 1 (two) ends in his 3, facing P1's 4
  // (one): taken.
  State s = position<6>(g, {2, 0, 0, 1, 0, 0}, {2, 0, 0, 3, 0, 0},
                        {.store1 = 20, .store2 = 20, .total = 48});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 3);
  expect_rows<6>(s, {0, 1, 1, 1, 0, 0}, {2, 0, 0, 0, 0, 0});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 1);
  expect_rows<6>(s, {0, 1, 1, 0, 0, 0}, {0, 1, 1, 0, 0, 0});
  EXPECT_EQ(s.store, pair(23, 21));
}

TEST_F(OkweIgbo, AFacingHoleOfAnotherCountIsNotTaken) {
  // "... if it contains one or three counters": P2's 4 holds two, and stays.
  State s = position<6>(g, {2, 0, 0, 0, 0, 0}, {0, 0, 0, 2, 0, 0},
                        {.store1 = 24, .store2 = 20, .total = 48});
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 0);
  expect_rows<6>(s, {0, 1, 1, 0, 0, 0}, {0, 0, 0, 2, 0, 0});
}

TEST(FacingCounts, OnlyHaveAMeaningWithOppositeLastInOwnRow) {
  EXPECT_EQ(refusal("okwe_igbo/dlp", [](RuleSet& r) { r.capture = Capture::kEmptyOwnHole; }),
            "x.json: rules.facing_counts: only has a meaning with capture "
            "opposite_last_in_own_row");
}

// --- Kara (DLP.Ruleset.240): 2x3 (the DLP's code's board), seven counters a hole (42) ---

class Kara : public ::testing::Test {
 protected:
  const Game g{load_ruleset("kara/dlp")};
};

TEST_F(Kara, ALastCounterInTheOpponentsRowTakesTheHolesMadeTwoFourOrSix) {
  // "If the final counter lands in an opponent's hole ..., having dropped counters in the
  // opponent's holes making them contain two, four, or six counters, the contents of those holes
  // are captured.": P1's hole 3 (three) sows P2's 1, 2 and 3, making them two, four and one.
  State s = position<3>(g, {0, 0, 3}, {1, 3, 0}, {.store1 = 20, .store2 = 15, .total = 42});
  EXPECT_EQ(g.apply(s, Move{2, false}).captured, 2 + 4);
  expect_rows<3>(s, {0, 0, 0}, {0, 0, 1});
}

TEST_F(Kara, ALastCounterInTheMoversRightmostHoleTakesThemToo) {
  // "... or the rightmost hole belonging to the player sowing": P1's hole 3 (six) goes round the
  // board, the last counter back into it; P2's 1 and 2, made two each, are taken (his 3, made
  // three, stays).
  State s = position<3>(g, {0, 0, 6}, {1, 1, 2}, {.store1 = 20, .store2 = 12, .total = 42});
  EXPECT_EQ(g.apply(s, Move{2, false}).captured, 4);
  expect_rows<3>(s, {1, 1, 1}, {0, 0, 3});
}

TEST_F(Kara, ALastCounterInAnotherOwnHoleTakesNothing) {
  // P1's hole 2 (five) ends in his hole 1, neither an opponent's hole nor his rightmost: P2's
  // holes made two stay.
  State s = position<3>(g, {0, 5, 0}, {1, 1, 1}, {.store1 = 20, .store2 = 14, .total = 42});
  EXPECT_EQ(g.apply(s, Move{1, false}).captured, 0);
  expect_rows<3>(s, {1, 0, 1}, {2, 2, 2});
}

TEST(SownCaptureLast, OnlyHasAMeaningWithCountSownHoles) {
  EXPECT_EQ(refusal("kara/dlp", [](RuleSet& r) { r.capture = Capture::kCount; }),
            "x.json: rules.sown_capture_last: only has a meaning with capture count_sown_holes");
}

// --- Khrour (DLP.Ruleset.287): a match on 2x2, four counters a hole (16) ---

class Khrour : public ::testing::Test {
 protected:
  const Game g{load_ruleset("khrour/dlp")};
  static HoleBits bit(int pos) { return HoleBits{1} << pos; }
};

TEST_F(Khrour, APlayerShortOfCountersLeavesAHoleShortAndLocked) {
  // "Each player fills their holes with the same number of counters as the beginning of the
  // previous game. The player who has extra counters holds these in reserve. The other player will
  // have either empty holes or one without the requisite number to fill the hole. Sowing cannot
  // begin ... from these holes": P1 holds 11 (both holes filled, three in reserve), P2 five (his
  // 1 filled, his 2 given one and locked): P2 may sow only from his 1.
  RoundSetup setup;
  State s = deal_round(g, {11, 5}, 0, 0, 0, setup);
  expect_rows<2>(s, {4, 4}, {4, 1});
  EXPECT_EQ(s.aside, pair(3, 0));
  EXPECT_EQ(s.locked(), bit(g.global(1, 1)));
  s.to_move = 1;
  MoveList moves;
  g.legal_moves(s, moves);
  ASSERT_EQ(moves.size, 1);
  EXPECT_EQ(moves[0].hole, 0);
}

TEST_F(Khrour, ALockedHoleIsNotCaptured) {
  // "... and captures cannot be made from these holes until the contents of these holes reaches
  // the required number of counters to fill them": P1's 2 (one) falls into P2's locked 1 (one,
  // now two): no capture.
  State s = position<2>(g, {0, 1}, {1, 1}, {.store1 = 7, .store2 = 6, .total = 16});
  s.locked() = bit(g.global(1, 0));
  EXPECT_EQ(g.apply(s, Move{1, false}).captured, 0);
  expect_rows<2>(s, {0, 0}, {2, 1});
  EXPECT_EQ(s.locked(), bit(g.global(1, 0)));
}

TEST_F(Khrour, ALastCounterThatFillsALockedHoleUnlocksAndCapturesIt) {
  // "until the contents of these holes reaches the required number": P2's locked 1 (three) made
  // four by the last counter holds the required number: it is unlocked, and four is a capturing
  // count ("making it contain 2, 4, 6, or 8 counters").
  State s = position<2>(g, {0, 1}, {3, 1}, {.store1 = 6, .store2 = 5, .total = 16});
  s.locked() = bit(g.global(1, 0));
  EXPECT_EQ(g.apply(s, Move{1, false}).captured, 4);
  expect_rows<2>(s, {0, 0}, {0, 1});
  EXPECT_EQ(s.locked(), 0u);
}

TEST_F(Khrour, AHoleSownFullIsUnlockedAndMayBeSownFrom) {
  // P1's 1 (three) sows his 2, P2's locked 1 (three, now four) and P2's 2 (one, now two: taken).
  // P2's 1 holds the required number: unlocked, it may be sown from.
  State s = position<2>(g, {3, 0}, {3, 1}, {.store1 = 5, .store2 = 4, .total = 16});
  s.locked() = bit(g.global(1, 0));
  EXPECT_EQ(g.apply(s, Move{0, false}).captured, 2);
  expect_rows<2>(s, {0, 1}, {4, 0});
  EXPECT_EQ(s.locked(), 0u);
  MoveList moves;
  g.legal_moves(s, moves);
  ASSERT_EQ(moves.size, 1);
  EXPECT_EQ(moves[0].hole, 0);
}

TEST(ShortHolesLocked, NeedsAMatchThatLeavesShortHolesInPlay) {
  EXPECT_EQ(refusal("khrour/dlp", [](RuleSet& r) { r.burn_unfilled = true; }),
            "x.json: rules.short_holes_locked: locks the holes a match deals short and leaves in "
            "play: it needs match and burn_unfilled false");
}

}  // namespace
}  // namespace mancala::sim
