// The report's sensitivity section (reports/sensitivity.h, analysis/sensitivity_builder.h): every
// threshold that ends games (no_progress_turns, stop_after_rounds, max_rounds, max_plies) halved
// and doubled on each ruleset's page, and the thresholds each shipped ruleset has (here, with
// the rule tests, because it checks the rulesets' provenance too).
#include <gtest/gtest.h>

#include <cstdlib>

#include "../cli/cli_test_util.h"
#include "../reports/report_test_util.h"
#include "../test_support.h"
#include "analysis/sensitivity_builder.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using namespace mancala::analysis;  // the library under test (analysis/)
using namespace mancala::reports;   // and its renderers

using report_testing::read_text;
using report_testing::TempDir;
using testing::Result;
using testing::run_cli;

std::string thresholds_text(const sim::RuleSet& r) {
  std::string text;
  for (const SensitivityThreshold& t : sensitivity_thresholds(r)) {
    text += t.key + " " + std::to_string(t.halved) + "/" + std::to_string(t.as_set) + "/" +
            std::to_string(t.doubled) + "; ";
  }
  return text;
}

TEST(Sensitivity, EachThresholdThatEndsGamesIsHalvedAndDoubledWithinItsRange) {
  // Khutka Boia: no-progress 24, stop after 100 rounds, bound 128 rounds (already the largest
  // allowed, so not doubled), 5000 plies. The stop stays below the bound ("stop_after_rounds
  // needs fewer rounds than max_rounds"): raised to 127, and the bound lowered only to 101.
  EXPECT_EQ(thresholds_text(sim::load_ruleset("khutka_boia")),
            "no_progress_turns 12/24/48; stop_after_rounds 50/100/127; max_rounds 101/128/128; "
            "max_plies 2500/5000/10000; ");
  EXPECT_EQ(thresholds_text(sim::load_ruleset("sonka")),
            "stop_after_rounds 5/10/20; max_rounds 50/100/128; max_plies 2500/5000/10000; ");
  EXPECT_EQ(thresholds_text(sim::load_ruleset("otep")),
            "no_progress_turns 20/40/80; max_plies 2500/5000/10000; ");
  EXPECT_EQ(thresholds_text(sim::load_ruleset("toguz_kumalak")), "max_plies 2500/5000/10000; ");
}

// Every setting the section plays is a ruleset the checks accept (a ruleset file with the
// changed value would load): finalize throws on a contradiction.
TEST(Sensitivity, EverySettingOfEveryShippedRulesetPassesTheRulesetChecks) {
  for (const std::string& id : sim::list_ruleset_ids()) {
    const sim::RuleSet r = sim::load_ruleset(id);
    for (const SensitivityThreshold& t : sensitivity_thresholds(r)) {
      for (const int value : {t.halved, t.doubled}) {
        sim::RuleSet changed = r;
        if (t.key == "no_progress_turns") changed.no_progress_turns = value;
        if (t.key == "stop_after_rounds") changed.stop_after_rounds = value;
        if (t.key == "max_rounds") changed.max_rounds = value;
        if (t.key == "max_plies") changed.max_plies = value;
        EXPECT_NO_THROW(sim::finalize(changed, id)) << id << ": " << t.key << " " << value;
      }
    }
  }
}

TEST(Sensitivity, EveryThresholdThatEndsGamesInAShippedRulesetStatesItsReason) {
  // Issue 16: "for each no-progress rule, round cap and safety bound that ends games, state its
  // reason in the provenance" -- also when the ruleset relies on the vocabulary's default.
  for (const std::string& id : sim::list_ruleset_ids()) {
    const sim::RuleSet r = sim::load_ruleset(id);
    for (const SensitivityThreshold& t : sensitivity_thresholds(r)) {
      const auto it = r.provenance.find(t.key);
      ASSERT_NE(it, r.provenance.end()) << id << ": " << t.key << " has no provenance";
      const std::string reason =
          it->second.count("assumption") ? it->second.at("assumption") : it->second.at("evidence");
      EXPECT_GE(reason.size(), 20u) << id << ": " << t.key << ": no reason given";
    }
  }
}

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
  for (const char* cell :
       {"<td>(all as set)</td>",
        "<td>no_progress_turns</td><td>halved</td><td class=\"num\">20</td>",
        "<td>no_progress_turns</td><td>doubled</td><td class=\"num\">80</td>",
        "<td>max_plies</td><td>halved</td><td class=\"num\">2500</td>",
        "<td>max_plies</td><td>doubled</td><td class=\"num\">10000</td>", ">P1 wins</th>",
        ">draws</th>", ">mean plies</th>", ">ended by own rule</th>", ">by a stopping rule</th>",
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
}  // namespace mancala::cli
