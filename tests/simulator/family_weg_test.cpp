// Issue 38, branch weg (greedy steps 32-34): holes the last counter captures for the rest of the
// round (weg_count, weg_toll, weg_toll_spares_first, weg_toll_extra_move), one test per sentence
// of the DLP's rules paraphrases (Awagagae DLP.Ruleset.659, Qelat 135, Gabata (Shoa I) 354, Um el
// Banat 244), on hand-computed positions of a 2x6 board. Rows are written from their owner's left:
// player 1's hole h is global h-1, player 2's 6+h-1; sowing anticlockwise runs up the global
// indices, P1's h6 (5) into P2's h1 (6).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "../test_support.h"
#include "board_test_util.h"
#include "simulator/describe.h"
#include "simulator/ruleset_io.h"
#include "simulator/zobrist.h"

namespace mancala::sim {
namespace {

using board_testing::expect_over;
using board_testing::expect_rows;
using board_testing::hole;
using board_testing::legal_holes;
using board_testing::pair;
using board_testing::position;
using nlohmann::json;

// The rules the weg games share within one round (2x6 of four, relays from an occupied landing
// hole, a player without a move passes), with `keys` on top.
RuleSet weg_rules(const json& keys) {
  RuleSet r;
  apply_rule_keys(r,
                  {{"rows_per_player", 1},
                   {"holes_per_row", 6},
                   {"counters_per_hole", 4},
                   {"stores", "none"},
                   {"relay", "landing_hole"},
                   {"no_move", "pass"},
                   {"weg_count", 4}},
                  "weg");
  apply_rule_keys(r, keys, "weg");
  finalize(r, "weg.json");
  return r;
}

// Awagagae's tolls: one counter, the first spared, the sowing ending there.
const json kAwagagae = {{"weg_toll", "one"}, {"weg_toll_spares_first", true}};
// Qelat's: one counter, every time, and the sowing goes on from another hole.
const json kQelat = {{"weg_toll", "one"}, {"weg_toll_extra_move", true}};
// Gabata (Shoa I): the last counter and one of the weg's.
const json kShoaI = json::object();
// Um el Banat: the last counter and one of the weg's, and another turn.
const json kUmElBanat = {{"weg_toll_extra_move", true}};

uint16_t weg_bit(int pos) { return static_cast<uint16_t>(1u << pos); }

// finalize's message for the weg rules with `keys` ("no error" when it accepts them).
std::string refusal_with_keys(const json& keys) {
  return test_support::thrown_message<RuleError>([&] { weg_rules(keys); }, "no error");
}

TEST(Weg, ALastCounterMakingAnOpponentsHoleFourMakesItTheMoversWeg) {
  // Awagagae: "A hole is captured when the last ball is dropped into an opponent's hole containing
  // three counters, making it four." P1's h6 (two) sows P2's h1 (one: two) and h2 (three: four):
  // P2's h2 (global 7) is P1's weg, its four counters staying in it, and the sowing ends there
  // (no relay from it).
  const Game g(weg_rules(kAwagagae));
  State s = position(g, std::array<int, 6>{0, 0, 0, 0, 0, 2}, {1, 3, 0, 0, 0, 0});
  const MoveEffect fx = g.apply(s, hole(6));
  expect_rows(s, std::array<int, 6>{0, 0, 0, 0, 0, 0}, {2, 4, 0, 0, 0, 0});
  EXPECT_EQ(s.weg(0), weg_bit(7));
  EXPECT_EQ(s.weg(1), 0u);
  EXPECT_EQ(fx.captured, 0);
  EXPECT_EQ(fx.sowings, 1);
  EXPECT_EQ(s.to_move, 1);
  // "A player cannot then take from one of these holes": neither P2, whose row it is in...
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1}));
}

TEST(Weg, AHoleOfTheMoversOwnRowMadeFourIsRelayedAsAnyOther) {
  // Awagagae: the captured hole is "an opponent's hole": P1's h1 (one) makes his own h2 four, a
  // hole he picks up and sows on ("picking up the contents of the last hole in which his counters
  // fall, and continuing sowing") to his empty h6.
  const Game g(weg_rules(kAwagagae));
  State s = position(g, std::array<int, 6>{1, 3, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 1});
  g.apply(s, hole(1));
  expect_rows(s, std::array<int, 6>{0, 0, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 1});
  EXPECT_EQ(s.weg(0) | s.weg(1), 0u);
}

TEST(Weg, ACapturersOwnWegIsNeitherPlayedNorRelayed) {
  // Awagagae: "the player cannot begin a turn from their own captured hole nor can they continue
  // sowing from it." P1's weg is P2's h2 (five): not among P1's moves (it is not in his row) nor
  // P2's; P1's h6 (two) ends in it, the move ending there with nothing taken.
  const Game g(weg_rules(kAwagagae));
  State s = position(g, std::array<int, 6>{0, 0, 0, 0, 0, 2}, {1, 4, 0, 0, 2, 0});
  s.weg(0) = weg_bit(7);
  g.apply(s, hole(6));
  expect_rows(s, std::array<int, 6>{0, 0, 0, 0, 0, 0}, {2, 5, 0, 0, 2, 0});
  EXPECT_EQ(s.store, pair(0, 0));
  EXPECT_EQ(s.to_move, 1);
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{1, 5}));
}

TEST(Weg, AwagagaeSparesTheFirstTollOfEachWegThenTakesOneCounter) {
  // Awagagae: "If the last counter of a sowing falls into an opponent's captured hole, nothing
  // happens on the first instance, but every time after that, one of those counters are removed
  // from the board and placed in the store, and the sowing ends." P2's weg is P1's h3 (three).
  const Game g(weg_rules(kAwagagae));
  State s = position(g, std::array<int, 6>{0, 1, 3, 0, 0, 0}, {0, 0, 0, 0, 1, 1}, {5, 7});
  s.weg(1) = weg_bit(2);
  g.apply(s, hole(2));  // the first instance: the last counter stays, nothing is taken
  expect_rows(s, std::array<int, 6>{0, 0, 4, 0, 0, 0}, {0, 0, 0, 0, 1, 1});
  EXPECT_EQ(s.store, pair(5, 7));
  EXPECT_EQ(s.weg_spared, weg_bit(2));
  EXPECT_EQ(s.to_move, 1);
  // Every time after that: another counter of P1's into the weg takes one of its counters.
  s.holes[1] = 1;
  s.to_move = 0;
  const MoveEffect toll = g.apply(s, hole(2));  // into the weg again: one counter to the store
  EXPECT_EQ(toll.captured, 1);
  EXPECT_EQ(s.holes[2], 4);  // 4 + the last counter - the one removed
  EXPECT_EQ(s.store[0], 6);
  EXPECT_EQ(s.to_move, 1);  // "and the sowing ends"
}

TEST(Weg, QelatTakesOneCounterEveryTimeAndSowsOnFromAnotherHole) {
  // Qelat: "If the last counter of a sowing falls into an opponent's captured hole, one of those
  // counters are removed from the board and placed in the store, and the sowing continues with
  // the contents of any of the player's holes." P2's weg is P1's h3 (three).
  const Game g(weg_rules(kQelat));
  State s = position(g, std::array<int, 6>{0, 1, 3, 0, 0, 2}, {0, 0, 0, 0, 1, 1}, {5, 7});
  s.weg(1) = weg_bit(2);
  const MoveEffect fx = g.apply(s, hole(2));
  EXPECT_EQ(fx.captured, 1);
  expect_rows(s, std::array<int, 6>{0, 0, 3, 0, 0, 2}, {0, 0, 0, 0, 1, 1});
  EXPECT_EQ(s.store, pair(6, 7));
  EXPECT_EQ(s.to_move, 0);                              // he sows again
  EXPECT_EQ(legal_holes(g, s), (std::vector<int>{6}));  // "any of the player's holes": not the weg
}

TEST(Weg, ShoaITakesTheLastCounterAndOneOfTheWegsThenTheTurnEnds) {
  // Gabata (Shoa I): "the opponent can only do so if the last counter of their sowing falls there,
  // in which case the opponent takes one counter from it, along with the final counter." P2's weg
  // is P1's h3 (three): the last counter makes four, two are taken. The paraphrase gives him no
  // further sowing: P2 moves.
  const Game g(weg_rules(kShoaI));
  State s = position(g, std::array<int, 6>{0, 1, 3, 0, 0, 2}, {0, 0, 0, 0, 1, 1}, {5, 7});
  s.weg(1) = weg_bit(2);
  const MoveEffect fx = g.apply(s, hole(2));
  EXPECT_EQ(fx.captured, 2);
  expect_rows(s, std::array<int, 6>{0, 0, 2, 0, 0, 2}, {0, 0, 0, 0, 1, 1});
  EXPECT_EQ(s.store, pair(7, 7));
  EXPECT_EQ(s.to_move, 1);
}

TEST(Weg, ShoaIRemovesTheLastCounterFromAnEmptyWeg) {
  // Gabata (Shoa I): "The captured hole remains in the ownership of the person who captured it.
  // If it remains empty and the opponent drops their last counter into this hole, the last
  // counter is removed." P2's weg, P1's h3, is empty and stays P2's.
  const Game g(weg_rules(kShoaI));
  State s = position(g, std::array<int, 6>{0, 1, 0, 0, 0, 2}, {0, 0, 0, 0, 1, 1}, {5, 7});
  s.weg(1) = weg_bit(2);
  EXPECT_EQ(g.apply(s, hole(2)).captured, 1);
  expect_rows(s, std::array<int, 6>{0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 1, 1});
  EXPECT_EQ(s.store, pair(6, 7));
  EXPECT_EQ(s.weg(1), weg_bit(2));
}

TEST(Weg, UmElBanatCapturesTheFinalCounterAndOneMoreAndPlaysAgain) {
  // Um el Banat: "If a player sows their final counter into their opponent's marked hole, the
  // final counter and one of the counters in the hole are captured. The player then gets another
  // turn."
  const Game g(weg_rules(kUmElBanat));
  State s = position(g, std::array<int, 6>{0, 1, 3, 0, 0, 2}, {0, 0, 0, 0, 1, 1}, {5, 7});
  s.weg(1) = weg_bit(2);
  EXPECT_EQ(g.apply(s, hole(2)).captured, 2);
  expect_rows(s, std::array<int, 6>{0, 0, 2, 0, 0, 2}, {0, 0, 0, 0, 1, 1});
  EXPECT_EQ(s.to_move, 0);
}

TEST(Weg, AnotherSowingAfterATollPassesWhenTheMoverHasNoHoleToSow) {
  // Qelat: "the sowing continues with the contents of any of the player's holes": P1's only
  // counter ends in P2's weg; no hole of his is left to sow, so P2 moves.
  const Game g(weg_rules(kQelat));
  State s = position(g, std::array<int, 6>{0, 1, 3, 0, 0, 0}, {0, 0, 0, 0, 1, 1});
  s.weg(1) = weg_bit(2);
  g.apply(s, hole(2));
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.to_move, 1);
}

TEST(Weg, WhenOnlyWegsHoldCountersTheRoundEndsAndEachCapturerTakesHisWegs) {
  // Um el Banat: "The game ends when only marked holes contain counters. These are then captured
  // by the players who marked them." Awagagae: "Play continues until all counters are either
  // placed in the store or in captured holes and thus cannot be moved." P1's last counter falls
  // into his own weg, P2's h1 (four); P2's weg, P1's h4, holds two: neither can sow.
  for (const json& keys : {kAwagagae, kUmElBanat}) {
    const Game g(weg_rules(keys));
    State s = position(g, std::array<int, 6>{0, 0, 0, 2, 0, 1}, {4, 0, 0, 0, 0, 0}, {20, 21});
    s.weg(0) = weg_bit(6);
    s.weg(1) = weg_bit(3);
    g.apply(s, hole(6));
    expect_over(s, EndReason::kRule);
    EXPECT_EQ(s.rule_end, RuleEnd::kNoMove);
    EXPECT_EQ(s.store, pair(25, 23));
    EXPECT_EQ(s.winner, 0);
  }
}

TEST(Weg, APlayerWhoseHolesHoldCountersOnlyInWegsPasses) {
  // Awagagae: "When a player cannot move (i.e., there are no counters in their holes except any
  // that are in captured holes), the opponent continues to move until the player is able to move."
  // P2's only counters are in P1's weg (his h2): P1 moves again.
  const Game g(weg_rules(kAwagagae));
  State s = position(g, std::array<int, 6>{2, 0, 0, 0, 0, 0}, {0, 4, 0, 0, 0, 0});
  s.weg(0) = weg_bit(7);
  g.apply(s, hole(1));  // P1's h1 sows his h2, h3: empty, the move ends
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.to_move, 0);
}

TEST(Weg, TheWegsArePartOfThePosition) {
  // A weg changes what follows: its JSON keeps it (and a spared first toll), and its key differs.
  const Game g(weg_rules(kAwagagae));
  State s = position(g, std::array<int, 6>{0, 1, 3, 0, 0, 2}, {0, 0, 0, 0, 1, 1});
  const Zobrist z(g);
  const uint64_t before = z.key(s);
  s.weg(1) = weg_bit(2);
  s.weg_spared = weg_bit(2);
  EXPECT_NE(z.key(s), before);
  const State back = state_from_json(g, state_to_json(g, s));
  EXPECT_EQ(back.weg(0), s.weg(0));
  EXPECT_EQ(back.weg(1), s.weg(1));
  EXPECT_EQ(back.weg_spared, s.weg_spared);
  EXPECT_NE(draw_board(g, s).find("[ 3w]"), std::string::npos) << draw_board(g, s);
  // What his wegs hold counts as his (the search's material).
  EXPECT_EQ(g.material(s, 1), 3);
}

TEST(Weg, FinalizeRefusesTheTollsWithoutWegsAndWegsWithACaptureRule) {
  EXPECT_EQ(refusal_with_keys(kQelat), "no error");
  EXPECT_NE(
      refusal_with_keys({{"weg_count", 0}, {"weg_toll", "one"}}).find("rules.weg_toll: only has a"),
      std::string::npos);
  EXPECT_NE(refusal_with_keys({{"weg_count", 0}, {"weg_toll_extra_move", true}})
                .find("weg_toll_extra_move"),
            std::string::npos);
  EXPECT_NE(
      refusal_with_keys({{"capture", "count"}, {"capture_counts", {4}}}).find("rules.weg_count"),
      std::string::npos);
  EXPECT_NE(refusal_with_keys({{"stores", "sown"}}).find("rules.weg_count"), std::string::npos);
  EXPECT_NE(refusal_with_keys({{"relay", "next_hole"}}).find("rules.weg_count"), std::string::npos);
  EXPECT_NE(refusal_with_keys({{"weg_count", 1}}).find("rules.weg_count"), std::string::npos);
  EXPECT_NE(refusal_with_keys({{"holes_per_row", 9}}).find("rules.weg_count"), std::string::npos);
}

}  // namespace
}  // namespace mancala::sim
