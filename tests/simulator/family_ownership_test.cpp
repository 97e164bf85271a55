// Issue 38, branch ownership: holes that change owner between the rounds of a match (greedy step
// 1, match.hole_ownership): one test per sentence of a game's DLP rules paraphrase the keys
// implement, on hand-computed positions of its ruleset. 2x6 boards: player 1's holes 1..6 are
// global 0..5 from his left, player 2's global 6..11 from his; sowing anticlockwise, player 1's
// path runs 0..11, player 2's 6..11 then 0..5. A move of a hole a player owns in the opponent's
// row is numbered on from his own: player 1's move 7 is player 2's hole 1 (global 6).
#include <gtest/gtest.h>

#include <set>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/match.h"
#include "simulator/ownership.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using board_testing::legal_holes;
using board_testing::pair;

// finalize's message for rules changed from a shipped ruleset ("no error" when it accepts them).
template <class F>
std::string refusal(const std::string& id, F&& change) {
  RuleSet r = load_ruleset(id);
  change(r);
  return test_support::thrown_message<RuleError>([&] { finalize(r, "x.json"); }, "no error");
}

constexpr HoleBits bit(int pos) { return HoleBits{1} << pos; }

// A position of a round in which `ceded` holes changed owner: holes and stores as given (player 1's
// row then player 2's), player `to_move` to move past the opening.
State owned_position(const Game& g, const std::array<int, 12>& holes, HoleBits ceded, int store1,
                     int store2, int to_move = 0) {
  State s = g.initial_state();
  for (int pos = 0; pos < 12; ++pos) s.holes[pos] = static_cast<Count>(holes[pos]);
  s.store = pair(store1, store2);
  s.ceded = static_cast<uint16_t>(ceded);
  s.to_move = static_cast<uint8_t>(to_move);
  s.ply = 10;
  s.round = 1;
  EXPECT_EQ(g.counters_total(s), g.rules().total_counters) << "hand-made position";
  return s;
}

// --- Rio Kadalis (DLP.Ruleset.369) ---

class RioKadalis : public ::testing::Test {
 protected:
  const Game game{load_ruleset("rio_kadalis/dlp")};
};

TEST_F(RioKadalis, HolesOwnedAreTheHoldingsInFoursAThreeGainingAHole) {
  // "The player with more counters gains a hole from their opponent for every four extra balls
  // they've captured. If an opponent has three extra after counting in such a way, they also gain
  // a hole, but not if there are one or two extra."
  const RuleSet& r = game.rules();
  EXPECT_EQ(holes_owned(r, {28, 20}, 6), 7);  // four extra: one hole
  EXPECT_EQ(holes_owned(r, {36, 12}, 6), 9);  // twelve extra: three
  EXPECT_EQ(holes_owned(r, {27, 21}, 6), 7);  // 6 fours and three extra: a seventh hole
  EXPECT_EQ(holes_owned(r, {21, 27}, 6), 5);  // the same for player 2
  EXPECT_EQ(holes_owned(r, {25, 23}, 6), 6);  // one extra gains nothing; the other's three do
  EXPECT_EQ(holes_owned(r, {24, 24}, 7), 6);  // no remainder: six each, whoever owned more
  // Two extra each: nobody gains the hole both fill; it stays with its owner (odd_hole_tie keep).
  EXPECT_EQ(holes_owned(r, {26, 22}, 6), 6);
  EXPECT_EQ(holes_owned(r, {26, 22}, 7), 7);
  EXPECT_EQ(holes_owned(r, {22, 26}, 5), 5);
  EXPECT_EQ(holes_owned(r, {22, 26}, 6), 6);
}

TEST_F(RioKadalis, HolesGainedAreTheOpponentsNextAfterTheRowAlongTheSowing) {
  // The reading's assumption: the gainer owns his row and the opponent's holes that come next
  // after it along his sowing (player 1: player 2's holes 1, 2...; player 2: player 1's 1, 2...).
  EXPECT_EQ(ceded_holes(game, 6), HoleBits{0});
  EXPECT_EQ(ceded_holes(game, 7), bit(6));
  EXPECT_EQ(ceded_holes(game, 9), bit(6) | bit(7) | bit(8));
  EXPECT_EQ(ceded_holes(game, 4), bit(0) | bit(1));
  State s = game.initial_state();
  s.ceded = static_cast<uint16_t>(ceded_holes(game, 9));
  EXPECT_EQ(owned_by_first(game, s), 9);
  s.ceded = static_cast<uint16_t>(ceded_holes(game, 4));
  EXPECT_EQ(owned_by_first(game, s), 4);
  EXPECT_EQ(game.owner_in(s, 0), 1);
  EXPECT_EQ(game.owner_in(s, 2), 0);
}

TEST_F(RioKadalis, APlayerSowsFromTheHolesHeOwnsOnly) {
  // "gains a hole from their opponent": player 1 owns player 2's hole 1 (his move 7), player 2
  // no longer sows from it.
  State s = owned_position(game, {1, 0, 0, 0, 0, 2, 5, 0, 3, 0, 0, 0}, bit(6), 20, 17);
  EXPECT_EQ(legal_holes(game, s), (std::vector<int>{1, 6, 7}));
  s.to_move = 1;
  EXPECT_EQ(legal_holes(game, s), (std::vector<int>{3}));
  // Player 1 sows his move 7 (player 2's hole 1, five counters) on along the board: player 2's
  // holes 2..6; the last falls into his empty hole 6, and the turn ends ("When the sowing ends
  // in an empty hole, the turn ends.").
  s.to_move = 0;
  const MoveEffect fx = game.apply(s, Move{6, false});
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(s.holes[6], 0);
  for (int pos : {7, 9, 10, 11}) EXPECT_EQ(s.holes[pos], 1) << pos;
  EXPECT_EQ(s.holes[8], 4 - 4) << "a four made in player 2's hole 3 goes to him at once";
  EXPECT_EQ(s.store, pair(20, 21));
}

TEST_F(RioKadalis, AFourInAGainedHoleGoesToItsOwner) {
  // "During sowing, the contents of any hole made to contain four counters are captured by the
  // player in whose row the hole is located": player 2's hole 1, owned by player 1, is made four
  // by player 1's sowing of his hole 5 (three counters: his 6, player 2's 1 and 2); player 1 takes
  // it, and the last counter, in an empty hole, ends the move.
  State s = owned_position(game, {2, 0, 0, 0, 3, 0, 3, 0, 1, 0, 0, 0}, bit(6), 20, 19);
  const MoveEffect fx = game.apply(s, Move{4, false});
  EXPECT_EQ(fx.captured, 4);
  EXPECT_EQ(fx.fours[0], 4);
  EXPECT_EQ(s.holes[6], 0);
  EXPECT_EQ(s.holes[5], 1);
  EXPECT_EQ(s.holes[7], 1);
  EXPECT_EQ(s.store, pair(24, 19));
  // Player 2's sowing of his hole 6 (eight counters: player 1's row, then player 2's holes 1
  // and 2) makes the same hole four before its end: it is player 1's (its owner), not the
  // sower's; the last counter, in an empty hole, ends the move.
  State t = owned_position(game, {0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 8}, bit(6), 20, 17, 1);
  EXPECT_EQ(legal_holes(game, t), (std::vector<int>{6}));
  const MoveEffect other = game.apply(t, Move{5, false});
  EXPECT_EQ(other.opponent_captured, 4);
  EXPECT_EQ(t.store, pair(24, 17));
  for (int pos = 0; pos < 6; ++pos) EXPECT_EQ(t.holes[pos], 1) << pos;
  EXPECT_EQ(t.holes[6], 0);
  EXPECT_EQ(t.holes[7], 1);
}

TEST_F(RioKadalis, APlayerWithoutCountersInHisHolesCannotMoveAndTheOtherTakesTheRest) {
  // "Play continues until one player cannot move, and the other player captures the remaining
  // counters." Player 1 sows his hole 5 (one counter) into his empty hole 6: the move ends.
  // Player 2's row holds two counters, in his hole 1, which player 1 owns: player 2 has no move,
  // and player 1 takes what is left, his gained hole's too.
  State s = owned_position(game, {0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0}, bit(6), 25, 20);
  game.apply(s, Move{4, false});
  board_testing::expect_over(s, EndReason::kRule);
  EXPECT_EQ(s.rule_end, RuleEnd::kNoMove);
  EXPECT_EQ(s.store, pair(28, 20));
  for (int pos = 0; pos < 12; ++pos) EXPECT_EQ(s.holes[pos], 0) << pos;
}

TEST_F(RioKadalis, TheNextRoundIsDealtFourAHoleTheHoldingsSayingWhoOwnsWhich) {
  // "A second round is played, each player placing four counters into each hole ... The player
  // with more counters gains a hole from their opponent for every four extra balls they've
  // captured."
  MatchState m;
  State s = start_match(game, m);
  s.holes.fill(0);
  s.store = pair(28, 20);
  s.over = true;
  s.reason = EndReason::kRule;
  s.rule_end = RuleEnd::kNoMove;
  s.winner = 0;
  finish_round(game, m, s);
  Rng rng(1, 0);
  ASSERT_TRUE(next_round(game, m, s, rng));
  for (int pos = 0; pos < 12; ++pos) EXPECT_EQ(s.holes[pos], 4) << pos;
  EXPECT_EQ(s.ceded, bit(6));
  EXPECT_EQ(s.store, pair(0, 0));
  EXPECT_EQ(s.to_move, 1);  // the starters alternate
  EXPECT_EQ(legal_holes(game, s), (std::vector<int>{2, 3, 4, 5, 6}));
}

TEST_F(RioKadalis, TheMatchEndsWhenOnePlayerOwnsEveryHole) {
  // "Play continues in several rounds like this until one player captures all the holes."
  int8_t winner = kNobody;
  RuleEnd by = RuleEnd::kNone;
  EXPECT_TRUE(match_end_reached(game, {47, 1}, winner, &by, 11));  // 11 fours and three: 12
  EXPECT_EQ(winner, 0);
  EXPECT_EQ(by, RuleEnd::kMatchEnd);
  EXPECT_TRUE(match_end_reached(game, {0, 48}, winner, &by, 1));
  EXPECT_EQ(winner, 1);
  // Two extra each: the hole both fill stays with player 2, who owned it: the match goes on.
  EXPECT_FALSE(match_end_reached(game, {46, 2}, winner, &by, 11));
  EXPECT_FALSE(match_end_reached(game, {45, 3}, winner, &by, 11));
}

// --- Whyo (DLP.Ruleset.229) ---

class Whyo : public ::testing::Test {
 protected:
  const Game game{load_ruleset("whyo/dlp")};
};

TEST_F(Whyo, TheWinnerOfARoundGainsTheNextHoleOfTheOpponentsRow) {
  // "A new round begins: The winner of the previous round now owns seven holes - the six in his
  // row and the next hole in the opponent's row." Each round won gains one more (the reading);
  // a drawn round changes nothing.
  const RuleSet& r = game.rules();
  EXPECT_EQ(holes_owned(r, {30, 18}, 6), 7);
  EXPECT_EQ(holes_owned(r, {18, 30}, 6), 5);
  EXPECT_EQ(holes_owned(r, {18, 30}, 7), 6);
  EXPECT_EQ(holes_owned(r, {24, 24}, 7), 7);
  MatchState m;
  State s = start_match(game, m);
  s.holes.fill(0);
  s.store = pair(30, 18);
  s.over = true;
  s.reason = EndReason::kRule;
  s.rule_end = RuleEnd::kNoMove;
  s.winner = 0;
  finish_round(game, m, s);
  Rng rng(1, 0);
  ASSERT_TRUE(next_round(game, m, s, rng));
  EXPECT_EQ(s.ceded, bit(6));  // player 2's hole 1: next after player 1's row along his sowing
  for (int pos = 0; pos < 12; ++pos) EXPECT_EQ(s.holes[pos], 4) << pos;
  s.to_move = 0;
  EXPECT_EQ(legal_holes(game, s), (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
  s.to_move = 1;
  EXPECT_EQ(legal_holes(game, s), (std::vector<int>{2, 3, 4, 5, 6}));
}

TEST_F(Whyo, AFourTheLastCounterMakesInTheExtraHoleIsTheMovers) {
  // "Sowing ends when the last counter falls into a hole, making it contain four counters, which
  // are taken." ("Player takes fours from the extra hole."): player 1's last counter makes his
  // extra hole (player 2's hole 1) four; he takes it and the move ends.
  State s = owned_position(game, {0, 0, 0, 0, 0, 1, 3, 0, 0, 2, 0, 0}, bit(6), 22, 20);
  const MoveEffect fx = game.apply(s, Move{5, false});
  EXPECT_EQ(fx.captured, 4);
  EXPECT_EQ(s.holes[6], 0);
  EXPECT_EQ(s.store, pair(26, 20));
  EXPECT_EQ(s.to_move, 1);
}

TEST_F(Whyo, TheMatchEndsWhenOnePlayerOwnsEveryHole) {
  // The reading's end of the match (the paraphrase gives none): a player owning eleven holes who
  // wins another round owns all twelve.
  int8_t winner = kNobody;
  EXPECT_TRUE(match_end_reached(game, {30, 18}, winner, nullptr, 11));
  EXPECT_EQ(winner, 0);
  EXPECT_FALSE(match_end_reached(game, {18, 30}, winner, nullptr, 11));
  EXPECT_TRUE(match_end_reached(game, {18, 30}, winner, nullptr, 1));
  EXPECT_EQ(winner, 1);
}

// --- Mewelad (DLP.Ruleset.343) ---

class Mewelad : public ::testing::Test {
 protected:
  const Game game{load_ruleset("mewelad/dlp")};
};

TEST_F(Mewelad, ThreeExtraGainTheHole) {
  // "the player who has more than their original number takes ownership of one of the
  // opponent's holes for every four counters more than the original number that have been
  // taken. If no player took four more than the original, the player with three extra gets the
  // hole."
  EXPECT_EQ(holes_owned(game.rules(), {32, 16}, 6), 8);
  EXPECT_EQ(holes_owned(game.rules(), {27, 21}, 6), 7);
  EXPECT_EQ(holes_owned(game.rules(), {21, 27}, 6), 5);
}

TEST_F(Mewelad, EveryRoundOpensWithTheRaceFromTheHolesEachOwns) {
  // "Play begins with a simultaneous racing move, where players attempt to be the first to drop
  // the final counter of their sowing into an empty hole." "Play then begins again as before."
  // In a later round player 1 races from his gained hole (player 2's hole 1, his move 7: two
  // counters, into player 2's empty holes 2 and 3, two ticks); player 2 from his hole 4 (one
  // counter into his empty hole 5, one tick). Player 2 finished first and moves first after it.
  State s = owned_position(game, {1, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0}, bit(6), 22, 22);
  s.ply = 0;
  ASSERT_TRUE(game.joint_turn(s));
  MoveList moves;
  game.legal_moves(s, 1, moves);
  ASSERT_EQ(moves.size, 1);
  EXPECT_EQ(moves[0].hole, 3);
  JointMove jm;
  jm.move = {Move{6, false}, Move{3, false}};
  jm.plays = {true, true};
  const JointEffect fx = game.apply_joint(s, jm);
  EXPECT_EQ(fx.ended_at, (std::array<int, 2>{2, 1}));
  EXPECT_EQ(s.holes[7], 1);
  EXPECT_EQ(s.holes[8], 1);
  EXPECT_EQ(s.holes[10], 1);
  EXPECT_FALSE(game.joint_turn(s));
  EXPECT_EQ(s.to_move, 1);
}

// --- J'erin (DLP.Ruleset.230) ---

class JErin : public ::testing::Test {
 protected:
  const Game game{load_ruleset("j_erin/dlp")};
};

TEST_F(JErin, AFourInAHoleCapturedFromTheOpponentIsTheOwnersOnly) {
  // "If at any point in the sowing a hole in the player's own row is made to contain four
  // counters, they are taken." "They may capture from these holes in the next round." Player 1
  // owns player 2's hole 1; his sowing of his hole 5 (four counters: his 6, player 2's 1, 2
  // and 3) makes it four: his. It
  // makes player 2's hole 2 four too, not his: it stays, and the last counter, in player 2's
  // empty hole 3, ends the move.
  State s = owned_position(game, {2, 0, 0, 0, 4, 0, 3, 3, 0, 1, 0, 0}, bit(6), 20, 15);
  const MoveEffect fx = game.apply(s, Move{4, false});
  EXPECT_EQ(fx.captured, 4);
  EXPECT_EQ(fx.opponent_captured, 0);
  EXPECT_EQ(s.holes[6], 0);
  EXPECT_EQ(s.holes[7], 4);
  EXPECT_EQ(s.holes[8], 1);
  EXPECT_EQ(s.holes[5], 1);
  EXPECT_EQ(s.store, pair(24, 15));
}

// --- Lahemay Walida (DLP.Ruleset.357) ---

TEST(LahemayWalida, TwoExtraEachDrawLotsForTheHole) {
  // "If no player took four more than the original, the player with three extra gets the hole,
  // if each player has two extra they draw lots to see who gets an extra hole."
  const Game game(load_ruleset("lahemay_walida/dlp"));
  const RuleSet& r = game.rules();
  EXPECT_EQ(holes_owned(r, {27, 21}, 6), 7);
  EXPECT_FALSE(draws_lot(r, {27, 21}));
  EXPECT_TRUE(draws_lot(r, {26, 22}));
  EXPECT_EQ(holes_owned(r, {26, 22}, 6, 0), 7);
  EXPECT_EQ(holes_owned(r, {26, 22}, 6, 1), 6);
  // The lot is drawn from the run's generator when a round is dealt: either player may win it.
  std::set<int> owned;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    MatchState m;
    State s = start_match(game, m);
    s.holes.fill(0);
    s.store = pair(26, 22);
    s.over = true;
    s.reason = EndReason::kRule;
    s.rule_end = RuleEnd::kNoMove;
    s.winner = 0;
    finish_round(game, m, s);
    Rng rng(seed, 0);
    ASSERT_TRUE(next_round(game, m, s, rng));
    owned.insert(owned_by_first(game, s));
  }
  EXPECT_EQ(owned, (std::set<int>{6, 7}));
}

TEST(HoleOwnership, FinalizeRefusesWhatReadsARowAsItsPlayers) {
  EXPECT_NE(refusal("rio_kadalis/dlp", [](RuleSet& r) { r.match = false; }).find("needs match"),
            std::string::npos);
  EXPECT_NE(refusal("rio_kadalis/dlp", [](RuleSet& r) { r.end_on_empty_side = true; })
                .find("rules.end_on_empty_side"),
            std::string::npos);
  EXPECT_NE(refusal("rio_kadalis/dlp", [](RuleSet& r) { r.match_end = MatchEnd::kAllCounters; })
                .find("rules.match_end"),
            std::string::npos);
  EXPECT_NE(refusal("erherhe/dlp", [](RuleSet& r) { r.match_end = MatchEnd::kAllHoles; })
                .find("all_holes needs holes that change owner"),
            std::string::npos);
}

}  // namespace
}  // namespace mancala::sim
