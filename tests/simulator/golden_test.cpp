// Golden traces and behaviour signatures: any change of rules or engine shows up here.
// After an intended change, regenerate with MANCALA_UPDATE_GOLDEN=1 and review the diff.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "../test_support.h"
#include "cli/cli.h"
#include "common/paths.h"
#include "play_test_util.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

std::string golden_path(const std::string& id, const std::string& suffix) {
  std::string name = id;
  for (char& c : name) c = c == '/' ? '.' : c;
  return (mancala::source_dir() / "tests").string() + "/golden/" + name + suffix;
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

// The golden form of a trace, small enough to review as a diff (issue 22): a trace of at most
// kHeadLines + kTailLines lines as it is; a longer one as its first kHeadLines lines, a line
// giving how many lines are left out and the FNV-1a 64-bit hash of the whole trace, and its last
// kTailLines lines. A change anywhere changes the hash; a change near the start shows as lines.
constexpr size_t kHeadLines = 150;
constexpr size_t kTailLines = 30;

uint64_t fnv1a64(const std::string& text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

std::string golden_form(const std::string& trace) {
  std::vector<std::string> lines;
  std::istringstream in(trace);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  if (lines.size() <= kHeadLines + kTailLines) return trace;
  std::string out;
  for (size_t i = 0; i < kHeadLines; ++i) out += lines[i] + "\n";
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a64(trace)));
  out += "[... " + std::to_string(lines.size() - kHeadLines - kTailLines) +
         " lines left out; the " + std::to_string(lines.size()) +
         "-line trace's FNV-1a 64 hash: " + hex + "]\n";
  for (size_t i = lines.size() - kTailLines; i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

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

TEST_P(Golden, TheTraceOfSeed1IsUnchanged) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"trace", GetParam(), "--seed", "1"}, out, err), 0) << err.str();
  compare_with_golden(golden_path(GetParam(), ".trace.txt"), golden_form(out.str()));
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

INSTANTIATE_TEST_SUITE_P(Rulesets, Golden, ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

}  // namespace
}  // namespace mancala::sim
