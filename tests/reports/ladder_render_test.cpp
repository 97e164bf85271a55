// The ladder's renderings (reports/ladder_render.h, docs/ladder.md; issue 11 "The skill ladder").
#include "reports/ladder_render.h"

#include <gtest/gtest.h>

#include "simulator/ruleset_io.h"

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

}  // namespace
}  // namespace mancala::reports
