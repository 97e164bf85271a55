// The batch runner and run statistics: determinism whatever the threads or shards, the prefix kept
// when stopped, a worker's exception on the caller, the JSON round trip and its exact figures, and
// the messages for malformed statistics and shards that do not make one run.
#include "simulator/batch.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "../test_support.h"
#include "common/error.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

using test_support::sanitized;

// Games per run in these tests: a few hundred, fewer under the sanitizers.
int64_t test_games() { return sanitized() ? 120 : 300; }

// A made-up game result that depends only on the game index, to test the runner without the engine.
GameResult synthetic(int64_t g) {
  GameResult r;
  r.winner = g % 3 == 0 ? 0 : g % 3 == 1 ? 1 : kDraw;
  r.reason = g % 5 == 0 ? EndReason::kNoProgress : EndReason::kRule;
  r.plies = static_cast<int>(g % 97);
  r.relay_bound_hits = g % 11 == 0 ? 2 : 0;
  r.rounds = 1;
  // The round's record, which the metrics read (docs/metrics.md): g % 3 lead changes.
  r.turns = r.plies;
  r.round[0] = RoundRecord{};
  r.round[0].setup = RoundSetup::none();
  r.round[0].winner = r.winner;
  r.round[0].reason = r.reason;
  r.round[0].plies = static_cast<uint16_t>(r.plies);
  r.play[0] = RoundPlay::none();
  r.play[0].turns = static_cast<uint16_t>(r.plies);
  r.play[0].lead_changes = static_cast<uint16_t>(g % 3);
  return r;
}

GameTally tally_of(int64_t begin, int64_t end, GameResult (*play)(int64_t)) {
  GameTally t;
  for (int64_t g = begin; g < end; ++g) t.add(play(g));
  return t;
}

std::string message_of(const std::function<void()>& f) { return test_support::thrown_message(f); }

TEST(Shard, IsWrittenIOverN) {
  EXPECT_EQ(parse_shard("2/3"), (Shard{2, 3}));
  EXPECT_EQ(parse_shard("1/1"), (Shard{1, 1}));
}

TEST(Shard, AnythingButIOverNWithOneToNIsRefusedWithTheText) {
  for (const std::string bad : {"0/3", "4/3", "1/0", "-1/2", "a/b", "3", "1/2x", "/2", "1/", ""}) {
    EXPECT_EQ(message_of([&] { parse_shard(bad); }),
              "--shard: expected i/n with 1 <= i <= n, got '" + bad + "'");
  }
}

TEST(Shard, TheShardsOfARunAreContiguousBlocksCoveringEveryGameOnce) {
  EXPECT_EQ(shard_range(10, Shard{1, 3}), (GameRange{0, 3}));
  EXPECT_EQ(shard_range(10, Shard{2, 3}), (GameRange{3, 6}));
  EXPECT_EQ(shard_range(10, Shard{3, 3}), (GameRange{6, 10}));
  EXPECT_EQ(shard_range(2, Shard{2, 4}),
            (GameRange{0, 1}));  // more shards than games: some are empty
  EXPECT_EQ(shard_range(2, Shard{1, 4}), (GameRange{0, 0}));
  int64_t next = 0;
  for (int i = 1; i <= 7; ++i) {
    const GameRange r = shard_range(1000003, Shard{i, 7});
    EXPECT_EQ(r.begin, next);
    next = r.end;
  }
  EXPECT_EQ(next, 1000003);
}

TEST(PlayGames, TalliesEveryGameOfTheRangeOnceWhateverTheThreads) {
  const GameTally expected = tally_of(100, 1100, synthetic);
  for (int threads : {1, 2, 3, 8}) {
    BatchOptions options;
    options.threads = threads;
    EXPECT_EQ(play_games(GameRange{100, 1100}, synthetic, options), expected)
        << threads << " threads";
  }
}

TEST(PlayGames, AWorkersExceptionIsRethrownOnTheCaller) {
  BatchOptions options;
  options.threads = 2;
  const PlayOne failing = [](int64_t g) {
    if (g == 137) throw Error("game 137: broken");
    return synthetic(g);
  };
  EXPECT_EQ(message_of([&] {
              play_games(GameRange{0, 1000}, failing, options);
            }),
            "game 137: broken");
}

TEST(PlayGames, StoppedItCountsAPrefixOfTheRangeAndNothingElse) {
  std::atomic<bool> stop{false};
  BatchOptions options;
  options.threads = 2;
  options.stop = &stop;
  const PlayOne stopping = [&](int64_t g) {
    if (g == 500) stop = true;  // as if Ctrl-C came while game 500 was being played
    return synthetic(g);
  };
  const GameTally t = play_games(GameRange{0, 100000}, stopping, options);
  EXPECT_LT(t.games, 100000u);
  EXPECT_LE(t.games, 501u);
  EXPECT_EQ(t, tally_of(0, static_cast<int64_t>(t.games), synthetic));
}

TEST(PlayGames, StoppedBeforeTheStartItCountsNothing) {
  std::atomic<bool> stop{true};
  BatchOptions options;
  options.threads = 2;
  options.stop = &stop;
  EXPECT_EQ(play_games(GameRange{0, 1000}, synthetic, options), GameTally{});
}

TEST(PlayGames, ProgressEndsWithTheGamesCounted) {
  BatchOptions options;
  options.threads = 2;
  uint64_t last_done = 0, last_total = 0;
  options.progress = [&](uint64_t done, uint64_t total) {
    last_done = done;
    last_total = total;
  };
  play_games(GameRange{0, 777}, synthetic, options);
  EXPECT_EQ(last_done, 777u);
  EXPECT_EQ(last_total, 777u);
}

TEST(SimulateRuleset, GameGIsPlayedWithRngOfSeedAndG) {
  const RuleSet rules = load_ruleset("toguz_kumalak/standard");
  const Game game(rules);
  BatchOptions options;
  options.games = 30;
  options.seed = 42;
  options.shard = Shard{2, 3};
  const RunStats run = simulate_ruleset(rules, options);
  GameTally expected;
  for (int64_t g = 10; g < 20; ++g) {
    Rng rng(42, static_cast<uint64_t>(g));
    expected.add(play_game(game, Agent::kRandom, Agent::kRandom, rng));
  }
  EXPECT_EQ(run.tally, expected);
  EXPECT_EQ(run.range, (GameRange{10, 20}));
  EXPECT_FALSE(run.partial);
  EXPECT_EQ(run.ruleset, "toguz_kumalak/standard");
  EXPECT_EQ(run.rules_hash, rules_hash(rules));
  EXPECT_EQ(run.agent, "random");
  EXPECT_EQ(run.engine_version, MANCALA_VERSION);
}

TEST(SimulateRuleset, OneAndTwoThreadsGiveTheSameStatistics) {
  // Every ruleset twice over, 100 games (blocks of three on two threads; 300 took 20 s of the
  // suite), 40 under the sanitizers (blocks of one or two games).
  const int64_t games = sanitized() ? 40 : 100;
  for (const std::string& id : list_ruleset_ids()) {
    const RuleSet rules = load_ruleset(id);
    for (Agent agent : {Agent::kRandom, Agent::kGreedy}) {
      BatchOptions options;
      options.games = games;
      options.seed = 7;
      options.agents = AgentPair(agent);
      options.threads = 1;
      const RunStats one = simulate_ruleset(rules, options);
      options.threads = 2;
      const RunStats two = simulate_ruleset(rules, options);
      EXPECT_EQ(one, two) << id;
      EXPECT_EQ(run_stats_to_json(one).dump(), run_stats_to_json(two).dump()) << id;
      EXPECT_EQ(one.tally.games, static_cast<uint64_t>(games));
    }
  }
}

TEST(SimulateRuleset, MergedShardsEqualTheSingleRunByteForByte) {
  const RuleSet rules = load_ruleset("toguz_kumalak/standard");
  BatchOptions options;
  options.games = test_games();
  options.seed = 11;
  options.threads = 2;
  const RunStats single = simulate_ruleset(rules, options);
  std::vector<ShardInput> shards;
  for (int i = 3; i >= 1; --i) {  // any order
    options.shard = Shard{i, 3};
    shards.push_back({"shard" + std::to_string(i), simulate_ruleset(rules, options)});
  }
  const RunStats merged = merge_shards(shards);
  EXPECT_EQ(merged, single);
  EXPECT_EQ(run_stats_to_json(merged).dump(2), run_stats_to_json(single).dump(2));
}

TEST(SimulateRuleset, EveryToguzGameEndsByARuleAndTheCountsAddUp) {
  BatchOptions options;
  options.games = test_games();
  const RunStats run = simulate_ruleset(load_ruleset("toguz_kumalak/standard"), options);
  const GameTally& t = run.tally;
  EXPECT_EQ(t.wins[0] + t.wins[1] + t.draws + t.unfinished, t.games);
  EXPECT_EQ(t.ended_by[0],
            t.games);  // Toguz has no no-progress rule and random games end long before max_plies
  EXPECT_EQ(t.unfinished, 0u);
  EXPECT_EQ(t.plies.total(), t.games);
  EXPECT_EQ(t.relay_bound_hits, 0u);  // no relay in Toguz
}

TEST(SimulateRuleset, RefusesNoGames) {
  BatchOptions options;
  options.games = 0;
  EXPECT_EQ(message_of([&] { simulate_ruleset(load_ruleset("toguz_kumalak/standard"), options); }),
            "simulate: --games: must be 1 or more");
}

RunStats synthetic_run(int64_t games) {
  RunStats run;
  run.ruleset = "test/synthetic";
  run.rules_hash = "0123456789abcdef";
  run.engine_version = "9.9.9";
  run.agent = "random";
  run.seed = 5;
  run.games_requested = games;
  run.range = shard_range(games, run.shard);
  run.tally = tally_of(0, games, synthetic);
  return run;
}

TEST(RunStatsJson, GivesTheCountsAndTheFiguresComputedFromThem) {
  // Games 0..5: winners P1 P2 draw P1 P2 draw; game 0 and 5 by no progress; plies 0..5; game 0
  // has two relay-bound hits.
  const json j = run_stats_to_json(synthetic_run(6));
  EXPECT_EQ(j["games"], 6);
  EXPECT_EQ(j["wins"], json::array({2, 2}));
  EXPECT_EQ(j["draws"], 2);
  EXPECT_EQ(j["unfinished"], 0);
  EXPECT_DOUBLE_EQ(j["first_player_win_rate"]["value"].get<double>(), 2.0 / 6.0);
  EXPECT_DOUBLE_EQ(j["draw_rate"]["value"].get<double>(), 2.0 / 6.0);
  EXPECT_EQ(j["first_player_advantage"]["value"], 0.0);
  EXPECT_EQ(j["first_player_advantage"]["p_value"], 1.0);
  EXPECT_DOUBLE_EQ(j["first_player_advantage"]["ci95"][0].get<double>(),
                   -j["first_player_advantage"]["ci95"][1].get<double>());
  EXPECT_EQ(j["ended_by"]["no_progress"], json({{"games", 2}, {"share", 2.0 / 6.0}}));
  EXPECT_EQ(j["ended_by"]["rule"]["games"], 4);
  EXPECT_EQ(j["ended_by"]["safety_bound"], json({{"games", 0}, {"share", 0.0}}));
  EXPECT_EQ(j["plies"]["mean"], 2.5);
  EXPECT_EQ(j["plies"]["median"], 2.5);
  EXPECT_EQ(j["plies"]["min"], 0);
  EXPECT_EQ(j["plies"]["max"], 5);
  EXPECT_TRUE(j["plies"]["max"].is_number_integer());
  EXPECT_DOUBLE_EQ(j["plies"]["p5"].get<double>(), 0.25);  // type 7: 0 + 0.05 * 5
  EXPECT_DOUBLE_EQ(j["plies"]["p95"].get<double>(), 4.75);
  EXPECT_DOUBLE_EQ(j["plies"]["sd"].get<double>(), std::sqrt(3.5));
  EXPECT_EQ(j["plies"]["histogram"], json({{"first", 0}, {"counts", {1, 1, 1, 1, 1, 1}}}));
  EXPECT_EQ(j["relay_bound_hits"], json({{"moves", 2}, {"games", 1}}));
  EXPECT_EQ(j["shard"], json({{"index", 1}, {"count", 1}, {"first_game", 0}, {"end_game", 6}}));
  EXPECT_EQ(j["partial"], false);
  EXPECT_FALSE(j.contains("rounds"));  // single-round games: no match statistics
}

TEST(RunStatsJson, AnEmptyPartialRunHasNullFiguresNotNaN) {
  RunStats run = synthetic_run(10);
  run.tally = GameTally{};
  run.partial = true;
  const json j = run_stats_to_json(run);
  EXPECT_EQ(j["games"], 0);
  EXPECT_EQ(j["first_player_win_rate"], json({{"value", nullptr}, {"ci95", nullptr}}));
  EXPECT_TRUE(j["plies"]["mean"].is_null());
  EXPECT_TRUE(j["ended_by"]["rule"]["share"].is_null());
  EXPECT_EQ(run_stats_from_json(j, "x"), run);
}

TEST(RunStatsJson, RoundTripsExactlyThroughText) {
  const RunStats run = synthetic_run(1000);
  EXPECT_EQ(run_stats_from_json(json::parse(run_stats_to_json(run).dump()), "x"), run);
}

TEST(RunStatsJson, CountsThatDoNotAddUpAreRefusedNamingTheKey) {
  const json good = run_stats_to_json(synthetic_run(6));
  const auto message = [&](const std::function<void(json&)>& edit) {
    json j = good;
    edit(j);
    return message_of([&] { run_stats_from_json(j, "runs.json"); });
  };
  EXPECT_EQ(message([](json& j) { j["draws"] = 3; }),
            "runs.json: test/synthetic: games: wins, draws and unfinished do not add up to games");
  EXPECT_EQ(message([](json& j) { j["ended_by"]["rule"]["games"] = 5; }),
            "runs.json: test/synthetic: ended_by: the counts do not add up to games");
  EXPECT_EQ(message([](json& j) {
              j["plies"]["histogram"]["counts"] = {1, 1};
            }),
            "runs.json: test/synthetic: plies: the histogram does not count every game");
  EXPECT_EQ(message([](json& j) { j.erase("wins"); }), "runs.json: test/synthetic: wins: missing");
  EXPECT_EQ(message([](json& j) { j["wins"] = {1}; }),
            "runs.json: test/synthetic: wins: expected an array of two counts");
  EXPECT_EQ(message([](json& j) { j["draws"] = -1; }),
            "runs.json: test/synthetic: draws: expected a count (an integer 0 or more)");
  EXPECT_EQ(message([](json& j) { j["shard"]["end_game"] = 5; }),
            "runs.json: test/synthetic: shard: not a shard of a run of 6 games");
  EXPECT_EQ(message([](json& j) { j["games_requested"] = 7; }),
            "runs.json: test/synthetic: shard: not a shard of a run of 7 games");
  EXPECT_EQ(message([](json& j) { j.erase("ruleset"); }), "runs.json: ruleset: missing");
  EXPECT_EQ(message_of([] { run_stats_from_json(json::array(), "runs.json"); }),
            "runs.json: expected a JSON object");
}

TEST(RunStatsJson, ACompleteRunMustCountEveryGameOfItsShard) {
  RunStats run = synthetic_run(6);
  run.tally = tally_of(0, 5, synthetic);
  const json j = run_stats_to_json(run);
  EXPECT_EQ(message_of([&] { run_stats_from_json(j, "r"); }),
            "r: test/synthetic: games: a complete run must count every game of its shard");
  run.partial = true;
  EXPECT_EQ(run_stats_from_json(run_stats_to_json(run), "r"), run);
}

// A made-up match of 1 + g % 3 rounds: round i is started by player i % 2 and won by player
// (g + i) % 2, except that a round of game 4k+1 is drawn; round i is dealt with P1 short of i
// holes, and round 1 with P1 paid the 1-4 tribute, round 2 with P2 holding a bha.
GameResult synthetic_match(int64_t g) {
  GameResult r = synthetic(g);
  r.rounds = 1 + static_cast<int>(g % 3);
  for (int i = 0; i < r.rounds; ++i) {
    RoundRecord& round = r.round[static_cast<size_t>(i)];
    round.setup = RoundSetup::none();
    round.setup.starter = static_cast<int8_t>(i % 2);
    if (i == 1) round.setup.tribute_to = 0;
    if (i == 2) round.setup.bha_owner = 1;
    round.setup.holes_in_play = {static_cast<uint8_t>(9 - i), 9};
    round.winner = g % 4 == 1 ? kDraw : static_cast<int8_t>((g + i) % 2);
    round.reason = i == 2 ? EndReason::kNoProgress : EndReason::kRule;
    round.plies = 0;
    r.play[static_cast<size_t>(i)] = RoundPlay::none();
  }
  r.turns = 0;
  return r;
}

GameTally match_tally(int64_t begin, int64_t end) {
  GameTally t;
  t.match.enabled = true;
  for (int64_t g = begin; g < end; ++g) t.add(synthetic_match(g));
  return t;
}

TEST(MatchStats, CountsRoundsByFirstMoverEndAndHandicapLevel) {
  // Games 0..3: 1, 2, 3, 1 rounds; game 1 drawn throughout.
  //   game 0: round 0 (P1 starts) won by P1
  //   game 1: rounds 0, 1 drawn
  //   game 2: round 0 (P1 starts) won by P1, round 1 (P2 starts) won by P2, round 2 (P1) won by P1
  //   game 3: round 0 (P1 starts) won by P2
  const GameTally t = match_tally(0, 4);
  const MatchStats& m = t.match;
  EXPECT_EQ(m.rounds.total(), 4u);
  EXPECT_EQ(m.rounds.count(1), 2u);
  EXPECT_EQ(m.rounds.count(3), 1u);
  EXPECT_EQ(m.first_mover_wins, 4u);
  EXPECT_EQ(m.second_mover_wins, 1u);
  EXPECT_EQ(m.round_draws, 2u);
  EXPECT_EQ(m.round_unfinished, 0u);
  EXPECT_EQ(m.round_ended_by, (std::array<uint64_t, 3>{6, 1, 0}));
  ASSERT_EQ(m.by_holes_difference.size(), 3u);
  EXPECT_EQ(m.by_holes_difference.at(0), (MatchStats::Level{4, {2, 1}, 1, 0}));
  EXPECT_EQ(m.by_holes_difference.at(-1), (MatchStats::Level{2, {0, 1}, 1, 0}));
  EXPECT_EQ(m.by_holes_difference.at(-2), (MatchStats::Level{1, {1, 0}, 0, 0}));
  using State = MatchStats::HandicapState;
  ASSERT_EQ(m.by_state.size(), 3u);
  EXPECT_EQ(m.by_state.at(State{{9, 9}, kNobody, kNobody, kNobody}),
            (MatchStats::Level{4, {2, 1}, 1, 0}));
  EXPECT_EQ(m.by_state.at(State{{8, 9}, 0, kNobody, kNobody}),
            (MatchStats::Level{2, {0, 1}, 1, 0}));
  EXPECT_EQ(m.by_state.at(State{{7, 9}, kNobody, 1, kNobody}),
            (MatchStats::Level{1, {1, 0}, 0, 0}));

  RunStats run = synthetic_run(4);
  run.tally = t;
  const json j = run_stats_to_json(run);
  EXPECT_EQ(j["rounds"]["mean"], 1.75);
  EXPECT_EQ(j["round_results"], json({{"rounds", 7},
                                      {"first_mover_wins", 4},
                                      {"second_mover_wins", 1},
                                      {"draws", 2},
                                      {"unfinished", 0}}));
  EXPECT_DOUBLE_EQ(j["round_first_mover_win_rate"]["value"].get<double>(), 4.0 / 7.0);
  EXPECT_DOUBLE_EQ(j["round_first_mover_advantage"]["value"].get<double>(), 3.0 / 7.0);
  EXPECT_EQ(j["round_ended_by"]["no_progress"], json({{"rounds", 1}, {"share", 1.0 / 7.0}}));
  ASSERT_EQ(j["handicap"].size(), 3u);
  EXPECT_EQ(j["handicap"][0]["holes_difference"], -2);
  EXPECT_EQ(j["handicap"][2]["holes_difference"], 0);
  EXPECT_EQ(j["handicap"][2]["wins"], json::array({2, 1}));
  EXPECT_DOUBLE_EQ(j["handicap"][2]["win_rate"][0]["value"].get<double>(), 0.5);
  // The whole state: holes in play of each row and who holds which perk (players 1 and 2).
  ASSERT_EQ(j["handicap_states"].size(), 3u);
  EXPECT_EQ(j["handicap_states"][0]["holes_in_play"], json::array({7, 9}));
  EXPECT_EQ(j["handicap_states"][0]["bha"], 2);
  EXPECT_EQ(j["handicap_states"][0]["tribute_to"], nullptr);
  EXPECT_EQ(j["handicap_states"][1]["tribute_to"], 1);
  EXPECT_EQ(j["handicap_states"][1]["favoured"], nullptr);
  EXPECT_EQ(j["handicap_states"][2]["wins"], json::array({2, 1}));
  EXPECT_EQ(run_stats_from_json(json::parse(j.dump()), "x"), run);
  // A run stored before handicap states were kept still reads back, without them.
  json older = j;
  older.erase("handicap_states");
  RunStats without = run;
  without.tally.match.by_state.clear();
  EXPECT_EQ(run_stats_from_json(older, "x"), without);
}

TEST(MatchStats, MergeIsExactAndDisabledForSingleRoundRulesets) {
  GameTally a = match_tally(0, 500);
  a.merge(match_tally(500, 1000));
  EXPECT_EQ(a, match_tally(0, 1000));

  BatchOptions options;
  options.games = 20;
  const json toguz =
      run_stats_to_json(simulate_ruleset(load_ruleset("toguz_kumalak/standard"), options));
  for (const char* key :
       {"rounds", "round_results", "round_first_mover_win_rate", "round_ended_by", "handicap"}) {
    EXPECT_FALSE(toguz.contains(key)) << key;
  }
}

TEST(MatchStats, AMatchRulesetsRunCountsEveryMatchAndRound) {
  BatchOptions options;
  options.games = sanitized() ? 10 : 40;
  options.threads = 2;
  const RuleSet rules = load_ruleset("khutka_boia/das_gupta_1926");
  ASSERT_TRUE(rules.match);
  const RunStats run = simulate_ruleset(rules, options);
  const MatchStats& m = run.tally.match;
  EXPECT_TRUE(m.enabled);
  EXPECT_EQ(m.rounds.total(), run.tally.games);
  uint64_t recorded = 0;
  for (const auto& [difference, level] : m.by_holes_difference) recorded += level.rounds;
  EXPECT_EQ(recorded,
            m.first_mover_wins + m.second_mover_wins + m.round_draws + m.round_unfinished);
  EXPECT_GE(recorded, run.tally.games);
  EXPECT_TRUE(m.by_holes_difference.count(0));  // every match starts on an even board
  uint64_t by_state = 0, with_bha = 0, with_tribute = 0;
  for (const auto& [state, level] : m.by_state) {
    by_state += level.rounds;
    if (state.bha_owner != kNobody) with_bha += level.rounds;
    if (state.tribute_to != kNobody) with_tribute += level.rounds;
  }
  EXPECT_EQ(by_state, recorded);
  EXPECT_GT(with_bha, 0u);      // the 2-3 settlement happens in random matches
  EXPECT_GT(with_tribute, 0u);  // and so does the 1-4
  EXPECT_EQ(run_stats_from_json(run_stats_to_json(run), "x"), run);
}

TEST(MatchStats, RoundCountsThatDoNotAddUpAreRefused) {
  RunStats run = synthetic_run(4);
  run.tally = match_tally(0, 4);
  const json good = run_stats_to_json(run);
  const auto message = [&](const std::function<void(json&)>& edit) {
    json j = good;
    edit(j);
    return message_of([&] { run_stats_from_json(j, "m.json"); });
  };
  EXPECT_EQ(message([](json& j) { j["round_results"]["draws"] = 3; }),
            "m.json: test/synthetic: round_results: the results do not add up to rounds");
  EXPECT_EQ(message([](json& j) { j["round_ended_by"]["rule"]["rounds"] = 5; }),
            "m.json: test/synthetic: round_ended_by: the counts do not add up to the rounds");
  // The rounds' ending classes are read back and must add up to the rounds a rule ended.
  EXPECT_EQ(message([](json& j) { j["round_completion"]["assumed_rule"]["rounds"] = 500; }),
            "m.json: test/synthetic: round_completion: the rules' classes do not add up to the "
            "rounds ended by a rule");
  EXPECT_EQ(message([](json& j) { j["handicap"][0]["rounds"] = 2; }),
            "m.json: test/synthetic: handicap[0]: rounds: wins, draws and unfinished do not add up "
            "to rounds");
  EXPECT_EQ(message([](json& j) { j["handicap"].erase(0); }),
            "m.json: test/synthetic: handicap: the levels do not add up to the rounds");
  EXPECT_EQ(message([](json& j) { j["handicap_states"].erase(0); }),
            "m.json: test/synthetic: handicap_states: the states do not add up to the rounds");
  EXPECT_EQ(message([](json& j) { j["handicap_states"][0]["bha"] = 3; }),
            "m.json: test/synthetic: handicap_states[0]: bha: expected 1, 2 or null");
  EXPECT_EQ(message([](json& j) {
              j["rounds"]["histogram"]["counts"] = {0, 1};
            }),
            "m.json: test/synthetic: rounds: the histogram does not count every match");
}

std::vector<ShardInput> synthetic_shards(int count) {
  std::vector<ShardInput> shards;
  for (int i = 1; i <= count; ++i) {
    RunStats run = synthetic_run(100);
    run.shard = Shard{i, count};
    run.range = shard_range(100, run.shard);
    run.tally = tally_of(run.range.begin, run.range.end, synthetic);
    shards.push_back({"s" + std::to_string(i) + ".json", run});
  }
  return shards;
}

TEST(MergeShards, GivesTheSingleRun) {
  EXPECT_EQ(merge_shards(synthetic_shards(4)), synthetic_run(100));
}

TEST(MergeShards, RefusesShardsThatDoNotMakeOneRun) {
  auto shards = synthetic_shards(3);
  shards.erase(shards.begin() + 1);
  EXPECT_EQ(message_of([&] { merge_shards(shards); }),
            "s1.json: test/synthetic: shard 2/3 is missing");

  shards = synthetic_shards(3);
  shards.push_back(shards[0]);
  shards.back().origin = "copy.json";
  EXPECT_EQ(message_of([&] { merge_shards(shards); }),
            "copy.json: test/synthetic: shard 1/3 is also in s1.json");

  shards = synthetic_shards(3);
  shards[2].run.seed = 6;
  EXPECT_EQ(message_of([&] { merge_shards(shards); }),
            "s3.json: test/synthetic: seed 6 differs from 5 in s1.json");

  shards = synthetic_shards(3);
  shards[1].run.rules_hash = "ffff";
  EXPECT_EQ(message_of([&] { merge_shards(shards); }),
            "s2.json: test/synthetic: rules hash ffff differs from 0123456789abcdef in s1.json");

  shards = synthetic_shards(3);
  shards[1].run.partial = true;
  EXPECT_EQ(message_of([&] { merge_shards(shards); }),
            "s2.json: test/synthetic: shard 2/3 is partial (interrupted); run it again to merge");
}

}  // namespace
}  // namespace mancala::sim
