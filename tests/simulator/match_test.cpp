// Matches (match.h) over every ruleset that plays rounds: counters conserved across rounds (set
// aside counters included), the record of each round, the match's ends (its rule, the stopping
// rule, the safety bounds), the generic dealing rules Sonka shares, and the trace of round
// boundaries and moves. (How random matches end is tested over every ruleset in
// properties_test.cpp.)
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../test_support.h"
#include "play_test_util.h"
#include "simulator/describe.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using test_support::scaled;

// True when the ruleset's rules, or those of the first ruleset it extends that says, set "match"
// (true or a section). Read from the JSON alone: the list is built at every start of the test
// executable (once per test under CTest), and loading all rulesets there cost more than most of
// the tests. MatchRulesets.AreTheLoadedRulesetsThatPlayMatches checks it against load_ruleset.
bool declares_match(const std::string& id) {
  for (std::string at = id; !at.empty();) {
    const std::string text = test_support::read_text(rulesets_dir() / (at + ".json"));
    // Most rulesets say neither: no need to parse them.
    if (text.find("\"match\"") == std::string::npos &&
        text.find("\"extends\"") == std::string::npos)
      return false;
    const nlohmann::json j = nlohmann::json::parse(text);
    const nlohmann::json rules = j.value("rules", nlohmann::json::object());
    if (rules.contains("match")) {
      const nlohmann::json& match = rules["match"];
      return match.is_object() || (match.is_boolean() && match.get<bool>());
    }
    at = j.value("extends", std::string());
  }
  return false;
}

std::vector<std::string> match_rulesets() {
  std::vector<std::string> ids;
  for (const auto& id : play_testing::shipped_ruleset_ids())
    if (declares_match(id)) ids.push_back(id);
  return ids;
}

TEST(MatchRulesets, AreTheLoadedRulesetsThatPlayMatches) {
  std::vector<std::string> loaded;
  for (const auto& id : list_ruleset_ids())
    if (load_ruleset(id).match) loaded.push_back(id);
  EXPECT_EQ(match_rulesets(), loaded);
  EXPECT_GE(loaded.size(), 10u);
}

// Checks every counter is accounted for after every move and at every round boundary.
class Conservation : public GameObserver {
 public:
  explicit Conservation(const Game& game) : game_(game) {}
  void on_move(const State&, Move, const MoveEffect&, const State& after) override {
    EXPECT_EQ(game_.counters_total(after), game_.rules().total_counters)
        << game_.rules().id << " round " << int(after.round);
  }
  void on_round_end(const State& ended, const RoundRecord& record, const State* next,
                    const MatchState& match) override {
    ++rounds_;
    EXPECT_EQ(game_.counters_total(ended), game_.rules().total_counters);
    if (record.reason != EndReason::kSafetyBound) {
      EXPECT_EQ(record.holdings[0] + record.holdings[1], game_.rules().total_counters);
    }
    if (next) {
      EXPECT_EQ(game_.counters_total(*next), game_.rules().total_counters)
          << game_.rules().id << " dealing round " << rounds_ + 1;
      EXPECT_EQ(match.setup.holdings, record.holdings);
      EXPECT_EQ(next->round, rounds_);
      MoveList moves;
      game_.legal_moves(*next, moves);
      EXPECT_FALSE(next->over);
      EXPECT_GT(moves.size, 0) << game_.rules().id << ": a dealt round has no legal move";
    }
  }
  int rounds_ = 0;

 private:
  const Game& game_;
};

class EveryMatchRuleset : public play_testing::RulesetTest {};

TEST_P(EveryMatchRuleset, CountersAreConservedAcrossRoundsIncludingThoseSetAside) {
  for (int i = 0; i < scaled(40); ++i) {
    Conservation check(game);
    const GameResult r = play_testing::mixed_game(game, 4242, i, &check);
    EXPECT_EQ(check.rounds_, r.rounds);
    if (r.reason != EndReason::kSafetyBound) {
      EXPECT_EQ(r.store[0] + r.store[1], game.rules().total_counters);
    }
    if (::testing::Test::HasFailure()) break;
  }
}

TEST_P(EveryMatchRuleset, EachRoundIsRecordedWithTheSetupItWasDealtAndItsResult) {
  Rng rng(77, 1);
  const GameResult r = play_game(game, Agent::kRandom, Agent::kRandom, rng);
  ASSERT_GE(r.rounds, 1);
  ASSERT_LE(r.rounds, game.rules().max_rounds);
  int plies = 0;
  for (int i = 0; i < r.rounds; ++i) {
    const RoundRecord& round = r.round[i];
    plies += round.plies;
    EXPECT_NE(round.reason, EndReason::kNone);
    if (i > 0) {
      EXPECT_EQ(round.setup.holdings, r.round[i - 1].holdings) << "round " << i + 1;
      if (game.rules().next_starter == Starter::kAlternate) {
        EXPECT_NE(round.setup.starter, r.round[i - 1].setup.starter);
      }
    }
    EXPECT_EQ(round.setup.holes_in_play[0] + round.setup.holes_out[0], game.holes_per_player());
    const int8_t expect = round.holdings[0] > round.holdings[1]   ? 0
                          : round.holdings[1] > round.holdings[0] ? 1
                                                                  : kDraw;
    if (round.reason != EndReason::kSafetyBound) {
      EXPECT_EQ(round.winner, expect) << "round " << i + 1;
    }
  }
  EXPECT_EQ(plies, r.plies);
  EXPECT_EQ(r.round[0].setup.starter, 0);
}

TEST_P(EveryMatchRuleset, TheSameSeedPlaysTheSameMatch) {
  const auto [x, y] = play_testing::random_game_twice(game, 5, 9);
  ASSERT_EQ(x.rounds, y.rounds);
  for (int i = 0; i < x.rounds; ++i) EXPECT_EQ(x.round[i], y.round[i]);
  EXPECT_EQ(x.winner, y.winner);
}

INSTANTIATE_TEST_SUITE_P(Rulesets, EveryMatchRuleset, ::testing::ValuesIn(match_rulesets()),
                         test_support::param_name);

// Generic rules of the match layer, on Khutka Boia's board with its rules changed.
class MatchLayer : public ::testing::Test {
 protected:
  static RuleSet khutka() { return load_ruleset("khutka_boia/das_gupta_1926"); }
  // One random game of `rules` from the stream (seed, 0).
  static GameResult random_game(const RuleSet& rules, uint64_t seed) {
    const Game game(rules);
    Rng rng(seed, 0);
    return play_game(game, Agent::kRandom, Agent::kRandom, rng);
  }
  static std::array<int16_t, 2> pair(int a, int b) {
    return {static_cast<int16_t>(a), static_cast<int16_t>(b)};
  }
};

TEST_F(MatchLayer, TheStoppingRuleEndsTheMatchAfterItsRoundsAndTheHolderOfMoreWins) {
  RuleSet r = khutka();
  r.stop_after_rounds = 3;
  const Game game(r);
  for (int i = 0; i < 20; ++i) {
    Rng rng(31, static_cast<uint64_t>(i));
    const GameResult g = play_game(game, Agent::kRandom, Agent::kRandom, rng);
    EXPECT_LE(g.rounds, 3);
    if (g.rounds < 3) continue;
    if (g.reason == EndReason::kRule) continue;  // ended by the rule in the third round
    // Issue 11: reported under its own name, not folded into the no-progress rule.
    EXPECT_EQ(g.reason, EndReason::kStopAfterRounds);
    const int8_t leader = g.store[0] > g.store[1] ? 0 : g.store[1] > g.store[0] ? 1 : kDraw;
    EXPECT_EQ(g.winner, leader);
    EXPECT_EQ(g.store, g.round[2].holdings);
  }
}

// stop_winner draw: "nobody has won: a stopped match is drawn", whatever the holdings; the
// matches stopped are the same as with more_counters (the same seeds), only their winner differs.
TEST_F(MatchLayer, WithStopWinnerDrawAStoppedMatchIsDrawnWhoeverHoldsMore) {
  RuleSet r = khutka();
  r.stop_after_rounds = 3;
  RuleSet drawn = r;
  drawn.stop_winner = StopWinner::kDraw;
  int stopped = 0;
  for (int i = 0; i < 20; ++i) {
    Rng a(31, static_cast<uint64_t>(i)), b(31, static_cast<uint64_t>(i));
    const GameResult more = play_game(Game(r), Agent::kRandom, Agent::kRandom, a);
    const GameResult none = play_game(Game(drawn), Agent::kRandom, Agent::kRandom, b);
    EXPECT_EQ(none.store, more.store) << i;
    EXPECT_EQ(none.reason, more.reason) << i;
    if (more.reason != EndReason::kStopAfterRounds) {
      EXPECT_EQ(none.winner, more.winner) << i;
      continue;
    }
    ++stopped;
    EXPECT_EQ(none.winner, kDraw) << i;
    EXPECT_EQ(stop_winner(drawn, {more.store[0], more.store[1]}), kDraw);
    EXPECT_EQ(stop_winner(r, {more.store[0], more.store[1]}), more.winner);
  }
  EXPECT_GT(stopped, 0);
  EXPECT_EQ(stop_winner(r, {30, 20}), 0);
  EXPECT_EQ(stop_winner(r, {20, 30}), 1);
  EXPECT_EQ(stop_winner(r, {25, 25}), kDraw);
}

TEST_F(MatchLayer, AMatchStillGoingAtMaxRoundsIsUnfinishedBySafetyBound) {
  RuleSet r = khutka();
  r.stop_after_rounds = 0;
  r.max_rounds = 2;
  const GameResult g = random_game(r, 8);
  ASSERT_EQ(g.rounds, 2);
  EXPECT_EQ(g.reason, EndReason::kSafetyBound);
  EXPECT_EQ(g.winner, kNobody);
}

TEST_F(MatchLayer, ARoundStoppedByMaxPliesStopsTheMatchAsUnfinished) {
  RuleSet r = khutka();
  r.max_plies = 3;
  r.no_progress_turns = 0;
  const GameResult g = random_game(r, 8);
  EXPECT_EQ(g.round[0].reason, EndReason::kSafetyBound);  // the round stopped by the bound,
  EXPECT_EQ(g.rounds, 1);                                 // the last one played
  EXPECT_EQ(g.reason, EndReason::kSafetyBound);
  EXPECT_EQ(g.winner, kNobody);
}

TEST_F(MatchLayer, FillingFromTheRightLeavesTheLeftmostHolesOutOfPlay) {
  RuleSet r = khutka();
  r.refill_from = RefillFrom::kRight;
  r.holes_out = HolesOut::kUnfilled;
  const Game game(r);
  RoundSetup setup;
  const State s = deal_round(game, {40, 10}, 0, 0, 0, setup);
  EXPECT_EQ(s.out_of_play, 1u << 5 | 1u << 6 | 1u << 7);  // P2's 1, 2, 3
  EXPECT_EQ(s.holes[8], 5);
  EXPECT_EQ(s.holes[9], 5);
  // One hole per five of the difference: 30-20 takes two, from the end opposite refill_from.
  r.holes_out = HolesOut::kPerFiveOfDifference;
  const Game per_five(r);
  const State t = deal_round(per_five, {30, 20}, 0, 0, 0, setup);
  EXPECT_EQ(t.out_of_play, 1u << 5 | 1u << 6);  // P2's 1, 2
  EXPECT_EQ(t.holes[7] + t.holes[8] + t.holes[9], 15);
  EXPECT_EQ(t.aside, pair(5, 5));
}

TEST_F(MatchLayer, ARemainderSetAsideIsKeptToTheCreditOfItsOwner) {
  RuleSet r = khutka();
  r.remainder = Remainder::kSetAside;
  r.tribute = Tribute::kNone;
  r.holes_out = HolesOut::kUnfilled;
  const Game game(r);
  RoundSetup setup;
  const State s = deal_round(game, {33, 17}, 0, 0, 0, setup);
  EXPECT_EQ(s.aside, pair(8, 2));  // 33 = five holes + 8; 17 = three holes + 2
  EXPECT_EQ(setup.holes_out, (std::array<uint8_t, 2>{0, 2}));
  EXPECT_EQ(setup.gave, (std::array<int8_t, 2>{0, 0}));
  EXPECT_EQ(game.counters_total(s), 50);
  // With a hole per five of the difference, 17 keeps two holes and sets the other 7 aside.
  r.holes_out = HolesOut::kPerFiveOfDifference;
  const Game per_five(r);
  const State t = deal_round(per_five, {33, 17}, 0, 0, 0, setup);
  EXPECT_EQ(t.aside, pair(8, 7));
  EXPECT_EQ(setup.holes_out, (std::array<uint8_t, 2>{0, 3}));
  EXPECT_EQ(per_five.counters_total(t), 50);
}

TEST_F(MatchLayer, WhenAPlayerWhoCannotFillAHoleLosesTheMatchEndsBeforeDealing) {
  RuleSet r = khutka();
  r.match_end = MatchEnd::kCannotFillHole;
  r.holes_out = HolesOut::kUnfilled;
  const Game game(r);
  int8_t winner = kNobody;
  EXPECT_TRUE(match_end_reached(game, {46, 4}, winner));
  EXPECT_EQ(winner, 0);
  EXPECT_FALSE(match_end_reached(game, {45, 5}, winner));
}

TEST_F(MatchLayer, TheNextStarterCanBeThePreviousWinnerOrLoser) {
  RuleSet r = khutka();
  r.next_starter = Starter::kPreviousWinner;
  RoundSetup setup;
  EXPECT_EQ(deal_round(Game(r), {30, 20}, 1, 1, 0, setup).to_move, 1);
  r.next_starter = Starter::kPreviousLoser;
  EXPECT_EQ(deal_round(Game(r), {30, 20}, 1, 1, 0, setup).to_move, 0);
  r.next_starter = Starter::kSame;
  EXPECT_EQ(deal_round(Game(r), {30, 20}, 1, 1, 0, setup).to_move, 1);
}

// Issue 12, item 1: "counters still on the board when a round ends are dropped (e.g. Khutka Boia's
// default extended with end_on_majority: true: a round ends with holdings 26-23 of 50)".
TEST_F(MatchLayer, CountersStillInHolesWhenAMajorityEndsTheRoundAreTheirRowsOwners) {
  RuleSet r = khutka();
  r.end_on_majority = true;
  const Game game(r);
  MatchState match;
  start_match(game, match);
  State s = game.initial_state();
  s.holes.fill(0);
  s.holes[1] = 1;  // P1's 2
  s.holes[5] = 3;  // P2's 1
  s.store = pair(26, 20);
  s.over = true;
  s.reason = EndReason::kRule;
  s.winner = 0;
  const RoundRecord record = finish_round(game, match, s);
  EXPECT_EQ(record.captured, pair(26, 20));  // what was left in the holes was not captured
  EXPECT_EQ(record.holdings, pair(27, 23));
  EXPECT_EQ(match.holdings, pair(27, 23));
  EXPECT_EQ(record.winner, 0);
  EXPECT_EQ(game.counters_total(s), 50);
}

TEST_F(MatchLayer, MatchesEndingRoundsOnAMajorityOrAgainstAPlayerWhoCannotMoveConserveCounters) {
  RuleSet majority = khutka();
  majority.end_on_majority = true;
  RuleSet loses = khutka();
  loses.no_move = NoMove::kEndMoverLoses;
  // The issue's Toguz Kumalak example: 114 of 162 at the end of a round.
  RuleSet toguz = load_ruleset("toguz_kumalak/standard");
  toguz.match = true;
  toguz.opening_hole = 5;
  toguz.opening_captures = 2;
  for (const RuleSet& r : {majority, loses, toguz}) {
    const Game game(r);
    int rounds = 0;
    for (int i = 0; i < 20; ++i) {
      Rng rng(12, static_cast<uint64_t>(i));
      Conservation check(game);
      const GameResult g = play_game(game, Agent::kRandom, Agent::kRandom, rng, &check);
      rounds += g.rounds;
      if (g.reason != EndReason::kSafetyBound) {
        EXPECT_EQ(g.store[0] + g.store[1], r.total_counters) << r.id << " game " << i;
      }
      if (::testing::Test::HasFailure()) break;
    }
    EXPECT_GT(rounds, 20) << r.id << ": the matches should have several rounds";
  }
}

// Issue 12, item 2: a dealt round never leaves the player to move without a legal move. The deal
// is no turn of his: a starter with nothing to sow lets the other open under every no_move rule.
TEST_F(MatchLayer, AStarterWhoCannotSowLetsTheOtherOpenWhateverTheNoMoveRule) {
  // 37-13 leaves P2 one hole, which he makes his bha (khutka_boia_test: he then passes).
  for (const NoMove rule : {NoMove::kEndMoverLoses, NoMove::kEndOwnersTakeRows, NoMove::kPass}) {
    RuleSet r = khutka();
    r.no_move = rule;
    RoundSetup setup;
    const State s = deal_round(Game(r), {37, 13}, 0, 0, 0, setup);
    EXPECT_FALSE(s.over);
    EXPECT_EQ(s.to_move, 0);
    EXPECT_EQ(setup.starter, 0);
    EXPECT_EQ(setup.passed, 1);
  }
}

TEST_F(MatchLayer, AnOpeningHoleOutOfPlayInADealtRoundLeavesTheFirstMoveFree) {
  // Issue 12: "opening_hole in a match re-applied every round even when that hole is empty". With
  // 15 of 70 P1 fills his holes 1-3; his 5 is burned, so his first move is any of 1-3.
  RuleSet r = load_ruleset("mawkar_katiya/opposite_capture");
  r.opening_hole = 5;
  const Game game(r);
  RoundSetup setup;
  const State s = deal_round(game, {15, 55}, 1, 1, 0, setup);
  ASSERT_EQ(s.to_move, 0);
  ASSERT_TRUE(s.out_of_play >> 4 & 1u);
  EXPECT_EQ(play_testing::legal_holes(game, s), (std::vector<int>{1, 2, 3}));
  // P2's hole 5 is full: his first move must be it.
  State p2 = s;
  p2.to_move = 1;
  p2.ply = 1;
  EXPECT_EQ(play_testing::legal_holes(game, p2), std::vector<int>{5});
}

TEST(EngineFaults, ARoundEndingWithoutEveryCounterIsAnErrorNamingTheRuleset) {
  // The always-on check at the end of every round (issue 12), on a round made to lose counters.
  const Game game(load_ruleset("khutka_boia/das_gupta_1926"));
  MatchState match;
  State s = start_match(game, match);
  s.holes.fill(0);
  s.store = {26, 20};
  s.over = true;
  s.reason = EndReason::kRule;
  const RoundRecord record = finish_round(game, match, s);
  try {
    check_round_conservation(game, s, record, 3);
    FAIL() << "no error";
  } catch (const EngineFault& e) {
    const std::string suffix =
        " (an engine fault, not a rule of the game: please report it with the ruleset and the "
        "seed)";
    EXPECT_EQ(std::string(e.what()),
              "khutka_boia/das_gupta_1926: round 3 ended with 46 counters of 50" + suffix);
    EXPECT_EQ(
        std::string(e.in_game(7, 41).what()),
        "khutka_boia/das_gupta_1926: game 41 of seed 7: round 3 ended with 46 counters of 50" +
            suffix);
  }
  // Counters on the board but not in the holdings of a match round (the defect of issue 12).
  s.holes[0] = 4;
  RoundRecord lost = record;
  try {
    check_round_conservation(game, s, lost, 2);
    FAIL() << "no error";
  } catch (const EngineFault& e) {
    EXPECT_NE(std::string(e.what()).find("round 2 ended with holdings 26-20 of 50 counters"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(MatchLayer, AMatchStateRoundTripsThroughJson) {
  const Game game(load_ruleset("mawkar_katiya/das_gupta_1923"));
  RoundSetup setup;
  State s = deal_round(game, {47, 23}, 0, 0, 0, setup);
  s.round = 4;
  s.tribute_to = 1;
  const nlohmann::json j = state_to_json(game, s);
  EXPECT_EQ(j["round"], 5);
  EXPECT_EQ(j["aside"], nlohmann::json({12, 0}));
  EXPECT_EQ(j["extra_number"], nlohmann::json({12, 3}));
  EXPECT_EQ(j["closed_to"], nlohmann::json::parse(R"([{"player": 2, "owner": 1, "hole": "1"}])"));
  EXPECT_EQ(state_from_json(game, j), s);
}

}  // namespace
}  // namespace mancala::sim
