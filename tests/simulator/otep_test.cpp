// Otep (Beaton 1939, DLP.Evidence.1880): one test per rule clause, on hand-made positions.
// Each side is written as two rows from its owner's left: outer o1..o8, then inner i1..i8.
// Global holes: player 1's outer column c is c, his inner column c is 15 - c; player 2's add 16.
// Anticlockwise runs along the outer row to the right (o1 -> o8), then along the inner row to the
// left (i8 -> i1), then back to o1; the holes facing inner column c are the opponent's column 7 -
// c.
#include <gtest/gtest.h>

#include "board_test_util.h"
#include "simulator/describe.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"
#include "simulator/simultaneous.h"

namespace mancala::sim {
namespace {

using board_testing::expect_over;

using OtepRow = std::array<int, 8>;
struct Side {
  OtepRow outer{};
  OtepRow inner{};
  friend bool operator==(const Side&, const Side&) = default;
};

std::ostream& operator<<(std::ostream& out, const Side& side) {
  out << "outer";
  for (int v : side.outer) out << " " << v;
  out << " / inner";
  for (int v : side.inner) out << " " << v;
  return out;
}

int outer(int player, int column) { return 16 * player + column; }
int inner(int player, int column) { return 16 * player + 15 - column; }

class Otep : public ::testing::Test {
 protected:
  const Game game{load_ruleset("otep/beaton_1939")};

  // The initial state with the holes of p1 and p2 instead: a first turn (ply 0), as in the
  // opening's steps below.
  static State opening(const Game& g, const Side& p1, const Side& p2) {
    State s = g.initial_state();
    s.holes.fill(0);
    for (int c = 0; c < 8; ++c) {
      s.holes[outer(0, c)] = static_cast<Count>(p1.outer[c]);
      s.holes[inner(0, c)] = static_cast<Count>(p1.inner[c]);
      s.holes[outer(1, c)] = static_cast<Count>(p2.outer[c]);
      s.holes[inner(1, c)] = static_cast<Count>(p2.inner[c]);
    }
    return s;
  }
  // A main-phase position (ply 10: the opening is over), player `to_move` to move.
  static State position(const Game& g, const Side& p1, const Side& p2, int to_move = 0) {
    State s = opening(g, p1, p2);
    s.ply = 10;
    s.to_move = static_cast<uint8_t>(to_move);
    return s;
  }
  static Side side(const State& s, int p) {
    Side out;
    for (int c = 0; c < 8; ++c) {
      out.outer[c] = s.holes[outer(p, c)];
      out.inner[c] = s.holes[inner(p, c)];
    }
    return out;
  }
  // Both players' o7 in a joint turn (the opening's first).
  static JointEffect both_o7(const Game& g, State& s) {
    return g.apply_joint(s, parse_joint_move(g, s, "o7/o7", "test"));
  }
  static void expect_sides(const State& s, const Side& p1, const Side& p2) {
    EXPECT_EQ(side(s, 0), p1);
    EXPECT_EQ(side(s, 1), p2);
  }
  // One step of the opening (see below): from the first turn with sides p1 and p2 both play o7;
  // the sides after, what P1 captured and the tick his sowing ended at must be as given.
  static JointEffect expect_opening_step(const Game& g, const Side& p1, const Side& p2,
                                         const Side& after1, const Side& after2, int captured,
                                         int ended_at) {
    State s = opening(g, p1, p2);
    const JointEffect fx = both_o7(g, s);
    expect_sides(s, after1, after2);
    EXPECT_EQ(fx.fx[0].captured, captured);
    EXPECT_EQ(fx.ended_at[0], ended_at);
    return fx;
  }
  static Move move(const Game& g, int p, const std::string& label) {
    return parse_move(g, p, label, "test");
  }
  static std::vector<std::string> labels(const Game& g, const State& s, int p) {
    MoveList moves;
    g.legal_moves(s, p, moves);
    std::vector<std::string> out;
    for (const Move& m : moves) out.push_back(move_label(g, p, m));
    return out;
  }
};

TEST_F(Otep,
       EachPlayersFirstMoveMustStartFromTheSecondHoleFromTheRightOfHisOuterRowAndIsPlayedByBoth) {
  const State s = game.initial_state();
  EXPECT_TRUE(game.joint_turn(s));
  EXPECT_EQ(labels(game, s, 0), std::vector<std::string>{"o7"});
  EXPECT_EQ(labels(game, s, 1), std::vector<std::string>{"o7"});
}

TEST_F(Otep, TheOpeningCapturesTheOppositePairTwiceThenRelaysUntilAnEmptyHole) {
  // Both sow o7 at once, one counter each per tick; the two openings mirror each other. P1's:
  //  t1-2   o7's 2 into o8, i8: i8 held 2, both holes facing it (P2's o1, i1) hold 2: take 4,
  //  t3-6   sow them from o8 (the first hole of that sowing): o8 i8 i7 i6; i6 held 2 and faces
  //         P2's o3, i3 (2 each): take 4 again,
  //  t7-10  sow them from o8 again: o8 i8 i7 i6; i6 (4) faces the pair just taken: no capture, and
  //         the text allows no more than two in the opening: pick up i6,
  //  t11-14 i5 i4 i3 i2 (i3 was taken by P2 at t6); pick up i2 (3): t15-17 i1 o1 o2;
  //  pick up o2 (3): t18-20 o3 o4 o5; o5 (3): t21-23 o6 o7 o8; o8 (6): t24-29 i8 i7 i6 i5 i4 i3;
  //  i3 (2) faces P2's o6, i6, both occupied, but the opening's two captures are made: pick up;
  //  t30-31 i2 i1; i1 (2): t32-33 o1 o2; o2 was empty: the opening ends at tick 33.
  State s = game.initial_state();
  const JointEffect fx = both_o7(game, s);
  const Side after{{2, 1, 1, 3, 0, 3, 1, 0}, {0, 1, 0, 4, 4, 1, 5, 6}};
  EXPECT_EQ(side(s, 0), after);
  EXPECT_EQ(side(s, 1), after);
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(fx.fx[p].captured, 8);
    EXPECT_EQ(fx.fx[p].sowings, 10);
    EXPECT_EQ(fx.ended_at[p], 33);
    EXPECT_EQ(fx.fx[p].last_pos, outer(p, 1));
  }
  EXPECT_EQ(fx.ticks, 33);
  EXPECT_EQ(game.counters_total(s), 64);
  // The main phase alternates, player 1 first.
  EXPECT_FALSE(game.joint_turn(s));
  EXPECT_EQ(s.to_move, 0);
  EXPECT_EQ(s.ply, 1);
}

// The opening's steps one at a time, on hand-made first turns (ply 0, Otep::opening) where the
// move stops after the step. P2's forced o7 holds one counter: t1 into his empty o8, and he is
// dead.

TEST_F(
    Otep,
    OpeningStepOneTheTwoCountersReachTheInnerRowAndTheOppositePairIsSownFromTheRightmostOuterHole) {
  // P1's o7 (2): t1 o8, t2 i8; i8 was occupied and faces P2's o1, i1 (2 each): take 4 and sow them
  // from o8: t3 o8, t4 i8, t5 i7, t6 i6; i6 was empty: the opening ends.
  const JointEffect fx =
      expect_opening_step(game, {{0, 0, 0, 0, 0, 0, 2, 1}, {0, 0, 0, 0, 0, 0, 0, 1}},
                          {{2, 0, 0, 0, 0, 0, 1, 0}, {2, 0, 0, 0, 0, 0, 0, 0}},
                          {{0, 0, 0, 0, 0, 0, 0, 3}, {0, 0, 0, 0, 0, 1, 1, 3}},
                          {{0, 0, 0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0, 0, 0}}, 4, 6);
  EXPECT_EQ(fx.ended_at[1], 1);
}

// Step two's position: as step one, with P1's i6 occupied and P2's o3, i3 (facing it) filled.
const Side kStepTwoP1{{0, 0, 0, 0, 0, 0, 2, 1}, {0, 0, 0, 0, 0, 1, 0, 1}};
const Side kStepTwoP2{{2, 0, 2, 0, 0, 0, 1, 0}, {2, 0, 2, 0, 0, 0, 0, 0}};
// Step three's: as step two, with P1's i3 occupied and P2's o6, i6 (facing it) holding two each.
const Side kStepThreeP1{{0, 0, 0, 0, 0, 0, 2, 1}, {0, 0, 1, 0, 0, 1, 0, 1}};
const Side kStepThreeP2{{2, 0, 2, 0, 0, 2, 1, 0}, {2, 0, 2, 0, 0, 2, 0, 0}};

TEST_F(Otep, OpeningStepTwoTheSecondOppositePairIsSownAgainFromTheSameHole) {
  // As step one to t6, where i6 (2) faces P2's o3, i3: take 4, sow from o8: t7 o8, t8 i8, t9 i7,
  // t10 i6; i6 (3) now faces an empty pair: picked up, t11 i5, t12 i4, t13 i3; i3 was empty.
  expect_opening_step(game, kStepTwoP1, kStepTwoP2,
                      {{0, 0, 0, 0, 0, 0, 0, 4}, {0, 0, 1, 1, 1, 0, 2, 4}},
                      {{0, 0, 0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0, 0, 0}}, 8, 13);
}

TEST_F(Otep, OpeningStepThreeAfterTwoCapturesAnOccupiedFinalHoleIsOnlyPickedUp) {
  // As step two to t13, but i3 was occupied and faces P2's o6, i6 (2 each): in the opening that is
  // no third capture; i3 (2) is picked up: t14 i2, t15 i1; i1 was empty.
  expect_opening_step(game, kStepThreeP1, kStepThreeP2,
                      {{0, 0, 0, 0, 0, 0, 0, 4}, {1, 1, 0, 1, 1, 0, 2, 4}},
                      {{0, 0, 0, 0, 0, 2, 0, 1}, {0, 0, 0, 0, 0, 2, 0, 0}}, 8, 15);
}

TEST_F(Otep, WithoutTheTwoCaptureLimitTheOpeningWouldCaptureAgainAtTick29) {
  RuleSet rules = game.rules();
  rules.opening_captures = -1;
  const Game unlimited(rules);
  State s = unlimited.initial_state();
  const JointEffect fx = unlimited.apply_joint(s, parse_joint_move(unlimited, s, "o7/o7", "test"));
  EXPECT_GT(fx.fx[0].captured, 8);
  EXPECT_GT(fx.ended_at[0], 29);
}

TEST_F(
    Otep,
    ALastCounterInAnOccupiedInnerHoleFacingTwoOccupiedHolesTakesBothAndSowsThemFromTheFirstHoleOfThatSowing) {
  // P1 sows o7 (2): o8, i8. i8 was occupied but faces P2's o1 (empty) and i1: no capture; it is
  // picked up (3): i7, i6, i5. i5 was occupied and faces P2's o4 (2) and i4 (3): both are taken and
  // the 5 sown from i7, the first hole of the sowing that caused the capture: i7 i6 i5 i4 i3; i3
  // was empty, the turn ends.
  State s = position(game, {{0, 0, 0, 0, 0, 0, 2, 0}, {0, 0, 0, 0, 1, 0, 0, 2}},
                     {{0, 0, 0, 2, 0, 0, 0, 2}, {0, 0, 0, 3, 0, 0, 0, 0}});
  const MoveEffect fx = game.apply(s, move(game, 0, "o7"));
  expect_sides(s, {{0, 0, 0, 0, 0, 0, 0, 1}, {0, 0, 1, 1, 3, 2, 2, 0}},
               {{0, 0, 0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(fx.captured, 5);
  EXPECT_EQ(fx.sowings, 3);
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(Otep, WhenACaptureIsNotPossibleTheOccupiedFinalHoleIsPickedUpAndAnEmptyOneEndsTheTurn) {
  // P1 sows o1 (2): o2, o3; o3 was occupied (outer row: no capture), picked up (2): o4, o5; o5 was
  // empty: the turn ends.
  State s = position(game, {{2, 0, 1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
                     {{2, 2, 2, 2, 2, 2, 2, 2}, {2, 2, 2, 2, 2, 2, 2, 2}});
  const MoveEffect fx = game.apply(s, move(game, 0, "o1"));
  EXPECT_EQ(side(s, 0), (Side{{0, 1, 0, 1, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}}));
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(fx.last_pos, outer(0, 4));
}

TEST_F(Otep, AHoleWithASingleCounterCannotBePlayed) {
  const State s = position(game, {{1, 2, 1, 0, 0, 0, 0, 3}, {1, 0, 0, 0, 0, 0, 0, 0}},
                           {{2, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(labels(game, s, 0), (std::vector<std::string>{"o2", "o8"}));
}

// The clockwise privilege. P1 plays i5 (3). Anticlockwise it sows i4, i3, i2 (i2 empty: no
// capture). Clockwise its first sowing goes i6, i7, i8: i8 is one of the two rightmost holes of
// the inner row, was occupied and faces P2's o1 and i1.
const Side kPrivilegeP1{{0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 3, 0, 0, 1}};

TEST_F(Otep, TheFirstSowingMayGoClockwiseIntoAnEndHoleWhenTheMoveThenCaptures) {
  // Clockwise: i6 i7 i8; P2's o1, i1 (2 each) are taken and the 4 sown, in the usual direction,
  // from i6 (the first hole of the capturing sowing): i6 i5 i4 i3; i3 was empty.
  State s = position(game, kPrivilegeP1, {{2, 0, 0, 0, 2, 0, 0, 0}, {2, 0, 0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(labels(game, s, 0), (std::vector<std::string>{"i5", "i5<"}));
  const MoveEffect fx = game.apply(s, move(game, 0, "i5<"));
  expect_sides(s, {{0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 1, 1, 1, 2, 1, 2}},
               {{0, 0, 0, 0, 2, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(fx.captured, 4);
}

TEST_F(Otep, NoClockwiseSowingIntoAnEndHoleWhenTheMoveWouldNotCapture) {
  // With P2's i1 empty, clockwise i5 ends in i8 without a capture: i8 (2) is picked up and sown
  // i7 i6, i6 (2) faces P2's empty o3, i3 and is picked up: i5 i4, and the move ends uncaptured.
  const State s =
      position(game, kPrivilegeP1, {{2, 0, 0, 0, 2, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(labels(game, s, 0), std::vector<std::string>{"i5"});
}

TEST_F(Otep, NoClockwiseSowingWhoseFirstSowingEndsOutsideTheEndHoles) {
  // i4 (2) clockwise ends in i6, not an end hole, though i6 is occupied and faces P2's o3, i3.
  const State s = position(game, {{0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 2, 0, 1, 0, 0}},
                           {{0, 0, 2, 0, 0, 0, 0, 0}, {0, 0, 2, 0, 0, 0, 0, 0}});
  EXPECT_EQ(labels(game, s, 0), std::vector<std::string>{"i4"});
}

TEST_F(Otep, TheLudiiReadingHasNoClockwiseSowing) {
  const Game ludii(load_ruleset("otep/no_clockwise_privilege"));
  const State s =
      position(ludii, kPrivilegeP1, {{2, 0, 0, 0, 2, 0, 0, 0}, {2, 0, 0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(labels(ludii, s, 0), std::vector<std::string>{"i5"});
}

TEST_F(Otep, CapturingTheOpponentsLastCountersWins) {
  // o7 (2): o8, i8; i8 was occupied and faces P2's o1, i1: his last two counters are taken and
  // sown from o8: o8 i8; i8 (3) faces nothing now and is picked up: i7 i6 i5. P2 has nothing left.
  State s = position(game, {{0, 0, 0, 0, 0, 0, 2, 0}, {0, 0, 0, 0, 0, 0, 0, 1}},
                     {{1, 0, 0, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0}});
  game.apply(s, move(game, 0, "o7"));
  expect_over(s, EndReason::kRule, 0);
  // The round is scored by taking each side's counters: P1 holds all five.
  EXPECT_EQ(s.store, (std::array<int16_t, 2>{5, 0}));
}

// P1 sows o1 (2): o2, o3; P2's holes all hold one counter.
TEST_F(Otep, APlayerWhoseHolesAllHoldOneCounterPassesAndTheOpponentMovesAgain) {
  State s = position(game, {{2, 0, 0, 0, 0, 0, 2, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
                     {{1, 0, 1, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0, 0}});
  game.apply(s, move(game, 0, "o1"));
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.to_move, 0);
}

TEST_F(Otep, TheAlternativeEndsTheGameAgainstAPlayerWithoutALegalMove) {
  const Game loses(load_ruleset("otep/no_move_loses"));
  State s = position(loses, {{2, 0, 0, 0, 0, 0, 2, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
                     {{1, 0, 1, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0, 0}});
  loses.apply(s, move(loses, 0, "o1"));
  expect_over(s, EndReason::kRule, 0);
}

// Issue 12: a round never starts with the player to move left without a legal move.
TEST_F(Otep, APositionWhereNeitherCanMoveAtTheStartOfARoundEndsItAndEachTakesHisOwnSide) {
  State s = position(game, {{1, 0, 0, 0, 0, 0, 1, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
                     {{1, 0, 1, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0, 0}});
  game.settle_start(s);
  expect_over(s, EndReason::kRule);
  EXPECT_EQ(s.store, (std::array<int16_t, 2>{2, 3}));
  EXPECT_EQ(s.winner, 1);
  // Only the one to move stuck: the other opens, even where no_move would end the round (no turn
  // has been missed yet).
  State p = position(game, {{1, 0, 0, 0, 0, 0, 1, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
                     {{2, 0, 1, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0, 0}});
  State l = p;
  game.settle_start(p);
  EXPECT_FALSE(p.over);
  EXPECT_EQ(p.to_move, 1);
  const Game loses(load_ruleset("otep/no_move_loses"));
  loses.settle_start(l);
  EXPECT_FALSE(l.over);
  EXPECT_EQ(l.to_move, 1);
}

TEST_F(Otep, FortyTurnsWithoutACaptureEndTheRoundAndEachTakesHisOwnSide) {
  State s = position(game, {{2, 0, 0, 0, 0, 0, 2, 0}, {0, 0, 0, 0, 0, 0, 0, 0}},
                     {{1, 0, 1, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0, 0}});
  s.quiet_turns = 39;
  game.apply(s, move(game, 0, "o1"));
  expect_over(s, EndReason::kNoProgress);
  EXPECT_EQ(s.store, (std::array<int16_t, 2>{4, 3}));
  EXPECT_EQ(s.winner, 0);
}

TEST_F(Otep, TheOriginAlternativeTakesTheHolesFacingTheHoleTheCapturingSowingStartedFrom) {
  // i5 (2): i4, i3; i3 was occupied. Facing i3 (P2's o6, i6) is empty, facing i5 (P2's o4, i4) is
  // not. The text's reading relays: i3 (2) sown i2, i1. The alternative takes P2's o4, i4 and sows
  // them from i4: i4 i3; i3 (3) ends a sowing that started at i4, whose facing pair (P2's o5, i5)
  // is empty: relayed i2 i1 o1.
  const Side p1{{0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 1, 0, 2, 0, 0, 0}};
  const Side p2{{0, 0, 0, 1, 0, 0, 0, 2}, {0, 0, 0, 1, 0, 0, 0, 0}};
  State last = position(game, p1, p2);
  game.apply(last, move(game, 0, "i5"));
  EXPECT_EQ(side(last, 0), (Side{{0, 0, 0, 0, 0, 0, 0, 0}, {1, 1, 0, 1, 0, 0, 0, 0}}));
  EXPECT_EQ(side(last, 1), p2);

  const Game origin(load_ruleset("otep/opposite_of_origin"));
  State s = position(origin, p1, p2);
  const MoveEffect fx = origin.apply(s, move(origin, 0, "i5"));
  expect_sides(s, {{1, 0, 0, 0, 0, 0, 0, 0}, {1, 1, 0, 2, 0, 0, 0, 0}},
               {{0, 0, 0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 0, 0, 0}});
  EXPECT_EQ(fx.captured, 2);
}

TEST_F(Otep, WhenTheOpeningRelayMayCaptureAgainStepThreesInnerHoleTakesItsOppositePair) {
  // otep/opening_relay_captures, on OpeningStepThree's position: to t13 as there, i3 (2) faces
  // P2's o6, i6 (2 each), both occupied: a third capture takes 4, sown from i5, the first hole of
  // the sowing from i6 that caused it: t14 i5, t15 i4, t16 i3, t17 i2; i2 was empty: the end.
  const Game variant(load_ruleset("otep/opening_relay_captures"));
  expect_opening_step(variant, kStepThreeP1, kStepThreeP2,
                      {{0, 0, 0, 0, 0, 0, 0, 4}, {0, 1, 3, 2, 2, 0, 2, 4}},
                      {{0, 0, 0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0, 0, 0}}, 12, 17);
}

}  // namespace
}  // namespace mancala::sim
