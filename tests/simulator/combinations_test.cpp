// Issue 12, "Every ruleset that passes `rules check` plays correctly": historians write their own
// rulesets, so the engine must be right for every combination of rule keys that loading accepts,
// not only for the shipped ones.
//
// The property test draws, with a fixed seed, random sets of rule keys and values from the field
// table (ruleset_io's rule_fields(): each key's type, range or names) over every shipped ruleset as
// parent, writes each as a child ruleset that `extends` its parent, keeps those that load (what
// `mancala rules check` accepts) and plays a few games of each, random and greedy agents, and for
// every fifth alphabeta:2 against mcts:50 (but not on the boards that pile counters, and stopped
// at 600 plies); every fourth
// is a big board that piles counters. After every move and every deal it checks that counters are
// conserved and that the move played was legal, and that a position that is not over leaves the
// player to move a legal move. A failure prints the child ruleset's JSON and the seed of the game,
// so it can be replayed. MANCALA_COMBINATIONS and MANCALA_COMBINATIONS_SEED change how many
// combinations are drawn and from which seed, for a longer search by hand.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "../test_support.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

using test_support::sanitized;

// Every check the observer made, and what failed.
struct Tally {
  long moves = 0;          // moves checked: legal, conserved, a move left if not over
  long deals = 0;          // rounds dealt (and first positions) checked
  long round_ends = 0;     // finished rounds whose holdings were checked
  long skilled_games = 0;  // games of alphabeta:2 against mcts:50
  long piled_games = 0;    // games of random or greedy agents on boards that pile counters
  std::vector<std::string> failures;
};

// Checks, after every move and every deal: counters conserved, the move legal, a move left.
class Invariants : public GameObserver {
 public:
  Invariants(const Game& game, Tally& tally) : game_(game), tally_(tally) {}
  void on_start(const State& s) override { check_position(s, "the first position"); }
  void on_move(const State& before, Move m, const MoveEffect&, const State& after) override {
    ++tally_.moves;
    if (!game_.is_legal(before, m))
      fail("ply " + std::to_string(before.ply) + ": an illegal move was played (hole " +
           std::to_string(m.hole + 1) + ")");
    check_after(after);
  }
  void on_joint_move(const State& before, const JointMove& jm, const JointEffect&,
                     const State& after) override {
    ++tally_.moves;
    MoveList moves;
    for (int p = 0; p < 2; ++p) {
      game_.legal_moves(before, p, moves);
      if (jm.plays[p] && !game_.is_legal(before, p, jm.move[p]))
        fail("ply " + std::to_string(before.ply) + ": P" + std::to_string(p + 1) +
             " played an illegal move");
      if (!jm.plays[p] && moves.size > 0)
        fail("ply " + std::to_string(before.ply) + ": P" + std::to_string(p + 1) +
             " had a move and did not play");
    }
    check_after(after);
  }
  void on_round_end(const State& ended, const RoundRecord& record, const State* next,
                    const MatchState&) override {
    ++tally_.round_ends;
    const int total = game_.rules().total_counters;
    if (game_.counters_total(ended) != total)
      fail("round " + std::to_string(round_ + 1) + " ended with " +
           std::to_string(game_.counters_total(ended)) + " counters");
    if (record.reason != EndReason::kSafetyBound &&
        record.holdings[0] + record.holdings[1] != total) {
      fail("round " + std::to_string(round_ + 1) + " ended with holdings " +
           std::to_string(record.holdings[0]) + "-" + std::to_string(record.holdings[1]) + " of " +
           std::to_string(total));
    }
    ++round_;
    if (next) check_position(*next, "the deal of round " + std::to_string(round_ + 1));
  }
  void on_end(const State&) override { done_ = true; }
  bool done_ = false;

 private:
  void check_after(const State& after) {
    if (game_.counters_total(after) != game_.rules().total_counters)
      fail("ply " + std::to_string(after.ply) + " of round " + std::to_string(round_ + 1) + ": " +
           std::to_string(game_.counters_total(after)) + " counters");
    MoveList moves;
    game_.legal_moves(after, moves);
    if (!after.over && moves.size == 0)
      fail("ply " + std::to_string(after.ply) + ": not over, but no legal move");
  }
  void check_position(const State& s, const std::string& what) {
    ++tally_.deals;
    if (game_.counters_total(s) != game_.rules().total_counters)
      fail(what + ": " + std::to_string(game_.counters_total(s)) + " counters");
    MoveList moves;
    game_.legal_moves(s, moves);
    if (!s.over && moves.size == 0) fail(what + ": not over, but no legal move");
  }
  void fail(const std::string& what) {
    if (failed_.size() < 3) failed_.push_back(what);
  }

 public:
  std::vector<std::string> failed_;

 private:
  const Game& game_;
  Tally& tally_;
  int round_ = 0;
};

// One drawn value of a rule key, read from its FieldInfo::type ("bool", "int L..H",
// "one of: a|b|c", a list). Large ranges (bounds on plies, sowings, rounds) are drawn near their
// low end, where combinations differ from the shipped ones and games stay short.
json draw_value(const FieldInfo& f, Rng& rng) {
  if (f.type == "bool") return rng.below(2) == 1;
  if (f.type.rfind("int ", 0) == 0) {
    const auto dots = f.type.find("..");
    const int low = std::stoi(f.type.substr(4, dots - 4));
    const int high = std::stoi(f.type.substr(dots + 2));
    const int span = std::min(high - low, 40);
    return low + static_cast<int>(rng.below(static_cast<uint32_t>(span + 1)));
  }
  if (f.kind == FieldInfo::Kind::kList) {
    // One to four items near the low end of the items' range (capture_counts: counts 1..6 and
    // now and then "even" or "odd"); a list of the wrong length is refused, which is drawn too.
    json items = json::array();
    const int n = 1 + static_cast<int>(rng.below(4));
    for (int i = 0; i < n; ++i) {
      const uint32_t pick = rng.below(8);
      if (f.key == "capture_counts" && pick >= 6)
        items.push_back(pick == 6 ? "even" : "odd");
      else
        items.push_back(f.low + static_cast<int>(rng.below(7)));
    }
    return items;
  }
  const std::string prefix = "one of: ";
  EXPECT_EQ(f.type.rfind(prefix, 0), 0u) << f.key << ": unknown type " << f.type;
  std::vector<std::string> names;
  std::stringstream list(f.type.substr(prefix.size()));
  for (std::string name; std::getline(list, name, '|');) names.push_back(name);
  return names[rng.below(static_cast<uint32_t>(names.size()))];
}

// A child ruleset of `parent` setting 1 to 5 keys drawn at random.
json draw_child(const std::string& parent, Rng& rng) {
  const auto& fields = rule_fields();
  json rules = json::object(), provenance = json::object();
  const int keys = 1 + static_cast<int>(rng.below(5));
  for (int i = 0; i < keys; ++i) {
    const FieldInfo& f = fields[rng.below(static_cast<uint32_t>(fields.size()))];
    rules[f.key] = draw_value(f, rng);
    provenance[f.key] = {{"assumption", "drawn by the combinations test"}};
  }
  return {{"extends", parent}, {"rules", rules}, {"provenance", provenance}};
}

// Makes `child` a ruleset of many counters: 8 to 16 holes a row, 10 to 20 counters a hole, as
// many as the engine's limit of 320 counters in all allows (issues 21 and 37: more are refused).
void pile_counters(json& child, const std::string& parent, Rng& rng) {
  const int holes = 8 + static_cast<int>(rng.below(9));
  const int rows = child["rules"].value("rows_per_player", load_ruleset(parent).rows_per_player);
  child["rules"]["holes_per_row"] = holes;
  child["rules"]["counters_per_hole"] =
      std::min(10 + static_cast<int>(rng.below(11)), kMaxCounters / (2 * rows * holes));
  for (const char* key : {"holes_per_row", "counters_per_hole"})
    child["provenance"][key] = {{"assumption", "a board that piles counters (combinations test)"}};
}

// The combinations are played in kShards parametrised cases, each a consecutive sixth of them,
// so that CTest runs them side by side: each case still draws and loads every combination, so the
// combinations, their numbering and which of them get a skilled game are those of one run.
constexpr int kShards = 6;
constexpr int kSkilledMaxPlies = 600;

class Combinations : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("mancala-combinations-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_ / "drawn");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_P(Combinations, EveryAcceptedCombinationConservesCountersAndPlaysOnlyLegalMoves) {
  const int shard = GetParam();
  // A deeper search by hand: MANCALA_COMBINATIONS=20000 MANCALA_COMBINATIONS_SEED=5.
  const char* seed_env = std::getenv("MANCALA_COMBINATIONS_SEED");
  const char* count_env = std::getenv("MANCALA_COMBINATIONS");
  const uint64_t kSeed = seed_env ? std::stoull(seed_env) : 12;  // by default the number
  const int combinations = count_env ? std::stoi(count_env) : sanitized() ? 120 : 600;
  const int games = sanitized() ? 2 : 4;
  const std::vector<std::string> parents = list_ruleset_ids();
  ASSERT_FALSE(parents.empty());
  Tally tally;
  int accepted = 0, accepted_piled = 0, accepted_skilled = 0, accepted_here = 0, played = 0;
  std::map<std::string, int> refusals;  // reason (the key named) -> count
  for (int i = 0; i < combinations; ++i) {
    Rng draw(kSeed, static_cast<uint64_t>(i));
    const std::string parent = parents[draw.below(static_cast<uint32_t>(parents.size()))];
    json child = draw_child(parent, draw);
    // Issue 21: "rulesets that pile counters": every fourth child has a big board of full holes
    // (up to 16 holes a row and 20 counters a hole, as far as rules check allows), where one hole
    // can gather most of the 320 counters the engine allows.
    if (i % 4 == 3) pile_counters(child, parent, draw);
    const auto file = dir_ / "drawn" / ("c" + std::to_string(i) + ".json");
    std::ofstream(file) << child.dump(2);
    RuleSet rules;
    try {
      rules = load_ruleset_file(file, dir_);
    } catch (const RuleError& e) {
      const std::string msg = e.what();
      const auto key = msg.find("rules.");
      ++refusals[key == std::string::npos ? msg : msg.substr(key, msg.find(':', key) - key)];
      continue;
    }
    ++accepted;
    if (i % 4 == 3) ++accepted_piled;
    const Game game(rules);
    // Issue 21: "extended with skilled agents": every fifth accepted combination plays one more
    // game, alphabeta:2 against mcts:50 (their searches play the rules' moves many times over);
    // not on the boards that pile counters, where one such game took over a minute (mcts:50's
    // random playouts of a 255-counter board run long) and random and greedy games cover them.
    const bool skilled = accepted % 5 == 0 && i % 4 != 3;
    // The skilled game stops at 600 plies (an unfinished game, as at max_plies): mcts:50 plays 50
    // random games to the safety bound for every move, and where random games rarely end (one
    // combination of seed 12: more than half reach 5,000 plies) one skilled game took 37 s.
    RuleSet shorter = rules;
    shorter.max_plies = std::min(rules.max_plies, kSkilledMaxPlies);
    const Game skilled_game(shorter);
    if (skilled) ++accepted_skilled;
    if (i * kShards / combinations != shard) continue;
    ++accepted_here;
    for (int g = 0; g < games + (skilled ? 1 : 0); ++g) {
      Rng rng(kSeed, static_cast<uint64_t>(g));
      const Game& played_game = g == games ? skilled_game : game;
      Invariants check(played_game, tally);
      const AgentSpec first = g == games ? AgentSpec(Agent::kAlphaBeta, 2)
                              : g == 2   ? AgentSpec(Agent::kGreedy)
                                         : AgentSpec(Agent::kRandom);
      const AgentSpec second = g == games ? AgentSpec(Agent::kMcts, 50)
                               : g == 3   ? AgentSpec(Agent::kGreedy)
                                          : AgentSpec(Agent::kRandom);
      if (g == games) {
        ++tally.skilled_games;
      } else if (i % 4 == 3) {
        ++tally.piled_games;
      }
      std::string error;
      try {
        play_game(played_game, first, second, rng, &check);
      } catch (const std::exception& e) {
        error = e.what();
      }
      ++played;
      if (!error.empty()) check.failed_.push_back("threw: " + error);
      if (!check.failed_.empty()) {
        std::string what = "combination " + std::to_string(i) + " (" + file.filename().string() +
                           "), game " + std::to_string(g) + " of seed " + std::to_string(kSeed) +
                           " (" + first.name() + " v " + second.name() +
                           (g == games ? ", max_plies " + std::to_string(shorter.max_plies) : "") +
                           "):";
        for (const auto& f : check.failed_) what += "\n  " + f;
        what += "\n" + child.dump();
        tally.failures.push_back(what);
        break;  // one failing game of a combination is enough
      }
    }
  }
  std::ostringstream figures;
  figures << "combinations tried " << combinations << ", accepted " << accepted << ", "
          << accepted_piled << " of them boards that pile counters and " << accepted_skilled
          << " with a skilled game (case " << shard << " of " << kShards << ": " << accepted_here
          << "), games " << played << ", checks: " << tally.moves << " moves, " << tally.deals
          << " deals and first positions, " << tally.round_ends << " round ends, "
          << tally.skilled_games << " skilled games, " << tally.piled_games
          << " games on boards that pile counters; failing " << tally.failures.size();
  std::cout << figures.str() << "\n";
  RecordProperty("figures", figures.str());
  for (size_t k = 0; k < std::min<size_t>(tally.failures.size(), 25); ++k)
    ADD_FAILURE() << tally.failures[k];
  EXPECT_TRUE(tally.failures.empty()) << figures.str();
  // The draw must reach play often enough to mean something: a fifth of the draws (issue 38's 35
  // keys, each with the few keys it acts with, brought the accepted share from over a quarter to
  // 24.5% of the default 600).
  EXPECT_GE(accepted * 5, combinations) << figures.str();
  // Over all the cases (a sixth of the sanitizer run's draw can hold no skilled game or no
  // accepted big board).
  EXPECT_GE(accepted_skilled * 30, accepted) << figures.str();
  EXPECT_GE(accepted_piled * 10, accepted) << figures.str();
}

INSTANTIATE_TEST_SUITE_P(Shards, Combinations, ::testing::Range(0, kShards));

}  // namespace
}  // namespace mancala::sim
