// The rest of Bao's rules (issue 38, helper bao2): the house, the kichwa's direction, the holes of
// sixteen, the duties of a move without capture, takasa and the end in the middle of a sowing
// (bao_moves.cpp). Hand-computed positions of bao/dlp, each test with only the keys it checks
// switched on and naming the sentence of the DLP's paraphrase (DLP.Ruleset.1567) it checks.
// A side's local holes: 0..7 the outer row from the player's left, 8..15 the inner row from his
// right (8 the right kichwa i8, 9 the right kimbi i7, 11 the nyumba i5, 15 the left kichwa i1);
// anticlockwise runs 8 -> 15 along the inner row, clockwise (Move::reverse) 15 -> 8.
#include <gtest/gtest.h>

#include <functional>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/describe.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {
// Named apart: the test files share one unity unit (bao_test.cpp has a facing() and an at()).
namespace bao2 {

using board_testing::legal_holes;

// bao/dlp with every key of this file off, then `on` (the keys a test checks).
Game bao_with(const std::function<void(RuleSet&)>& on) {
  RuleSet r = load_ruleset("bao/dlp");
  r.house = 0;
  r.house_stop = false;
  r.kichwa_inward = false;
  r.big_hole = 0;
  r.no_capture_duty = false;
  r.takasa = false;
  r.end_mid_sowing = false;
  on(r);
  finalize(r, "test");
  return Game(r);
}

// A position: (local hole, count) for each side, the counters each holds in hand, P1 to move.
State at_position(const Game& g, const std::vector<std::pair<int, int>>& p1,
                  const std::vector<std::pair<int, int>>& p2, int hand) {
  State s = g.initial_state();
  s.holes.fill(0);
  for (const auto& [k, n] : p1) s.holes[g.global(0, k)] = static_cast<Count>(n);
  for (const auto& [k, n] : p2) s.holes[g.global(1, k)] = static_cast<Count>(n);
  s.aside = board_testing::pair(hand, hand);
  s.ply = 50;
  return s;
}

int facing(const Game& g, int k) { return g.local(g.opposite(g.global(0, k))); }
int at(const Game& g, const State& s, int p, int k) { return s.holes[g.global(p, k)]; }

void house(RuleSet& r) { r.house = 6; }

TEST(BaoHouse, TheHouseCannotBeEmptiedInTheNamua) {
  // "During Namua, the Nyumba is the house, as long as it has at least six counters in it and it
  // has not been emptied." and "The house cannot be emptied": at the start the nyumba (i5, local
  // 11, six counters) is not entered to be sown; i7 and i6 are, either way.
  const Game g = bao_with(house);
  const State s = g.initial_state();
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{10, -10, 11, -11}));
  EXPECT_EQ(legal_holes(bao_with([](RuleSet&) {}), s),
            (std::vector<int>{10, -10, 11, -11, 12, -12}));
}

TEST(BaoHouse, TheHouseAloneSowsOnlyTheEnteredCounterToAHoleBesideIt) {
  // "but if it is the only occupied hole, the counter placed into it, and only that one counter,
  // can be sown to one of the adjacent holes."
  const Game g = bao_with(house);
  const State s = at_position(g, {{11, 6}, {0, 1}}, {{0, 1}, {8, 1}}, 10);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{12, -12}));
  State a = s;
  g.apply(a, Move{11, false});
  EXPECT_EQ(at(g, a, 0, 11), 6);
  EXPECT_EQ(at(g, a, 0, 12), 1);
  EXPECT_EQ(a.aside[0], 9);
  EXPECT_EQ(a.to_move, 1);
  State b = s;
  g.apply(b, Move{11, true});
  EXPECT_EQ(at(g, b, 0, 11), 6);
  EXPECT_EQ(at(g, b, 0, 10), 1);
  EXPECT_EQ(b.bao, 0);
}

TEST(BaoHouse, ANamuaSowingEndingInTheHouseEndsTheTurn) {
  // "If the final counter of a sowing lands in the house, the turn ends." i7 (local 9, one
  // counter) takes the entered one and sows its two into i6 and the house (6 -> 7): the move
  // ends there; without the house the seven are lifted and sown on.
  const Game g = bao_with(house);
  const State s = at_position(g, {{9, 1}, {11, 6}}, {{0, 1}, {8, 1}}, 10);
  State a = s;
  const MoveEffect fx = g.apply(a, Move{9, false});
  EXPECT_EQ(fx.sowings, 1);
  EXPECT_EQ(at(g, a, 0, 9), 0);
  EXPECT_EQ(at(g, a, 0, 10), 1);
  EXPECT_EQ(at(g, a, 0, 11), 7);
  EXPECT_EQ(a.to_move, 1);
  State b = s;
  EXPECT_GT(bao_with([](RuleSet&) {}).apply(b, Move{9, false}).sowings, 1);
  EXPECT_EQ(at(g, b, 0, 11), 0);
}

TEST(BaoHouse, ACapturedHouseIsNoLongerTheHouse) {
  // "as long as ... it has not been emptied": P2's entry into the hole facing P1's nyumba
  // captures it; P1's house is gone (State::bao bit 0), and a nyumba filled again is entered and
  // sown as any hole.
  const Game g = bao_with(house);
  State s = at_position(g, {{11, 6}, {13, 2}}, {{facing(g, 11), 1}, {0, 1}}, 10);
  s.to_move = 1;
  EXPECT_EQ(g.apply(s, Move{static_cast<uint8_t>(facing(g, 11)), false}).captured, 6);
  EXPECT_EQ(s.bao & 1, 1);
  State t = at_position(g, {{11, 7}, {13, 2}}, {{0, 1}, {8, 1}}, 10);
  t.bao = 1;
  EXPECT_EQ(legal_holes(g, t), (std::vector<int>{12, -12, 14, -14}));
  g.apply(t, Move{11, false});
  EXPECT_EQ(at(g, t, 0, 11), 0);
}

TEST(BaoHouse, NoEntryIntoASingleCounterUnlessTheHouseStandsOrAllAreSingle) {
  // "Players cannot place a counter in holes with single counters unless only holes in the
  // front row with single counters exist or the house is still present." The house gone: i7
  // (local 9, one) is not entered beside i4 (local 12, three); with i4 holding one too, both are.
  const Game g = bao_with(house);
  State s = at_position(g, {{9, 1}, {12, 3}}, {{0, 1}, {8, 1}}, 10);
  s.bao = 1;
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{13, -13}));
  s.bao = 0;
  s.holes[g.global(0, 11)] = 6;  // the house stands: the single is entered
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{10, -10, 13, -13}));
  State t = at_position(g, {{9, 1}, {12, 1}}, {{0, 1}, {8, 1}}, 10);
  t.bao = 1;
  EXPECT_EQ(legal_holes(g, t), (std::vector<int>{10, -10, 13, -13}));
}

TEST(BaoHouse, AfterTheNamuaTheMoverMayStopInTheHouse) {
  // "When the final counter lands in the house, the player may choose to continue sowing from
  // the house or to end their turn." i7 (local 9, two) sown anticlockwise ends in the house (i5,
  // six): the move is listed twice, "i7" going on from the house and "i7.1" ending there
  // (docs/rules-format.md, "Move notation"); the house's own move, which empties it, once.
  const Game g = bao_with([](RuleSet& r) {
    r.house = 6;
    r.house_stop = true;
  });
  const State s = at_position(g, {{9, 2}, {11, 6}}, {{15, 3}, {0, 1}}, 0);
  MoveList moves;
  g.legal_moves(s, moves);
  std::vector<std::string> labels;
  for (const Move& m : moves) labels.push_back(move_label(g, s, 0, m));
  EXPECT_EQ(labels, (std::vector<std::string>{"i7", "i7.1", "i7<", "i5", "i5<"}));
  State stop = s;
  g.apply(stop, parse_move(g, s, 0, "i7.1", "move 1"));
  EXPECT_EQ(at(g, stop, 0, 10), 1);
  EXPECT_EQ(at(g, stop, 0, 11), 7);
  EXPECT_EQ(stop.bao & 1, 0);
  EXPECT_EQ(stop.to_move, 1);
  // Going on: the house's seven are lifted and sown into i4..i1 and o1..o3, where the move ends;
  // the house has been emptied.
  State on = s;
  g.apply(on, Move{9, false});
  EXPECT_EQ(at(g, on, 0, 11), 0);
  for (int k : {12, 13, 14, 15, 0, 1, 2}) EXPECT_EQ(at(g, on, 0, k), 1) << k;
  EXPECT_EQ(on.bao & 1, 1);
  // In the namua the house ends the move: no stop is listed.
  const State namua = at_position(g, {{9, 1}, {11, 6}}, {{0, 1}, {8, 1}}, 10);
  g.legal_moves(namua, moves);
  for (const Move& m : moves) EXPECT_EQ(m.stop, 0);
  EXPECT_EQ(parse_move(g, s, 0, "i7<.1", "m").stop, 1);
  EXPECT_TRUE(parse_move(g, s, 0, "i7<.1", "m").reverse);
  EXPECT_EQ(test_support::error_of([&] { parse_move(g, s, 0, "i7.0", "move 2 'i7.0'"); }),
            "move 2 'i7.0': 'i7.0': '.0' names no optional stop (write .1 for the first, .2 for "
            "the second...)");
}

TEST(BaoKichwa, AKichwaIsNotSownTowardTheBackRowUnlessItIsAlone) {
  // "Sowing from a Kichwa in the direction of the back row is not allowed unless it is the only
  // occupied hole in the front row." After the namua: the right kichwa (local 8, three) only
  // anticlockwise (into i7), i4 (local 12, two) either way; the kichwa alone, both ways.
  const Game g = bao_with([](RuleSet& r) { r.kichwa_inward = true; });
  const State s = at_position(g, {{8, 3}, {12, 2}}, {{15, 4}, {0, 1}}, 0);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{9, 13, -13}));
  EXPECT_EQ(legal_holes(bao_with([](RuleSet&) {}), s), (std::vector<int>{9, -9, 13, -13}));
  const State alone = at_position(g, {{8, 3}, {0, 1}}, {{15, 4}, {0, 1}}, 0);
  EXPECT_EQ(legal_holes(g, alone), (std::vector<int>{9, -9}));
  // In the namua too: the left kichwa (local 15, two) entered is sown clockwise only.
  const State namua = at_position(g, {{15, 2}, {12, 2}}, {{0, 1}, {3, 1}}, 5);
  EXPECT_EQ(legal_holes(g, namua), (std::vector<int>{13, -13, -16}));
}

TEST(BaoBigHole, AHoleOfSixteenIsPlayedOnlyWhenNoOtherCanBeUntilTheFirstCapture) {
  // "Players alternate turns taking the counters from one of their holes that has more than one
  // and less than sixteen counters and sowing them", the rule "in effect until the first capture
  // in this phase of the game has been made": i4 (local 12, sixteen) is not played beside i6
  // (local 10, two); once a capture has been made after the namua (State::bao bit 2), it is.
  const Game g = bao_with([](RuleSet& r) { r.big_hole = 16; });
  State s = at_position(g, {{10, 2}, {12, 16}}, {{15, 4}, {0, 1}}, 0);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{11, -11}));
  s.bao = 4;
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{11, -11, 13, -13}));
}

TEST(BaoBigHole, AMoveFromAHoleOfSixteenCapturesNothing) {
  // "the opponent's counters are captured, unless the hole from which sowing began contained
  // sixteen or more counters." i4 (local 12, seventeen), the only hole to play, sown
  // anticlockwise drops its seventeenth into i3 (local 13: 1 + 2 = 3), which faces P2's three:
  // without the rule the move must be played and captures; with it, either way and no capture.
  const Game g = bao_with([](RuleSet& r) { r.big_hole = 16; });
  const State s = at_position(g, {{12, 17}, {13, 1}}, {{facing(g, 13), 3}, {0, 1}}, 0);
  EXPECT_EQ(legal_holes(bao_with([](RuleSet&) {}), s), (std::vector<int>{13}));
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{13, -13}));
  State a = s;
  EXPECT_EQ(g.apply(a, Move{12, false}).captured, 0);
  // A capture after the namua lifts the rule for both players.
  State c = at_position(g, {{12, 2}, {14, 1}}, {{facing(g, 14), 3}, {facing(g, 10), 2}}, 0);
  EXPECT_EQ(g.apply(c, Move{12, false}).captured, 3);
  EXPECT_EQ(c.bao & 4, 4);
}

TEST(BaoDuty, WithoutACaptureTheSowingMustEndInTheHouseElseInAnOccupiedHole) {
  // "If a capture is not possible, the sowing must end in the house." i7 (local 9, two)
  // anticlockwise ends in the house (i5, six) and i3 (local 13, two) clockwise too: only those.
  // "If the player cannot capture and cannot drop the final counter in the house, they must sow
  // into an occupied hole": the house gone, i7 and i3 into it, and i3 anticlockwise into i1
  // (local 15, one). "The player may sow such that the final counter lands in an empty hole only
  // when none of the other options are possible."
  const Game g = bao_with([](RuleSet& r) {
    r.house = 6;
    r.no_capture_duty = true;
  });
  State s = at_position(g, {{9, 2}, {11, 6}, {13, 2}, {15, 1}}, {{facing(g, 8), 3}, {0, 1}}, 0);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{10, -14}));
  EXPECT_EQ(legal_holes(bao_with(house), s), (std::vector<int>{10, -10, 12, -12, 14, -14}));
  s.bao = 1;
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{10, 14, -14}));
  const State empty = at_position(g, {{9, 2}}, {{facing(g, 8), 3}, {0, 1}}, 0);
  EXPECT_EQ(legal_holes(g, empty), (std::vector<int>{10, -10}));
}

TEST(BaoTakasa, AHoleThreatenedByAQuietMoveMayNotBeSownNext) {
  // "When a player sows in such a way that they do not capture and the opponent is unable to
  // capture on their next turn but the player will be able to capture on their own following
  // move, the opponent cannot sow from this hole." P1's i6 (local 10, three) sown anticlockwise
  // ends in i3 (local 13), empty: no capture, and now i1 (local 15, two) sown clockwise would end
  // in i3 and take the hole facing it (P2's local 10, three). P2 cannot capture: he may not sow
  // that hole, only his i2 (local 14, two).
  const Game g = bao_with([](RuleSet& r) { r.takasa = true; });
  const State s = at_position(g, {{10, 3}, {15, 2}}, {{10, 3}, {14, 2}}, 0);
  ASSERT_EQ(facing(g, 13), 10);
  State a = s;
  EXPECT_EQ(g.apply(a, Move{10, false}).captured, 0);
  EXPECT_EQ(a.takasa, 1 << (10 - 8));
  EXPECT_EQ(legal_holes(g, a), (std::vector<int>{15, -15}));
  State b = s;
  bao_with([](RuleSet&) {}).apply(b, Move{10, false});
  EXPECT_EQ(legal_holes(g, b), (std::vector<int>{11, -11, 15, -15}));
}

TEST(BaoTakasa, NotTheOnlyFrontHoleOfMoreThanOne) {
  // "The opponent is able to sow from such a hole ... if it is the only hole in the front row
  // with greater than one counter." P2's i2 holds one: his threatened hole is not blocked.
  const Game g = bao_with([](RuleSet& r) { r.takasa = true; });
  State s = at_position(g, {{10, 3}, {15, 2}}, {{10, 3}, {14, 1}}, 0);
  g.apply(s, Move{10, false});
  EXPECT_EQ(s.takasa, 0);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{11, -11}));
}

TEST(BaoEnd, AnInnerRowEmptiedInTheMiddleOfASowingLoses) {
  // "A player wins when their opponent's inner row holes are empty. This includes in the middle
  // of sowing (e.g., sowing into the outer row directly from a Kichwa when it is the only occupied
  // hole in the front row)." The right kichwa (local 8, ten) sown clockwise: o8..o1, then i1 and
  // i2 (local 15, 14): the row is filled again, but P1 has lost when his first counter fell into
  // the outer row.
  const Game g = bao_with([](RuleSet& r) { r.end_mid_sowing = true; });
  const State s = at_position(g, {{8, 10}}, {{15, 4}, {12, 2}}, 0);
  State a = s;
  g.apply(a, Move{8, true});
  EXPECT_EQ(at(g, a, 0, 15), 1);
  board_testing::expect_over(a, EndReason::kRule, 1);
  EXPECT_EQ(a.rule_end, RuleEnd::kInnerRowEmpty);
  State b = s;
  bao_with([](RuleSet&) {}).apply(b, Move{8, true});
  EXPECT_FALSE(b.over);
}

TEST(BaoEnd, ACaptureThatEmptiesTheOpponentsInnerRowWinsAtOnce) {
  // The same sentence, for the mover's win: i4 (local 12, two) sown anticlockwise ends in the
  // left kimbi (local 14, 1 + 1), facing P2's only inner counters (three): captured and sown from
  // the left kichwa into 15, 14, 13, the move is over (without the rule i3's two would be sown on).
  const Game g = bao_with([](RuleSet& r) { r.end_mid_sowing = true; });
  const State s = at_position(g, {{12, 2}, {14, 1}}, {{facing(g, 14), 3}, {0, 1}}, 0);
  State a = s;
  EXPECT_EQ(g.apply(a, Move{12, false}).sowings, 2);
  EXPECT_EQ(at(g, a, 0, 13), 2);
  board_testing::expect_over(a, EndReason::kRule, 0);
  State b = s;
  EXPECT_EQ(bao_with([](RuleSet&) {}).apply(b, Move{12, false}).sowings, 3);
}

// Bao Kiswahili (DR Congo), DLP.Ruleset.142: the same moves with inner_row_first off,
// enter_empty and later_captures_need_first.

TEST(BaoKiswahiliDrCongo, WithoutTheRuleAMoveMayStartInEitherRow) {
  // "Counters are picked up from any hole on the player's side and sown in either direction":
  // with inner_row_first off, o3 (local 2, three) is played beside i5 (local 11, two).
  const State s = at_position(bao_with([](RuleSet&) {}), {{2, 3}, {11, 2}, {13, 1}}, {{0, 5}}, 0);
  EXPECT_EQ(legal_holes(bao_with([](RuleSet&) {}), s), (std::vector<int>{12, -12}));
  EXPECT_EQ(legal_holes(bao_with([](RuleSet& r) { r.inner_row_first = false; }), s),
            (std::vector<int>{3, -3, 12, -12}));
}

TEST(BaoKiswahiliDrCongo, ACounterMayBeEnteredIntoAnEmptyHole) {
  // "if not possible they place a counter into any of the holes in their inner row, pick up the
  // contents of that hole, and sow in either direction", and "When they place a counter, they
  // capture the hole facing it": the empty i1 (local 15) faces P2's counter, so its entry must
  // be made (from the left kichwa, clockwise); without enter_empty only i7 (local 9) is entered.
  const Game g = bao_with([](RuleSet& r) { r.enter_empty = true; });
  const State s = at_position(g, {{9, 1}}, {{0, 1}, {8, 1}}, 5);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{-16}));
  EXPECT_EQ(legal_holes(bao_with([](RuleSet&) {}), s), (std::vector<int>{10, -10}));
  // No capture anywhere: every inner hole, both ways; the empty i4 (local 12) entered sows its
  // one counter into i3 (local 13).
  State t = at_position(g, {{9, 1}}, {{0, 1}, {3, 1}}, 5);
  EXPECT_EQ(legal_holes(g, t).size(), 16u);
  g.apply(t, Move{12, false});
  EXPECT_EQ(at(g, t, 0, 12), 0);
  EXPECT_EQ(at(g, t, 0, 13), 1);
  EXPECT_EQ(t.aside[0], 4);
}

TEST(BaoKiswahiliDrCongo, LaterSowingsCaptureOnlyAfterACaptureByTheFirst) {
  // "Captures, however, can only be made on subsequent sowings if there was a capture in the
  // first round of a sowing." i6 (local 10, two) sown anticlockwise ends in i4 (local 12, 1 + 1),
  // facing nothing: no capture, the two relayed into i3 and i2 (local 14, 1 + 1), which faces
  // P2's three: taken without the rule; with it the two are relayed on into i1 and o1, and the
  // move ends there.
  const Game g = bao_with([](RuleSet& r) { r.later_captures_need_first = true; });
  const State s = at_position(g, {{10, 2}, {12, 1}, {14, 1}}, {{facing(g, 14), 3}, {0, 1}}, 0);
  State a = s;
  EXPECT_EQ(g.apply(a, Move{10, false}).captured, 0);
  EXPECT_EQ(at(g, a, 0, 14), 0);
  EXPECT_EQ(at(g, a, 0, 15), 1);
  EXPECT_EQ(at(g, a, 0, 0), 1);
  EXPECT_EQ(at(g, a, 1, facing(g, 14)), 3);
  State b = s;
  EXPECT_EQ(bao_with([](RuleSet&) {}).apply(b, Move{10, false}).captured, 3);
}

TEST(BaoKiswahiliDrCongo, StartsWithOneCounterInEachInnerHoleAnd24InHand) {
  // "Play begins with one counter in each hole in the inner row." Every entry captures the hole
  // facing it: the kichwa and kimbi sown from the nearest kichwa (one way), the four central
  // holes either way: twelve moves.
  const Game g(load_ruleset("bao_kiswahili_dr_congo/dlp"));
  const State s = g.initial_state();
  for (int k = 8; k < 16; ++k) EXPECT_EQ(at(g, s, 0, k), 1) << k;
  EXPECT_EQ(s.aside[0], 24);
  EXPECT_EQ(legal_holes(g, s).size(), 12u);
}

}  // namespace bao2
}  // namespace
}  // namespace mancala::sim
