// Rankings under a panel of agents (analysis/reconstruct_panel.h; issue 36, item 2: "an agreement
// measure between the panel's rankings (Kendall's tau-b over pairs)" and "marks which ranks and
// which effects are robust across the panel"). Each figure is computed by hand in the comment.
#include "analysis/reconstruct_panel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/error.h"

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

}  // namespace
}  // namespace mancala::analysis
