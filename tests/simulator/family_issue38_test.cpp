// The rule keys of issue 38's first features (the greedy order of docs/coverage.md): one test per
// sentence of the DLP's rules paraphrase a key implements, on a hand-computed position of the
// ruleset that uses it. Four-row boards: a side's local holes 0..N-1 are its outer row from its
// left (o1..oN), N..2N-1 its inner row from its right (iN..i1), the anticlockwise path of
// circuit own_rows; an inner hole's facing holes are the opponent's inner and outer holes of the
// same column.
#include <gtest/gtest.h>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::four_rows;
using board_testing::pair;

// The holes of a legal move list, 1-based local holes.
std::vector<int> legal_locals(const Game& g, const State& s) {
  MoveList moves;
  g.legal_moves(s, moves);
  std::vector<int> out;
  for (const Move& m : moves) out.push_back(m.hole + 1);
  return out;
}

using board_testing::refusal;

// --- cap.extra_hole (greedy step 1) ---

// Nsolo's board: P1's o9 (local 8, two counters) sows o10 and i10 (locals 9, 10); i10, empty,
// faces P2's i1 (local 19) and o1 (local 0).
TEST(ExtraHoles, NsoloTakesOneOtherHoleAfterADoubleCaptureTheFullest) {
  // Nsolo: "If counters in the inner and outer row are captured, the player may also capture
  // counters from one other hole on the opponent's side of the board." The hole is the player's
  // choice: the reading takes the fullest, between equals the first along the opponent's path
  // (o6, local 5, before i8, local 12).
  const Game g(load_ruleset("nsolo/dlp"));
  EXPECT_EQ(g.opposite(g.global(0, 10)), g.global(1, 19));
  EXPECT_EQ(g.opposite_outer(g.global(0, 10)), g.global(1, 0));
  State s = four_rows(g, {{8, 2}}, {{19, 3}, {0, 4}, {5, 6}, {12, 6}, {3, 5}}, 25, 25);
  EXPECT_EQ(g.apply(s, Move{8, false}).captured, 3 + 4 + 6);
  for (int k : {19, 0, 5}) EXPECT_EQ(s.holes[g.global(1, k)], 0) << k;
  EXPECT_EQ(s.holes[g.global(1, 12)], 6);
  EXPECT_EQ(s.holes[g.global(1, 3)], 5);
  EXPECT_EQ(s.holes[g.global(0, 9)] + s.holes[g.global(0, 10)], 2);
  EXPECT_EQ(s.store, pair(38, 25));
}

TEST(ExtraHoles, NsoloTakesNoOtherHoleWhenOnlyTheInnerHoleWasCaptured) {
  // Nsolo: the extra hole comes only "If counters in the inner and outer row are captured": P2's
  // o1 empty, the inner hole alone is taken.
  const Game g(load_ruleset("nsolo/dlp"));
  State s = four_rows(g, {{8, 2}}, {{19, 3}, {5, 6}, {12, 6}, {3, 5}}, 27, 27);
  EXPECT_EQ(g.apply(s, Move{8, false}).captured, 3);
  EXPECT_EQ(s.holes[g.global(1, 5)], 6);
  EXPECT_EQ(s.store, pair(30, 27));
}

TEST(ExtraHoles, MsuwaTakesTwoOtherHolesTheFullestThenTheFullestLeft) {
  // Msuwa: "the player may also capture counters from two other holes on the opponent's side of
  // the board": i8 (local 12, seven) then o6 (local 5, six); o4 (local 3, five) stays.
  const Game g(load_ruleset("msuwa/dlp"));
  State s = four_rows(g, {{8, 2}}, {{19, 3}, {0, 4}, {5, 6}, {12, 7}, {3, 5}}, 25, 22);
  EXPECT_EQ(g.apply(s, Move{8, false}).captured, 3 + 4 + 7 + 6);
  EXPECT_EQ(s.holes[g.global(1, 3)], 5);
  EXPECT_EQ(s.store, pair(45, 22));
  // Fewer holes left than the rule gives: the one left is taken, and nothing more.
  State t = four_rows(g, {{8, 2}}, {{19, 3}, {0, 4}, {5, 6}}, 30, 29);
  EXPECT_EQ(g.apply(t, Move{8, false}).captured, 13);
  EXPECT_EQ(g.counters_total(t), 74);
}

TEST(ExtraHoles, MefuvhaTakesAnotherHoleAfterAnyCapture) {
  // Mefuvha: "The player is also entitled to capture counters in any other hole on the opponent's
  // side" after the inner hole's capture alone (P2's o1 empty). Its 4x16 board: P1's o15 (local
  // 14) sows o16 and i16 (locals 15, 16); i16 faces P2's i1 (local 31) and o1 (local 0).
  const Game g(load_ruleset("mefuvha/dlp"));
  State s = four_rows(g, {{14, 2}}, {{31, 3}, {7, 5}, {9, 1}}, 56, 55);
  EXPECT_EQ(g.apply(s, Move{14, false}).captured, 3 + 5);
  EXPECT_EQ(s.holes[g.global(1, 7)], 0);
  EXPECT_EQ(s.holes[g.global(1, 9)], 1);
  EXPECT_EQ(s.store, pair(64, 55));
}

TEST(ExtraHoles, MefuvhaOpensFromTheThirdInnerHoleFromTheLeftAndCapturesAtOnce) {
  // Mefuvha: "Play always begins with a stylized move, where the counters are taken from the
  // third hole from the left in the inner row, sowing and making captures as described above."
  // P1's i3 (local 29, two) sows i2 (one, now two) and i1 (empty, now one): the facing i16 and
  // o16 of P2 (locals 16 and 15, two each) are taken, and the extra hole, the first of P2's
  // fullest (o1, local 0, two).
  const Game g(load_ruleset("mefuvha/dlp"));
  State s = g.initial_state();
  EXPECT_EQ(legal_locals(g, s), (std::vector<int>{30}));
  EXPECT_EQ(g.apply(s, Move{29, false}).captured, 2 + 2 + 2);
  for (int k : {0, 15, 16}) EXPECT_EQ(s.holes[g.global(1, k)], 0) << k;
  EXPECT_EQ(s.holes[g.global(0, 30)], 2);
  EXPECT_EQ(s.holes[g.global(0, 31)], 1);
  // Each player's first move, as the DLP's code plays it: P2's from his own i3.
  EXPECT_EQ(legal_locals(g, s), (std::vector<int>{30}));
}

TEST(ExtraHoles, TsoroAdditionalCaptureTakesTheAgreedNumberOfHoles) {
  // Tsoro (Additional Capture): "The player then captures again, from the agreed-upon number of
  // extra holes, chosen from any of the opponent's holes." P1's o7 (local 6) sows o8 and i8; i8
  // faces P2's i1 (local 15, three) and o1 (local 0, two). P2's other holes: o3 four, o5 one,
  // i4 (local 12) three. One hole agreed (dlp), two (dlp_two_holes), three (dlp_three_holes).
  const std::vector<std::pair<std::string, int>> agreed = {
      {"tsoro_additional_capture/dlp", 3 + 2 + 4},
      {"tsoro_additional_capture/dlp_two_holes", 3 + 2 + 4 + 3},
      {"tsoro_additional_capture/dlp_three_holes", 3 + 2 + 4 + 3 + 1}};
  for (const auto& [id, captured] : agreed) {
    const Game g(load_ruleset(id));
    State s = four_rows(g, {{6, 2}}, {{15, 3}, {0, 2}, {2, 4}, {4, 1}, {12, 3}}, 9, 8);
    EXPECT_EQ(g.apply(s, Move{6, false}).captured, captured) << id;
    EXPECT_EQ(g.counters_total(s), 32) << id;
  }
}

TEST(ExtraHoles, TheKeysAreRefusedWhereTheyHaveNoMeaning) {
  EXPECT_EQ(refusal("oware/dlp", [](RuleSet& r) { r.extra_holes = 1; }),
            "x.json: rules.extra_holes: are taken after a capture of the facing holes: needs "
            "capture inner_facing");
  EXPECT_EQ(refusal("tsoro/dlp",
                    [](RuleSet& r) {
                      r.extra_holes = 1;
                      r.capture_resow = CaptureResow::kAfterLast;
                    }),
            "x.json: rules.extra_holes: are the capturer's: not with capture_resow, which sows the "
            "captures again");
  EXPECT_EQ(refusal("tsoro/dlp",
                    [](RuleSet& r) {
                      r.extra_holes = 1;
                      r.extra_holes_after = ExtraHolesAfter::kDoubleCapture;
                      r.capture_outer = CaptureOuter::kNone;
                    }),
            "x.json: rules.extra_holes_after: double_capture needs the outer hole taken too "
            "(capture_outer after_inner or always)");
  EXPECT_EQ(refusal("tsoro/dlp",
                    [](RuleSet& r) { r.extra_holes_after = ExtraHolesAfter::kDoubleCapture; }),
            "x.json: rules.extra_holes_after: only has a meaning with extra_holes");
  EXPECT_EQ(refusal("nsolo/dlp", [](RuleSet&) {}), "no error");
}

// --- cap.resow=after_capturing_hole (greedy step 3) ---

// Hus (Damara), Owela (Benguela): 4x12 boards. P1's o11 (local 10, two counters) sows o12 and i12
// (locals 11, 12); i12 faces P2's i1 (local 23) and o1 (local 0).
TEST(ResowAfterLast, HusDamaraSowsTheCapturedPairOnFromTheHoleAfterTheCapturingOne) {
  // Hus (Damara): "If the last counter falls into an occupied hole in the player's inner row, and
  // the opponent's two holes opposite it are occupied, these are captured and sowing continues
  // using these counters beginning at the next hole after the one which caused the capture." The
  // seven taken go into i11..i5 (locals 13..19); i12 keeps its two; the last, in an empty i5,
  // ends the move.
  const Game g(load_ruleset("hus_damara/dlp"));
  EXPECT_EQ(g.opposite(g.global(0, 12)), g.global(1, 23));
  EXPECT_EQ(g.opposite_outer(g.global(0, 12)), g.global(1, 0));
  State s = four_rows(g, {{10, 2}, {12, 1}}, {{23, 3}, {0, 4}, {5, 2}}, 26, 26);
  EXPECT_EQ(g.apply(s, Move{10, false}).captured, 7);
  EXPECT_EQ(s.holes[g.global(0, 11)], 1);
  EXPECT_EQ(s.holes[g.global(0, 12)], 2);
  for (int k = 13; k <= 19; ++k) EXPECT_EQ(s.holes[g.global(0, k)], 1) << k;
  EXPECT_EQ(s.holes[g.global(1, 23)] + s.holes[g.global(1, 0)], 0);
  EXPECT_EQ(s.store, pair(26, 26));  // sown again, not set aside
  EXPECT_EQ(g.counters_total(s), 64);
}

TEST(ResowAfterLast, HusDamaraRelaysWhenOneOfTheTwoOppositeHolesIsEmpty) {
  // Hus (Damara): the capture needs "the opponent's two holes opposite it are occupied"; with
  // P2's o1 empty, "sowing continues by picking up the counters in that hole": i12's two go
  // into i11 and i10 (locals 13, 14).
  const Game g(load_ruleset("hus_damara/dlp"));
  State s = four_rows(g, {{10, 2}, {12, 1}}, {{23, 3}, {5, 2}}, 28, 28);
  EXPECT_EQ(g.apply(s, Move{10, false}).captured, 0);
  EXPECT_EQ(s.holes[g.global(0, 12)], 0);
  EXPECT_EQ(s.holes[g.global(0, 13)] + s.holes[g.global(0, 14)], 2);
  EXPECT_EQ(s.holes[g.global(1, 23)], 3);
}

TEST(ResowAfterLast, OwelaBenguelaNeedsOnlyTheInnerHoleAndTakesTheOuterWhenItHoldsAny) {
  // Owela (Benguela): "Captures are made when the final counter falls into an occupied hole in
  // the inner row, and the opponent's hole opposite contains counters. If it is, they are
  // captured, and if the hole in to outer row opposite also contains counters, these are also
  // captured. These are then sown from the hole following the one from which the capture
  // occurred." P2's o1 empty: his i1's three alone, sown into i11..i9 (locals 13..15).
  const Game g(load_ruleset("owela_benguela/dlp"));
  State s = four_rows(g, {{10, 2}, {12, 1}}, {{23, 3}, {5, 2}}, 30, 30);
  EXPECT_EQ(g.apply(s, Move{10, false}).captured, 3);
  EXPECT_EQ(s.holes[g.global(0, 12)], 2);
  for (int k = 13; k <= 15; ++k) EXPECT_EQ(s.holes[g.global(0, k)], 1) << k;
  EXPECT_EQ(s.holes[g.global(1, 23)], 0);
  // Both facing holes hold counters: both are taken, seven sown on.
  State t = four_rows(g, {{10, 2}, {12, 1}}, {{23, 3}, {0, 4}, {5, 2}}, 28, 28);
  EXPECT_EQ(g.apply(t, Move{10, false}).captured, 7);
  EXPECT_EQ(t.holes[g.global(1, 0)], 0);
  // The inner hole empty: no capture, whatever the outer one holds; i12 is lifted and sown on.
  State u = four_rows(g, {{10, 2}, {12, 1}}, {{0, 4}, {5, 2}}, 30, 29);
  EXPECT_EQ(g.apply(u, Move{10, false}).captured, 0);
  EXPECT_EQ(u.holes[g.global(1, 0)], 4);
  EXPECT_EQ(u.holes[g.global(0, 12)], 0);
}

TEST(ResowAfterLast, TheStartsOfHusDamaraAndMuvalavalaQuiocoAreTheParaphrases) {
  // Hus (Damara): "two counters in the outer row of each players' holes and two counter in each
  // of the four holes on the right hand side of both players' inner row of holes" (i12..i9,
  // locals 12..15).
  const Game hus(load_ruleset("hus_damara/dlp"));
  const State s = hus.initial_state();
  for (int k = 0; k < 24; ++k) EXPECT_EQ(s.holes[hus.global(1, k)], k < 16 ? 2 : 0) << k;
  EXPECT_EQ(hus.counters_total(s), 64);
  // Muvalavala (Quioco) on 4x6: 22 counters a player, "one in every hole, except the one on the
  // extreme left in the inner and outer hole": o1 (local 0) twelve, i1 (local 11) empty.
  const Game mq(load_ruleset("muvalavala_quioco/dlp"));
  const State t = mq.initial_state();
  EXPECT_EQ(t.holes[mq.global(0, 0)], 12);
  EXPECT_EQ(t.holes[mq.global(0, 11)], 0);
  EXPECT_EQ(t.holes[mq.global(0, 5)], 1);
  EXPECT_EQ(mq.counters_total(t), 44);
}

TEST(ResowAfterLast, TheKeysAreRefusedWithoutTheResownPairCapture) {
  EXPECT_EQ(
      refusal("tsoro/dlp", [](RuleSet& r) { r.resow_pair_takes = ResowPairTakes::kInnerOccupied; }),
      "x.json: rules.resow_pair_takes: only has a meaning with capture resow_opposite_pair");
  EXPECT_EQ(refusal("tsoro/dlp", [](RuleSet& r) { r.resow_pair_from = ResowPairFrom::kAfterLast; }),
            "x.json: rules.resow_pair_from: only has a meaning with capture resow_opposite_pair");
  EXPECT_EQ(refusal("owela_benguela/dlp", [](RuleSet&) {}), "no error");
}

// --- start.opening_phase=stylised_rearrangement (greedy step 8) ---

TEST(StylisedOpening, NjombwaOneCounterStartsFromTheStylisedMovesPlayedOut) {
  // Njombwa (One Counter): "The players start by each making a stylised move. Sowing begins from
  // the rightmost hole in the outer row. When the final counter lands in an occupied hole, these
  // counters are picked up and sowing continues. When the sowing reaches the hole immediately
  // before the one from which the sowing began (...), these two counters are picked up and both
  // placed in the rightmost hole in the outer row. The player then removes the two counters in
  // the second-to-right hole in the inner row from the board." Played by the engine on the board
  // of one counter a hole: o8 (local 7) and the relays from i8, i6, i4, i2, o1, o3 and o5 are
  // eight sowings, the last ending in o7 (local 6, now two); stopped there, o7's two go to o8
  // and i7's (local 9) leave the board. The result is the ruleset's start, each side alike.
  RuleSet r = load_ruleset("njombwa_one_counter/dlp");
  r.start_layout.clear();
  r.singletons_last_resort = false;
  r.single_into_empty_only = false;
  r.max_sowings_per_move = 8;
  finalize(r, "x.json");
  const Game g(r);
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, Move{7, false});
  EXPECT_EQ(fx.sowings, 8);
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(s.holes[g.global(0, 6)], 2);
  EXPECT_EQ(s.holes[g.global(0, 9)], 2);
  s.holes[g.global(0, 7)] = static_cast<Count>(s.holes[g.global(0, 7)] + 2);
  s.holes[g.global(0, 6)] = 0;
  s.holes[g.global(0, 9)] = 0;
  const Game njombwa(load_ruleset("njombwa_one_counter/dlp"));
  const State start = njombwa.initial_state();
  for (int k = 0; k < 16; ++k) {
    EXPECT_EQ(s.holes[g.global(0, k)], start.holes[njombwa.global(0, k)]) << k;
    EXPECT_EQ(start.holes[njombwa.global(1, k)], start.holes[njombwa.global(0, k)]) << k;
  }
  EXPECT_EQ(njombwa.counters_total(start), 28);
}

// --- turn.race_opening (greedy step 9) ---

TEST(RaceOpening, TheFirstToFinishTheSimultaneousOpeningMovesFirstAfterIt) {
  // Mewelad: "Play begins with a simultaneous racing move, where players attempt to be the first
  // to drop the final counter of their sowing into an empty hole" (after_joint_opening
  // first_to_finish; Mewelad itself also needs holes changing owner between rounds, which the
  // engine lacks). On Tsoro's board with a simultaneous opening: P1's o1 relays from o3 and o6
  // and ends in his empty i8 after 2 + 3 + 3 drops; P2's o7 ends in his empty i8 after 2. P2
  // finished first, at tick 2, and moves first once turns alternate; by default (first_player)
  // P1, the round's starter, does.
  RuleSet r = load_ruleset("tsoro/dlp");
  r.turns = Turns::kSimultaneousOpening;
  for (const auto after : {AfterJointOpening::kFirstPlayer, AfterJointOpening::kFirstToFinish}) {
    r.after_joint_opening = after;
    finalize(r, "x.json");
    const Game g(r);
    State s = g.initial_state();
    JointMove jm;
    jm.move = {Move{0, false}, Move{6, false}};
    jm.plays = {true, true};
    const JointEffect fx = g.apply_joint(s, jm);
    EXPECT_EQ(fx.ended_at, (std::array<int, 2>{8, 2}));
    EXPECT_EQ(s.holes[g.global(0, 8)], 1);
    EXPECT_EQ(s.holes[g.global(1, 8)], 1);
    EXPECT_FALSE(g.joint_turn(s));
    EXPECT_EQ(s.to_move, after == AfterJointOpening::kFirstToFinish ? 1 : 0);
  }
  EXPECT_EQ(
      refusal("tsoro/dlp",
              [](RuleSet& t) { t.after_joint_opening = AfterJointOpening::kFirstToFinish; }),
      "x.json: rules.after_joint_opening: only has a meaning with turns simultaneous_opening");
  EXPECT_EQ(refusal("otep/beaton_1939",
                    [](RuleSet& t) {
                      t.after_joint_opening = AfterJointOpening::kFirstToFinish;
                      t.resolution = Resolution::kSequentialRandom;
                    }),
            "x.json: rules.after_joint_opening: first_to_finish is a race of moves sown at once: "
            "it needs resolution lockstep or lockstep_random");
}

}  // namespace
}  // namespace mancala::sim
