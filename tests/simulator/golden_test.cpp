// Golden behaviour signatures (and the golden form of traces): any change of rules or engine shows
// up here. The golden traces themselves come from `trace`: tests/cli/golden_trace_cli_test.cpp.
// After an intended change, regenerate with MANCALA_UPDATE_GOLDEN=1 and review the diff.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "../test_support.h"
#include "common/paths.h"
#include "golden_test_util.h"
#include "play_test_util.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using golden_testing::compare_with_golden;
using golden_testing::fnv1a64;
using golden_testing::golden_form;
using golden_testing::golden_path;

TEST(GoldenForm, AShortTraceIsKeptWholeALongOneByItsEndsAndItsHash) {
  std::string short_trace, long_trace;
  for (int i = 0; i < 180; ++i) short_trace += "line " + std::to_string(i) + "\n";
  EXPECT_EQ(golden_form(short_trace), short_trace);
  for (int i = 0; i < 1000; ++i) long_trace += "line " + std::to_string(i) + "\n";
  const std::string form = golden_form(long_trace);
  EXPECT_EQ(form.substr(0, 14), "line 0\nline 1\n");
  EXPECT_NE(form.find("line 149\n[... 820 lines left out; the 1000-line trace's FNV-1a 64 hash: "),
            std::string::npos);
  EXPECT_EQ(form.find("line 150\n"), std::string::npos);
  EXPECT_NE(form.find("]\nline 970\n"), std::string::npos);
  EXPECT_EQ(form.substr(form.size() - 9), "line 999\n");
  // A change in a left-out line changes the hash line.
  std::string changed = long_trace;
  changed.replace(changed.find("line 500"), 8, "line 5o0");
  EXPECT_NE(golden_form(changed), form);
  // The published test vectors of FNV-1a 64.
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
}

class Golden : public ::testing::TestWithParam<std::string> {};

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

INSTANTIATE_TEST_SUITE_P(Rulesets, Golden, ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

TEST(GoldenHashes, EveryShippedRulesetKeepsItsRulesHash) {
  // The runs and play-tests stored in an archive name their rules by this hash (issue 37): a
  // change of a ruleset's rules shows here as a line of the diff, and a change of the hash's
  // definition as every line. A key added to the vocabulary must change no line but those of the
  // rulesets that use it (rules_hash covers later keys only where they act).
  std::string lines;
  for (const std::string& id : list_ruleset_ids())
    lines += id + " " + rules_hash(load_ruleset(id)) + "\n";
  compare_with_golden((mancala::source_dir() / "tests" / "golden" / "rules_hashes.txt").string(),
                      lines);
}

}  // namespace
}  // namespace mancala::sim
