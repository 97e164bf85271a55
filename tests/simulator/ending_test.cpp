// Endings by their real standing (docs/terms.md, "Endings"; issue 35, item 3): the engine names
// the rule that ended a round or a match, and its class is the class of that rule key's witness
// in the ruleset: "source" the source's rule, "paraphrase" or "reading" the paraphrase's rule, an
// assumption (or no entry) an assumed rule. Runs stored with the old "own_rule" still load.
#include "simulator/ending.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "common/error.h"
#include "simulator/batch.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

Completion class_of(const RuleSet& rules, RuleEnd r) {
  return ending_classes(rules)[static_cast<size_t>(r)];
}

// One shipped ruleset per witness kind of an ending key, read by hand from its file.
TEST(Ending, EachEndingKeyTakesTheClassOfItsWitness) {
  // toguz_kumalak/standard: no_move quotes the source; end_on_majority is an assumption.
  const RuleSet toguz = load_ruleset("toguz_kumalak/standard");
  EXPECT_EQ(class_of(toguz, RuleEnd::kNoMove), Completion::kSourceRule);
  EXPECT_EQ(class_of(toguz, RuleEnd::kMajority), Completion::kAssumedRule);
  // kalah/standard: no_move and end_on_empty_side both the DLP's paraphrase.
  const RuleSet kalah = load_ruleset("kalah/standard");
  EXPECT_EQ(class_of(kalah, RuleEnd::kNoMove), Completion::kParaphraseRule);
  EXPECT_EQ(class_of(kalah, RuleEnd::kEmptySide), Completion::kParaphraseRule);
  // mawkar_katiya/das_gupta_1923: holes_out, match_end ("the person who succeeds in capturing
  // all the pieces of his opponent will be victorious") and no_move ("till all the pieces have
  // been removed from the plank") quote Das-Gupta.
  const RuleSet mawkar = load_ruleset("mawkar_katiya/das_gupta_1923");
  for (RuleEnd r : {RuleEnd::kNoMove, RuleEnd::kMatchEnd, RuleEnd::kHolesOut})
    EXPECT_EQ(class_of(mawkar, r), Completion::kSourceRule) << rule_end_key(r);
  // sonka/vanoverbergh_1927: the round ends "When all the pebbles are home" (no_move, the
  // source's); match_end and holes_out are the reconstruction's.
  const RuleSet sonka = load_ruleset("sonka/vanoverbergh_1927");
  EXPECT_EQ(class_of(sonka, RuleEnd::kNoMove), Completion::kSourceRule);
  for (RuleEnd r : {RuleEnd::kMatchEnd, RuleEnd::kHolesOut})
    EXPECT_EQ(class_of(sonka, r), Completion::kAssumedRule) << rule_end_key(r);
  // khutka_boia/das_gupta_1926: its rounds end as the DLP's paraphrase says, "Play continues
  // until all of the counters have been captured." (no_move).
  EXPECT_EQ(class_of(load_ruleset("khutka_boia/das_gupta_1926"), RuleEnd::kNoMove),
            Completion::kParaphraseRule);
  // A reading of another ruleset counts with the paraphrase's (class 2); no entry is assumed.
  RuleSet read = kalah;
  read.provenance["end_on_empty_side"] = {{"reading", "otep/beaton_1939"}};
  read.provenance.erase("no_move");
  EXPECT_EQ(class_of(read, RuleEnd::kEmptySide), Completion::kParaphraseRule);
  EXPECT_EQ(class_of(read, RuleEnd::kNoMove), Completion::kAssumedRule);
  // The weakest of the rules that can end a round (runs stored without the class).
  EXPECT_EQ(weakest_rule_class(kalah, false), Completion::kParaphraseRule);
  EXPECT_EQ(weakest_rule_class(toguz, false), Completion::kAssumedRule);
  EXPECT_EQ(weakest_rule_class(mawkar, true), Completion::kSourceRule);
  EXPECT_EQ(weakest_rule_class(sonka, false), Completion::kSourceRule);
  EXPECT_EQ(weakest_rule_class(sonka, true), Completion::kAssumedRule);
  EXPECT_EQ(round_rule_ends(kalah), (std::vector<RuleEnd>{RuleEnd::kNoMove, RuleEnd::kEmptySide}));
  EXPECT_TRUE(match_rule_ends(kalah).empty());
}

// The engine names the rule that ended each game: Toguz Kumalak's "more than 81" ends a game the
// moment a player holds 82 or more (end_on_majority, assumed: he holds that many at the end), its
// no-move rule (the source's) otherwise; every game of a seeded run is one or the other, by the
// class of its key.
TEST(Ending, ToguzKumalakGamesEndByTheMajorityOrTheNoMoveRuleInTheirClasses) {
  const Game game(load_ruleset("toguz_kumalak/standard"));
  int majority = 0, no_move = 0;
  for (uint64_t g = 0; g < 60; ++g) {
    Rng rng(5, g);
    const GameResult r = play_game(game, Agent::kRandom, Agent::kRandom, rng);
    ASSERT_EQ(r.reason, EndReason::kRule) << g;
    if (r.rule_end == RuleEnd::kMajority) {
      ++majority;
      EXPECT_GT(std::max(r.store[0], r.store[1]), 81) << g;
      EXPECT_EQ(r.completion, Completion::kAssumedRule) << g;
    } else {
      ++no_move;
      EXPECT_EQ(r.rule_end, RuleEnd::kNoMove) << g;  // (its end gives each his own rows)
      EXPECT_EQ(r.completion, Completion::kSourceRule) << g;
    }
  }
  EXPECT_GT(majority, 0);
  EXPECT_EQ(majority + no_move, 60);
}

// The same games, their ending keys' witnesses changed: the same moves and ends, other classes.
TEST(Ending, TheClassFollowsTheWitnessNotThePlay) {
  RuleSet rules = load_ruleset("kalah/standard");
  const Game as_shipped(rules);
  rules.provenance["end_on_empty_side"] = {{"source", "a phrase"},
                                           {"record", "MANCALA.Evidence.1"}};
  rules.provenance["no_move"] = {{"assumption", "a reason"}};
  const Game rewitnessed(rules);
  for (uint64_t g = 0; g < 20; ++g) {
    Rng a(9, g), b(9, g);
    const GameResult x = play_game(as_shipped, Agent::kRandom, Agent::kRandom, a);
    const GameResult y = play_game(rewitnessed, Agent::kRandom, Agent::kRandom, b);
    EXPECT_EQ(x.plies, y.plies) << g;
    EXPECT_EQ(x.store, y.store) << g;
    ASSERT_EQ(x.rule_end, y.rule_end) << g;
    EXPECT_EQ(x.completion, Completion::kParaphraseRule) << g;
    EXPECT_EQ(y.completion, y.rule_end == RuleEnd::kEmptySide ? Completion::kSourceRule
                                                              : Completion::kAssumedRule)
        << g;
  }
}

// A match ended by Mawkar Katiya's rules: by its match_end or by a player left no hole
// (holes_out), both Das-Gupta's words; its rounds by the no-move rule, his "till all the pieces
// have been removed from the plank".
TEST(Ending, MawkarKatiyasMatchesTakeTheClassOfTheMatchRuleThatEndedThem) {
  const Game game(load_ruleset("mawkar_katiya/das_gupta_1923"));
  for (uint64_t g = 0; g < 20; ++g) {
    Rng rng(2, g);
    const GameResult r = play_game(game, Agent::kRandom, Agent::kRandom, rng);
    if (r.reason != EndReason::kRule) continue;
    ASSERT_TRUE(r.rule_end == RuleEnd::kMatchEnd || r.rule_end == RuleEnd::kHolesOut) << g;
    EXPECT_EQ(r.completion, Completion::kSourceRule) << g;
    for (int i = 0; i < std::min(r.rounds, kMaxRounds); ++i) {
      const RoundRecord& round = r.round[static_cast<size_t>(i)];
      if (round.reason == EndReason::kRule) {
        EXPECT_EQ(round.completion, class_of(game.rules(), round.rule_end)) << g << " " << i;
      }
    }
  }
}

RunStats kalah_run() {
  BatchOptions options;
  options.games = 30;
  options.seed = 4;
  return simulate_ruleset(load_ruleset("kalah/standard"), options);
}

// docs/terms.md: "Runs stored before these classes existed (own_rule) are read into them from the
// ruleset's provenance of its ending keys." Kalah's are both the paraphrase's.
TEST(Ending, ARunStoredWithOwnRuleLoadsIntoTheClassOfItsRulesetsEndings) {
  const RunStats run = kalah_run();
  ASSERT_EQ(run.tally.completed(Completion::kParaphraseRule), 30u);
  json old = run_stats_to_json(run);
  for (const char* key : {"source_rule", "paraphrase_rule", "assumed_rule"})
    old["completion"].erase(key);
  old["completion"]["own_rule"] = {{"games", 30}, {"value", 1.0}, {"ci95", {0.886, 1.0}}};
  const RunStats read = run_stats_from_json(old, "old.json");
  EXPECT_EQ(read, run);
  // An id that is no shipped ruleset: its endings' standing is unknown, so assumed.
  old["ruleset"] = "user/kalah";
  const RunStats user = run_stats_from_json(old, "old.json");
  EXPECT_EQ(user.tally.completed(Completion::kAssumedRule), 30u);
  EXPECT_EQ(user.tally.completed_by_text(), 0u);
  EXPECT_EQ(stored_rule_class("../../etc/passwd", false), Completion::kAssumedRule);
}

// Stored matches are read into the weakest class of the ruleset's match endings, their rounds
// into that of its round endings: Mawkar Katiya's are all Das-Gupta's (source); Khutka Boia's
// matches end by match_end or holes_out (both the DLP's paraphrase), its rounds by no_move (the
// paraphrase's) or, in no class, by the no-progress rule.
TEST(Ending, AStoredMatchRunReadsItsMatchesAndRoundsIntoTheirOwnClasses) {
  BatchOptions options;
  options.games = 10;
  options.seed = 2;
  const RunStats run = simulate_ruleset(load_ruleset("mawkar_katiya/das_gupta_1923"), options);
  json old = run_stats_to_json(run);
  for (const char* key : {"source_rule", "paraphrase_rule", "assumed_rule"})
    old["completion"].erase(key);
  old["completion"]["own_rule"] = {{"games", run.tally.ended_by[0]}};
  old.erase("round_completion");
  const RunStats read = run_stats_from_json(old, "old.json");
  EXPECT_EQ(read.tally.completed(Completion::kSourceRule), run.tally.ended_by[0]);
  EXPECT_EQ(read.tally.completed(Completion::kParaphraseRule), 0u);
  EXPECT_EQ(read.tally.match.round_completed(Completion::kSourceRule),
            run.tally.match.round_ended_by[0]);
  EXPECT_EQ(read.tally.ended_by, run.tally.ended_by);
  EXPECT_EQ(stored_rule_class("khutka_boia/das_gupta_1926", true), Completion::kParaphraseRule);
  EXPECT_EQ(stored_rule_class("khutka_boia/das_gupta_1926", false), Completion::kParaphraseRule);
}

// docs/terms.md, "Endings": a stop's "winner rule (who wins when play is stopped) has a witness of
// its own, shown beside it". Khutka Boia's is Das-Gupta's "the player who has the greater number
// of pieces with him ... is considered the winner" (source), in the default and in the reading of
// his ending alike; Sonka's Vanoverbergh's; Mawkar Katiya's ours; none where no match is stopped.
TEST(Ending, AStoppedMatchsWinnerRuleTakesTheStandingOfItsOwnWitness) {
  EXPECT_EQ(stop_winner_sentence(load_ruleset("khutka_boia/das_gupta_1926")),
            "Matches stopped after 100 rounds (the reconstruction's stop_after_rounds) are stops "
            "whose winner rule the source states: the player holding more counters then wins "
            "(Das-Gupta 1926: 147-148).");
  EXPECT_EQ(stop_winner_sentence(load_ruleset("khutka_boia/das_gupta_ending")),
            "Matches stopped after 10 rounds (the reconstruction's stop_after_rounds) are stops "
            "whose winner rule the source states: the player holding more counters then wins "
            "(Das-Gupta 1926: 147-148).");
  EXPECT_EQ(stop_winner_sentence(load_ruleset("sonka/vanoverbergh_1927")),
            "Matches stopped after 10 rounds (the reconstruction's stop_after_rounds) are stops "
            "whose winner rule the source states: the player holding more counters then wins "
            "(Vanoverbergh 1927: 236-237).");
  EXPECT_EQ(stop_winner_sentence(load_ruleset("mawkar_katiya/das_gupta_1923")),
            "Matches stopped after 100 rounds (the reconstruction's stop_after_rounds) are stops "
            "whose winner rule the reconstruction assumes: the player holding more counters then "
            "wins.");
  EXPECT_EQ(stop_winner_sentence(load_ruleset("toguz_kumalak/standard")), "");    // no match
  EXPECT_EQ(stop_winner_sentence(load_ruleset("khutka_boia/no_handicaps")), "");  // no stop
}

// khutka_boia/das_gupta_ending: Das-Gupta's own ending, the players stopping after ten rounds.
// Its matches end by the rules (the paraphrase's: holding every counter, or the other left no
// hole) or are stopped at ten rounds, a stop, which the holder of more wins.
TEST(Ending, DasGuptasEndingStopsAfterTenRoundsAndTheHolderOfMoreWins) {
  const Game game(load_ruleset("khutka_boia/das_gupta_ending"));
  int stopped = 0, ruled = 0;
  for (uint64_t g = 0; g < 40; ++g) {
    Rng rng(11, g);
    const GameResult r = play_game(game, Agent::kRandom, Agent::kRandom, rng);
    ASSERT_LE(r.rounds, 10) << g;
    if (r.reason == EndReason::kRule) {
      ++ruled;
      EXPECT_EQ(r.completion, Completion::kParaphraseRule) << g;
      continue;
    }
    ASSERT_EQ(r.reason, EndReason::kStopAfterRounds) << g;
    ASSERT_EQ(r.rounds, 10) << g;
    ++stopped;
    EXPECT_EQ(r.completion, Completion::kStoppingRule) << g;
    EXPECT_EQ(r.winner, r.store[0] > r.store[1] ? 0 : r.store[1] > r.store[0] ? 1 : kDraw) << g;
  }
  EXPECT_GT(stopped, 0);
  EXPECT_GT(ruled, 0);
}

TEST(Ending, StoredClassesThatDoNotAddUpAreRefusedNamingTheKey) {
  json j = run_stats_to_json(kalah_run());
  j["completion"]["paraphrase_rule"]["games"] = 29;
  try {
    run_stats_from_json(j, "runs.json");
    FAIL() << "no exception";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "runs.json: kalah/standard: completion: the rules' classes do not add up to the "
                 "games ended by a rule");
  }
}

}  // namespace
}  // namespace mancala::sim
