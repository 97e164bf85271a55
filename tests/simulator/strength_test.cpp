// Issue 20, "agents checked in every ruleset": in every shipped ruleset, with fixed seeds,
// alphabeta:2 and mcts:100 each beat random in both seats (at least 65% of the games, a draw
// counting half), and alphabeta:3 wins at least as many games as greedy over both seats. A search
// agent that does not beat a weaker one is a bug to find (alphabeta played Otep at random until
// its evaluation counted re-sown captures: search_test.cpp). The one seat where skill cannot reach
// the bar is named below with the reason, and held to a bar it can reach.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "../test_support.h"
#include "play_test_util.h"
#include "simulator/agents.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

// Games in each seat: 40 (the figure) for alphabeta; 16 for mcts:100, whose random
// playouts cost about 40 times more (a minute a ruleset on the long-game boards such as Wouri's;
// issue 22's CI budget). The sanitizer run leaves this sweep out (scripts/test.sh).
const int kGames = 40;
const int kMctsGames = 16;
constexpr double kBeatsRandom = 0.65;

// Seats in which no agent can reach kBeatsRandom against random, with the reason and the bar
// that seat is held to instead (a share of its games).
struct SeatException {
  int seat;  // 0: as player 1, 1: as player 2
  double bar;
  const char* reason;
};
const std::map<std::string, SeatException> kSeatExceptions = {
    {"khutka_boia/no_handicaps",
     {1, 0.25,
      "one round of Khutka Boia without the settlement between rounds: every first move of "
      "player 1 wins under perfect play ('mancala solve khutka_boia/no_handicaps --moves K' gives "
      "+8, +16, +10, +4, +2 for K = 1..5), random play as player 1 wins 92 of 100 games against "
      "random, and alphabeta:10 as player 2 scores 45.5% against random: as player 2 a skilled "
      "agent is held to at least 25%, about four times random's 6.5%"}},
    {"manddiare/dlp",
     {1, 0.3,
      "two rows of three holes: player 1 wins under perfect play ('mancala solve manddiare/dlp': "
      "+18) and random play as player 1 wins 82.5% of 2000 games against random; as player 2 "
      "alphabeta:2 scores 40%, more than twice random's 17.5%"}},
    {"oure_ngat/dlp",
     {0, 0.25,
      "two rows of four holes: player 1 loses under perfect play ('mancala solve oure_ngat/dlp': "
      "-10) and random play as player 1 wins 11.8% of 2000 games against random; as player 1 "
      "alphabeta:2 scores 58% of 1,000 games (seed 7; 27% before its evaluation counted the "
      "own row, Game::material) and mcts:100 54%"}},
};

// The agent's score (wins plus half the draws, a share of the games) as player 1 and as player 2
// against `other`, `games` games in each seat with seed 1.
std::array<double, 2> scores(const RuleSet& rules, AgentSpec agent, AgentSpec other, int games) {
  BatchOptions options;
  options.games = games;
  options.seed = 1;
  options.threads = 2;
  std::array<double, 2> out{};
  for (int seat = 0; seat < 2; ++seat) {
    options.agents = seat == 0 ? AgentPair(agent, other) : AgentPair(other, agent);
    const GameTally t = simulate_ruleset(rules, options).tally;
    out[static_cast<size_t>(seat)] = (static_cast<double>(t.wins[static_cast<size_t>(seat)]) +
                                      0.5 * static_cast<double>(t.draws)) /
                                     static_cast<double>(games);
  }
  return out;
}

class AgentsInEveryRuleset : public ::testing::TestWithParam<std::string> {
 protected:
  void expect_beats_random(AgentSpec agent, int games) {
    const RuleSet rules = load_ruleset(GetParam());
    const std::array<double, 2> score = scores(rules, agent, AgentSpec(Agent::kRandom), games);
    const auto exception = kSeatExceptions.find(rules.id);
    for (int seat = 0; seat < 2; ++seat) {
      const bool excepted = exception != kSeatExceptions.end() && exception->second.seat == seat;
      const double bar = excepted ? exception->second.bar : kBeatsRandom;
      EXPECT_GE(score[static_cast<size_t>(seat)], bar)
          << agent.name() << " as player " << seat + 1 << " against random, " << games << " games"
          << (excepted ? std::string(" (") + exception->second.reason + ")" : "");
    }
  }
};

TEST_P(AgentsInEveryRuleset, AlphaBeta2BeatsRandomInBothSeats) {
  expect_beats_random(AgentSpec(Agent::kAlphaBeta, 2), kGames);
}

TEST_P(AgentsInEveryRuleset, Mcts100BeatsRandomInBothSeats) {
  expect_beats_random(AgentSpec(Agent::kMcts, 100), kMctsGames);
}

TEST_P(AgentsInEveryRuleset, AlphaBeta3WinsAtLeastAsManyGamesAsGreedyOverBothSeats) {
  const RuleSet rules = load_ruleset(GetParam());
  BatchOptions options;
  options.games = kGames;
  options.seed = 1;
  options.threads = 2;
  uint64_t alphabeta = 0, greedy = 0;
  for (int seat = 0; seat < 2; ++seat) {
    const AgentSpec ab(Agent::kAlphaBeta, 3), g(Agent::kGreedy);
    options.agents = seat == 0 ? AgentPair(ab, g) : AgentPair(g, ab);
    const GameTally t = simulate_ruleset(rules, options).tally;
    alphabeta += t.wins[static_cast<size_t>(seat)];
    greedy += t.wins[static_cast<size_t>(1 - seat)];
  }
  EXPECT_GE(alphabeta, greedy) << "alphabeta:3 against greedy, " << kGames << " games a seat";
}

INSTANTIATE_TEST_SUITE_P(Strength, AgentsInEveryRuleset,
                         ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

// The exceptions name shipped rulesets (a renamed ruleset must not leave one behind).
TEST(AgentsInEveryRulesetExceptions, NameShippedRulesets) {
  const std::vector<std::string> ids = list_ruleset_ids();
  for (const auto& [id, exception] : kSeatExceptions)
    EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << id;
}

}  // namespace
}  // namespace mancala::sim
