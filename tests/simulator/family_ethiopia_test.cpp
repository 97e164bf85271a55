// Issue 38, helper "ethiopia": the stylised openings of the Ethiopian two-row games
// (stylised_opening, opening_lift), a four made by a sowing's last counter sown on
// (fours_last_relays) and the counters end_when_left leaves to their rows' owners (left_to), one
// test per sentence of the DLP's rules paraphrase, on hand-computed positions. Rows are written
// from their owner's left: player 1's hole h is global h-1, player 2's 6+h-1; the anticlockwise
// path runs 1..6 along player 1's row, then 7..12 along player 2's (his holes 1..6).
#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/ruleset_io.h"
#include "simulator/steps.h"

namespace mancala::sim {
namespace {

using board_testing::expect_board;
using board_testing::expect_over;
using board_testing::hole;
using board_testing::legal_holes;
using board_testing::pair;
using Row = std::array<int, 6>;

// A position past the opening (ply 10) of a 2x6 game of 48 counters.
State later(const Game& g, Row p1, Row p2, int store1, int store2, int to_move = 0) {
  return board_testing::position(g, p1, p2, {store1, store2, to_move, 10, 48});
}

// Gabata (Oromo)'s rules with `change` made (the stylised openings of the other games on the same
// board), finalized.
Game oromo_with(const std::function<void(RuleSet&)>& change) {
  RuleSet r = load_ruleset("gabata_oromo/dlp");
  change(r);
  finalize(r, "x.json");
  return Game(r);
}

// finalize's message for Gabata (Oromo)'s rules changed ("no error" when it accepts them).
std::string refusal(const std::function<void(RuleSet&)>& change) {
  RuleSet r = load_ruleset("gabata_oromo/dlp");
  change(r);
  return test_support::thrown_message<RuleError>([&] { finalize(r, "x.json"); }, "no error");
}

// Records the steps of a watched move.
struct Recorder : StepObserver {
  std::vector<Step> steps;
  void on_step(const Step& s) override { steps.push_back(s); }
};

// --- Gabata (Oromo), DLP.Ruleset.363 ---

TEST(GabataOromo, PlayBeginsWithAStylisedMoveFromTheLeftmostHole) {
  // "Play begins with a stylised move. One player takes the four counters in their leftmost
  // hole": the first move is hole 1's, and only the first player's.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  const State s = g.initial_state();
  EXPECT_EQ(legal_holes(g, s), std::vector<int>({1}));
}

TEST(GabataOromo, TheStylisedMoveMakesEightsAndSowsTheLastOne) {
  // "One player takes the four counters in their leftmost hole and places them into the next
  // hole ... This continues until the entire board has an alternation pattern of a hole with
  // eight counters followed by one with zero counters. The player then sows beginning from the
  // final hole with eight counters they created." Without relays and fours, the move shows the
  // pattern: path holes 1, 3, ..., 11 into 2, 4, ..., 12 (0 8 0 8 0 8 on each row), then hole 12
  // (P2's h6, the last eight made) sown into P1's h1-h6 and P2's h1-h2.
  const Game g = oromo_with([](RuleSet& r) {
    r.relay = Relay::kNone;
    r.fours_last_relays = false;
    r.capture_fours = Fours::kNone;
    r.fours_scope = FoursScope::kBothRows;
  });
  State s = g.initial_state();
  g.apply(s, hole(1));
  expect_board<6>(s, {1, 9, 1, 9, 1, 9}, {1, 9, 0, 8, 0, 0}, 0, 0);
  EXPECT_EQ(s.to_move, 1);
}

TEST(GabataOromo, TheWholeFirstMoveRelaysAndTakesAFourMadeOnTheWay) {
  // The stylised move and the sowing from hole 12, by the game's rules: "When the final counter
  // of a sowing lands in a hole with counters, the player picks up these counters and sowing
  // continues." Hand-computed along the path (holes 1-12): 12 (8) into 1-8; 8 (9) into 9-5;
  // 5 (2), 7 (2), 9 (2), 11 (2), 1 (3) ending in 4 (11), sown into 5-3: its last counter makes
  // hole 3 hold four, which is picked up and sown on ("except when it is the final hole of a
  // sowing"): 3 (4) into 4-7, 7 (2), 9 (2); 11 (2) makes hole 12 hold four on the way, taken
  // by the sower, and ends in 1 (2), sown into 2-3, where the last counter falls into an empty
  // hole: 13 sowings.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, hole(1));
  expect_board<6>(s, {0, 13, 1, 1, 2, 12}, {0, 3, 0, 12, 0, 0}, 4, 0);
  EXPECT_EQ(fx.sowings, 13);
  EXPECT_EQ(fx.fours[0], 4);
  EXPECT_EQ(s.to_move, 1);
  // The second player's first move is free: any of his occupied holes.
  EXPECT_EQ(legal_holes(g, s), std::vector<int>({2, 4}));
}

TEST(GabataOromo, TheStylisedMoveShowsEveryCounterItMoves) {
  // Watched, the opening is steps a board can replay: lifts of whole holes and single drops,
  // then the sowing; the position is the unwatched move's.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State watched = g.initial_state();
  State plain = g.initial_state();
  Recorder rec;
  g.apply(watched, hole(1), &rec);
  g.apply(plain, hole(1));
  EXPECT_EQ(watched, plain);
  ASSERT_GE(rec.steps.size(), 6u);
  EXPECT_EQ(rec.steps[0].kind, Step::Kind::kLift);
  EXPECT_EQ(rec.steps[0].pos, 0);
  EXPECT_EQ(rec.steps[0].count, 4);
  for (int i = 1; i <= 4; ++i) {
    EXPECT_EQ(rec.steps[i].kind, Step::Kind::kDrop);
    EXPECT_EQ(rec.steps[i].pos, 1);
  }
  // Six pairs (a lift and four drops each), then hole 12's lift (global 11) of eight.
  ASSERT_GT(rec.steps.size(), 31u);
  EXPECT_EQ(rec.steps[30].kind, Step::Kind::kLift);
  EXPECT_EQ(rec.steps[30].pos, 11);
  EXPECT_EQ(rec.steps[30].count, 8);
}

TEST(GabataOromo, AFourMadeDuringTheSowingIsTheSowersInEitherRow) {
  // "At any time during the sowing a hole is made to contain four counters, they are captured by
  // the player who is sowing". P1's h5 (3) makes his h6 four (taken), then P2's h1 four (taken),
  // and ends in P2's empty h2.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State s = later(g, {0, 0, 0, 0, 3, 3}, {3, 0, 0, 0, 0, 5}, 20, 14);
  const MoveEffect fx = g.apply(s, hole(5));
  expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 5}, 28, 14);
  EXPECT_EQ(fx.fours[0], 8);
}

TEST(GabataOromo, AFourMadeByTheLastCounterIsPickedUpAndSownOn) {
  // "except when it is the final hole of a sowing, in which case they are picked up and sowing
  // continues": P1's h6 (1) makes P2's h1 four with its last counter; the four are sown into
  // P2's h2-h5, the last into an empty hole: the turn ends, nothing taken.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State s = later(g, {2, 0, 0, 0, 0, 1}, {3, 0, 0, 0, 0, 2}, 20, 20);
  const MoveEffect fx = g.apply(s, hole(6));
  expect_board<6>(s, {2, 0, 0, 0, 0, 0}, {0, 1, 1, 1, 1, 2}, 20, 20);
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(s.to_move, 1);
}

TEST(GabataOromo, APlayerWhoCannotPlayPasses) {
  // "If a player cannot play, they must pass their turn and may resume play when they are next
  // able." P2's h5 (1) falls into his own empty h6: P1 has no counter and passes; P2 moves
  // again.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State s = later(g, {0, 0, 0, 0, 0, 0}, {2, 2, 0, 0, 1, 0}, 20, 23, 1);
  g.apply(s, hole(5));
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.to_move, 1);
}

TEST(GabataOromo, WhenNoFourCanBeMadeEachTakesHisRowAndTheOneWhoCapturedMoreWins) {
  // "When all of the counters have been captured, the player who captured the most counters
  // wins." Read as the end once three or fewer are left (end_when_left 3, left_to owners): P1's
  // h5 (3) makes his h6 four (taken) and ends in P2's empty h2, leaving three counters; each
  // takes his own row's.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State s = later(g, {0, 0, 0, 0, 3, 3}, {0, 0, 0, 0, 0, 1}, 21, 20);
  g.apply(s, hole(5));
  expect_over(s, EndReason::kRule, 0);
  EXPECT_EQ(s.rule_end, RuleEnd::kWhenLeft);
  expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, 25, 23);
}

TEST(GabataOromo, FourCountersLeftPlayOn) {
  // Four left can still make a four: play goes on. P1's h6 (1) into P2's empty h1.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State s = later(g, {0, 0, 0, 0, 0, 1}, {0, 0, 0, 3, 0, 0}, 20, 24);
  g.apply(s, hole(6));
  EXPECT_FALSE(s.over);
}

// --- the other stylised openings, on Gabata (Oromo)'s board (their games' rounds need
// match.hole_ownership) ---

TEST(StylisedOpening, LamWaladachSowsThreeFromEachHoleFromTheOpponentsFirstHole) {
  // Lam Waladach (DLP.Ruleset.360): "The first player takes three counters from each of their
  // holes, and sows them beginning in the opponent's first hole. Sowing proceeds in an
  // anti-clockwise direction, and when the final counter lands in an occupied hole, these are
  // picked up and sowing continues. While sowing, if a hole is made to contain four counters,
  // these are captured by the player." 18 counters: 7-12 (five each), 1-6 (two each), 7-12 (six
  // each); 12 (6) into 1-6 (three each); 6 (3) into 7-9; 9 (7) into 10, 11, 12 and 1-4, each of
  // 1-4 made four and taken, the last too; the hole left empty ends the move.
  const Game g = oromo_with([](RuleSet& r) {
    r.stylised_opening = StylisedOpening::kRowIntoOpponentRow;
    r.opening_lift = 3;
    r.fours_last_relays = false;
  });
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, hole(1));
  expect_board<6>(s, {0, 0, 0, 0, 3, 0}, {7, 7, 0, 7, 7, 1}, 16, 0);
  EXPECT_EQ(fx.sowings, 4);
  EXPECT_EQ(fx.fours[0], 16);
}

TEST(StylisedOpening, GabataWuqroSowsTheWholeRowIntoTheOpponentsRow) {
  // Gabata (Wuqro) (DLP.Ruleset.353): "One player takes all of the counters from their leftmost
  // hole, and proceeding in an anti-clockwise direction, takes all of the counters from the holes
  // in their row. They then begin sowing these counters into the opponent's row" (opening_lift
  // 0: all). Without relays or fours: 24 counters into 7-12, 1-6, 7-12, 1-6 (two laps).
  const Game g = oromo_with([](RuleSet& r) {
    r.stylised_opening = StylisedOpening::kRowIntoOpponentRow;
    r.relay = Relay::kNone;
    r.fours_last_relays = false;
    r.capture_fours = Fours::kNone;
    r.fours_scope = FoursScope::kBothRows;
  });
  State s = g.initial_state();
  g.apply(s, hole(1));
  expect_board<6>(s, {2, 2, 2, 2, 2, 2}, {6, 6, 6, 6, 6, 6}, 0, 0);
}

TEST(StylisedOpening, JimafesoshPairsFromTheRightmostHoleIntoTheOpponentsOpposite) {
  // Jimafesosh (DLP.Ruleset.364): "the player takes all of the counters in their rightmost hole
  // and places them in the opponent's opposite hole. The player then takes the contents of the
  // next hole, placing all of them into the hole following it, until the entire board has
  // alternating holes with eight and zero counters. When the final hole is made with eight
  // counters, these are picked up and the player sows as normal". From hole 6: 6 into 7, 8 into
  // 9, 10 into 11, 12 into 1, 2 into 3, 4 into 5, the last eight made; without relays, hole 5's
  // eight into 6-12 and 1.
  const Game g = oromo_with([](RuleSet& r) {
    r.opening_hole = 6;
    r.relay = Relay::kNone;
    r.fours_last_relays = false;
    r.capture_fours = Fours::kNone;
    r.fours_scope = FoursScope::kBothRows;
  });
  State s = g.initial_state();
  EXPECT_EQ(legal_holes(g, s), std::vector<int>({6}));
  g.apply(s, hole(6));
  expect_board<6>(s, {9, 0, 8, 0, 0, 1}, {9, 1, 9, 1, 9, 1}, 0, 0);
}

TEST(StylisedOpening, LamoshMakesFivesAndThreesAndCapturesWithTheHeldCounter) {
  // Lamosh (DLP.Ruleset.362): "One player takes one counter from their rightmost hole, and holds
  // it in their hand. They then take one counter from the next hole, moving in an anti-clockwise
  // direction, and place it in the next hole. ... Upon reaching the original hole, one counter is
  // dropping in it, and then one counter in the following hole, thus capturing the counters in
  // this hole." From hole 6: 7 into 8, 9 into 10, 11 into 12, 1 into 2, 3 into 4, 5 into 6; the
  // held counter into 7 (three: four), taken by the sower ("except when this is the final counter
  // of a sowing, in which case the player who is sowing captures these counters").
  const Game g = oromo_with([](RuleSet& r) {
    r.opening_hole = 6;
    r.stylised_opening = StylisedOpening::kOnesIntoNext;
    r.fours_last_relays = false;
    r.fours_scope = FoursScope::kBothRows;
    r.fours_last_to_mover = true;
  });
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, hole(6));
  expect_board<6>(s, {3, 5, 3, 5, 3, 4}, {0, 5, 3, 5, 3, 5}, 4, 0);
  EXPECT_EQ(fx.fours[0], 4);
  EXPECT_EQ(s.to_move, 1);
}

TEST(StylisedOpening, OnlyTheRoundsFirstMoveIsStylised) {
  // Past the first ply, hole 1 is an ordinary move: Gabata (Oromo)'s P1 h1 (2) into h2, h3.
  const Game g(load_ruleset("gabata_oromo/dlp"));
  State s = later(g, {2, 0, 0, 0, 0, 5}, {5, 0, 0, 0, 0, 5}, 15, 16);
  g.apply(s, hole(1));
  expect_board<6>(s, {0, 1, 1, 0, 0, 5}, {5, 0, 0, 0, 0, 5}, 15, 16);
}

TEST(FoursExtraMove, AFourTakenGivesAnotherMove) {
  // Lam Waladach (DLP.Ruleset.360): "When the final counter falls into an empty hole, the turn
  // ends, unless the player was able to make a capture during the sowing, in which case they may
  // play again." P1's h5 (2) makes his h6 four (taken) and ends in P2's empty h1: P1 again. His
  // h1 (1) then ends in his empty h2, taking nothing: P2's turn.
  const Game g = oromo_with([](RuleSet& r) {
    r.fours_last_relays = false;
    r.fours_extra_move = true;
  });
  State s = later(g, {1, 0, 0, 0, 2, 3}, {0, 0, 0, 0, 0, 6}, 20, 16);
  g.apply(s, hole(5));
  expect_board<6>(s, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 6}, 24, 16);
  EXPECT_EQ(s.to_move, 0);
  g.apply(s, hole(1));
  EXPECT_EQ(s.to_move, 1);
}

// Gabata (Wuqro)'s fours (DLP.Ruleset.353), on Gabata (Oromo)'s board: capture count 4 of the
// last hole by the mover, in either row (relay landing_hole does not relay from it), and
// capture_fours end_of_turn for the others, each to the owner of its row.
Game wuqro_fours() {
  return oromo_with([](RuleSet& r) {
    r.capture_fours = Fours::kEndOfTurn;
    r.fours_scope = FoursScope::kBothRows;
    r.fours_last_relays = false;
    r.capture = Capture::kCount;
    r.capture_counts.counts = {4};
    r.capture_rows = CaptureRows::kAny;
    r.capture_taker = CaptureTaker::kMover;
  });
}

TEST(WuqroFours, AtTheEndOfSowingFoursGoToTheirRowsOwnerTheLastToTheSower) {
  // "At the end of sowing, any holes containing four counters are captured by the owner of the
  // row in which the hole is located, unless it is the hole in which the final counter fell, in
  // which case the player captures them and the turn ends." P1's h6 (2) makes P2's h1 four on
  // the way and P2's h2 four with its last counter: no relay; P1 takes h2, P2 his h1.
  const Game g = wuqro_fours();
  State s = later(g, {0, 0, 0, 0, 0, 2}, {3, 3, 0, 0, 0, 5}, 20, 15);
  g.apply(s, hole(6));
  expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 5}, 24, 19);
  EXPECT_EQ(s.to_move, 1);
}

TEST(WuqroFours, EveryHoleHoldingFourWhenTheSowingEndsIsTaken) {
  // "any holes containing four counters": P1's h6 (1) into P2's empty h1 ends the move; P1's h5
  // (four, whenever it was made) is his when the sowing is over.
  const Game g = wuqro_fours();
  State s = later(g, {0, 0, 0, 0, 4, 1}, {0, 5, 0, 0, 0, 0}, 20, 18);
  g.apply(s, hole(6));
  expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {1, 5, 0, 0, 0, 0}, 24, 18);
}

// Gabata (Oromo)'s board with Jimafesosh's capture (a last counter in an empty hole of either row
// takes the facing hole) and end (one counter or fewer left, to the owner of its row).
Game jimafesosh_end() {
  return oromo_with([](RuleSet& r) {
    r.capture_fours = Fours::kNone;
    r.fours_scope = FoursScope::kBothRows;
    r.fours_last_relays = false;
    r.capture = Capture::kEmptyHole;
    r.capture_takes_last = false;
    r.end_when_left = 1;
  });
}

TEST(LeftToOwners, JimafesoshsLastCounterGoesToTheOwnerOfItsRow) {
  // Jimafesosh (DLP.Ruleset.364): "When the final counter falls into an empty hole, the player
  // captures the counters in the opposite hole." and "Play continues until there is one piece
  // or fewer on the board, the player to whom the row in which the single piece is located
  // captures it." On Gabata (Oromo)'s board with Jimafesosh's capture and end: P1's h5 (1)
  // falls into his empty h6 and takes P2's h1 (2) facing it; one counter is left, in P1's row:
  // the round is over and it is his.
  const Game g = jimafesosh_end();
  State s = later(g, {0, 0, 0, 0, 1, 0}, {2, 0, 0, 0, 0, 0}, 25, 20);
  g.apply(s, hole(5));
  expect_over(s, EndReason::kRule, 0);
  EXPECT_EQ(s.rule_end, RuleEnd::kWhenLeft);
  expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, 28, 20);
}

TEST(LeftToOwners, TwoLeftPlayOn) {
  // Two counters left: play goes on ("one piece or fewer").
  const Game g = jimafesosh_end();
  State s = later(g, {0, 0, 0, 0, 1, 0}, {2, 0, 0, 1, 0, 0}, 24, 20);
  g.apply(s, hole(5));
  EXPECT_FALSE(s.over);
}

TEST(LamWaladach, TheStylisedMoveLiftsEveryHoleTheStarterOwnsAndSowsFromTheOpponentsFirst) {
  // Lam Waladach (DLP.Ruleset.360) in a later round: P1 owns his row and P2's h1, h2 (won:
  // "gains a hole from their opponent for every four extra balls"). "The first player takes three
  // counters from each of their holes, and sows them beginning in the opponent's first hole":
  // 24 counters from P2's h3, two laps (one and four become three and six); the last in P2's h2
  // (three) is sown on: h3-h5 (seven); h5 (7) into h6 and P1's h1-h6, each of his made four and
  // taken (the last too: 24); the emptied last hole ends the move, and the fours give another.
  const Game g(load_ruleset("lam_waladach/dlp"));
  State s = g.initial_state();
  s.ceded = static_cast<decltype(s.ceded)>((1u << 6) | (1u << 7));
  EXPECT_EQ(legal_holes(g, s), std::vector<int>({6}));
  g.apply(s, hole(6));
  expect_board<6>(s, {0, 0, 0, 0, 0, 0}, {3, 0, 7, 7, 0, 7}, 24, 0);
  EXPECT_EQ(s.to_move, 0);
}

TEST(Lamosh, TheRoundOpensWithTheFiveThreePattern) {
  // Lamosh (DLP.Ruleset.362), its first move as computed in StylisedOpening above, by its own
  // ruleset; then "Players then alternate turns".
  const Game g(load_ruleset("lamosh/dlp"));
  State s = g.initial_state();
  EXPECT_EQ(legal_holes(g, s), std::vector<int>({6}));
  g.apply(s, hole(6));
  expect_board<6>(s, {3, 5, 3, 5, 3, 4}, {0, 5, 3, 5, 3, 5}, 4, 0);
  EXPECT_EQ(s.to_move, 1);
}

TEST(StylisedOpening, FinalizeRefusesWhatItCannotPlay) {
  EXPECT_NE(refusal([](RuleSet& r) { r.opening_for = OpeningFor::kBoth; }), "no error");
  EXPECT_NE(refusal([](RuleSet& r) { r.opening_hole = 0; }), "no error");
  EXPECT_NE(refusal([](RuleSet& r) { r.opening_lift = 3; }), "no error");
  EXPECT_NE(refusal([](RuleSet& r) { r.fours_last_to_mover = true; }), "no error");
  EXPECT_NE(refusal([](RuleSet& r) { r.capture_fours = Fours::kEndOfTurn; }), "no error");
  EXPECT_NE(refusal([](RuleSet& r) { r.end_when_left = 0; }), "no error");
  EXPECT_NE(refusal([](RuleSet& r) { r.direction = Direction::kEither; }), "no error");
  EXPECT_NE(refusal([](RuleSet& r) {
              r.capture_fours = Fours::kNone;
              r.fours_scope = FoursScope::kBothRows;
              r.fours_last_relays = false;
              r.fours_extra_move = true;
            }),
            "no error");
  EXPECT_EQ(refusal([](RuleSet& r) { r.opening_hole = 6; }), "no error");
}

}  // namespace
}  // namespace mancala::sim
