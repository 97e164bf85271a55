// Every long phase reads the interrupt flag (issue 41, item 3): comparisons, handicap levels,
// speed measurements and merges stop when it is set and keep what finished, as simulate does.
// The flag is set by the test itself (before the work, or from the progress of a run), so what
// stops where is the same on every machine; tests/cli/interrupt_cli_test.cpp sends the signals.
#include <gtest/gtest.h>

#include <atomic>

#include "analysis/bench.h"
#include "analysis/compare_builder.h"
#include "analysis/handicap_builder.h"
#include "analysis/merge_files.h"
#include "simulator/ruleset_io.h"
#include "tests/test_support.h"

namespace mancala::analysis {
namespace {

// Stopped while the third ruleset plays: the two that finished are compared, exactly as their
// comparison alone would be, and the first note names what was left out.
TEST(InterruptedPhases, ACompareStoppedInItsThirdRulesetComparesTheTwoThatFinished) {
  const std::vector<sim::RuleSet> rulesets = {sim::load_ruleset("kalah/standard"),
                                              sim::load_ruleset("kalah/empty_capture"),
                                              sim::load_ruleset("toguz_kumalak/standard")};
  std::atomic<bool> stop{false};
  CompareOptions options;
  // The third ruleset plays long past its first progress (100 ms): 5000 games no longer did on
  // an idle machine once the engine ran twice as fast (issue 37), and the stop came too late.
  options.games = 200000;
  options.threads = 2;
  options.stop = &stop;
  options.progress = [&](const std::string& id, uint64_t, uint64_t) {
    if (id == "toguz_kumalak/standard") stop = true;
  };
  const Comparison stopped = compare_rulesets(rulesets, options);
  EXPECT_TRUE(stopped.interrupted);
  ASSERT_EQ(stopped.runs.size(), 2u);
  ASSERT_EQ(stopped.pairs.size(), 1u);
  EXPECT_TRUE(stopped.notes.front().starts_with(
      "Interrupted: only the rulesets whose runs finished are compared; left out: "
      "toguz_kumalak/standard ("))
      << stopped.notes.front();
  EXPECT_NE(stopped.notes.front().find(" of 200000 games)."), std::string::npos)
      << stopped.notes.front();
  CompareOptions whole = options;
  whole.stop = nullptr;
  whole.progress = nullptr;
  const Comparison two = compare_rulesets({rulesets[0], rulesets[1]}, whole);
  EXPECT_FALSE(two.interrupted);
  EXPECT_EQ(stopped.pairs[0].tests.size(), two.pairs[0].tests.size());
  EXPECT_EQ(stopped.pairs[0].summary, two.pairs[0].summary);
  // Stopped before anything finished: what was played, and nothing compared.
  std::atomic<bool> at_once{true};
  options.stop = &at_once;
  options.progress = nullptr;
  const Comparison none = compare_rulesets(rulesets, options);
  EXPECT_TRUE(none.interrupted);
  EXPECT_TRUE(none.pairs.empty());
  ASSERT_EQ(none.runs.size(), 1u);
  EXPECT_TRUE(none.runs[0].run.partial);
}

// Handicap levels, speed measurements and merges stopped before they start keep nothing
// half-made and say they were stopped.
TEST(InterruptedPhases, HandicapBenchAndMergeStoppedAtOnceKeepNothingHalfMade) {
  std::atomic<bool> stop{true};
  HandicapOptions handicap;
  handicap.games = 100;
  handicap.stop = &stop;
  const HandicapResult h = measure_handicaps(sim::load_ruleset("khutka_boia"), handicap);
  EXPECT_TRUE(h.interrupted);
  EXPECT_TRUE(h.levels.empty());
  EXPECT_EQ(h.matches.matches, 0u);
  EXPECT_TRUE(
      measure_speed({sim::load_ruleset("kalah")}, 1000, 2, sim::AgentPair(), &stop).empty());
  test_support::TempDir dir("interrupted-merge");
  test_support::write_text(dir / "a.json", "{}");
  EXPECT_TRUE(merge_run_files({dir / "a.json"}, &stop).empty());
}

}  // namespace
}  // namespace mancala::analysis
