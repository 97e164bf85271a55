// The golden files (tests/golden): where they are, the comparison (or, with
// MANCALA_UPDATE_GOLDEN=1, the rewrite) and the golden form of a trace; shared by the signatures
// (tests/simulator/golden_test.cpp) and the traces (tests/cli/golden_trace_cli_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/hash.h"
#include "common/paths.h"

namespace mancala::sim::golden_testing {

inline std::string golden_path(const std::string& id, const std::string& suffix) {
  std::string name = id;
  for (char& c : name) c = c == '/' ? '.' : c;
  return (mancala::source_dir() / "tests").string() + "/golden/" + name + suffix;
}

inline void compare_with_golden(const std::string& path, const std::string& actual) {
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
inline constexpr size_t kHeadLines = 150;
inline constexpr size_t kTailLines = 30;

using mancala::fnv1a64;

inline std::string golden_form(const std::string& trace) {
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

}  // namespace mancala::sim::golden_testing
