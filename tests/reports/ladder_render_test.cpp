// The ladder's renderings (reports/ladder_render.h, docs/ladder.md; issue 11 "The skill ladder").
#include "reports/ladder_render.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

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

// Issue 20, item 8: "Show the round level wherever completion is shown". Self-play matches all
// stopped after a fixed number of rounds (stop_after_rounds: a stopping rule, not the safety
// bound), 25 of whose 39 rounds the no-progress rule ended: each completion cell gives the
// matches' share and, on a second line, the rounds', in every output form.
TEST(LadderRender, SelfPlayOfMatchesShowsHowTheirRoundsEnded) {
  Ladder l = test_support::self_play_ladder({AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)},
                                            {std::array<uint64_t, 3>{6, 4, 0}, {5, 5, 0}});
  for (size_t a = 0; a < 2; ++a) {
    sim::GameTally& t = l.runs[a * 2 + a].tally;
    t.ended_by = {0, 0, 10, 0};  // rule, no_progress, stop_after_rounds, safety_bound
    t.rule_ended = {0, 0, 0};
    t.match.enabled = true;
    t.match.round_ended_by = {14, 25, 0};   // rule, no_progress, safety_bound
    t.match.round_rule_ended = {0, 14, 0};  // the 14 by the paraphrase's rule
    t.match.first_mover_wins = 20;
    t.match.second_mover_wins = 19;
  }
  const LadderFigures f = analysis::ladder_figures(l);
  const std::string md = ladder_markdown(l, f);
  EXPECT_NE(md.find(" | \u26A0 0.0%<br>rounds: \u26A0 35.9% | 0.0%<br>rounds: 0.0% | "
                    "0.0%<br>rounds: 0.0% | 100.0%<br>rounds: 64.1% | 0.0%<br>rounds: 0.0% |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("each cell's second line is the share of the matches' rounds"),
            std::string::npos);
  EXPECT_NE(ladder_text(l, f).find("\u26A0 0.0% rounds: \u26A0 35.9%"), std::string::npos);
  EXPECT_NE(ladder_text(l, f).find("100.0% rounds: 64.1%"), std::string::npos);
  EXPECT_NE(ladder_html_fragment(l, f).find("100.0%<br />rounds: 64.1%"), std::string::npos)
      << ladder_html_fragment(l, f);
  // Issue 39, item 1: on a page the self-play table is two, each led by the agent: the results,
  // then how the games ended (the 13 columns were up to 500 px wider than a 1400 px page).
  const std::string html = ladder_html_fragment(l, f);
  const size_t results = html.find("<caption>Results of each level</caption>");
  const size_t endings = html.find("<caption>How each level&#39;s games ended</caption>");
  ASSERT_NE(results, std::string::npos) << html;
  ASSERT_NE(endings, std::string::npos) << html;
  EXPECT_LT(results, endings);
  const std::string first = html.substr(results, endings - results), second = html.substr(endings);
  EXPECT_NE(first.find("<th>agent</th>"), std::string::npos);
  EXPECT_NE(first.find("P1 advantage [95% CI]"), std::string::npos);
  EXPECT_EQ(first.find("safety bound"), std::string::npos);
  EXPECT_NE(second.find("<th>agent</th>"), std::string::npos);
  EXPECT_NE(second.find("safety bound"), std::string::npos);
  EXPECT_EQ(second.find("P1 advantage"), std::string::npos);
  const nlohmann::json j = analysis::ladder_to_json(l, f);
  for (const nlohmann::json& s : j["self_play"]) {
    EXPECT_EQ(s["completion"]["stopping_rule"], 1.0);
    EXPECT_EQ(s["completion"]["safety_bound"], 0.0);
    EXPECT_EQ(s["round_completion"]["rounds"], 39);
    EXPECT_DOUBLE_EQ(s["round_completion"]["stopping_rule"].get<double>(), 25.0 / 39);
  }
  // Single games have no round line.
  const Ladder games =
      test_support::self_play_ladder({AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy)},
                                     {std::array<uint64_t, 3>{6, 4, 0}, {5, 5, 0}});
  const LadderFigures g = analysis::ladder_figures(games);
  EXPECT_EQ(ladder_markdown(games, g).find("rounds:"), std::string::npos);
  EXPECT_TRUE(analysis::ladder_to_json(games, g)["self_play"][0]["round_completion"].is_null());
}

// Issue 20: "for every test the report prints, 'significant' holds exactly when the printed
// interval excludes zero". Every cell of the matrix, in the text and Markdown forms, is marked *
// exactly when its printed interval lies above 50%, and then the column's agent is below 50%
// against the row's with the mirrored interval; over a played ladder and hand-made ones whose
// pairs lie near the boundary (with draws, where the win rate and the score differ).
TEST(LadderRender, EveryCellIsMarkedExactlyWhenItsPrintedIntervalExcludesHalf) {
  LadderOptions o;
  o.agents = {AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy),
              AgentSpec(Agent::kAlphaBeta, 2)};
  o.games = 12;
  std::vector<Ladder> ladders = {analysis::run_ladder(sim::load_ruleset("kalah/standard"), o)};
  // Hand-made: random against greedy 60-40 with 0 to 60 draws, 500 games a seat.
  for (uint64_t draws : {0, 10, 30, 60}) {
    Ladder l = test_support::self_play_ladder(
        {AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy), AgentSpec(Agent::kAlphaBeta, 2)},
        {std::array<uint64_t, 3>{500, 500, 0}, {500, 500, 0}, {500, 500, 0}});
    for (size_t c : {1, 3}) {  // (random, greedy) and (greedy, random)
      sim::GameTally& t = l.runs[c].tally;
      const size_t random_seat = c == 1 ? 0 : 1;
      t.wins[random_seat] = 530 - draws / 2;
      t.wins[1 - random_seat] = 470 - draws / 2;
      t.draws = draws;
    }
    ladders.push_back(l);
  }
  // Markdown escapes the brackets and the mark.
  const std::regex cell(R"(([0-9.]+)% \\?\[([0-9.]+), ([0-9.]+)\\?\]( \\?\*)?)");
  int cells = 0, marked = 0;
  for (const Ladder& l : ladders) {
    const LadderFigures f = analysis::ladder_figures(l);
    for (const std::string& text : {ladder_markdown(l, f), ladder_text(l, f)}) {
      // The matrix: from its note to the ratings' note.
      const size_t begin = text.find("Score of the row's agent");
      const size_t end = text.find("Bradley-Terry ratings");
      ASSERT_NE(begin, std::string::npos);
      const std::string matrix = text.substr(begin, end - begin);
      for (auto it = std::sregex_iterator(matrix.begin(), matrix.end(), cell);
           it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        EXPECT_EQ(m[4].matched, std::stod(m[2]) > 50) << m.str();
        ++cells;
        marked += m[4].matched;
      }
    }
    // The JSON says the same, and the skill depth's chain uses the same relation.
    const nlohmann::json j = analysis::ladder_to_json(l, f);
    for (size_t a = 0; a < l.size(); ++a) {
      for (size_t b = 0; b < l.size(); ++b) {
        if (a == b) continue;
        const nlohmann::json& c = j["matrix"][a][b];
        EXPECT_EQ(c["beats"].get<bool>(), c["score"]["ci95_simultaneous"][0].get<double>() > 0.5);
        EXPECT_EQ(c["beats"].get<bool>(), f.pair(a, b).a_beats_b());
        // Significant exactly when the interval excludes 50%: one agent or the other beats.
        const nlohmann::json& ci = c["score"]["ci95_simultaneous"];
        EXPECT_EQ(f.pair(a, b).significant, ci[0].get<double>() > 0.5 || ci[1].get<double>() < 0.5);
        EXPECT_EQ(j["matrix"][b][a]["beats"].get<bool>(), ci[1].get<double>() < 0.5);
      }
    }
    for (size_t i = 1; i < f.chain.size(); ++i)
      EXPECT_TRUE(f.pair(f.chain[i], f.chain[i - 1]).a_beats_b());
  }
  EXPECT_EQ(cells, 5 * 2 * 6);
  EXPECT_GT(marked, 0);
}

}  // namespace
}  // namespace mancala::reports
