// Where a sown store lies (store_side, issue 37), and the re-sowing of Nsumbi's captures: one test
// per text, on hand-computed positions. Rows are written from their owner's left: player 1's hole
// h is global h-1, player 2's is H+h-1. Clockwise, a player sows from his hole h towards his hole
// 1, at his left end; a store at his left comes next, then the opponent's row from the
// opponent's hole H (at the first player's left) down to his hole 1.
#include <gtest/gtest.h>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::hole;
using board_testing::pair;

using Row7 = std::array<int, 7>;
using Row6 = std::array<int, 6>;

template <std::size_t H>
State position(const Game& g, const std::array<int, H>& p1, const std::array<int, H>& p2,
               int store1, int store2, int to_move = 0) {
  return board_testing::position(g, p1, p2,
                                 {store1, store2, to_move, 10, g.rules().total_counters});
}

TEST(StoreSide, SungkasFirstMoveFromTheRightmostHoleEndsInTheStoreAtHisLeftWithAnotherMove) {
  // Sungka: "Each player owns the store to their left. ... sow them in a clockwise direction
  // ... If the last counter falls into the player's store, the player may sow counters from
  // another hole on their side." Hole 7's seven counters go into his 6..1, the seventh into his
  // store. (Before issue 37 the store was at his right: the seventh fell into P2's hole 7.)
  const Game g(load_ruleset("sungka"));
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, hole(7));
  board_testing::expect_board<7>(s, {8, 8, 8, 8, 8, 8, 0}, {7, 7, 7, 7, 7, 7, 7}, 1, 0);
  EXPECT_TRUE(fx.extra_move);
  EXPECT_EQ(fx.last_pos, kStorePos);
  EXPECT_EQ(s.to_move, 0);
}

TEST(StoreSide, ASungkaSowingPastTheStoreGoesOnIntoTheOpponentsRowFromHisRightmostHole) {
  // Player 1's hole 7 with nine counters: his 6..1, his store, then player 2's hole 7 (at player
  // 1's left) and 6; the last falls into an occupied hole and is sown on ("If the last counter
  // drops into an occupied hole on either side of the board, the counters are picked up"): P2's
  // 6 (2) goes into his 5 and 4, the last in P2's empty 4: the move ends.
  const Game g(load_ruleset("sungka"));
  State s = position<7>(g, {1, 1, 1, 1, 1, 1, 9}, {1, 1, 0, 0, 0, 1, 1}, 40, 39);
  const MoveEffect fx = g.apply(s, hole(7));
  board_testing::expect_board<7>(s, {2, 2, 2, 2, 2, 2, 0}, {1, 1, 0, 1, 1, 0, 2}, 41, 39);
  EXPECT_FALSE(fx.extra_move);
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(s.to_move, 1);
}

TEST(StoreSide, ThePlayerTwoStoreIsAtHisLeftToo) {
  // "Players include their own store when sowing but ignore their opponent's store": player 2's
  // hole 2 (2) goes into his 1 and his store, at his left (player 1's right).
  const Game g(load_ruleset("sungka"));
  State s = position<7>(g, {8, 1, 1, 1, 1, 1, 1}, {0, 2, 1, 1, 1, 1, 0}, 40, 38, 1);
  const MoveEffect fx = g.apply(s, hole(2));
  board_testing::expect_board<7>(s, {8, 1, 1, 1, 1, 1, 1}, {1, 0, 1, 1, 1, 1, 0}, 40, 39);
  EXPECT_TRUE(fx.extra_move);
  EXPECT_EQ(fx.last_pos, kStorePos + 1);
  EXPECT_EQ(s.to_move, 1);
}

TEST(StoreSide, ChongkasLastCounterInTheStoreAtHisLeftEndsTheTurn) {
  // Chongka': "sowing in a clockwise direction, and including the player's store, which is to the
  // left"; the relay is only from "an occupied hole (not a store)" and no extra move is read.
  const Game g(load_ruleset("chongka"));
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, hole(7));
  board_testing::expect_board<7>(s, {8, 8, 8, 8, 8, 8, 0}, {7, 7, 7, 7, 7, 7, 7}, 1, 0);
  EXPECT_FALSE(fx.extra_move);
  EXPECT_EQ(s.to_move, 1);
  // chongka/store_extra_move reads another move there.
  const Game other(load_ruleset("chongka/store_extra_move"));
  State t = other.initial_state();
  EXPECT_TRUE(other.apply(t, hole(7)).extra_move);
  EXPECT_EQ(t.store, pair(1, 0));
}

TEST(StoreSide, ChungcajonSowsIntoTheStoreOnHisLeftAndTheTurnEndsThere) {
  // Chungcajon: "in a clockwise direction, and sow into the store on their left, but not the one
  // on the right. ... When the final counter lands in the store, the turn ends."
  const Game g(load_ruleset("chungcajon"));
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, hole(7));
  board_testing::expect_board<7>(s, {8, 8, 8, 8, 8, 8, 0}, {7, 7, 7, 7, 7, 7, 7}, 1, 0);
  EXPECT_FALSE(fx.extra_move);
  EXPECT_EQ(s.to_move, 1);
}

TEST(StoreSide, MainChongkaksStoreIsAtHisLeftAndEndingThereGivesAnotherMove) {
  // Main Chongkak: "A player's store is the store to their left. ... Counters are sowed
  // clockwise ... If play ends in the store, they can then take counters from any of their holes
  // and sow again." Hole 6's six counters: his 5..1 and his store.
  const Game g(load_ruleset("main_chongkak"));
  State s = g.initial_state();
  const MoveEffect fx = g.apply(s, hole(6));
  board_testing::expect_board<6>(s, {7, 7, 7, 7, 7, 0}, {6, 6, 6, 6, 6, 6}, 1, 0);
  EXPECT_TRUE(fx.extra_move);
  EXPECT_EQ(s.to_move, 0);
}

TEST(StoreSide, ChonkasStoreFollowsTheRowInTheDirectionOfSowing) {
  // Chonka: "Sowing includes the player's store, which is the store following the last hole in
  // the player's row, according to the direction of sowing. ... When the final counter falls into
  // the player's store, the turn ends." Anticlockwise, hole 1 (7) reaches his 2..7 and the store
  // at his right; clockwise, hole 7 reaches his 6..1 and the store at his left.
  const Game anticlockwise(load_ruleset("chonka/dlp"));
  State s = anticlockwise.initial_state();
  anticlockwise.apply(s, hole(1));
  board_testing::expect_board<7>(s, {0, 8, 8, 8, 8, 8, 8}, {7, 7, 7, 7, 7, 7, 7}, 1, 0);
  EXPECT_EQ(s.to_move, 1);
  const Game clockwise(load_ruleset("chonka/clockwise"));
  EXPECT_EQ(clockwise.rules().store_at, StoreSide::kLeft);
  State t = clockwise.initial_state();
  clockwise.apply(t, hole(7));
  board_testing::expect_board<7>(t, {8, 8, 8, 8, 8, 8, 0}, {7, 7, 7, 7, 7, 7, 7}, 1, 0);
  EXPECT_EQ(t.to_move, 1);
}

TEST(StoreSide, AStoreAtTheRightStillComesAfterTheOpponentsRowWhenSowingClockwise) {
  // store_side right (the default, every ruleset's store before the key) in a clockwise game:
  // hole 7 sows his 6..1, then P2's 7 (at his left), empty: the store is passed by.
  RuleSet r = load_ruleset("chungcajon");
  r.store_side = StoreSide::kRight;
  finalize(r, "test");
  const Game g(r);
  State s = position<7>(g, {1, 1, 1, 1, 1, 1, 7}, {7, 7, 7, 7, 7, 7, 0}, 22, 21);
  g.apply(s, hole(7));
  board_testing::expect_board<7>(s, {2, 2, 2, 2, 2, 2, 0}, {7, 7, 7, 7, 7, 7, 1}, 22, 21);
}

TEST(StoreSide, KalahsStoreAfterItsRowIsTheStoreAtItsRight) {
  // Kalah, "into the following holes and his own store": store_side after_row, anticlockwise,
  // resolves to the right, the board every Kalah ruleset always had; sown clockwise (the
  // leave-one-out's direction row) it is the same game seen in a mirror: hole 6 with four
  // reaches the store with the third counter from hole 3, as hole 1 does anticlockwise.
  const RuleSet kalah = load_ruleset("kalah");
  EXPECT_EQ(kalah.store_side, StoreSide::kAfterRow);
  EXPECT_EQ(kalah.store_at, StoreSide::kRight);
  RuleSet mirrored = kalah;
  mirrored.direction = Direction::kClockwise;
  finalize(mirrored, "test");
  EXPECT_EQ(mirrored.store_at, StoreSide::kLeft);
  const Game g(kalah), m(mirrored);
  State s = g.initial_state(), t = m.initial_state();
  EXPECT_TRUE(g.apply(s, hole(3)).extra_move);
  EXPECT_TRUE(m.apply(t, hole(4)).extra_move);
  board_testing::expect_board<6>(s, {4, 4, 0, 5, 5, 5}, {4, 4, 4, 4, 4, 4}, 1, 0);
  board_testing::expect_board<6>(t, {5, 5, 5, 0, 4, 4}, {4, 4, 4, 4, 4, 4}, 1, 0);
}

TEST(StoreSide, TheKeyIsRefusedWhereItHasNoMeaning) {
  RuleSet beside = load_ruleset("toguz_kumalak");
  beside.store_side = StoreSide::kLeft;
  EXPECT_EQ(test_support::error_of([&] { finalize(beside, "t.json"); }),
            "t.json: rules.store_side: left only has a meaning with stores sown");
  // after_row only says where a store on the path would be: a reading of Kalah without stores
  // keeps it.
  RuleSet unsown = load_ruleset("kalah");
  unsown.stores = StoreMode::kNone;
  unsown.store_extra_move = false;
  EXPECT_EQ(test_support::error_of([&] { finalize(unsown, "t.json"); }), "(no error)");
  RuleSet halves = load_ruleset("kalah");
  halves.direction = Direction::kByHalf;
  EXPECT_EQ(test_support::error_of([&] { finalize(halves, "t.json"); }),
            "t.json: rules.store_side: after_row needs one direction of sowing: not with "
            "direction by_half");
}

TEST(RulesHash, AKeyAddedLaterChangesNoHashWhereItDoesNotAct) {
  // Issue 37: the keys added after the hash was defined are hashed only where they act, so the
  // rulesets that do not use them keep the hash their stored runs and play-tests were made with.
  const RuleSet toguz = load_ruleset("toguz_kumalak");
  EXPECT_FALSE(hashed_rules(toguz).contains("store_side"));
  EXPECT_FALSE(hashed_rules(toguz).contains("resow_pair_from"));
  EXPECT_FALSE(hashed_rules(toguz).contains("in_hand"));              // issue 38: Bao's keys
  EXPECT_FALSE(hashed_rules(toguz).contains("capture_with_facing"));  // issue 38
  EXPECT_FALSE(hashed_rules(toguz).contains("singletons_end"));
  // and resow_pair_ends_move, plays_as; issue 38's resow_pair_takes, extra_holes,
  // extra_holes_after, after_joint_opening, must_capture, end_on_empty_inner_row; bao2's house,
  // house_stop, kichwa_inward, big_hole, no_capture_duty, takasa, end_mid_sowing,
  // inner_row_first, later_captures_need_first, enter_empty; fourrow2's optional_stop_holes,
  // extra_holes_spare_stops, locked_end_holes; ethiopia's stylised_opening, opening_lift,
  // fours_last_relays, fours_extra_move, left_to; fourrow1's start_holes, direction_chosen_once,
  // inner_facing_when; tworow's after_empty_chain, empty_opponent_hole_to_opponent,
  // facing_counts, sown_capture_last, short_holes_locked; ownership's hole_ownership,
  // odd_hole_tie
  EXPECT_FALSE(hashed_rules(toguz).contains("optional_stop_holes"));
  EXPECT_FALSE(hashed_rules(toguz).contains("start_holes"));
  EXPECT_FALSE(hashed_rules(toguz).contains("after_empty_chain"));
  EXPECT_FALSE(hashed_rules(toguz).contains("hole_ownership"));
  EXPECT_EQ(hashed_rules(toguz).size(), rules_to_json(toguz).size() - 45);
  // Kalah's after_row is the right-hand store it always had: the same hash as the default.
  RuleSet kalah = load_ruleset("kalah");
  const std::string hash = rules_hash(kalah);
  kalah.store_side = StoreSide::kRight;
  finalize(kalah, "test");
  EXPECT_EQ(rules_hash(kalah), hash);
  // A store at the left acts: another hash.
  kalah.store_side = StoreSide::kLeft;
  finalize(kalah, "test");
  EXPECT_NE(rules_hash(kalah), hash);
  EXPECT_EQ(hashed_rules(kalah)["store_side"], "left");
}

// --- Nsumbi's captures sown again ---

// A four-row side: local holes 0..2N-1 along the anticlockwise path (outer row from the left,
// then inner row from the right).
State nsumbi_position(const Game& g, const std::vector<std::pair<int, int>>& p1,
                      const std::vector<std::pair<int, int>>& p2) {
  State s = g.initial_state();
  s.holes.fill(0);
  int on_board = 0;
  for (const auto& [k, n] : p1) s.holes[g.global(0, k)] = static_cast<uint8_t>(n);
  for (const auto& [k, n] : p2) s.holes[g.global(1, k)] = static_cast<uint8_t>(n);
  for (int pos = 0; pos < g.rules().total_holes; ++pos) on_board += s.holes[pos];
  s.aside = pair(0, 0);
  s.store = pair(g.rules().total_counters - on_board, 0);
  s.ply = 10;
  return s;
}

TEST(NsumbiResow, TheCapturesAreSownFromTheFirstHoleReachedAndTheMoveGoesOn) {
  // nsumbi/dlp: "these are captured and sown in the player's rows starting from the same hole
  // that the previous sowing began", read as Otep's capture: from the first hole the capturing
  // sowing dropped into. P1's o8 (local 7, 2) sows i8 and i7 (local 8, 9); i7 held 1: its last
  // counter makes it hold 2, in his inner row, facing P2's i2 (local 14, 1) and o2 (local 1, 2).
  // The three are sown from i8: i8, i7, i6 (local 10, empty): the move ends there.
  const Game g(load_ruleset("nsumbi/dlp"));
  EXPECT_EQ(g.opposite(g.global(0, 9)), g.global(1, 14));
  EXPECT_EQ(g.opposite_outer(g.global(0, 9)), g.global(1, 1));
  State s = nsumbi_position(g, {{7, 2}, {9, 1}, {0, 2}}, {{14, 1}, {1, 2}, {4, 2}});
  const MoveEffect fx = g.apply(s, Move{7, false});
  EXPECT_EQ(fx.by_rule, 3);
  EXPECT_EQ(s.holes[g.global(0, 7)], 0);
  EXPECT_EQ(s.holes[g.global(0, 8)], 2);
  EXPECT_EQ(s.holes[g.global(0, 9)], 3);
  EXPECT_EQ(s.holes[g.global(0, 10)], 1);
  EXPECT_EQ(s.holes[g.global(1, 14)] + s.holes[g.global(1, 1)], 0);
}

TEST(NsumbiResow, TheDlpCodeSowsTheCapturesFromTheOriginAndEndsTheTurn) {
  // nsumbi/origin_resow, as the DLP's code plays the same sentence: the three go into o8 (the
  // emptied origin), i8 and i7, and the turn ends there, though the last counter fell into an
  // occupied hole (i7, 3 now) that the relay would pick up.
  const Game g(load_ruleset("nsumbi/origin_resow"));
  State s = nsumbi_position(g, {{7, 2}, {9, 1}, {0, 2}}, {{14, 1}, {1, 2}, {4, 2}});
  const MoveEffect fx = g.apply(s, Move{7, false});
  EXPECT_EQ(fx.by_rule, 3);
  EXPECT_EQ(fx.sowings, 2);
  EXPECT_EQ(s.holes[g.global(0, 7)], 1);
  EXPECT_EQ(s.holes[g.global(0, 8)], 2);
  EXPECT_EQ(s.holes[g.global(0, 9)], 3);
  EXPECT_EQ(s.holes[g.global(0, 10)], 0);
  EXPECT_EQ(s.to_move, 1);
}

}  // namespace
}  // namespace mancala::sim
