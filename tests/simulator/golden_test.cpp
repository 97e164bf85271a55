// Golden traces and behaviour signatures: any change of rules or engine shows up here.
// After an intended change, regenerate with MANCALA_UPDATE_GOLDEN=1 and review the diff.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../test_support.h"
#include "cli/cli.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

std::string golden_path(const std::string& id, const std::string& suffix) {
  std::string name = id;
  for (char& c : name) c = c == '/' ? '.' : c;
  return std::string(MANCALA_TEST_DIR) + "/golden/" + name + suffix;
}

void compare_with_golden(const std::string& path, const std::string& actual) {
  if (std::getenv("MANCALA_UPDATE_GOLDEN")) {
    std::ofstream(path) << actual;
    return;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << path << " is missing: run the tests with MANCALA_UPDATE_GOLDEN=1 to create it";
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_TRUE(expected.str() == actual)
      << path
      << " differs from the engine's output; if the change is intended, "
         "regenerate with MANCALA_UPDATE_GOLDEN=1 and review the diff";
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, TheTraceOfSeed1IsUnchanged) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"trace", GetParam(), "--seed", "1"}, out, err), 0) << err.str();
  compare_with_golden(golden_path(GetParam(), ".trace.txt"), out.str());
}

TEST_P(Golden, TheSignatureOf200SeededGamesIsUnchanged) {
  // Total plies, P1 wins, P2 wins and draws over 200 random games: the bench signature.
  const Game game(load_ruleset(GetParam()));
  long plies = 0;
  int wins[3] = {0, 0, 0};
  for (int i = 0; i < 200; ++i) {
    Rng rng(2024, static_cast<uint64_t>(i));
    const GameResult r = play_game(game, Agent::kRandom, Agent::kRandom, rng);
    plies += r.plies;
    if (r.winner >= 0) ++wins[r.winner];
  }
  std::ostringstream sig;
  sig << "plies " << plies << "\np1_wins " << wins[0] << "\np2_wins " << wins[1] << "\ndraws "
      << wins[2] << "\n";
  compare_with_golden(golden_path(GetParam(), ".signature.txt"), sig.str());
}

INSTANTIATE_TEST_SUITE_P(Rulesets, Golden, ::testing::ValuesIn(list_ruleset_ids()),
                         test_support::param_name);

}  // namespace
}  // namespace mancala::sim
