// Helpers for the simulator tests that play whole games: a test run once per ruleset, the few
// seeded games such a test plays, and the legal moves of a position as holes.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim::play_testing {

// list_ruleset_ids(), listed once per process: six parametrised suites ask for it at every start
// of the test executable, that is once per test under CTest.
inline const std::vector<std::string>& shipped_ruleset_ids() {
  static const std::vector<std::string> ids = list_ruleset_ids();
  return ids;
}

// A test run once for each ruleset id it is instantiated with, on that ruleset's game.
class RulesetTest : public ::testing::TestWithParam<std::string> {
 protected:
  const Game game{load_ruleset(GetParam())};
};

// Game i of a test's few, from the stream (seed, i): greedy (odd i) or random (even i) as player 1
// against random, watched by `observer`.
inline GameResult mixed_game(const Game& game, uint64_t seed, int i,
                             GameObserver* observer = nullptr) {
  Rng rng(seed, static_cast<uint64_t>(i));
  return play_game(game, i % 2 ? Agent::kGreedy : Agent::kRandom, Agent::kRandom, rng, observer);
}

// The same random game played twice from two copies of the stream (seed, index).
inline std::pair<GameResult, GameResult> random_game_twice(const Game& game, uint64_t seed,
                                                           uint64_t index) {
  Rng a(seed, index), b(seed, index);
  const GameResult x = play_game(game, Agent::kRandom, Agent::kRandom, a);
  return {x, play_game(game, Agent::kRandom, Agent::kRandom, b)};
}

// The holes (1-based, from the mover's left) of the legal moves of the player to move.
inline std::vector<int> legal_holes(const Game& game, const State& s) {
  MoveList moves;
  game.legal_moves(s, moves);
  std::vector<int> out;
  for (const Move& m : moves) out.push_back(m.hole + 1);
  return out;
}

}  // namespace mancala::sim::play_testing
