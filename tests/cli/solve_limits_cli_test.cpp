// mancala solve at its limits (issue 21 items 1, 9, 10; issue 22 "solve for a user"): a ruleset
// whose lines run too long is refused instead of overflowing the stack, huge and non-finite time
// limits, the whole command within --max-seconds with a large table, and progress on a terminal.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "../test_support.h"
#include "cli_test_util.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using testing::expect_error;
using testing::run_cli;

// A ruleset `rules check` accepts whose games can run long: no store and no capture, so counters
// only go round the board until max_plies (issue 21 item 1: the search recursed once per ply and
// overflowed the stack near ply 30,500).
std::string endless_ruleset(const test_support::TempDir& dir) {
  const std::string file = dir / "endless.json";
  test_support::write_text(file, R"({"extends": "kalah/standard", "rules": {"capture": "none",
    "stores": "none", "store_extra_move": false, "max_plies": 40000}, "provenance": {"capture":
    {"assumption": "test"}, "stores": {"assumption": "test"}, "store_extra_move": {"assumption":
    "test"}, "max_plies": {"assumption": "test"}}})");
  return file;
}

// A 3-hole, 2-counter Kalah: solved at once.
std::string small_kalah(const test_support::TempDir& dir) {
  const std::string file = dir / "kalah32.json";
  test_support::write_text(file, R"({"extends": "kalah/standard", "rules": {"holes_per_row": 3,
    "counters_per_hole": 2}, "provenance": {"holes_per_row": {"assumption": "test"},
    "counters_per_hole": {"assumption": "test"}}})");
  return file;
}

TEST(SolveLimits, ARulesetWhoseLinesRunPastTheSolversDepthIsRefusedClearly) {
  test_support::TempDir dir("solve");
  const std::string file = endless_ruleset(dir);
  ASSERT_EQ(run_cli({"rules", "check", file}).code, 0);
  const auto r = run_cli({"solve", file, "--table-mib", "16"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find(": cannot be solved exactly: a line of play runs past 8192 plies without "
                       "the game ending (max_plies 40000), deeper than the solver searches"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.rfind("mancala: solve: ", 0), 0u) << r.err;
}

TEST(SolveLimits, AHugeTimeLimitIsNoLimit) {
  test_support::TempDir dir("solve");
  for (const char* limit : {"1e10", "1e300"}) {
    const auto r = run_cli({"solve", small_kalah(dir), "--max-seconds", limit, "--format", "json"});
    EXPECT_EQ(r.code, 0) << limit << ": " << r.err;
    EXPECT_TRUE(json::parse(r.out)["complete"].get<bool>()) << limit;
  }
}

TEST(SolveLimits, ANonFiniteTimeLimitIsAUsageError) {
  test_support::TempDir dir("solve");
  for (const char* limit : {"inf", "nan", "-inf"}) {
    const auto r = run_cli({"solve", small_kalah(dir), "--max-seconds", limit});
    EXPECT_EQ(r.code, 2) << limit;
    EXPECT_EQ(r.err,
              "mancala: solve: --max-seconds: expected a finite number of seconds (0: no limit), "
              "got " +
                  std::string(limit) + "\n");
  }
}

// The table's setup counts against --max-seconds: the whole command ends within it plus a second
// (before: 11-20 s for 2 GiB and one second). The bound leaves room for a loaded machine.
TEST(SolveLimits, ALargeTableDoesNotOutlastMaxSeconds) {
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_cli({"solve", "kalah", "--table-mib", "2048", "--max-seconds", "1"});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("stopped at --max-seconds 1 before the value was proven"), std::string::npos)
      << r.err;
  EXPECT_LT(seconds, 4.0);
}

// On a terminal, stderr shows the bounds proven so far and the speed on one line redrawn in place,
// erased at the end; off a terminal, nothing but the result.
TEST(SolveLimits, ATerminalSeesTheBoundsAndTheSpeedWhileTheSolverRuns) {
  const auto shown = run_cli({"solve", "kalah", "--max-seconds", "1.5", "--table-mib", "64"}, true);
  EXPECT_EQ(shown.code, 1);
  EXPECT_NE(shown.err.find("\rsolve: kalah/standard: value between "), std::string::npos)
      << shown.err;
  EXPECT_NE(shown.err.find(" M nodes/s, "), std::string::npos) << shown.err;
  const auto quiet = run_cli({"solve", "kalah", "--max-seconds", "1.5", "--table-mib", "64"});
  EXPECT_EQ(quiet.err.find("\r"), std::string::npos) << quiet.err;
}

}  // namespace
}  // namespace mancala::cli
