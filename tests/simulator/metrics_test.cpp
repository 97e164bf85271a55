// Completion and the playability metrics (docs/metrics.md; issue 11): the completion classes of
// every end reason and of the seed games' runs, each metric on hand-made game records with known
// answers, the play loop's per-round record against a plain recomputation from the states, and
// determinism across threads and shards.
#include "simulator/metrics.h"

#include <gtest/gtest.h>

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "../test_support.h"
#include "common/error.h"
#include "common/paths.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"
#include "stats/stats.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

using test_support::sanitized;

int64_t test_games() { return sanitized() ? 40 : 120; }

// A hand-made one-round game: its winner, plies and turns, and the round's record.
GameResult game_record(int8_t winner, int plies, RoundPlay play) {
  GameResult r;
  r.winner = winner;
  r.reason = winner == kNobody ? EndReason::kSafetyBound : EndReason::kRule;
  r.plies = plies;
  r.turns = play.turns;
  r.rounds = 1;
  RoundRecord& round = r.round[0];
  round = RoundRecord{};
  round.setup = RoundSetup::none();
  round.winner = winner;
  round.reason = r.reason;
  round.plies = static_cast<uint16_t>(plies);
  r.play[0] = play;
  return r;
}

RoundPlay play_of(uint16_t turns, uint16_t changes, int16_t max_lead, int16_t min_lead,
                  uint16_t majority_p1, uint16_t majority_p2, uint16_t stability = 0) {
  return RoundPlay{turns, changes, max_lead, min_lead, {majority_p1, majority_p2}, stability};
}

constexpr uint16_t kNever = RoundPlay::kNever;

RunStats run_of(const GameTally& tally) {
  RunStats run;
  run.ruleset = "test/metrics";
  run.rules_hash = "0123456789abcdef";
  run.engine_version = "9.9.9";
  run.seed = 1;
  run.games_requested = static_cast<int64_t>(tally.games);
  run.range = shard_range(run.games_requested, run.shard);
  run.tally = tally;
  return run;
}

double t975(double df) {
  return boost::math::quantile(boost::math::complement(boost::math::students_t(df), 0.025));
}

// docs/terms.md, "Endings": kRule takes the class of the rule that ended it; the no-progress rule
// and stop_after_rounds are stopping rules; the safety bound is its own key; each with its words.
TEST(Completion, EachEndReasonHasItsClass) {
  for (Completion c :
       {Completion::kSourceRule, Completion::kParaphraseRule, Completion::kAssumedRule})
    EXPECT_EQ(completion_of(EndReason::kRule, c), c);
  EXPECT_EQ(completion_of(EndReason::kNoProgress, Completion::kSourceRule),
            Completion::kStoppingRule);
  EXPECT_EQ(completion_of(EndReason::kStopAfterRounds, Completion::kSourceRule),
            Completion::kStoppingRule);
  EXPECT_EQ(completion_of(EndReason::kSafetyBound, Completion::kSourceRule),
            Completion::kSafetyBound);
  const std::vector<std::pair<const char*, const char*>> expected = {
      {"source_rule", "ended by the source's rule"},
      {"paraphrase_rule", "ended by the paraphrase's rule"},
      {"assumed_rule", "ended by an assumed rule"},
      {"stopping_rule", "stopped by a stopping rule"},
      {"safety_bound", "unfinished (safety bound)"}};
  for (int i = 0; i < kCompletions; ++i) {
    const auto c = static_cast<Completion>(i);
    EXPECT_STREQ(completion_name(c), expected[static_cast<size_t>(i)].first);
    EXPECT_STREQ(completion_words(c), expected[static_cast<size_t>(i)].second);
    Completion back = Completion::kSafetyBound;
    EXPECT_TRUE(completion_from_name(completion_name(c), back));
    EXPECT_EQ(back, c);
  }
  Completion unchanged = Completion::kStoppingRule;
  EXPECT_FALSE(completion_from_name("own_rule", unchanged));  // the old key is no class
  EXPECT_EQ(unchanged, Completion::kStoppingRule);
}

// Issue 11: "a match stopped by stop_after_rounds must no longer be folded into no_progress".
TEST(Completion, AMatchStoppedAfterItsRoundsHasItsOwnReasonAndIsAStoppingRule) {
  // Vanoverbergh's Sonka as reconstructed stops after 10 rounds; random matches reach it.
  BatchOptions options;
  options.games = test_games();
  const RunStats run = simulate_ruleset(load_ruleset("sonka/vanoverbergh_1927"), options);
  const json j = run_stats_to_json(run);
  const uint64_t stopped = j["ended_by"]["stop_after_rounds"]["games"].get<uint64_t>();
  EXPECT_GT(stopped, 0u);
  EXPECT_EQ(j["ended_by"]["no_progress"]["games"], 0);  // matches never end by no-progress turns
  EXPECT_EQ(j["completion"]["stopping_rule"]["games"], stopped);
  // Its match_end and holes_out are the reconstruction's assumptions: every match a rule ended
  // was ended by an assumed rule. Its rounds end by no_move, Vanoverbergh's "When all the pebbles
  // are home": every round a rule ended was ended by the source's rule.
  EXPECT_EQ(j["completion"]["assumed_rule"]["games"], j["ended_by"]["rule"]["games"]);
  EXPECT_EQ(j["completion"]["source_rule"]["games"], 0);
  EXPECT_EQ(j["completion"]["paraphrase_rule"]["games"], 0);
  EXPECT_GT(j["round_ended_by"]["rule"]["rounds"].get<uint64_t>(), 0u);
  EXPECT_EQ(j["round_completion"]["source_rule"]["rounds"], j["round_ended_by"]["rule"]["rounds"]);
  EXPECT_EQ(j["round_completion"]["assumed_rule"]["rounds"], 0);
}

// Per seed game: the classes add up to the end conditions (the rules' classes to the games a rule
// ended), shares of all games with Wilson intervals, and what each game's rules make of them.
TEST(Completion, EverySeedGamesRunsClassesAddUpAndFollowItsRules) {
  struct Expect {
    const char* id;
    bool all_own_rule;        // no stopping rule in the ruleset, and random games end in time
    bool some_stopping_rule;  // random games reach the stopping rule
  };
  for (const Expect& e :
       {Expect{"kalah/standard", true, false}, Expect{"toguz_kumalak/standard", true, false},
        Expect{"otep/beaton_1939", false, true}, Expect{"sonka/vanoverbergh_1927", false, true},
        Expect{"khutka_boia/das_gupta_1926", false, false},
        Expect{"mawkar_katiya/das_gupta_1923", false, false}}) {
    BatchOptions options;
    options.games = test_games();
    options.seed = 3;
    const RunStats run = simulate_ruleset(load_ruleset(e.id), options);
    const GameTally& t = run.tally;
    const json j = run_stats_to_json(run);
    EXPECT_EQ(t.completed(Completion::kSourceRule) + t.completed(Completion::kParaphraseRule) +
                  t.completed(Completion::kAssumedRule),
              t.ended_by[0])
        << e.id;
    EXPECT_EQ(t.completed_by_text(),
              t.completed(Completion::kSourceRule) + t.completed(Completion::kParaphraseRule))
        << e.id;
    EXPECT_EQ(t.completed(Completion::kStoppingRule), t.ended_by[1] + t.ended_by[2]) << e.id;
    EXPECT_EQ(t.completed(Completion::kSafetyBound), t.unfinished) << e.id;
    uint64_t sum = 0;
    for (const char* name :
         {"source_rule", "paraphrase_rule", "assumed_rule", "stopping_rule", "safety_bound"}) {
      const json& c = j["completion"][name];
      const uint64_t k = c["games"].get<uint64_t>();
      sum += k;
      EXPECT_DOUBLE_EQ(c["value"].get<double>(), static_cast<double>(k) / t.games) << e.id;
      const stats::Interval ci = stats::wilson_interval(k, t.games);
      EXPECT_EQ(c["ci95"], json::array({ci.low, ci.high})) << e.id;
    }
    EXPECT_EQ(sum, t.games) << e.id;
    if (e.all_own_rule) {
      EXPECT_EQ(t.ended_by[0], t.games) << e.id;
    }
    if (e.some_stopping_rule) {
      EXPECT_GT(t.completed(Completion::kStoppingRule), 0u) << e.id;
    }
    // A single game has no stop_after_rounds key; a match has.
    EXPECT_EQ(j["ended_by"].contains("stop_after_rounds"), t.match.enabled) << e.id;
  }
}

// Four hand-made games with known answers (docs/metrics.md, "The metrics"):
//   A: P1 wins in 10 plies (8 turns); lead +5 at best, -3 at worst, 2 changes; P1 held a
//      majority after ply 6: drama 3, decisiveness (10 - 6) / 10 = 0.400.
//   B: P2 wins in 20 plies; lead +4 .. -10, no change; P2's majority after ply 15: drama 4 (P2 was
//      4 behind), decisiveness 0.250.
//   C: drawn in 8 plies, 1 change: counts for lead changes only.
//   D: P1 wins in 5 plies, 3 changes, never behind, never a majority: drama 0, decisiveness 0.
GameTally four_games() {
  GameTally t;
  t.add(game_record(0, 10, play_of(8, 2, 5, -3, 6, kNever)));
  t.add(game_record(1, 20, play_of(20, 0, 4, -10, kNever, 15)));
  t.add(game_record(kDraw, 8, play_of(8, 1, 1, -1, kNever, kNever)));
  t.add(game_record(0, 5, play_of(5, 3, 2, 0, kNever, kNever)));
  return t;
}

TEST(Metrics, EachMetricOfHandMadeGamesHasItsKnownValue) {
  const json m = run_stats_to_json(run_of(four_games()))["metrics"];
  EXPECT_EQ(m["unit"], "game");
  // balance = 1 - |2/4 - 1/4|; drawishness = 1/4.
  EXPECT_DOUBLE_EQ(m["balance"]["value"].get<double>(), 0.75);
  EXPECT_DOUBLE_EQ(m["drawishness"]["value"].get<double>(), 0.25);
  const stats::Interval draw_ci = stats::wilson_interval(1, 4);
  EXPECT_EQ(m["drawishness"]["ci95"], json::array({draw_ci.low, draw_ci.high}));
  // lead changes 2, 0, 1, 3: mean 1.5, sd sqrt(5/3), t interval with 3 degrees of freedom.
  EXPECT_DOUBLE_EQ(m["lead_changes"]["value"].get<double>(), 1.5);
  EXPECT_EQ(m["lead_changes"]["games"], 4);
  // "clipped at 0": 1.5 - half is -0.55, and no mean of counts is below 0.
  const double half = t975(3) * std::sqrt(5.0 / 3.0) / 2;
  ASSERT_LT(1.5 - half, 0);
  EXPECT_EQ(m["lead_changes"]["ci95"][0].get<double>(), 0.0);
  EXPECT_NEAR(m["lead_changes"]["ci95"][1].get<double>(), 1.5 + half, 1e-12);
  // drama of the decided games A, B, D: 3, 4, 0; sd sqrt(13/3), t interval with 2 degrees of
  // freedom, clipped at 0 (7/3 - 5.17).
  EXPECT_DOUBLE_EQ(m["drama"]["value"].get<double>(), 7.0 / 3.0);
  EXPECT_EQ(m["drama"]["games"], 3);
  const double drama_half = t975(2) * std::sqrt(13.0 / 3.0) / std::sqrt(3.0);
  ASSERT_LT(7.0 / 3.0 - drama_half, 0);
  EXPECT_EQ(m["drama"]["ci95"][0].get<double>(), 0.0);
  EXPECT_NEAR(m["drama"]["ci95"][1].get<double>(), 7.0 / 3.0 + drama_half, 1e-12);
  EXPECT_EQ(m["drama"]["max"], 4.0);
  // decisiveness of A, B, D: 0.400, 0.250, 0.
  EXPECT_NEAR(m["decisiveness"]["value"].get<double>(), 0.65 / 3, 1e-12);
  EXPECT_EQ(m["decisiveness"]["histogram"]["first"], 0);
  // duration: turns 8, 20, 8, 5; plies 10, 20, 8, 5.
  EXPECT_DOUBLE_EQ(m["duration"]["turns"]["mean"].get<double>(), 41.0 / 4);
  EXPECT_DOUBLE_EQ(m["duration"]["plies"]["mean"].get<double>(), 43.0 / 4);
  EXPECT_FALSE(m["duration"]["plies"].contains("histogram"));  // kept once, in "plies"
  EXPECT_FALSE(m.contains("snowball"));                        // single games
}

// Balance's interval is 1 minus the interval of |advantage| (Tango's interval of the advantage).
TEST(Metrics, BalancesIntervalComesFromTheAdvantagesInterval) {
  const json j = run_stats_to_json(run_of(four_games()));
  const stats::Advantage adv = stats::first_player_advantage(2, 1, 1);
  ASSERT_LT(adv.interval.low, 0);  // the interval holds 0: balance may be 1
  EXPECT_EQ(j["metrics"]["balance"]["ci95"],
            json::array({1 - std::max(-adv.interval.low, adv.interval.high), 1.0}));
}

// Snowball: two matches, rounds won by P1 P1 P2 (draw) P2 and by P2 P2 P2. Pairs with the first
// round decided: (P1, P1) won next, (P1, P2) lost next, (P2, draw) neither, (P2, P2) twice won
// next: 5 pairs, 3 won next, 1 lost next: snowball (3 - 1) / 5 = 0.4 with Tango's interval.
TEST(Metrics, SnowballOfHandMadeMatchesHasItsKnownValue) {
  GameTally t;
  t.match.enabled = true;
  for (const std::vector<int8_t>& winners :
       {std::vector<int8_t>{0, 0, 1, kDraw, 1}, std::vector<int8_t>{1, 1, 1}}) {
    GameResult r = game_record(winners.back(), 0, RoundPlay::none());
    r.rounds = static_cast<int>(winners.size());
    for (size_t i = 0; i < winners.size(); ++i) {
      r.round[i] = r.round[0];
      r.round[i].winner = winners[i];
      r.round[i].plies = 4;
      r.play[i] = play_of(4, 1, 2, -2, kNever, kNever);
    }
    r.plies = 4 * r.rounds;
    r.turns = 4 * r.rounds;
    t.add(r);
  }
  EXPECT_EQ(t.metrics.pairs, 5u);
  EXPECT_EQ(t.metrics.won_next, 3u);
  EXPECT_EQ(t.metrics.lost_next, 1u);
  const json m = run_stats_to_json(run_of(t))["metrics"];
  EXPECT_EQ(m["unit"], "round");
  EXPECT_DOUBLE_EQ(m["snowball"]["value"].get<double>(), 0.4);
  const stats::Advantage adv = stats::first_player_advantage(3, 1, 1);
  EXPECT_EQ(m["snowball"]["ci95"], json::array({adv.interval.low, adv.interval.high}));
  // Per round: 8 rounds, 7 decided, each with 1 lead change and a deficit of 2 for its winner.
  EXPECT_EQ(m["lead_changes"]["rounds"], 8);
  EXPECT_EQ(m["drama"]["rounds"], 7);
  EXPECT_DOUBLE_EQ(m["drama"]["value"].get<double>(), 2.0);
  EXPECT_EQ(m["drama"]["ci95"], json::array({2.0, 2.0}));  // every value equal: a point
  EXPECT_TRUE(m["duration"].contains("rounds"));
}

TEST(Metrics, TalliesRoundTripThroughJsonAndRefuseCountsThatDoNotAddUp) {
  const RunStats run = run_of(four_games());
  const json good = run_stats_to_json(run);
  EXPECT_EQ(run_stats_from_json(json::parse(good.dump()), "x"), run);
  const auto message = [&](const std::function<void(json&)>& edit) {
    json j = good;
    edit(j);
    try {
      run_stats_from_json(j, "runs.json");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("(no exception)");
  };
  EXPECT_EQ(
      message([](json& j) { j["metrics"]["duration"]["turns"]["histogram"]["counts"] = {1}; }),
      "runs.json: test/metrics: metrics: the turns histogram does not count every game");
  EXPECT_EQ(message([](json& j) { j["metrics"]["drama"]["histogram"]["counts"] = {1}; }),
            "runs.json: test/metrics: metrics: drama: counts other rounds than decisiveness");
  EXPECT_EQ(message([](json& j) { j["metrics"].erase("lead_changes"); }),
            "runs.json: test/metrics: metrics: lead_changes: missing");
}

// A run stored before completion and the metrics were written still loads: no completion (its
// games ended by a rule are read into the class of its ruleset's ending rules, here assumed: "test/
// metrics" is no shipped ruleset), balance and drawishness from its wins and draws, the rest null;
// a match's stop_after_rounds was then under no_progress.
TEST(Metrics, ARunStoredBeforeTheMetricsStillLoads) {
  json old = run_stats_to_json(run_of(four_games()));
  old.erase("completion");
  old.erase("metrics");
  const RunStats read = run_stats_from_json(old, "old.json");
  EXPECT_EQ(read.tally.games, 4u);
  EXPECT_FALSE(read.tally.metrics.recorded(read.tally.games));
  const json again = run_stats_to_json(read);
  EXPECT_DOUBLE_EQ(again["metrics"]["balance"]["value"].get<double>(), 0.75);
  EXPECT_TRUE(again["metrics"]["lead_changes"].is_null());
  EXPECT_TRUE(again["metrics"]["duration"]["turns"].is_null());
  EXPECT_EQ(again["completion"]["assumed_rule"]["games"], 4);  // from ended_by: all four by a rule
  EXPECT_EQ(run_stats_from_json(again, "again.json"), read);   // and reads back as it was
}

// Recomputes a round's record from the states an observer sees, the plain way: the lead after
// every ply, its sign changes, its extremes and the first ply of each majority. Checks the play
// loop's own (RoundPlay) on real games of every seed game.
class LeadRecorder : public GameObserver {
 public:
  explicit LeadRecorder(const Game& game) : game_(game) {}
  void on_start(const State& s) override { start(s); }
  void on_move(const State& before, Move, const MoveEffect&, const State& after) override {
    // A ply by the same player right after his ply that earned another move is no turn.
    const int mover = before.solo != kNobody ? before.solo : before.to_move;
    if (!(last_extra_ == mover)) ++play_.turns;
    last_extra_ = kNobody;
    after_ply(after);
  }
  void on_joint_move(const State&, const JointMove&, const JointEffect&,
                     const State& after) override {
    ++play_.turns;
    last_extra_ = kNobody;
    after_ply(after);
  }
  void on_round_end(const State&, const RoundRecord&, const State* next,
                    const MatchState&) override {
    finish_round();
    if (next) start(*next);
  }
  void on_end(const State&) override {
    if (!game_.rules().match) finish_round();
  }
  // Extra moves: set by the test from the effect (the observer's on_move sees it).
  void earned_extra(int mover) { last_extra_ = mover; }
  const std::vector<RoundPlay>& rounds() const { return rounds_; }

 private:
  int held(const State& s, int p) const {
    int n = s.store[p] + s.aside[p];
    if (game_.rules().capture == Capture::kResowOppositePair) {
      const int h = game_.rules().holes_per_player;
      for (int k = 0; k < h; ++k) n += s.holes[p * h + k];
    }
    return n;
  }
  bool majority_counts() const { return game_.rules().capture != Capture::kResowOppositePair; }
  // Stability the plain way: the standard deviation of every position's lead, in thousandths of
  // all counters, rounded down (integer square root of the exact spread).
  void finish_round() {
    const int64_t n = static_cast<int64_t>(leads_.size());
    int64_t sum = 0, squares = 0;
    for (int lead : leads_) {
      sum += lead;
      squares += static_cast<int64_t>(lead) * lead;
    }
    const __uint128_t x = static_cast<__uint128_t>(n * squares - sum * sum) * 1000000u;
    auto root = static_cast<uint64_t>(std::sqrt(static_cast<long double>(x)));
    while (static_cast<__uint128_t>(root) * root > x) --root;
    while (static_cast<__uint128_t>(root + 1) * (root + 1) <= x) ++root;
    play_.stability =
        static_cast<uint16_t>(std::min<uint64_t>(1000, root / (n * game_.rules().total_counters)));
    rounds_.push_back(play_);
  }
  void start(const State& s) {
    const int lead = held(s, 0) - held(s, 1);
    leads_ = {lead};
    play_ = play_of(0, 0, static_cast<int16_t>(lead), static_cast<int16_t>(lead), kNever, kNever);
    sign_ = lead > 0 ? 1 : lead < 0 ? -1 : 0;
    for (int p = 0; p < 2; ++p)
      if (majority_counts() && 2 * held(s, p) > game_.rules().total_counters)
        play_.majority_ply[p] = 0;
    last_extra_ = kNobody;
  }
  void after_ply(const State& s) {
    const int lead = held(s, 0) - held(s, 1);
    leads_.push_back(lead);
    play_.max_lead = static_cast<int16_t>(std::max<int>(play_.max_lead, lead));
    play_.min_lead = static_cast<int16_t>(std::min<int>(play_.min_lead, lead));
    const int sign = lead > 0 ? 1 : lead < 0 ? -1 : 0;
    if (sign != 0) {
      if (sign_ != 0 && sign != sign_) ++play_.lead_changes;
      sign_ = sign;
    }
    for (int p = 0; p < 2; ++p) {
      if (majority_counts() && play_.majority_ply[p] == kNever &&
          2 * held(s, p) > game_.rules().total_counters)
        play_.majority_ply[p] = s.ply;
    }
  }

  const Game& game_;
  RoundPlay play_ = RoundPlay::none();
  int sign_ = 0;
  int last_extra_ = kNobody;
  std::vector<int> leads_;  // after the deal and after every ply of the round
  std::vector<RoundPlay> rounds_;
};

// The observer above with extra moves taken from each move's effect.
class ExtraAwareRecorder : public LeadRecorder {
 public:
  using LeadRecorder::LeadRecorder;
  void on_move(const State& before, Move m, const MoveEffect& fx, const State& after) override {
    LeadRecorder::on_move(before, m, fx, after);
    if (fx.extra_move) earned_extra(before.to_move);
  }
  void on_joint_move(const State& before, const JointMove& jm, const JointEffect& fx,
                     const State& after) override {
    LeadRecorder::on_joint_move(before, jm, fx, after);
    const bool e0 = jm.plays[0] && fx.fx[0].extra_move, e1 = jm.plays[1] && fx.fx[1].extra_move;
    if (e0 != e1) earned_extra(e0 ? 0 : 1);
  }
};

TEST(Metrics, ThePlayLoopsRoundRecordsMatchARecomputationFromTheStates) {
  for (const char* id :
       {"kalah/standard", "toguz_kumalak/standard", "otep/beaton_1939", "sonka/vanoverbergh_1927",
        "sonka/store_extra_move", "khutka_boia/das_gupta_1926", "mawkar_katiya/das_gupta_1923"}) {
    const Game game(load_ruleset(id));
    for (uint64_t g = 0; g < 4; ++g) {
      Rng rng(5, g), same(5, g);
      ExtraAwareRecorder recorder(game);
      const GameResult watched =
          play_game(game, AgentSpec{Agent::kRandom}, AgentSpec{Agent::kRandom}, rng, &recorder);
      const GameResult plain =
          play_game(game, AgentSpec{Agent::kRandom}, AgentSpec{Agent::kRandom}, same);
      const int recorded = std::min(watched.rounds, kMaxRounds);
      ASSERT_EQ(recorder.rounds().size(), static_cast<size_t>(watched.rounds)) << id;
      int turns = 0;
      for (int i = 0; i < recorded; ++i) {
        EXPECT_EQ(watched.play[i], recorder.rounds()[i]) << id << " game " << g << " round " << i;
        EXPECT_EQ(plain.play[i], watched.play[i]) << id;  // the observer changes nothing
        turns += watched.play[i].turns;
      }
      EXPECT_EQ(watched.turns, turns) << id;
      EXPECT_LE(watched.turns, watched.plies) << id;
    }
  }
}

// Issue 11, done means: "determinism across threads and shards": identical JSON, metrics
// included, for a single-game and a match ruleset.
TEST(Metrics, OneAndTwoThreadsAndOneAndTwoShardsGiveIdenticalJson) {
  for (const char* id : {"kalah/standard", "khutka_boia/das_gupta_1926"}) {
    const RuleSet rules = load_ruleset(id);
    BatchOptions options;
    options.games = test_games();
    options.seed = 9;
    const std::string one = run_stats_to_json(simulate_ruleset(rules, options)).dump();
    options.threads = 2;
    EXPECT_EQ(run_stats_to_json(simulate_ruleset(rules, options)).dump(), one) << id;
    std::vector<ShardInput> shards;
    for (int i = 1; i <= 2; ++i) {
      options.shard = Shard{i, 2};
      options.threads = i;
      const RunStats shard = simulate_ruleset(rules, options);
      // Through JSON, as 'mancala merge' reads shards.
      shards.push_back({"shard" + std::to_string(i),
                        run_stats_from_json(json::parse(run_stats_to_json(shard).dump()), "s")});
    }
    const json merged = run_stats_to_json(merge_shards(shards));
    EXPECT_EQ(merged.dump(), one) << id;
    EXPECT_TRUE(merged["metrics"]["lead_changes"]["value"].is_number()) << id;
  }
}

// Stability (docs/metrics.md): the mean of each unit's figure, kept in thousandths; on hand-made
// games with figures 0.100, 0.250, 0.050 and 0.400 the mean is 0.2 with its Student t interval.
TEST(Metrics, StabilityIsTheMeanOfEachUnitsFigure) {
  GameTally t;
  t.add(game_record(0, 10, play_of(8, 2, 5, -3, 6, kNever, 100)));
  t.add(game_record(1, 20, play_of(20, 0, 4, -10, kNever, 15, 250)));
  t.add(game_record(kDraw, 8, play_of(8, 1, 1, -1, kNever, kNever, 50)));
  t.add(game_record(0, 5, play_of(5, 3, 2, 0, kNever, kNever, 400)));
  const json m = run_stats_to_json(run_of(t))["metrics"];
  EXPECT_NEAR(m["stability"]["value"].get<double>(), 0.2, 1e-12);
  EXPECT_EQ(m["stability"]["games"], 4) << "every unit, decided or not";
  const double sd = std::sqrt((0.01 + 0.0025 + 0.0225 + 0.04) / 3);  // deviations from 0.2
  EXPECT_NEAR(m["stability"]["ci95"][1].get<double>(), 0.2 + t975(3) * sd / 2, 1e-12);
  EXPECT_EQ(t.metrics.unit("stability").max(), 400);
}

// "clipped to [0, 1]": a share's mean near 1 from few units keeps its interval within [0, 1].
TEST(Metrics, AShareOfFewUnitsHasItsIntervalWithinZeroAndOne) {
  GameTally t;
  t.add(game_record(0, 10, play_of(8, 2, 5, -3, 6, kNever, 1000)));
  t.add(game_record(1, 20, play_of(20, 0, 4, -10, kNever, 15, 1000)));
  t.add(game_record(0, 5, play_of(5, 3, 2, 0, kNever, kNever, 700)));
  const json m = run_stats_to_json(run_of(t))["metrics"];
  EXPECT_NEAR(m["stability"]["value"].get<double>(), 0.9, 1e-12);
  const double half = t975(2) * std::sqrt(0.03) / std::sqrt(3.0);  // sd of 1, 1, 0.7
  ASSERT_GT(0.9 + half, 1);
  EXPECT_EQ(m["stability"]["ci95"][1].get<double>(), 1.0);
  EXPECT_NEAR(m["stability"]["ci95"][0].get<double>(), 0.9 - half, 1e-12);
}

// The registry is the one list: every unit metric gives its integer, and docs/metrics.md's
// table is the registry's (simulator/metrics.h).
TEST(Metrics, TheMetricsTableOfMetricsMdIsTheRegistrys) {
  for (const MetricInfo& m : metric_registry()) {
    EXPECT_EQ(m.kind == MetricKind::kUnitMean, m.unit_value != nullptr) << m.key;
    EXPECT_EQ(m.kind == MetricKind::kOutcome, m.outcome != nullptr) << m.key;
    EXPECT_FALSE(m.what.empty() || m.definition.empty() || m.interval_name.empty()) << m.key;
  }
  std::ifstream in(mancala::source_dir() / "docs" / "metrics.md");
  std::stringstream doc;
  doc << in.rdbuf();
  EXPECT_NE(doc.str().find(metrics_doc_table()), std::string::npos)
      << "docs/metrics.md's table of the metrics should read:\n"
      << metrics_doc_table();
}

// A run stored before stability was kept loads without it: the metric is not kept (null in the
// figures), the other metrics are, and the run writes back as it was.
TEST(Metrics, ARunStoredBeforeStabilityStillLoads) {
  json old = run_stats_to_json(run_of(four_games()));
  old["metrics"].erase("stability");
  const RunStats read = run_stats_from_json(old, "old.json");
  EXPECT_FALSE(read.tally.metrics.kept[static_cast<size_t>(unit_metric_index("stability"))]);
  EXPECT_FALSE(std::isfinite(metric_estimate(*find_metric("stability"), read.tally).value));
  EXPECT_TRUE(std::isfinite(metric_estimate(*find_metric("drama"), read.tally).value));
  const json again = run_stats_to_json(read);
  EXPECT_FALSE(again["metrics"].contains("stability"));
  EXPECT_EQ(run_stats_from_json(again, "again.json"), read);
  old["metrics"].erase("drama");
  try {
    run_stats_from_json(old, "old.json");
    ADD_FAILURE() << "a metric every run has kept may not be missing";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "old.json: test/metrics: metrics: drama: missing");
  }
}

}  // namespace
}  // namespace mancala::sim
