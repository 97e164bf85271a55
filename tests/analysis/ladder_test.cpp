// The skill ladder (analysis/ladder.h, docs/ladder.md; issue 11 "The skill ladder").
#include "analysis/ladder.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <fstream>

#include "common/error.h"
#include "simulator/agents.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"
#include "tests/analysis/ladder_fixtures.h"
#include "tests/test_support.h"

namespace mancala::analysis {
namespace {

using test_support::self_play_ladder;
using test_support::thrown_message;

using sim::Agent;
using sim::AgentSpec;

const std::vector<AgentSpec> kKnownOrder = {AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy),
                                            AgentSpec(Agent::kAlphaBeta, 3)};

LadderOptions kalah_options(int64_t games, int threads = 1) {
  LadderOptions o;
  o.agents = kKnownOrder;
  o.games = games;
  o.seed = 11;
  o.threads = threads;
  return o;
}

// "tests check the ladder on a game where the order of strength is known": in Kalah random <
// greedy < alphabeta:3 (search_test shows alphabeta:3 beating both).
TEST(Ladder, KalahOrdersRandomGreedyAlphaBetaByStrengthWithSkillDepthThree) {
  const sim::RuleSet rules = sim::load_ruleset("kalah/standard");
  const Ladder ladder = run_ladder(rules, kalah_options(30));
  ASSERT_EQ(ladder.runs.size(), 9u);
  EXPECT_FALSE(ladder.partial());
  const LadderFigures f = ladder_figures(ladder);
  EXPECT_EQ(f.skill_depth(), 3u);
  EXPECT_EQ(f.chain, (std::vector<size_t>{0, 1, 2}));
  ASSERT_EQ(f.ratings.size(), 3u);
  EXPECT_EQ(f.ratings[0].elo, 0);
  EXPECT_GT(f.ratings[1].ci95.low, 0);                 // greedy above random
  EXPECT_GT(f.ratings[2].ci95.low, f.ratings[1].elo);  // alphabeta:3 above greedy
  const PairResult greedy_random = f.pair(1, 0);
  EXPECT_TRUE(greedy_random.significant);
  EXPECT_GT(greedy_random.wins_a, greedy_random.wins_b);
  EXPECT_EQ(greedy_random.games, 60u);  // both seats
  // Self-play at each level: one run per agent, both seats the agent.
  ASSERT_EQ(f.self_play.size(), 3u);
  for (size_t a = 0; a < 3; ++a) {
    EXPECT_EQ(f.self_play[a].agent, a);
    EXPECT_EQ(f.self_play[a].run->agent, kKnownOrder[a].name());
    // Kalah always ends by its rules, both the DLP paraphrase's (no_move, end_on_empty_side).
    EXPECT_DOUBLE_EQ(f.self_play[a].completion.of(sim::Completion::kParaphraseRule), 1.0);
  }
}

// "cell (a, b) is 'mancala simulate --agents a,b'": every ordered pair is one ordinary batch run.
TEST(Ladder, EachCellIsTheBatchRunOfThatPairWithTheLaddersSeed) {
  const sim::RuleSet rules = sim::load_ruleset("kalah/standard");
  const Ladder ladder = run_ladder(rules, kalah_options(12));
  sim::BatchOptions batch;
  batch.games = 12;
  batch.seed = 11;
  batch.agents = sim::AgentPair(kKnownOrder[2], kKnownOrder[0]);
  EXPECT_EQ(ladder.run(2, 0), sim::simulate_ruleset(rules, batch));
}

// "Deterministic and shardable like simulate": the same ladder for any thread count, and the
// shards merged give the one-process ladder exactly.
TEST(Ladder, SameLadderForAnyThreadCountAndShardsMergeToTheOneProcessLadder) {
  const sim::RuleSet rules = sim::load_ruleset("kalah/standard");
  const Ladder one = run_ladder(rules, kalah_options(13, 1));
  EXPECT_EQ(run_ladder(rules, kalah_options(13, 3)), one);
  std::vector<LadderShard> shards;
  for (int i : {3, 1, 2}) {  // any order
    LadderOptions o = kalah_options(13, 2);
    o.shard = {i, 3};
    shards.push_back({"part" + std::to_string(i) + ".json", run_ladder(rules, o)});
  }
  const Ladder merged = merge_ladders(shards);
  EXPECT_EQ(merged, one);
  EXPECT_EQ(ladder_to_json(merged, ladder_figures(merged)).dump(),
            ladder_to_json(one, ladder_figures(one)).dump());
}

TEST(Ladder, ShardsOfDifferentLaddersOrAPartialShardDoNotMerge) {
  const sim::RuleSet rules = sim::load_ruleset("kalah/standard");
  LadderOptions o = kalah_options(4);
  o.shard = {1, 2};
  const Ladder first = run_ladder(rules, o);
  o.shard = {2, 2};
  o.seed = 12;
  const Ladder other_seed = run_ladder(rules, o);
  EXPECT_EQ(thrown_message([&] {
              merge_ladders({{"a.json", first}, {"b.json", other_seed}});
            }),
            "b.json: kalah/standard: its seed differs from a.json's: shards of different ladders "
            "do not merge");
  Ladder partial = first;
  partial.runs.back().partial = true;
  EXPECT_EQ(thrown_message([&] {
              merge_ladders({{"a.json", partial}});
            }),
            "a.json: kalah/standard: the shard is partial (stopped early): run it again");
  o.seed = 11;
  const Ladder second = run_ladder(rules, o);
  EXPECT_NE(thrown_message([&] {
              merge_ladders({{"a.json", first}, {"b.json", first}});
            }).find("b.json"),
            std::string::npos);  // shard 1/2 twice: refused by sim::merge_shards
  EXPECT_NO_THROW(merge_ladders({{"a.json", first}, {"b.json", second}}));
}

TEST(Ladder, JsonReadsBackToTheSameLadderAndHasTheIssuesKeys) {
  const sim::RuleSet rules = sim::load_ruleset("kalah/standard");
  const Ladder ladder = run_ladder(rules, kalah_options(5));
  const nlohmann::json j = ladder_to_json(ladder, ladder_figures(ladder));
  for (const char* key : {"agents", "matrix", "ratings", "skill_depth", "self_play"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j["matrix"][1][1].is_null());
  EXPECT_EQ(j["matrix"][1][0]["games"], 10);
  EXPECT_EQ(ladder_from_json(j, "l.json"), ladder);
  nlohmann::json wrong = j;
  wrong["runs"].erase(wrong["runs"].begin() + 3);
  EXPECT_EQ(thrown_message([&] { ladder_from_json(wrong, "l.json"); }),
            "l.json: runs[3]: agents greedy where the ladder's order needs greedy,random");
  EXPECT_EQ(thrown_message([&] { ladder_from_json(nlohmann::json::object(), "x.json"); }),
            "x.json: kind: not a ladder (write it with 'mancala ladder --format json')");
}

TEST(Ladder, AgentListsAreCheckedBeforeAnyGame) {
  EXPECT_EQ(parse_ladder_agents("random,alphabeta:2").size(), 2u);
  EXPECT_EQ(thrown_message([] { parse_ladder_agents("random"); }),
            "--agents: a ladder needs 2 agents or more (give 2 to 12 different agents, separated "
            "by commas)");
  EXPECT_EQ(thrown_message([] { parse_ladder_agents("random,greedy,random"); }),
            "--agents: random given twice (give 2 to 12 different agents, separated by commas)");
  EXPECT_EQ(thrown_message([] { parse_ladder_agents("random,alphabeta:0"); }),
            "--agents: 'alphabeta:0' is not an agent (" + sim::agent_list() + ")");
}

// Bradley-Terry by hand: two agents, 3 wins to 1 plus the virtual draw: 3.5 to 1.5, so
// P(agent 1 beats agent 0) = 0.3, the rating 400 log10(1.5 / 3.5); information n p (1 - p) =
// 5 * 0.21 gives the standard error 1 / sqrt(1.05) in natural-log units.
TEST(BradleyTerry, TwoAgentsByHand) {
  const std::vector<Rating> r = bradley_terry({{0, 3}, {1, 0}});
  ASSERT_EQ(r.size(), 2u);
  const double elo = 400 * std::log10(1.5 / 3.5);
  EXPECT_NEAR(r[1].elo, elo, 1e-6);
  const double se = 400 / std::log(10.0) / std::sqrt(1.05);
  EXPECT_NEAR(r[1].ci95.low, elo - 1.959963984540054 * se, 1e-6);
  EXPECT_NEAR(r[1].ci95.high, elo + 1.959963984540054 * se, 1e-6);
}

// Three agents with strengths 1 : 2 : 4, each pair 10 games whose wins (plus the virtual draw,
// 0.5 each way, added inside) are exactly the Bradley-Terry expectation: w_ab = p_ab * 11 - 0.5.
// The fit returns those strengths.
TEST(BradleyTerry, RecoversStrengthsTheWinsFitExactly) {
  const auto w = [](double p) { return p * 11 - 0.5; };
  const std::vector<Rating> r = bradley_terry(
      {{0, w(1.0 / 3), w(1.0 / 5)}, {w(2.0 / 3), 0, w(2.0 / 6)}, {w(4.0 / 5), w(4.0 / 6), 0}});
  EXPECT_NEAR(r[1].elo, 400 * std::log10(2.0), 1e-6);
  EXPECT_NEAR(r[2].elo, 400 * std::log10(4.0), 1e-6);
}

TEST(LongestChain, FollowsSignificantWinsThroughCyclesAndFallsBackToOneAgent) {
  // Nobody beats anybody: a chain of one agent, the first.
  EXPECT_EQ(longest_chain({{false, false}, {false, false}}), (std::vector<size_t>{0}));
  // beats[x][y]: x beats y. 2 beats 1 beats 0: the chain 0 < 1 < 2.
  EXPECT_EQ(longest_chain({{false, false, false}, {true, false, false}, {false, true, false}}),
            (std::vector<size_t>{0, 1, 2}));
  // A cycle 1 beats 0, 2 beats 1, 0 beats 2, and 3 beats 2 only: 0 < 1 < 2 < 3.
  std::vector<std::vector<bool>> beats(4, std::vector<bool>(4, false));
  beats[1][0] = beats[2][1] = beats[0][2] = beats[3][2] = true;
  EXPECT_EQ(longest_chain(beats), (std::vector<size_t>{0, 1, 2, 3}));
}

// The completion classes every output uses (sim::GameTally::completed): a match stopped after a
// fixed number of rounds (stop_after_rounds) ended by a stopping rule of the reconstruction, like
// one the no-progress rule ended, not at the safety bound.
TEST(LadderCompletion, SharesComeFromHowTheGamesEndedStopAfterRoundsAStoppingRule) {
  sim::GameTally t;
  t.games = 8;
  t.ended_by = {4, 1, 2, 1};  // rule, no_progress, stop_after_rounds, safety_bound
  t.rule_ended = {1, 2, 1};   // the rules' classes: source, paraphrase, assumed
  const Completion c = completion_of(t);
  EXPECT_DOUBLE_EQ(c.of(sim::Completion::kSourceRule), 0.125);
  EXPECT_DOUBLE_EQ(c.of(sim::Completion::kParaphraseRule), 0.25);
  EXPECT_DOUBLE_EQ(c.of(sim::Completion::kAssumedRule), 0.125);
  EXPECT_DOUBLE_EQ(c.text_rule(), 0.375);
  EXPECT_DOUBLE_EQ(c.of(sim::Completion::kStoppingRule), 0.375);
  EXPECT_DOUBLE_EQ(c.of(sim::Completion::kSafetyBound), 0.125);
  EXPECT_EQ(c.rounds, 0u);  // single games: no round shares
  // Matches: their recorded rounds by class too.
  t.match.enabled = true;
  t.match.round_ended_by = {9, 30, 1};  // rule, no_progress, safety_bound
  t.match.round_rule_ended = {0, 9, 0};
  const Completion m = completion_of(t);
  EXPECT_EQ(m.rounds, 40u);
  EXPECT_DOUBLE_EQ(m.round_text_rule(), 0.225);
  EXPECT_DOUBLE_EQ(m.round_of(sim::Completion::kStoppingRule), 0.75);
  EXPECT_DOUBLE_EQ(m.round_of(sim::Completion::kSafetyBound), 0.025);
}

// "mancala ladder sonka --agents random,greedy" said "safety bound 100.0%" where runs.csv said
// "stopping rule 1.0" for the same runs: Sonka's matches stop after 10 rounds.
TEST(LadderCompletion, SonkasMatchesStoppedAfterTenRoundsEndByAStoppingRule) {
  LadderOptions o;
  o.agents = {AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)};
  o.games = 3;
  const Ladder ladder = run_ladder(sim::load_ruleset("sonka"), o);
  const LadderFigures f = ladder_figures(ladder);
  ASSERT_EQ(f.self_play.size(), 2u);
  const int stop = sim::end_condition_index(sim::EndReason::kStopAfterRounds);
  for (const SelfPlay& s : f.self_play) {
    const sim::GameTally& t = s.run->tally;
    ASSERT_GT(t.ended_by[static_cast<size_t>(stop)], 0u) << s.run->agent;
    const double n = static_cast<double>(t.games);
    EXPECT_DOUBLE_EQ(s.completion.of(sim::Completion::kStoppingRule),
                     static_cast<double>(t.completed(sim::Completion::kStoppingRule)) / n);
    EXPECT_DOUBLE_EQ(s.completion.of(sim::Completion::kSafetyBound),
                     static_cast<double>(t.completed(sim::Completion::kSafetyBound)) / n);
    EXPECT_LT(s.completion.of(sim::Completion::kSafetyBound), 1.0);
    EXPECT_GT(s.completion.rounds, 0u);  // Sonka is played in matches
    double rounds = 0;
    for (double share : s.completion.round_share) rounds += share;
    EXPECT_DOUBLE_EQ(rounds, 1.0);
    // Sonka's ending rules are all the reconstruction's: none is the text's.
    EXPECT_DOUBLE_EQ(s.completion.text_rule(), 0.0);
  }
}

// "the 742 tournament games in data/games/togyz (first player 51.2%, second 41.2%, draws
// 7.5%, and their game length)".
TEST(LadderRealGames, TheTogyzTournamentGamesGiveTheIssuesShares) {
  const std::string path = default_real_games_path("toguz_kumalak");
  ASSERT_FALSE(path.empty());
  EXPECT_EQ(default_real_games_path("kalah"), "");
  const RealGames real = read_togyz_games(path);
  EXPECT_EQ(real.games, 742u);
  EXPECT_EQ(real.wins[0], 380u);  // 51.2%
  EXPECT_EQ(real.wins[1], 306u);  // 41.2%
  EXPECT_EQ(real.draws, 56u);     // 7.5%
  EXPECT_EQ(real.plies.total(), 742u);
  EXPECT_GT(real.plies.mean(), 40);
  EXPECT_EQ(real.description, "742 recorded games, 2016-2018");
}

TEST(LadderRealGames, ABadRecordIsRefusedWithItsLine) {
  const std::string path = ::testing::TempDir() + "/bad_togyz.jsonl";
  {
    std::ofstream out(path);
    out << R"({"result": "1-0", "notation": "1. 76 98"})"
        << "\n"
        << R"({"result": "2-0", "notation": "1. 76 98"})"
        << "\n";
  }
  EXPECT_EQ(thrown_message([&] { read_togyz_games(path); }),
            path + ": line 2: result: expected 1-0, 0-1 or 1/2-1/2, got '2-0'");
  // Every game is replayed (to count those that reach the end): a move the rules do not allow
  // is refused with its line.
  {
    std::ofstream out(path);
    out << R"({"result": "1-0", "notation": "1. 76 98 2. 66 86"})"
        << "\n";
  }
  EXPECT_EQ(thrown_message([&] { read_togyz_games(path); }),
            path +
                ": line 1: notation: move 2 (black) 86: recorded landing hole 6, the engine lands "
                "in 7");
}

// Issue 20, item 7: "give the 'closest to the masters' verdict only when its interval separates
// the levels, with the interval". Six games a level cannot separate anything: the nearest level
// is reported, the verdict is withheld.
TEST(LadderRealGames, FewGamesNameTheNearestLevelButGiveNoVerdict) {
  const sim::RuleSet rules = sim::load_ruleset("toguz_kumalak");
  LadderOptions o;
  o.agents = {AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)};
  o.games = 6;
  const Ladder ladder = run_ladder(rules, o);
  const LadderFigures f =
      ladder_figures(ladder, read_togyz_games(default_real_games_path("toguz_kumalak")));
  ASSERT_EQ(f.likeness.size(), 2u);
  ASSERT_TRUE(f.nearest_real.has_value());
  EXPECT_FALSE(f.most_like_real.has_value());
  for (const Likeness& l : f.likeness) {
    EXPECT_LE(l.ci95.low, l.result_distance) << l.agent;
    EXPECT_GE(l.ci95.high, l.result_distance) << l.agent;
    if (l.agent == *f.nearest_real) {
      for (const Likeness& other : f.likeness) EXPECT_LE(l.result_distance, other.result_distance);
    }
  }
  const nlohmann::json j = ladder_to_json(ladder, f);
  EXPECT_EQ(j["real_games"]["games"], 742);
  EXPECT_EQ(j["real_games"]["nearest"], ladder.agents[*f.nearest_real].name());
  EXPECT_TRUE(j["real_games"]["most_like"].is_null());
}

// The masters: 380 first-player wins, 306 second, 56 draws. A level with the same shares over
// 1000 games lies apart from one with the shares reversed: it is named, with its interval.
TEST(LadderRealGames, ALevelApartFromTheOthersIsNamedClosestWithItsInterval) {
  const Ladder l = self_play_ladder({AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)},
                                    {std::array<uint64_t, 3>{512, 413, 75}, {300, 600, 100}});
  const LadderFigures f =
      ladder_figures(l, read_togyz_games(default_real_games_path("toguz_kumalak")));
  ASSERT_TRUE(f.most_like_real.has_value());
  EXPECT_EQ(*f.most_like_real, 0u);
  EXPECT_LT(f.likeness[0].ci95.high, f.likeness[1].ci95.low);
  // (|0.512 - 0.3| + |0.412 - 0.6| + |0.075 - 0.1|) / 2 = 0.512 - 0.3 (the first term is the
  // sum of the other two).
  EXPECT_NEAR(f.likeness[1].result_distance, 380.0 / 742 - 0.3, 1e-9);
  const nlohmann::json j = ladder_to_json(l, f);
  EXPECT_EQ(j["real_games"]["most_like"], "random");
  EXPECT_EQ(j["self_play"][0]["distance_to_real_games_ci95"].size(), 2u);
}

// "only 9 of 742 reach the end": the masters' lengths are lower bounds and the report says so.
TEST(LadderRealGames, NineOfTheMastersGamesReachTheEndOfTheGame) {
  const RealGames real = read_togyz_games(default_real_games_path("toguz_kumalak"));
  EXPECT_EQ(real.reached_end, 9u);
}

// Issue 20, item 7: fixed-depth self-play "stating which figures are depth-parity artefacts".
// Odd depths 700-300 and even depths 300-700 over 1000 games each differ far beyond the noise:
// every fixed-depth row is marked; mcts:100's is not.
TEST(LadderDepthParity, FixedDepthLevelsWhoseAdvantageFollowsParityAreMarked) {
  const std::vector<AgentSpec> agents = {
      AgentSpec(Agent::kAlphaBeta, 1), AgentSpec(Agent::kAlphaBeta, 2),
      AgentSpec(Agent::kAlphaBeta, 3), AgentSpec(Agent::kMcts, 100)};
  const Ladder l = self_play_ladder(
      agents, {std::array<uint64_t, 3>{700, 300, 0}, {300, 700, 0}, {700, 300, 0}, {550, 450, 0}});
  const LadderFigures f = ladder_figures(l);
  ASSERT_TRUE(f.parity.checked);
  EXPECT_TRUE(f.parity.significant());
  EXPECT_NEAR(f.parity.odd.estimate, 0.4, 1e-12);
  EXPECT_NEAR(f.parity.even.estimate, -0.4, 1e-12);
  EXPECT_NEAR(f.parity.difference.estimate, 0.8, 1e-12);
  ASSERT_EQ(f.self_play.size(), 4u);
  EXPECT_TRUE(f.self_play[0].parity_artefact);
  // Issue 36, item 5: the rates the self-play table prints are the model's, made here: 700 of
  // 1000 with Wilson's interval, by hand (z = 1.96) [0.6709, 0.7276]; 300 of 1000 its mirror.
  EXPECT_DOUBLE_EQ(f.self_play[0].rates.wins[0].value, 0.7);
  EXPECT_NEAR(f.self_play[0].rates.wins[0].low, 0.6709, 1e-4);
  EXPECT_NEAR(f.self_play[0].rates.wins[0].high, 0.7276, 1e-4);
  EXPECT_DOUBLE_EQ(f.self_play[0].rates.wins[1].value, 0.3);
  EXPECT_NEAR(f.self_play[0].rates.wins[1].low, 1 - 0.7276, 1e-4);
  EXPECT_DOUBLE_EQ(f.self_play[0].rates.draws.value, 0);
  EXPECT_TRUE(f.self_play[1].parity_artefact);
  EXPECT_TRUE(f.self_play[2].parity_artefact);
  EXPECT_FALSE(f.self_play[3].parity_artefact);
  EXPECT_EQ(f.self_play[3].fixed_depth, 0);
  const nlohmann::json j = ladder_to_json(l, f);
  EXPECT_TRUE(j["depth_parity"]["significant"].get<bool>());
  EXPECT_TRUE(j["self_play"][1]["depth_parity_artefact"].get<bool>());
  EXPECT_TRUE(j["self_play"][3]["fixed_depth"].is_null());
  // The same advantage at every depth: checked, nothing marked.
  const Ladder even = self_play_ladder(
      agents, {std::array<uint64_t, 3>{600, 400, 0}, {600, 400, 0}, {600, 400, 0}, {600, 400, 0}});
  const LadderFigures g = ladder_figures(even);
  EXPECT_TRUE(g.parity.checked);
  EXPECT_FALSE(g.parity.significant());
  for (const SelfPlay& s : g.self_play) EXPECT_FALSE(s.parity_artefact);
  // One parity only: nothing to check.
  EXPECT_FALSE(
      ladder_figures(self_play_ladder({AgentSpec(Agent::kAlphaBeta, 2), AgentSpec(Agent::kGreedy)},
                                      {std::array<uint64_t, 3>{900, 100, 0}, {500, 500, 0}}))
          .parity.checked);
}

// The report's ladder of a game with masters' games adds the other parity and a search without a
// fixed depth, so that both checks above can be made; a list that has them is left as given.
TEST(LadderDepthParity, TheReportLadderBesideTheMastersGetsBothParitiesAndAnUnfixedSearch) {
  const auto names = [](const std::vector<AgentSpec>& agents) {
    std::string text;
    for (const AgentSpec& a : agents) text += (text.empty() ? "" : ",") + a.name();
    return text;
  };
  EXPECT_EQ(names(agents_beside_real_games({AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy),
                                            AgentSpec(Agent::kAlphaBeta, 2)})),
            "random,greedy,alphabeta:2,alphabeta:3,mcts:100");
  EXPECT_EQ(names(agents_beside_real_games({AgentSpec(Agent::kAlphaBeta, 1),
                                            AgentSpec(Agent::kAlphaBeta, 2),
                                            AgentSpec(Agent::kAlphaBetaNodes, 500)})),
            "alphabeta:1,alphabeta:2,abnodes:500");
  EXPECT_EQ(names(agents_beside_real_games({AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)})),
            "random,greedy,mcts:100");
}

// Ctrl-C: "the result has the runs finished so far plus the stopped one"; every figure and the
// JSON still work on it (pairs not played have no games). Its text and HTML forms:
// tests/reports/ladder_render_test.cpp.
TEST(Ladder, AStoppedLadderIsPartialAndStillPrints) {
  const sim::RuleSet rules = sim::load_ruleset("kalah/standard");
  const std::atomic<bool> stop{true};
  LadderOptions o = kalah_options(5);
  o.stop = &stop;
  const Ladder ladder = run_ladder(rules, o);
  EXPECT_TRUE(ladder.partial());
  ASSERT_EQ(ladder.runs.size(), 1u);
  const LadderFigures f = ladder_figures(ladder);
  EXPECT_EQ(f.pair(0, 1).games, 0u);
  EXPECT_EQ(f.skill_depth(), 1u);
  const nlohmann::json j = ladder_to_json(ladder, f);
  EXPECT_TRUE(j["partial"].get<bool>());
  EXPECT_EQ(ladder_from_json(j, "p.json"), ladder);
}

// Issue 20: "the ladder itself warns, in every output, when an agent it ranks higher does not
// beat one it ranks lower". Hand-made counts: greedy crushes random (20-0 in each seat) and
// alphabeta:3 only edges it (11-9), so greedy's pooled rating is the higher, yet alphabeta:3
// wins their pair 11-9 in each seat.
TEST(Ladder, WarnsWhenTheHigherRatedAgentDoesNotBeatTheLowerHeadToHead) {
  Ladder l;
  l.ruleset = "kalah/standard";
  l.agents = kKnownOrder;
  l.games = 20;
  l.runs.resize(9);
  const auto set = [&](size_t first, size_t second, uint64_t p1, uint64_t p2) {
    sim::RunStats& r = l.runs[first * 3 + second];
    r.ruleset = l.ruleset;
    r.agent = kKnownOrder[first].name() + "," + kKnownOrder[second].name();
    r.tally.games = p1 + p2;
    r.tally.wins = {p1, p2};
    r.tally.ended_by[0] = p1 + p2;
    r.tally.rule_ended[0] = p1 + p2;
  };
  for (size_t a = 0; a < 3; ++a) set(a, a, 10, 10);
  set(1, 0, 20, 0);  // greedy against random: greedy wins all
  set(0, 1, 0, 20);
  set(2, 0, 11, 9);  // alphabeta:3 against random: a little better
  set(0, 2, 9, 11);
  set(2, 1, 11, 9);  // alphabeta:3 against greedy: a little better too
  set(1, 2, 9, 11);
  const LadderFigures f = ladder_figures(l);
  ASSERT_GT(f.ratings[1].elo, f.ratings[2].elo) << "greedy pooled above alphabeta:3";
  ASSERT_EQ(f.warnings.size(), 1u);
  EXPECT_EQ(f.warnings[0],
            "warning: greedy is rated above alphabeta:3 but does not beat it: of their 40 finished "
            "games it wins 18, alphabeta:3 wins 22 (the ratings pool every pair; read the pair's "
            "own cells)");
  EXPECT_EQ(ladder_to_json(l, f)["warnings"], nlohmann::json(f.warnings));
  // A consistent ladder warns of nothing.
  set(1, 2, 15, 5);
  set(2, 1, 5, 15);
  EXPECT_TRUE(ladder_figures(l).warnings.empty());
}

}  // namespace
}  // namespace mancala::analysis
