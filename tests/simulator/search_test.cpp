// Agents (agents.h) and the alpha-beta search (alphabeta.h): specs and their errors, runs that
// record their agents, legal moves in every ruleset, a search that leaves its position alone,
// strength on Toguz Kumalak. The solver's tests are in solver_test.cpp.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "../test_support.h"
#include "common/error.h"
#include "simulator/agents.h"
#include "simulator/alphabeta.h"
#include "simulator/batch.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"

namespace mancala::sim {
namespace {

using test_support::kSanitized;

std::string usage_error(const std::string& text) {
  return test_support::thrown_message<UsageError>([&] { parse_agent(text); }, "accepted");
}

const std::string kList =
    "(random, greedy, alphabeta:D with 1 <= D <= 64, mcts:N with 1 <= N <= 10000000, abnodes:N "
    "with 1 <= N <= 1000000000, abtime:MS with 1 <= MS <= 600000)";

TEST(AgentSpec, EachSpecParsesAndNamesItself) {
  for (const char* text :
       {"random", "greedy", "alphabeta:1", "alphabeta:64", "mcts:1", "mcts:300", "mcts:10000000"}) {
    EXPECT_EQ(parse_agent(text).name(), std::string(text));
  }
  EXPECT_EQ(parse_agent("alphabeta:3"), AgentSpec(Agent::kAlphaBeta, 3));
  EXPECT_EQ(parse_agent("mcts:300"), AgentSpec(Agent::kMcts, 300));
}

TEST(AgentSpec, ABadSpecIsAUsageErrorListingTheBounds) {
  for (const std::string text :
       {"alphabeta:0", "alphabeta:65", "alphabeta:", "alphabeta:3x", "alphabeta:-1", "mcts:x",
        "mcts:0", "mcts:10000001", "foo", "", "Random", "alphabeta"}) {
    EXPECT_EQ(usage_error(text), "--agent: '" + text + "' is not an agent " + kList) << text;
  }
}

TEST(AgentPair, TheLabelNamesOneSpecForBothSeatsOrBothInOrder) {
  EXPECT_EQ(AgentPair(parse_agent("greedy")).label(), "greedy");
  EXPECT_EQ(AgentPair(parse_agent("alphabeta:3"), parse_agent("random")).label(),
            "alphabeta:3,random");
  EXPECT_EQ(parse_agent_pair("random,mcts:5").seat[1], AgentSpec(Agent::kMcts, 5));
  AgentPair pair;
  EXPECT_TRUE(try_parse_agent_pair("greedy", pair));
  EXPECT_EQ(pair, AgentPair(AgentSpec(Agent::kGreedy)));
  EXPECT_FALSE(try_parse_agent_pair("greedy,foo", pair));
  EXPECT_FALSE(try_parse_agent_pair("a,b,c", pair));
}

TEST(AgentPair, OptionErrorsAreExact) {
  const auto message = [](const std::string* agent, const std::string* agents) {
    try {
      agents_from_options(agent, agents);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string one = "random", two = "random,greedy", three = "random,greedy,random",
                    bad = "random,alphabeta:0";
  EXPECT_EQ(message(&one, &two), "--agent and --agents: give one of them");
  EXPECT_EQ(message(nullptr, &three),
            "--agents: expected SPEC1,SPEC2 (player 1, player 2), got 'random,greedy,random'");
  EXPECT_EQ(message(nullptr, &one),
            "--agents: expected SPEC1,SPEC2 (player 1, player 2), got 'random'");
  EXPECT_EQ(message(nullptr, &bad), "--agents: 'alphabeta:0' is not an agent " + kList);
  EXPECT_EQ(agents_from_options(nullptr, nullptr), AgentPair());
  EXPECT_EQ(agents_from_options(nullptr, &two).label(), "random,greedy");
}

// The rule: "--agents SPEC1,SPEC2 sets player 1 and player 2", and the run says so.
TEST(RunAgents, ARunRecordsBothSeatsInItsJsonAndReadsThemBack) {
  BatchOptions options;
  options.games = 4;
  options.agents = AgentPair(parse_agent("greedy"), parse_agent("random"));
  const RunStats run = simulate_ruleset(load_ruleset("toguz_kumalak"), options);
  EXPECT_EQ(run.agent, "greedy,random");
  const nlohmann::json j = run_stats_to_json(run);
  EXPECT_EQ(j["agent"], "greedy,random");
  EXPECT_EQ(j["agents"], nlohmann::json::array({"greedy", "random"}));
  EXPECT_EQ(run_stats_from_json(j, "run.json"), run);
}

TEST(RunAgents, AnOldRunWithOneAgentKeyIsThatAgentOnBothSeats) {
  BatchOptions options;
  options.games = 4;
  options.agents = AgentPair(parse_agent("greedy"));
  const RunStats run = simulate_ruleset(load_ruleset("toguz_kumalak"), options);
  nlohmann::json old = run_stats_to_json(run);
  old.erase("agents");
  EXPECT_EQ(run_stats_from_json(old, "old.json").agent, "greedy");
  nlohmann::json bad = old;
  bad["agent"] = "clever";
  EXPECT_THROW(
      {
        try {
          run_stats_from_json(bad, "old.json");
        } catch (const Error& e) {
          EXPECT_EQ(std::string(e.what()),
                    "old.json: toguz_kumalak/standard: agent: 'clever' is not an agent spec");
          throw;
        }
      },
      Error);
  nlohmann::json mismatch = run_stats_to_json(run);
  mismatch["agents"] = {"greedy", "random"};
  EXPECT_THROW(run_stats_from_json(mismatch, "x.json"), Error);
}

TEST(RunAgents, MergeRefusesShardsOfDifferentAgents) {
  const RuleSet rules = load_ruleset("toguz_kumalak");
  BatchOptions options;
  options.games = 4;
  options.shard = Shard{1, 2};
  const RunStats a = simulate_ruleset(rules, options);
  options.shard = Shard{2, 2};
  options.agents = AgentPair(AgentSpec(Agent::kRandom), AgentSpec(Agent::kGreedy));
  const RunStats b = simulate_ruleset(rules, options);
  try {
    merge_shards({{"a.json", a}, {"b.json", b}});
    ADD_FAILURE() << "merged";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "b.json: toguz_kumalak/standard: agents random,greedy differ from random in a.json: "
              "runs of different agents do not merge");
  }
}

// Checks every move an agent plays is legal where it is played.
class LegalityChecker : public GameObserver {
 public:
  explicit LegalityChecker(const Game& game) : game_(game) {}
  void on_move(const State& before, Move m, const MoveEffect&, const State&) override {
    EXPECT_TRUE(game_.is_legal(before, m)) << game_.rules().id << " ply " << before.ply;
    ++moves_;
  }
  void on_joint_move(const State& before, const JointMove& jm, const JointEffect&,
                     const State&) override {
    for (int p = 0; p < 2; ++p) {
      if (jm.plays[p]) {
        EXPECT_TRUE(game_.is_legal(before, p, jm.move[p])) << game_.rules().id;
      }
    }
    ++moves_;
  }
  int moves_ = 0;

 private:
  const Game& game_;
};

// "No agent ever plays an illegal move (checked in every ruleset)."
TEST(Search, AlphaBetaPlaysOnlyLegalMovesInEveryRuleset) {
  for (const std::string& id : list_ruleset_ids()) {
    const Game game(load_ruleset(id));
    Rng rng(3, 0);
    LegalityChecker checker(game);
    const GameResult r = play_game(game, AgentSpec(Agent::kAlphaBeta, kSanitized ? 1 : 2),
                                   AgentSpec(Agent::kGreedy), rng, &checker);
    EXPECT_GT(checker.moves_, 0) << id;
    EXPECT_GT(r.plies, 0) << id;
  }
}

// Issue 20: alphabeta played Otep no better than random. Otep's capture sows the captured
// counters again on the capturer's side ("captured and sown beginning in the first hole"), so no
// counter reaches a store before the round ends; the evaluation counted stores alone, scored every
// position inside the horizon 0, and the root drew among equal moves at random. Material counts
// every counter on a player's side there. The position is otep_test.cpp's clockwise privilege:
// P1's inner row holds i5 (3) and i8 (1); P2's o1, o5 and i1 hold 2 each. Played clockwise, i5's
// first sowing ends in i8 and takes P2's o1 and i1 (4); played anticlockwise it takes nothing.
TEST(Search, OtepsCapturedCountersSownOnTheCapturersSideCountAsHisMaterial) {
  const Game game(load_ruleset("otep/beaton_1939"));
  State s = game.initial_state();
  s.holes.fill(0);
  s.holes[15 - 4] = 3;       // P1's i5 (inner column c is global 15 - c)
  s.holes[15 - 7] = 1;       // P1's i8
  s.holes[16 + 0] = 2;       // P2's o1
  s.holes[16 + 4] = 2;       // P2's o5
  s.holes[16 + 15 - 0] = 2;  // P2's i1
  s.ply = 10;                // past the simultaneous opening
  s.to_move = 0;
  AlphaBeta ab(game, 1);
  EXPECT_EQ(game.material(s, 0), 4);
  EXPECT_EQ(ab.evaluate(s, 0), 4 - 6);
  EXPECT_EQ(ab.evaluate(s, 1), 6 - 4);
  MoveList moves;
  game.legal_moves(s, moves);
  ASSERT_EQ(moves.size, 2);
  const Move clockwise{11, true};  // i5 is P1's hole 11 along his path, sown clockwise
  State after = s;
  game.apply(after, clockwise);
  EXPECT_EQ(ab.evaluate(after, 0), 8 - 2);
  MatchState match;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng(seed, 0);
    EXPECT_EQ(ab.choose(match, s, moves, rng), clockwise) << "seed " << seed;
  }
}

// Waurie: "When a player has no more counters in their row, they win." Only a player's own
// sowing empties his row: inside the horizon the search scores each player minus twice his store
// and minus each of his holes that holds counters (Game::material, docs/agents.md).
TEST(Search, InWaurieEachStoredCounterAndEachHoleStillToEmptyCountAgainstThePlayer) {
  const Game game(load_ruleset("waurie/dlp"));
  State s = game.initial_state();
  s.holes.fill(0);
  s.holes[2] = 3;  // P1's hole 3
  s.holes[5] = 2;  // P1's hole 6, beside his store
  s.holes[6] = 1;  // P2's holes 1, 2 and 5
  s.holes[7] = 1;
  s.holes[10] = 4;
  s.store = {20, 17};
  s.ply = 10;
  s.to_move = 0;
  AlphaBeta ab(game, 1);
  EXPECT_EQ(game.material(s, 0), -2 * 20 - 2);
  EXPECT_EQ(game.material(s, 1), -2 * 17 - 3);
  EXPECT_EQ(ab.evaluate(s, 0), -5);
  EXPECT_EQ(ab.evaluate(s, 1), 5);
  // P1 sows his hole 6: one counter into his store, one into P2's hole 1, P2 to move.
  State after = s;
  game.apply(after, Move{5, false});
  ASSERT_FALSE(after.over);
  EXPECT_EQ(after.store[0], 21);
  EXPECT_EQ(after.holes[6], 2);
  EXPECT_EQ(ab.evaluate(after, 0), (-2 * 21 - 1) - (-2 * 17 - 3));
}

// Kapana Bona: "every pile the sowing made hold 2, 4 or 6 is taken", in either row, and every end
// of the game gives the counters left to their rows' owners (most games end by the no-progress
// rule). Inside the horizon the search scores each player twice his captures plus the counters in
// his own row (Game::material, docs/agents.md). From P1's row 3, 0, 5 and P2's 1, 2, 0, both of
// P1's moves capture 6: his hole 1 (first counter back into it) makes his hole 3 hold 6; his hole
// 3 makes P2's hole 1 hold 2 and his own hole 1 hold 4. Counting captures alone they are equal
// (+9); the first leaves him 2 counters in his row and P2 3, the second 1 and 4.
TEST(Search, InKapanaBonaEachCapturedCounterCountsTwiceAndEachCounterInTheOwnRowOnce) {
  const Game game(load_ruleset("kapana_bona/dlp"));
  State s = game.initial_state();
  s.holes.fill(0);
  s.holes[0] = 3;  // P1's holes 1-3
  s.holes[2] = 5;
  s.holes[3] = 1;  // P2's holes 1-3
  s.holes[4] = 2;
  s.store = {20, 17};  // set aside: 20 + 17 + 8 + 3 = 48 counters
  s.ply = 10;
  s.to_move = 0;
  ASSERT_EQ(game.counters_total(s), 48);
  AlphaBeta ab(game, 1);
  EXPECT_EQ(game.material(s, 0), 2 * 20 + 3 + 5);
  EXPECT_EQ(game.material(s, 1), 2 * 17 + 1 + 2);
  EXPECT_EQ(ab.evaluate(s, 0), 48 - 37);
  EXPECT_EQ(ab.evaluate(s, 1), 37 - 48);
  const Move first{0, false}, third{2, false};
  State a = s, b = s;
  game.apply(a, first);
  game.apply(b, third);
  ASSERT_FALSE(a.over);
  ASSERT_FALSE(b.over);
  EXPECT_EQ(a.store[0], 26);
  EXPECT_EQ(b.store[0], 26);
  EXPECT_EQ(ab.evaluate(a, 0), (2 * 26 + 1 + 1) - (2 * 17 + 1 + 2));  // rows 1, 1, 0 and 1, 2, 0
  EXPECT_EQ(ab.evaluate(b, 0), (2 * 26 + 1) - (2 * 17 + 3 + 1));      // rows 0, 0, 1 and 0, 3, 1
  MoveList moves;
  game.legal_moves(s, moves);
  ASSERT_EQ(moves.size, 2);
  MatchState match;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng(seed, 0);
    EXPECT_EQ(ab.choose(match, s, moves, rng), first) << "seed " << seed;
  }
}

// Elsewhere the counters in a row count only where the round's end gives them to their owner and
// a sowing captures every hole it made hold a count: Oware's rows are not its players' material.
TEST(Search, OnlyASowingThatCapturesEveryHoleItMadeHoldACountCountsTheOwnRow) {
  for (const std::string& id : list_ruleset_ids()) {
    const Game game(load_ruleset(id));
    const RuleSet& r = game.rules();
    if (r.empty_side_wins || game.material_on_side()) continue;
    const State s = game.initial_state();
    const bool counts = r.capture == Capture::kCountSownHoles && Game::rows_go_to_owners(r);
    int row = 0;
    for (int k = 0; k < r.holes_per_player; ++k) row += s.holes[k];
    EXPECT_EQ(game.material(s, 0),
              counts ? 2 * (s.store[0] + s.aside[0]) + row : s.store[0] + s.aside[0])
        << id;
  }
  EXPECT_TRUE(Game::rows_go_to_owners(load_ruleset("kapana_bona/dlp")));
  EXPECT_FALSE(Game::rows_go_to_owners(load_ruleset("hoyito/dlp")));              // end_when_left
  EXPECT_FALSE(Game::rows_go_to_owners(load_ruleset("toguz_kumalak/standard")));  // majority
}

// "Search never changes the position it searches."
TEST(Search, ChoosingAMoveLeavesThePositionAsItWas) {
  for (const std::string& id : list_ruleset_ids()) {
    const Game game(load_ruleset(id));
    AlphaBeta ab(game, 2);
    MatchState match;
    State s = start_match(game, match);
    Rng rng(9, 0);
    MoveList moves;
    for (int ply = 0; ply < 12 && !s.over; ++ply) {
      const State before = s;
      const int p = s.to_move;
      game.legal_moves(s, p, moves);
      const Move m = game.joint_turn(s) ? ab.choose_joint(match, s, p, moves, rng)
                                        : ab.choose(match, s, moves, rng);
      EXPECT_EQ(s, before) << id;
      EXPECT_TRUE(game.is_legal(s, p, m)) << id;
      if (game.joint_turn(s)) break;  // a joint turn needs both moves: enough seen
      game.apply(s, m);
    }
  }
}

// Ties at the root are drawn from the game's stream: the same stream gives the same game, and
// different streams give different games.
TEST(Search, TiesAreBrokenFromTheGamesStream) {
  const Game game(load_ruleset("toguz_kumalak"));
  const auto plies = [&](uint64_t stream) {
    Rng rng(1, stream);
    return play_game(game, AgentSpec(Agent::kAlphaBeta, 1), AgentSpec(Agent::kAlphaBeta, 1), rng)
        .plies;
  };
  EXPECT_EQ(plies(0), plies(0));
  std::set<int> lengths;
  for (uint64_t g = 0; g < 6; ++g) lengths.insert(plies(g));
  EXPECT_GT(lengths.size(), 1u);
}

TEST(Search, ARunWithSearchAgentsIsTheSameOnOneOrTwoThreads) {
  BatchOptions options;
  options.games = kSanitized ? 4 : 12;
  options.seed = 5;
  options.agents = AgentPair(AgentSpec(Agent::kAlphaBeta, 2), AgentSpec(Agent::kGreedy));
  for (const char* id : {"toguz_kumalak", "khutka_boia"}) {
    const RuleSet rules = load_ruleset(id);
    options.threads = 1;
    const RunStats one = simulate_ruleset(rules, options);
    options.threads = 2;
    EXPECT_EQ(simulate_ruleset(rules, options), one) << id;
  }
}

// Wins of `agent` over `other` in `games` games of each seat on Toguz Kumalak.
double win_share(AgentSpec agent, AgentSpec other, int games) {
  const RuleSet rules = load_ruleset("toguz_kumalak");
  BatchOptions options;
  options.games = games;
  options.seed = 2024;
  options.threads = 2;
  options.agents = AgentPair(agent, other);
  const RunStats first = simulate_ruleset(rules, options);
  options.agents = AgentPair(other, agent);
  const RunStats second = simulate_ruleset(rules, options);
  return static_cast<double>(first.tally.wins[0] + second.tally.wins[1]) / (2.0 * games);
}

// Issue 10: "alphabeta:3 wins at least 90% against random in either seat over 100 games".
TEST(Strength, AlphaBeta3BeatsRandomInEitherSeat) {
  const int games = kSanitized ? 10 : 50;
  const RuleSet rules = load_ruleset("toguz_kumalak");
  for (int seat = 0; seat < 2; ++seat) {
    BatchOptions options;
    options.games = games;
    options.seed = 77;
    options.threads = 2;
    options.agents = seat == 0 ? AgentPair(AgentSpec(Agent::kAlphaBeta, 3), AgentSpec())
                               : AgentPair(AgentSpec(), AgentSpec(Agent::kAlphaBeta, 3));
    const RunStats run = simulate_ruleset(rules, options);
    EXPECT_GE(run.tally.wins[seat], static_cast<uint64_t>(0.9 * games)) << "seat " << seat;
  }
}

// mcts:N through the same plumbing: per-thread players, the same run on one or two threads.
TEST(Search, AnMctsRunIsTheSameOnOneOrTwoThreads) {
  BatchOptions options;
  options.games = kSanitized ? 2 : 6;
  options.seed = 3;
  options.agents = AgentPair(AgentSpec(Agent::kMcts, 50), AgentSpec(Agent::kRandom));
  const RuleSet rules = load_ruleset("toguz_kumalak");
  options.threads = 1;
  const RunStats one = simulate_ruleset(rules, options);
  options.threads = 2;
  EXPECT_EQ(simulate_ruleset(rules, options), one);
  EXPECT_EQ(one.agent, "mcts:50,random");
}

// Issue 10: "and at least 65% against greedy".
TEST(Strength, AlphaBeta3BeatsGreedy) {
  EXPECT_GE(
      win_share(AgentSpec(Agent::kAlphaBeta, 3), AgentSpec(Agent::kGreedy), kSanitized ? 10 : 50),
      0.65);
}

// abnodes:N (issue 22: "a time-bounded alpha-beta ... a node-bounded form that is
// deterministic"): deepening stops within the budget, and the move is the one a fixed-depth
// search to the last finished depth chooses: the cut iteration is thrown away.
TEST(AlphaBetaBudget, ANodeBudgetChoosesAsTheFixedDepthOfItsLastFinishedIteration) {
  const Game game(load_ruleset("toguz_kumalak"));
  MatchState match;
  const State s = start_match(game, match);
  MoveList moves;
  game.legal_moves(s, moves);
  for (uint64_t budget : {1u, 300u, 3000u, 30000u}) {
    AlphaBeta budgeted(game, kMaxAlphaBetaDepth);
    budgeted.set_move_budget(budget, 0);
    budgeted.new_game();
    Rng rng(4, 0);
    const Move m = budgeted.choose(match, s, moves, rng);
    const int depth = budgeted.last_depth();
    EXPECT_GE(depth, 1) << budget;
    // The first iteration always finishes; later ones stop at the budget (a few terminal
    // children are counted without a check).
    if (depth > 1) {
      EXPECT_LE(budgeted.nodes(), budget + kMaxMoves) << budget;
    }
    AlphaBeta fixed(game, depth);
    fixed.new_game();
    Rng same(4, 0);
    EXPECT_EQ(fixed.choose(match, s, moves, same), m) << budget;
  }
  AlphaBeta big(game, kMaxAlphaBetaDepth), small(game, kMaxAlphaBetaDepth);
  big.set_move_budget(30000, 0);
  small.set_move_budget(300, 0);
  Rng a(4, 0), b(4, 0);
  big.choose(match, s, moves, a);
  small.choose(match, s, moves, b);
  EXPECT_GT(big.last_depth(), small.last_depth());
}

// A node budget is reproducible: the same run on one or two threads, and game g the same in both.
TEST(AlphaBetaBudget, AnAbnodesRunIsTheSameOnOneOrTwoThreads) {
  BatchOptions options;
  options.games = kSanitized ? 2 : 6;
  options.seed = 8;
  options.agents = AgentPair(parse_agent("abnodes:2000"), AgentSpec(Agent::kGreedy));
  for (const char* id : {"toguz_kumalak", "sonka"}) {
    const RuleSet rules = load_ruleset(id);
    options.threads = 1;
    const RunStats one = simulate_ruleset(rules, options);
    options.threads = 2;
    EXPECT_EQ(simulate_ruleset(rules, options), one) << id;
    EXPECT_EQ(one.agent, "abnodes:2000,greedy");
  }
}

// abtime:MS plays whole games with legal moves in every kind of turn (the clock decides only how
// deep), and the registry marks it as not reproducible.
TEST(AlphaBetaBudget, AnAbtimeAgentPlaysLegalGamesAndIsMarkedNotReproducible) {
  EXPECT_FALSE(agent_kind(Agent::kAlphaBetaTime).deterministic);
  EXPECT_TRUE(agent_kind(Agent::kAlphaBetaNodes).deterministic);
  EXPECT_FALSE(AgentPair(parse_agent("abtime:5"), AgentSpec()).deterministic());
  for (const char* id : {"kalah", "sonka", "otep"}) {
    const Game game(load_ruleset(id));
    Rng rng(2, 0);
    LegalityChecker checker(game);
    const GameResult r = play_game(game, parse_agent("abtime:1"), AgentSpec(), rng, &checker);
    EXPECT_GT(checker.moves_, 0) << id;
    EXPECT_NE(r.reason, EndReason::kNone) << id;
  }
}

}  // namespace
}  // namespace mancala::sim
