// Issue 38, branch fourrow1: the four-row games of southern and central Africa, on hand-computed
// positions from each game's DLP rules paraphrase: Chiana wa Bwalo's rearmost hole and its
// capture from an empty inner hole without relay (start_holes rearmost, inner_facing_when empty),
// the direction Chisolo's players choose once (direction_chosen_once), Namudilakunze's outer-row
// capture (capture_outer when_inner_empty), Ngolo's capture of both facing holes sown again
// (capture_outer both_required, capture_resow after_last) and Lisolo's capture at an occupied
// hole of either row (inner_facing_when occupied_any_row). A four-row side's local holes 0..2N-1
// run along its anticlockwise path: the outer row 0..N-1 from its owner's left, then the inner
// row N..2N-1 from his right.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "board_test_util.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"
#include "simulator/zobrist.h"

namespace mancala::sim {
namespace {

using Side = std::vector<std::pair<int, int>>;  // (local hole, counters)
using board_testing::legal_holes;

class FourRowGame : public ::testing::Test {
 protected:
  explicit FourRowGame(const std::string& id) : g(load_ruleset(id)) {}
  const Game g;
  // The position of the two sides, player 1 to move at ply 10; his store holds the rest.
  State position(const Side& p1, const Side& p2) const {
    return board_testing::four_row_position(g, p1, p2, g.rules().total_counters);
  }
  int at(const State& s, int player, int k) const { return s.holes[g.global(player, k)]; }
  // P2's local holes facing player 1's hole k across the board: the inner one and the outer one.
  int facing(int k) const { return g.opposite(g.global(0, k)) - g.global(1, 0); }
  int facing_outer(int k) const { return g.opposite_outer(g.global(0, k)) - g.global(1, 0); }
};

std::string refusal(RuleSet r) {
  try {
    finalize(r, "x.json");
  } catch (const RuleError& e) {
    return e.what();
  }
  return "no error";
}

// --- Chiana wa Bwalo (DLP.Ruleset.1315) ---

class ChianaWaBwalo : public FourRowGame {
 protected:
  ChianaWaBwalo() : FourRowGame("chiana_wa_bwalo/dlp") {}
};

TEST_F(ChianaWaBwalo, TheFirstMoveIsFromTheRearmostHole) {
  // "Four counters in each player's outer row. Sowing occurs from the player's rearmost hole": his
  // counters are one run, o1..o16, whose rear is o1 (the hole before it on his path, i1, empty).
  const State s = g.initial_state();
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1}));
  State t = s;
  t.to_move = 1;
  EXPECT_EQ(legal_holes(g, t), (std::vector<int>{1}));
}

TEST_F(ChianaWaBwalo, EachRunOfCountersOffersItsRearHole) {
  // A run o1..o3 and a run o6..o7 (o4 and o5 empty): the rear holes o1 and o6.
  const State s = position({{0, 2}, {1, 2}, {2, 2}, {5, 1}, {6, 1}}, {{0, 5}});
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1, 6}));
}

TEST_F(ChianaWaBwalo, WithEveryHoleOccupiedAnyHoleMayBePlayed) {
  // No hole of his has an empty hole behind it: there is no rear, and any hole may be played.
  Side full;
  for (int k = 0; k < 32; ++k) full.push_back({k, 1});
  const State s = position(full, {{0, 5}});
  EXPECT_EQ(legal_holes(g, s).size(), 32u);
}

TEST_F(ChianaWaBwalo, ALastCounterInAnEmptyInnerHoleTakesTheFacingInnerHoleOnly) {
  // "When the final counter lands in an empty hole in the inner row, any counters in the opposite
  // hole in the opponent's inner row are captured." o16's counter falls into i16 (local 16),
  // empty: the facing inner hole's three are taken, the outer hole behind it keeps its two.
  State s = position({{15, 1}}, {{facing(16), 3}, {facing_outer(16), 2}});
  const int store = s.store[0];
  const MoveEffect fx = g.apply(s, Move{15, false});
  EXPECT_EQ(fx.captured, 3);
  EXPECT_EQ(s.store[0], store + 3);
  EXPECT_EQ(at(s, 1, facing(16)), 0);
  EXPECT_EQ(at(s, 1, facing_outer(16)), 2);
  EXPECT_EQ(at(s, 0, 16), 1);
}

TEST_F(ChianaWaBwalo, ALastCounterInAnOccupiedInnerHoleNeitherCapturesNorRelays) {
  // No relay is given: o16's counter falls into i16 (two: now three) and the move ends there.
  State s = position({{15, 1}, {16, 2}}, {{facing(16), 3}});
  const MoveEffect fx = g.apply(s, Move{15, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 1);
  EXPECT_EQ(at(s, 0, 16), 3);
  EXPECT_EQ(at(s, 1, facing(16)), 3);
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(ChianaWaBwalo, ALastCounterInTheOuterRowTakesNothing) {
  State s = position({{3, 1}}, {{facing(4), 3}, {facing_outer(4), 3}});
  const MoveEffect fx = g.apply(s, Move{3, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(at(s, 0, 4), 1);
}

TEST_F(ChianaWaBwalo, TheOtherReadingPlaysAnyHoleAsTheDlpsCodeDoes) {
  // chiana_wa_bwalo/dlp_any_hole: the rearmost hole left out, as Chiana wa Bwalo.lud plays it.
  const Game any(load_ruleset("chiana_wa_bwalo/dlp_any_hole"));
  EXPECT_EQ(legal_holes(any, any.initial_state()).size(), 16u);
}

TEST(StartHoles, RearmostNeedsTheOwnRowsCircuit) {
  RuleSet r = load_ruleset("kalah/standard");
  r.start_holes = StartHoles::kRearmost;
  EXPECT_EQ(refusal(r),
            "x.json: rules.start_holes: rearmost is the rear of a run of counters along the "
            "mover's own rows: it needs circuit own_rows");
}

// --- Chisolo (DLP.Ruleset.256) ---

class Chisolo : public FourRowGame {
 protected:
  Chisolo() : FourRowGame("chisolo/dlp") {}
};

TEST_F(Chisolo, TheStartHasTheLeftmostInnerHolesTwoOneNoneNone) {
  // "Three counters in each hole, except the leftmost four in the inner row which have, from right
  // to left: 0-0-1-2": i1 two, i2 one, i3 and i4 empty (local 13, 12, 11, 10).
  const State s = g.initial_state();
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(at(s, p, 13), 2);
    EXPECT_EQ(at(s, p, 12), 1);
    EXPECT_EQ(at(s, p, 11), 0);
    EXPECT_EQ(at(s, p, 10), 0);
    for (int k : {0, 6, 7, 8, 9}) EXPECT_EQ(at(s, p, k), 3);
  }
  EXPECT_EQ(g.rules().total_counters, 66);
}

TEST_F(Chisolo, EachPlayersFirstMoveIsClockwise) {
  // "On the first turn, sowing occurs in a clockwise direction": every first move is sown
  // clockwise (a negated hole), player 1's and then player 2's.
  State s = g.initial_state();
  std::vector<int> moves = legal_holes(g, s);
  EXPECT_EQ(moves.size(), 12u);
  EXPECT_TRUE(std::all_of(moves.begin(), moves.end(), [](int m) { return m < 0; }));
  g.apply(s, Move{0, true});
  moves = legal_holes(g, s);
  EXPECT_FALSE(moves.empty());
  EXPECT_TRUE(std::all_of(moves.begin(), moves.end(), [](int m) { return m < 0; }));
  EXPECT_EQ(s.way(0), 0);  // the first move chooses nothing
}

TEST_F(Chisolo, TheSecondMoveChoosesTheDirectionForTheRestOfTheGame) {
  // "On the second turn, the player may sow in either direction, but must continue in the chosen
  // direction for the rest of the game." Past the first moves, with no way chosen, each hole is
  // two moves; a clockwise move fixes player 1's way, an anticlockwise one player 2's.
  State s = position({{0, 1}, {3, 1}}, {{0, 1}, {3, 1}});
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1, -1, 4, -4}));
  g.apply(s, Move{3, true});  // o4 clockwise into o3
  EXPECT_EQ(s.way(0), 2);
  EXPECT_EQ(s.to_move, 1);
  g.apply(s, Move{0, false});  // P2's o1 anticlockwise into o2
  EXPECT_EQ(s.way(1), 1);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{-1, -3}));
  s.to_move = 1;
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{2, 4}));
}

TEST_F(Chisolo, TheChosenWayIsPartOfThePosition) {
  // Two positions that differ only in the way chosen are different positions for a search.
  const State s = position({{0, 1}}, {{0, 1}});
  State t = s;
  t.set_way(0, 2);
  const Zobrist z(g);
  EXPECT_NE(z.key(s), z.key(t));
}

TEST_F(Chisolo, ACaptureTakesTheInnerAndOuterHolesAndOneMoreHole) {
  // "When the final counter lands in an empty hole in the inner row, the contents of the hole in
  // the opponent's inner row are also captured. If there are also contents in the opponent's
  // outer row hole opposite, these are also taken. When a capture is made, the player may then
  // capture the counters in any one of the opponent's holes as well." o7 anticlockwise into i7
  // (local 7), empty: the facing inner (2) and outer (1) holes, then the fullest other hole (5).
  State s = position({{6, 1}}, {{facing(7), 2}, {facing_outer(7), 1}, {2, 5}, {3, 4}});
  s.set_way(0, 1);
  s.set_way(1, 1);
  const MoveEffect fx = g.apply(s, Move{6, false});
  EXPECT_EQ(fx.captured, 8);
  EXPECT_EQ(at(s, 1, 2), 0);
  EXPECT_EQ(at(s, 1, 3), 4);
}

TEST(DirectionChosenOnce, NeedsTheOwnRowsCircuitAndAnticlockwise) {
  RuleSet r = load_ruleset("chisolo/dlp");
  r.direction = Direction::kClockwise;
  EXPECT_EQ(refusal(r),
            "x.json: rules.direction_chosen_once: chooses between the two directions itself: it "
            "needs direction anticlockwise");
}

// --- Namudilakunze (DLP.Ruleset.429) ---

class Namudilakunze : public FourRowGame {
 protected:
  Namudilakunze() : FourRowGame("namudilakunze/dlp") {}
};

TEST_F(Namudilakunze, ACaptureTakesTheOuterHoleBehindAnEmptyInnerOne) {
  // "Captures are only made from the opponent's opposite outer row hole, and only when their inner
  // row hole is empty." o7 into i7 (local 7), empty; the facing inner hole is empty, the outer
  // one behind it holds two: taken.
  State s = position({{6, 1}}, {{facing_outer(7), 2}, {3, 3}});
  s.set_way(0, 1);
  s.set_way(1, 1);
  const MoveEffect fx = g.apply(s, Move{6, false});
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(at(s, 1, facing_outer(7)), 0);
  EXPECT_EQ(at(s, 1, 3), 3);
}

TEST_F(Namudilakunze, AnOccupiedFacingInnerHoleProtectsBoth) {
  State s = position({{6, 1}}, {{facing(7), 1}, {facing_outer(7), 2}});
  s.set_way(0, 1);
  s.set_way(1, 1);
  const MoveEffect fx = g.apply(s, Move{6, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(at(s, 1, facing(7)), 1);
  EXPECT_EQ(at(s, 1, facing_outer(7)), 2);
}

TEST_F(Namudilakunze, TheStartLeavesEachPlayersLeftmostOuterHoleEmpty) {
  // "One counter in each hole, with the player's leftmost hole in the outer row empty."
  const State s = g.initial_state();
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(at(s, p, 0), 0);
    for (int k = 1; k < 14; ++k) EXPECT_EQ(at(s, p, k), 1);
  }
}

// --- Ngolo (DLP.Ruleset.1366): capture_outer both_required with capture_resow after_last ---

// Ngolo ships no ruleset yet (its random games do not end: captures sown again keep both sides
// supplied, and no_progress_turns never acts); its reading's keys, built here.
RuleSet ngolo_rules() {
  RuleSet r;
  apply_rule_keys(r,
                  nlohmann::json{{"rows_per_player", 2},
                                 {"holes_per_row", 9},
                                 {"counters_per_hole", 2},
                                 {"stores", "none"},
                                 {"circuit", "own_rows"},
                                 {"capture", "inner_facing"},
                                 {"capture_outer", "both_required"},
                                 {"capture_resow", "after_last"},
                                 {"end_on_empty_side", true}},
                  "ngolo");
  finalize(r, "ngolo");
  return r;
}

class Ngolo : public ::testing::Test {
 protected:
  const Game g{ngolo_rules()};
  State position(const Side& p1, const Side& p2) const {
    return board_testing::four_row_position(g, p1, p2, 72);
  }
  int at(const State& s, int player, int k) const { return s.holes[g.global(player, k)]; }
  int facing(int k) const { return g.opposite(g.global(0, k)) - g.global(1, 0); }
  int facing_outer(int k) const { return g.opposite_outer(g.global(0, k)) - g.global(1, 0); }
};

TEST_F(Ngolo, BothFacingHolesAreTakenAndSownOnTheMoversSide) {
  // "When a counter falls into a hole in their inner row, the player captures the counters from
  // both of the opposite holes on the opponent's side of the board ... Captures counters are sown
  // on the player's side of the board." o9 into i9 (local 9): the facing inner (2) and outer (3)
  // holes' five are sown from the next hole, 10..14; the last, in the empty i5, faces nothing.
  State s = position({{8, 1}}, {{facing(9), 2}, {facing_outer(9), 3}, {3, 4}});
  const MoveEffect fx = g.apply(s, Move{8, false});
  EXPECT_EQ(fx.captured, 5);
  EXPECT_EQ(at(s, 1, facing(9)), 0);
  EXPECT_EQ(at(s, 1, facing_outer(9)), 0);
  for (int k = 9; k <= 14; ++k) EXPECT_EQ(at(s, 0, k), 1) << k;
  EXPECT_EQ(at(s, 1, 3), 4);
}

TEST_F(Ngolo, AnEmptyFacingHoleMeansNoCapture) {
  // "if one of the two opposite holes is empty, no capture is made."
  State s = position({{8, 1}}, {{facing(9), 2}});
  const MoveEffect fx = g.apply(s, Move{8, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(at(s, 1, facing(9)), 2);
  EXPECT_EQ(at(s, 0, 9), 1);
}

TEST_F(Ngolo, AnOccupiedInnerHoleCapturesToo) {
  // "When a counter falls into a hole in their inner row": i9 held one; no relay is given.
  State s = position({{8, 1}, {9, 1}}, {{facing(9), 1}, {facing_outer(9), 1}, {3, 1}});
  const MoveEffect fx = g.apply(s, Move{8, false});
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(at(s, 0, 9), 2);
  EXPECT_EQ(at(s, 0, 10), 1);
  EXPECT_EQ(at(s, 0, 11), 1);
}

// --- Mweso (DLP.Ruleset.264): a stated subset, its clockwise privilege not played ---

class Mweso : public FourRowGame {
 protected:
  Mweso() : FourRowGame("mweso/dlp") {}
};

TEST_F(Mweso, ACaptureIsSownAgainFromTheFirstHoleOfTheCapturingSowing) {
  // "If the final counter falls into an occupied hole in the inner row, and the two holes
  // opposite it in the opponent's rows are occupied, the counters in these two rows of the
  // opponent are taken. They are then sown on the player's side of the board beginning from the
  // hole that received the first counter of the sowing that led to the capture." o8's two go
  // into i8 and i7 (local 8, 9; i7 held one); the facing holes' five are sown from i8: i8, i7,
  // i6, i5, i4, the last into an empty hole.
  State s = position({{7, 2}, {9, 1}}, {{facing(9), 2}, {facing_outer(9), 3}, {3, 2}});
  const MoveEffect fx = g.apply(s, Move{7, false});
  EXPECT_EQ(fx.captured, 5);
  EXPECT_EQ(at(s, 0, 7), 0);
  EXPECT_EQ(at(s, 0, 8), 2);
  EXPECT_EQ(at(s, 0, 9), 3);
  for (int k = 10; k <= 12; ++k) EXPECT_EQ(at(s, 0, k), 1) << k;
  EXPECT_EQ(at(s, 1, facing(9)), 0);
  EXPECT_EQ(at(s, 1, facing_outer(9)), 0);
}

TEST_F(Mweso, SingleCountersCannotBeSown) {
  // "Sowing cannot occur with single counters."
  const State s = position({{0, 1}, {5, 2}}, {{3, 2}});
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{6}));
}

// --- Lisolo (DLP.Ruleset.1384) ---

class Lisolo : public FourRowGame {
 protected:
  Lisolo() : FourRowGame("lisolo/dlp") {}
};

TEST_F(Lisolo, AnOccupiedHoleTakesBothOppositeHolesAndTheMoveEnds) {
  // "If the final counter lands in an occupied hole, the contents of the two opposite hole in the
  // opponent's rows are captured." o1 into o2 (one: now two), in the outer row: the two holes
  // across the board in its column (2 and 3) are taken; no relay follows.
  State s = position({{0, 1}, {1, 1}}, {{facing(1), 2}, {facing_outer(1), 3}, {4, 1}});
  const MoveEffect fx = g.apply(s, Move{0, false});
  EXPECT_EQ(fx.captured, 5);
  EXPECT_EQ(fx.sowings, 1);
  EXPECT_EQ(at(s, 0, 1), 2);
  EXPECT_EQ(at(s, 1, facing(1)), 0);
  EXPECT_EQ(at(s, 1, facing_outer(1)), 0);
}

TEST_F(Lisolo, WithoutBothOppositeHolesOccupiedTheSowingGoesOn) {
  // "If both do not have counters, then the player picks up the counters from the hole the last
  // counter fell into and continues sowing." o2's two go into o3 and o4; o4 was empty: "When the
  // final counter lands in an empty hole, their turn is over."
  State s = position({{0, 1}, {1, 1}}, {{facing(1), 2}, {facing_outer(3), 3}, {facing(3), 3}});
  const MoveEffect fx = g.apply(s, Move{0, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(at(s, 0, 1), 0);
  EXPECT_EQ(at(s, 0, 2), 1);
  EXPECT_EQ(at(s, 0, 3), 1);
  EXPECT_EQ(at(s, 1, facing(1)), 2);
  EXPECT_EQ(at(s, 1, facing(3)), 3);
}

TEST_F(Lisolo, TheOtherReadingTakesWhateverTheOppositeHolesHold) {
  // lisolo/dlp_either_hole: "If both do not have counters" read as neither: one occupied hole of
  // the two is enough, and is taken.
  const Game either(load_ruleset("lisolo/dlp_either_hole"));
  State s =
      board_testing::four_row_position(either, {{0, 1}, {1, 1}}, {{facing(1), 2}, {4, 1}}, 64);
  const MoveEffect fx = either.apply(s, Move{0, false});
  EXPECT_EQ(fx.captured, 2);
  EXPECT_EQ(at(s, 0, 1), 2);
}

TEST(InnerFacingWhen, OccupiedAnyRowNeedsTheLandingHoleRelay) {
  RuleSet r = load_ruleset("lisolo/dlp");
  r.relay = Relay::kNone;
  EXPECT_EQ(refusal(r),
            "x.json: rules.inner_facing_when: occupied_any_row captures instead of relaying from "
            "an occupied landing hole: it needs relay landing_hole");
}

}  // namespace
}  // namespace mancala::sim
