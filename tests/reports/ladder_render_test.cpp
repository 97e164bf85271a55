// The ladder's renderings (reports/ladder_render.h, docs/ladder.md; issue 11 "The skill ladder").
#include "reports/ladder_render.h"

#include <gtest/gtest.h>

#include "simulator/ruleset_io.h"
#include "tests/analysis/ladder_fixtures.h"

namespace mancala::reports {
namespace {

using analysis::Ladder;
using analysis::LadderFigures;
using analysis::LadderOptions;
using sim::Agent;
using sim::AgentSpec;

// Ctrl-C: "the result has the runs finished so far plus the stopped one"; every output form still
// works on it and says it is partial.
TEST(LadderRender, AStoppedLadderPrintsAndSaysItIsPartial) {
  const std::atomic<bool> stop{true};
  LadderOptions o;
  o.agents = {AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)};
  o.games = 5;
  o.stop = &stop;
  const Ladder ladder = analysis::run_ladder(sim::load_ruleset("kalah/standard"), o);
  ASSERT_TRUE(ladder.partial());
  const LadderFigures f = analysis::ladder_figures(ladder);
  EXPECT_NE(ladder_text(ladder, f).find("(partial: stopped early)"), std::string::npos);
  EXPECT_NE(ladder_markdown(ladder, f).find("(partial: stopped early)"), std::string::npos);
  EXPECT_NE(ladder_html_fragment(ladder, f).find("(partial: stopped early)"), std::string::npos);
}

// "for Toguz Kumalak the tournament games of masters beside them": the text names them.
TEST(LadderRender, ToguzKumalakSetsTheMastersGamesBesideSelfPlay) {
  LadderOptions o;
  o.agents = {AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)};
  o.games = 6;
  const Ladder ladder = analysis::run_ladder(sim::load_ruleset("toguz_kumalak"), o);
  const LadderFigures f = analysis::ladder_figures(
      ladder, analysis::read_togyz_games(analysis::default_real_games_path("toguz_kumalak")));
  EXPECT_NE(ladder_text(ladder, f).find("masters (742 recorded games, 2016-2018)"),
            std::string::npos);
}

// Issue 20, item 7: fixed-depth self-play "stating which figures are depth-parity artefacts", in
// every output form. Three depths zigzag (+40, -40, +40 pp): a parity artefact, each fixed-depth
// row marked; mcts:100 not. With one depth of each parity the note says that parity and strength
// cannot be told apart.
TEST(LadderRender, DepthParityArtefactsAreMarkedAndExplained) {
  const std::vector<AgentSpec> agents = {
      AgentSpec(Agent::kAlphaBeta, 1), AgentSpec(Agent::kAlphaBeta, 2),
      AgentSpec(Agent::kAlphaBeta, 3), AgentSpec(Agent::kMcts, 100)};
  const Ladder l = test_support::self_play_ladder(
      agents, {std::array<uint64_t, 3>{700, 300, 0}, {300, 700, 0}, {700, 300, 0}, {550, 450, 0}});
  const LadderFigures f = analysis::ladder_figures(l);
  const std::string md = ladder_markdown(l, f);
  EXPECT_NE(md.find("| alphabeta:1 † |"), std::string::npos);
  EXPECT_NE(md.find("| alphabeta:2 † |"), std::string::npos);
  EXPECT_NE(md.find("| mcts:100 |"), std::string::npos);
  EXPECT_NE(md.find("† Depth-parity artefact: fixed-depth alpha-beta's self-play advantage follows "
                    "the parity of its depth (odd depths +40.0 pp, even depths -40.0 pp; "
                    "difference +80.0 pp"),
            std::string::npos);
  EXPECT_NE(ladder_text(l, f).find("alphabeta:3 †"), std::string::npos);
  EXPECT_NE(ladder_html_fragment(l, f).find("alphabeta:3 †"), std::string::npos);
  EXPECT_NE(ladder_summary(l, f).find("fixed-depth self-play follows depth parity"),
            std::string::npos);
  // Depths 2 and 3 only.
  const Ladder two = test_support::self_play_ladder(
      {AgentSpec(Agent::kAlphaBeta, 2), AgentSpec(Agent::kAlphaBeta, 3)},
      {std::array<uint64_t, 3>{600, 400, 0}, {800, 200, 0}});
  EXPECT_NE(ladder_markdown(two, analysis::ladder_figures(two))
                .find("with one depth of each parity, parity and strength cannot be told apart"),
            std::string::npos);
  // One parity only: the note says the check cannot be made.
  const Ladder one =
      test_support::self_play_ladder({AgentSpec(Agent::kAlphaBeta, 2), AgentSpec(Agent::kGreedy)},
                                     {std::array<uint64_t, 3>{600, 400, 0}, {500, 500, 0}});
  EXPECT_NE(ladder_markdown(one, analysis::ladder_figures(one))
                .find("this ladder has depths of one parity only, so it cannot be checked here"),
            std::string::npos);
}

}  // namespace
}  // namespace mancala::reports
