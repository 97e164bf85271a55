// Rankings under a panel of agents (analysis/reconstruct_panel.h; issue 36, item 2: "an agreement
// measure between the panel's rankings (Kendall's tau-b over pairs)" and "marks which ranks and
// which effects are robust across the panel"). Each figure is computed by hand in the comment.
#include "analysis/reconstruct_panel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "analysis/compare_builder.h"
#include "analysis/reconstruct.h"
#include "common/error.h"
#include "simulator/batch.h"
#include "tests/analysis/reconstruct_test_util.h"

namespace mancala::analysis {
namespace {

// "+1 when the two agents order every pair of readings alike, -1 when they order every pair
// oppositely".
TEST(ReconstructPanel, KendallTauIsOneForTheSameOrderAndMinusOneForTheReverse) {
  EXPECT_DOUBLE_EQ(*kendall_tau_b({1, 2, 3, 4}, {1, 2, 3, 4}), 1.0);
  EXPECT_DOUBLE_EQ(*kendall_tau_b({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
}

// [1,2,3] against [1,3,2]: pairs (1,2) and (1,3) concordant, (2,3) discordant: (2-1)/sqrt(3*3).
TEST(ReconstructPanel, KendallTauCountsConcordantLessDiscordantPairs) {
  EXPECT_DOUBLE_EQ(*kendall_tau_b({1, 2, 3}, {1, 3, 2}), 1.0 / 3.0);
}

// "a pair tied in one ranking is neither concordant nor discordant": [1,1,3,4] against
// [1,2,3,4]: six pairs, the first tied in a, the other five concordant: 5/sqrt((6-1)(6-0)).
// Ties in both: [1,1,2] against [1,2,2]: one pair tied in a, one in b, one concordant:
// 1/sqrt((3-1)(3-1)) = 0.5.
TEST(ReconstructPanel, KendallTauBCorrectsForTiesInEitherRanking) {
  EXPECT_DOUBLE_EQ(*kendall_tau_b({1, 1, 3, 4}, {1, 2, 3, 4}), 5.0 / std::sqrt(30.0));
  EXPECT_DOUBLE_EQ(*kendall_tau_b({1, 2, 3, 4}, {1, 1, 3, 4}), 5.0 / std::sqrt(30.0));
  EXPECT_DOUBLE_EQ(*kendall_tau_b({1, 1, 2}, {1, 2, 2}), 0.5);
  // [1,2,3,4] against [2,1,4,3]: pairs (1,2) and (3,4) discordant, the other four concordant.
  EXPECT_DOUBLE_EQ(*kendall_tau_b({1, 2, 3, 4}, {2, 1, 4, 3}), (4.0 - 2.0) / 6.0);
}

// "None when either ranking ties every item (or there are fewer than two items, or the sizes
// differ)".
TEST(ReconstructPanel, KendallTauIsUndefinedWhenNoPairIsOrdered) {
  EXPECT_FALSE(kendall_tau_b({1, 1, 1}, {1, 2, 3}).has_value());
  EXPECT_FALSE(kendall_tau_b({1, 2, 3}, {2, 2, 2}).has_value());
  EXPECT_FALSE(kendall_tau_b({1}, {1}).has_value());
  EXPECT_FALSE(kendall_tau_b({1, 2}, {1, 2, 3}).has_value());
}

// "by ceil(count/4) ranks a band": 8 candidates, bands of 2; 10 candidates, bands of 3.
TEST(ReconstructPanel, RankBandsAreQuartersOfTheCandidates) {
  EXPECT_EQ(rank_band(1, 8), 0);
  EXPECT_EQ(rank_band(2, 8), 0);
  EXPECT_EQ(rank_band(3, 8), 1);
  EXPECT_EQ(rank_band(8, 8), 3);
  EXPECT_EQ(rank_band(3, 10), 0);
  EXPECT_EQ(rank_band(4, 10), 1);
  EXPECT_EQ(rank_band(10, 10), 3);
  EXPECT_TRUE(robust_rank({1, 2, 2}, 8));
  EXPECT_FALSE(robust_rank({2, 3}, 8));  // the same but for one place, across a band's edge
  EXPECT_FALSE(robust_rank({}, 8));
}

// "the same sign of effect under every agent"; "an effect of 0 under any agent is not robust".
TEST(ReconstructPanel, AnEffectIsRobustWhenItsSignHoldsUnderEveryAgent) {
  EXPECT_TRUE(robust_sign({0.5, 12.0, 0.1}));
  EXPECT_TRUE(robust_sign({-0.5, -3.0}));
  EXPECT_FALSE(robust_sign({9.5, -10.1, 9.0}));
  EXPECT_FALSE(robust_sign({2.0, 0.0}));
  EXPECT_FALSE(robust_sign({}));
}

// "each an agent spec, at least two, none twice", with the messages naming the item at fault.
TEST(ReconstructPanel, ThePanelSpecNamesTwoAgentsOrMoreEachOnce) {
  const std::vector<sim::AgentSpec> panel = parse_panel(kDefaultPanel);
  ASSERT_EQ(panel.size(), 3u);
  EXPECT_EQ(panel[0].name(), "alphabeta:1");
  EXPECT_EQ(panel[1].name(), "alphabeta:2");
  EXPECT_EQ(panel[2].name(), "mcts:200");
  try {
    parse_panel("alphabeta:1,alphabeta:1");
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "reconstruct: --panel: alphabeta:1 is named twice");
  }
  // An empty item is refused, not dropped (split_list drops empty parts).
  for (const std::string spec :
       {"alphabeta:1,,alphabeta:2", ",alphabeta:1,alphabeta:2", "alphabeta:1,alphabeta:2,"}) {
    try {
      parse_panel(spec);
      FAIL() << "no error for " << spec;
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()), "reconstruct: --panel: an empty item in '" + spec +
                                           "' (two commas together, or one at an end)");
    }
  }
  try {
    parse_panel("alphabeta:2");
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "reconstruct: --panel: give two agents or more (e.g. "
                 "alphabeta:1,alphabeta:2,mcts:200)");
  }
  try {
    parse_panel("alphabeta:2,deep");
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("reconstruct: --panel: 'deep' is not an agent (", 0), 0u)
        << e.what();
  }
}

// "the panel plays only the candidates that survive the first stages": after the halving rounds
// each agent of the panel that is neither the skilled agent nor random plays the last round's
// candidates N/4 games, seed independent_seed(S, rounds + k); its run is simulate's.
TEST(ReconstructPanel, ThePanelPlaysTheFinalistsAfterTheHalvingRounds) {
  const Reconstruction r = testing::played("otep", 16, 1, "", 1, "alphabeta:1,alphabeta:2,greedy");
  ASSERT_EQ(r.stages.size(), 6u);  // random, three halving rounds, alphabeta:1 and greedy
  const std::vector<int>& finalists = r.stages[3].plan.candidates;
  ASSERT_GE(finalists.size(), 2u);
  for (size_t s : {4u, 5u}) {
    const StagePlan& plan = r.stages[s].plan;
    EXPECT_EQ(plan.round, 0);
    EXPECT_EQ(plan.candidates, finalists);
    EXPECT_EQ(plan.games, 4);  // N/4 of 16
  }
  EXPECT_EQ(r.stages[4].plan.panel, 1);
  EXPECT_EQ(r.stages[4].plan.agent.name(), "alphabeta:1");
  EXPECT_EQ(r.stages[4].plan.seed, independent_seed(1, 3));
  EXPECT_EQ(r.stages[5].plan.panel, 3);
  EXPECT_EQ(r.stages[5].plan.agent.name(), "greedy");
  EXPECT_EQ(r.stages[5].plan.seed, independent_seed(1, 5));
  sim::BatchOptions batch;
  batch.games = 4;
  batch.seed = independent_seed(1, 3);
  batch.agents = sim::AgentPair(sim::parse_agent("alphabeta:1"));
  EXPECT_EQ(
      r.stages[4].runs[0],
      sim::simulate_ruleset(r.space.candidates[static_cast<size_t>(finalists[0])].rules, batch));

  const ReconstructResult result = evaluate_reconstruction(r);
  EXPECT_TRUE(result.complete);
  const PanelResult& p = result.panel;
  ASSERT_TRUE(p.played());
  ASSERT_EQ(p.agents.size(), 3u);
  ASSERT_EQ(p.finalists.size(), finalists.size());
  for (size_t f = 0; f < finalists.size(); ++f) {
    const size_t i = p.finalists[f];
    EXPECT_EQ(i, static_cast<size_t>(finalists[f]));
    // The panel's stages rank nothing: a finalist's last stage is still the last halving round.
    EXPECT_EQ(result.candidates[i].last_stage, 4);
    // Under the skilled agent the finalists keep their places at the top of the ranking.
    EXPECT_EQ(p.ranks[1][i], result.candidates[i].standing.rank);
    // alphabeta:1's figures are its panel stage's, greedy's its own.
    EXPECT_EQ(p.figures[0][i].games, 4u);
    EXPECT_EQ(p.figures[2][i].games, 4u);
    EXPECT_EQ(p.figures[1][i].games, 16u);
    EXPECT_EQ(p.robust_rank[i], robust_rank({p.ranks[0][i], p.ranks[1][i], p.ranks[2][i]},
                                            static_cast<int>(finalists.size())));
  }
  // A candidate out of the race has no rank under the panel.
  for (size_t i = 0; i < r.space.candidates.size(); ++i) {
    if (std::find(finalists.begin(), finalists.end(), static_cast<int>(i)) != finalists.end())
      continue;
    EXPECT_EQ(p.ranks[0][i], 0);
    EXPECT_FALSE(p.figures[0][i].played);
  }
  std::vector<int> a, b;
  for (size_t i : p.finalists) {
    a.push_back(p.ranks[0][i]);
    b.push_back(p.ranks[2][i]);
  }
  EXPECT_EQ(p.tau[0][2], kendall_tau_b(a, b));
  EXPECT_EQ(p.tau[2][0], p.tau[0][2]);
  ASSERT_EQ(p.robust_main.size(), result.skilled_effects.main.size());
  for (size_t m = 0; m < p.robust_main.size(); ++m) {
    const Effect& e = result.skilled_effects.main[m];
    if (e.alternative == r.space.readings.choices[e.choice].reference) {
      EXPECT_EQ(p.robust_main[m], -1);
      continue;
    }
    std::vector<double> by_agent;
    for (const Effects& x : p.effects) by_agent.push_back(x.main[m].effect);
    const bool measured =
        std::all_of(by_agent.begin(), by_agent.end(), [](double x) { return std::isfinite(x); });
    EXPECT_EQ(p.robust_main[m], !measured ? -1 : robust_sign(by_agent) ? 1 : 0) << m;
  }

  // The JSON carries the panel and reads back to the same search.
  Related related;
  related.commonness = count_readings(r.space, {});
  const nlohmann::json j = reconstruction_to_json(r, result, related, true);
  EXPECT_EQ(j["panel"], nlohmann::json::parse(R"(["alphabeta:1", "alphabeta:2", "greedy"])"));
  EXPECT_EQ(j["stages"][4]["kind"], "panel");
  EXPECT_EQ(j["panel_result"]["finalists"].size(), finalists.size());
  EXPECT_EQ(j["panel_result"]["agreement"].size(), 3u);  // three pairs of three agents
  const Reconstruction back = reconstruction_from_json(j, "f.json");
  EXPECT_EQ(back.settings, r.settings);
  EXPECT_EQ(reconstruction_to_json(back, evaluate_reconstruction(back), related, true), j);
}

// A search without a panel plays no panel stage and has no panel result (the library's default;
// the command's is kDefaultPanel).
TEST(ReconstructPanel, NoPanelNoPanelStage) {
  const Reconstruction r = testing::played("otep", 8);
  EXPECT_EQ(r.stages.size(), 4u);
  EXPECT_FALSE(evaluate_reconstruction(r).panel.played());
}

// "Rounds ended by no-progress count against completion in the ranking (per round for
// matches)": 10 matches all ended by the paraphrase's rule, over 20 recorded rounds of which 5
// ended by the no-progress rule: completion is the rounds' 15 of 20 (0.75), not the matches' 10
// of 10; with no round stopped it is the matches' share.
TEST(ReconstructPanel, RoundsEndedByNoProgressCountAgainstAMatchsCompletion) {
  sim::GameTally t;
  t.match.enabled = true;
  t.games = 10;
  t.ended_by[0] = 10;
  t.rule_ended[1] = 10;
  t.match.round_ended_by = {15, 5, 0};
  const Figures f = figures_of(t);
  EXPECT_DOUBLE_EQ(f[Criterion::kCompletion].value, 0.75);
  EXPECT_DOUBLE_EQ(f[Criterion::kCompletion].low, stats::rate_estimate(15, 20).low);
  EXPECT_DOUBLE_EQ(f.text_rule.value, 1.0);
  t.match.round_ended_by = {20, 0, 0};
  EXPECT_DOUBLE_EQ(figures_of(t)[Criterion::kCompletion].value, 1.0);
  // A single game: its no-progress endings are already not the text's rule.
  sim::GameTally g;
  g.games = 4;
  g.ended_by[0] = 3;
  g.rule_ended[0] = 3;
  g.ended_by[1] = 1;
  EXPECT_DOUBLE_EQ(figures_of(g)[Criterion::kCompletion].value, 0.75);
}

}  // namespace
}  // namespace mancala::analysis
