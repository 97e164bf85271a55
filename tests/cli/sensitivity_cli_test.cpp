// The report's sensitivity section (reports/sensitivity.h, analysis/sensitivity_builder.h) on the
// ruleset page `report` writes (moved from tests/simulator/sensitivity_test.cpp, issue 22: a test
// of a command is a cli test): the figures with each threshold halved and doubled, and
// --sensitivity-games 0 leaving the section out. The thresholds:
// tests/analysis/sensitivity_test.cpp.
#include <gtest/gtest.h>

#include <cstdlib>

#include "../reports/report_test_util.h"
#include "../test_support.h"
#include "cli_test_util.h"

// In reports (the section's renderers), not cli: its report_testing::TempDir would clash in a unity
// batch with the cli tests' TempDir.
namespace mancala::reports {
namespace {

using cli::testing::Result;
using cli::testing::run_cli;
using report_testing::read_text;
using report_testing::TempDir;

TEST(Sensitivity, TheRulesetPageShowsTheFiguresWithEachThresholdHalvedAndDoubled) {
  TempDir dir;
  const std::string games = test_support::sanitized() ? "6" : "30";
  const Result r = run_cli({"report", "otep", "--games", games, "--out", (dir / "out").string(),
                            "--no-store", "--no-extras", "--threads", "2"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("report: sensitivity runs (" + games + " games each) in "),
            std::string::npos)
      << r.err;
  const std::string page = read_text(dir / "out/rulesets/otep.beaton_1939.html");
  const std::size_t at = page.find("<section id=\"sensitivity\">");
  ASSERT_NE(at, std::string::npos);
  const std::string section = page.substr(at, page.find("</section>", at) - at);
  for (const char* cell : {"<td>(all as set)</td>",
                           "<td>no_progress_turns</td><td>halved</td><td class=\"num\">20</td>",
                           "<td>no_progress_turns</td><td>doubled</td><td class=\"num\">80</td>",
                           "<td>max_plies</td><td>halved</td><td class=\"num\">2500</td>",
                           "<td>max_plies</td><td>doubled</td><td class=\"num\">10000</td>",
                           ">P1 wins</th>", ">draws</th>", ">mean plies</th>",
                           ">ended by a rule of the game</th>", ">stopped by a stopping rule</th>",
                           "<li>no_progress_turns: halved (20): first-player advantage ",
                           "<li>max_plies: halved (2500): "}) {
    EXPECT_NE(section.find(cell), std::string::npos) << cell << "\n" << section;
  }
  // Issue 20: the verdicts come from real numbers: each change with its paired interval, and a
  // conclusion that follows from them (report_consistency_test checks it against the intervals).
  const std::size_t verdict = section.find("<li>no_progress_turns:");
  ASSERT_NE(verdict, std::string::npos);
  const std::string line = section.substr(verdict, section.find("</li>", verdict) - verdict);
  EXPECT_NE(line.find("(change "), std::string::npos) << line;
  EXPECT_NE(line.find(" pp, 95% CI "), std::string::npos) << line;
  EXPECT_TRUE(line.ends_with(": the figures depend on this threshold (an interval excludes 0)") ||
              line.find(": no change detected at ") != std::string::npos)
      << line;
  // No threshold the ruleset does not have: Otep is one round.
  EXPECT_EQ(section.find("max_rounds"), std::string::npos);
  EXPECT_EQ(section.find("mean rounds"), std::string::npos);
  EXPECT_NE(read_text(dir / "out/report.md").find("### Sensitivity: otep/beaton_1939 (" + games),
            std::string::npos);
}

TEST(Sensitivity, ZeroGamesLeavesTheSectionOut) {
  TempDir dir;
  const Result r =
      run_cli({"report", "toguz_kumalak", "--games", "5", "--out", (dir / "out").string(),
               "--no-store", "--no-extras", "--sensitivity-games", "0"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_text(dir / "out/rulesets/toguz_kumalak.standard.html").find("sensitivity"),
            std::string::npos);
  const Result bad = run_cli({"report", "toguz_kumalak", "--sensitivity-games=-1", "--out",
                              (dir / "x").string(), "--no-store"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.err, "mancala: report: --sensitivity-games: must be 0 or more\n");
}

}  // namespace
}  // namespace mancala::reports
