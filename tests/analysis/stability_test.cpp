// The stability verdict of a run's first-player advantage (analysis/stability.h; the rule in
// docs/report.md, "Stability"; the keys and words in docs/terms.md): each verdict from hand-built
// figures, the words each is shown with, rests_on_stops, and the JSON's round trip. The verdicts
// of the shipped seed games through `simulate --stability` and `report`:
// tests/cli/sensitivity_cli_test.cpp.
#include "analysis/stability.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/test_support.h"

namespace mancala::analysis {
namespace {

// A variant of `key` with its own estimate and its paired change [low, high] (fractions).
StabilityVariant variant(const std::string& key, const std::string& setting, double estimate,
                         double change, double low, double high) {
  return {key, setting, 0, estimate, change, low, high};
}

const std::vector<StabilityVariant> kQuiet = {
    variant("max_plies", "halved", 0.05, 0.0, 0.0, 0.0),
    variant("max_plies", "doubled", 0.05, 0.0, 0.0, 0.0),
};

TEST(Stability, UncheckedWhenTheVariantsWereNotPlayed) {
  // terms.md: "unchecked ... the variants were not played".
  const Stability s = decide_stability(0.08, true, 0.2, kNaN, std::nullopt, 0);
  EXPECT_EQ(s.verdict, "unchecked");
  EXPECT_EQ(stability_text(s), "stability not checked");
  EXPECT_EQ(stability_summary(s), "not checked");
  EXPECT_TRUE(s.variants.empty());
}

TEST(Stability, NoStopWhenNoGameOfTheRunEndedByAStop) {
  // "no_stop ... no game of the run ended by a stopping rule: there is nothing to vary", even
  // when a variant (a halved safety bound) lies on the other side of 0.
  const std::vector<StabilityVariant> v = {
      variant("max_plies", "halved", -0.02, -0.07, -0.1, -0.04)};
  const Stability s = decide_stability(0.05, false, 0.0, 0.05, v, 1000);
  EXPECT_EQ(s.verdict, "no_stop");
  EXPECT_EQ(stability_text(s), "");  // the figure alone
  EXPECT_EQ(stability_summary(s), "no stopping rule");
  EXPECT_DOUBLE_EQ(s.low, -0.02);
  EXPECT_DOUBLE_EQ(s.high, 0.05);
}

TEST(Stability, StableWhenEveryVariantHasTheSignOfTheRunAsSetAndNoChangeReversesIt) {
  // "stable: every variant's estimate has the default's sign, and no variant's paired change
  // reverses it" -- a change beyond the noise that leaves the sign is no reversal.
  const std::vector<StabilityVariant> v = {
      variant("no_progress_turns", "halved", 0.12, 0.04, 0.01, 0.07),
      variant("no_progress_turns", "doubled", 0.06, -0.02, -0.05, 0.01)};
  const Stability s = decide_stability(0.09, true, 0.3, 0.08, v, 1000);
  EXPECT_EQ(s.verdict, "stable");
  EXPECT_TRUE(s.depends_on.empty());
  EXPECT_EQ(stability_text(s), "");
  EXPECT_DOUBLE_EQ(s.low, 0.06);
  EXPECT_DOUBLE_EQ(s.high, 0.12);
}

TEST(Stability, UnstableWhenTheVariantsEstimatesStraddleZero) {
  // "unstable: the variants' estimates straddle 0": Sungka's shape, the round limit halved and
  // doubled on the other side of 0 from the run as set; the quiet safety bound is not named.
  std::vector<StabilityVariant> v = kQuiet;
  for (StabilityVariant& q : v) q.estimate = -0.101;
  v.push_back(variant("stop_after_rounds", "halved", 0.095, 0.196, 0.11, 0.28));
  v.push_back(variant("stop_after_rounds", "doubled", 0.090, 0.191, 0.10, 0.27));
  const Stability s = decide_stability(-0.073, true, 0.01, -0.101, v, 1000);
  EXPECT_EQ(s.verdict, "unstable");
  EXPECT_EQ(s.depends_on, std::vector<std::string>{"stop_after_rounds"});
  EXPECT_EQ(stability_text(s), "depends on the round limit: -10.1 to +9.5 pp");
  EXPECT_EQ(stability_summary(s), "depends on the round limit: -10.1 to +9.5 pp");
}

TEST(Stability, UnstableWhenAPairedChangeBeyondTheNoiseReversesTheFigure) {
  // "or a variant's paired change interval excludes 0 and reverses the sign": every variant's
  // own estimate keeps the sign of the run as set (+4.0), but the figure (+1.0 over more games)
  // plus the no-progress rule's change (-3.0, interval -5.0 to -1.0) is -2.0.
  const std::vector<StabilityVariant> v = {
      variant("no_progress_turns", "halved", 0.01, -0.03, -0.05, -0.01),
      variant("no_progress_turns", "doubled", 0.05, 0.01, -0.01, 0.03)};
  const Stability s = decide_stability(0.01, true, 0.4, 0.04, v, 1000);
  EXPECT_EQ(s.verdict, "unstable");
  EXPECT_EQ(stability_text(s), "depends on the no-progress rule: +1.0 to +5.0 pp");
  // The same change with an interval that holds 0 reverses nothing.
  std::vector<StabilityVariant> noisy = v;
  noisy[0].change_high = 0.01;
  EXPECT_EQ(decide_stability(0.01, true, 0.4, 0.04, noisy, 1000).verdict, "stable");
}

TEST(Stability, TheWordsNameEveryThresholdThatMakesItUnstable) {
  const std::vector<StabilityVariant> v = {
      variant("no_progress_turns", "halved", -0.01, -0.03, -0.08, 0.02),
      variant("stop_after_rounds", "halved", -0.048, -0.05, -0.12, 0.02),
      variant("max_rounds", "lowered", 0.02, 0.0, 0.0, 0.0)};
  const Stability s = decide_stability(-0.004, true, 0.025, 0.02, v, 1000);
  EXPECT_EQ(s.verdict, "unstable");
  EXPECT_EQ(stability_text(s),
            "depends on the no-progress rule and the round limit: -4.8 to +2.0 pp");
}

TEST(Stability, RestsOnStopsWhenMoreThanHalfOfTheGamesWereEndedByAStop) {
  // "rests_on_stops flags a figure for which more than half of the games ... were ended by a
  // stop": Otep's 97%, stable; exactly half is not more than half.
  const Stability otep = decide_stability(0.028, true, 0.969, 0.006, kQuiet, 1000);
  EXPECT_EQ(otep.verdict, "stable");
  EXPECT_TRUE(otep.rests_on_stops);
  EXPECT_EQ(stability_summary(otep), "stable; rests on stops");
  EXPECT_FALSE(decide_stability(0.028, true, 0.5, 0.006, kQuiet, 1000).rests_on_stops);
  // Flagged whether or not the variants were played.
  EXPECT_TRUE(decide_stability(0.028, true, 0.6, kNaN, std::nullopt, 0).rests_on_stops);
}

TEST(Stability, StopShareCountsRoundsForMatchesAndGamesOtherwise) {
  RunFigures single;
  single.games = 10;
  single.completion.games[0] = 2;  // the source's rule
  single.completion.games[2] = 1;  // an assumed rule: a rule of the game, no stop
  single.completion.games[3] = 6;  // stopped by a stopping rule
  single.completion.games[4] = 1;  // unfinished (safety bound)
  EXPECT_DOUBLE_EQ(stop_share(single), 0.7);
  EXPECT_TRUE(any_stop(single));
  // A match: every match ended by its own rule, most of its rounds by the no-progress rule.
  RunFigures match;
  match.games = 4;
  match.completion.games[0] = 4;
  match.match = MatchFigures{};
  match.match->rounds_recorded = 20;
  match.match->round_completion_count[1] = 8;   // the paraphrase's rule
  match.match->round_completion_count[3] = 12;  // the no-progress rule
  EXPECT_DOUBLE_EQ(stop_share(match), 0.6);
  EXPECT_TRUE(any_stop(match));
  match.match->round_completion_count[1] = 20;
  match.match->round_completion_count[3] = 0;
  EXPECT_FALSE(any_stop(match));
}

TEST(Stability, TheJsonReadsBackAndBadOnesAreRefusedWithTheKeyNamed) {
  std::vector<StabilityVariant> v = kQuiet;
  v.push_back(variant("stop_after_rounds", "halved", -0.2, -0.25, -0.3, -0.2));
  const Stability s = decide_stability(0.05, true, 0.7, 0.05, v, 1000);
  const nlohmann::json j = stability_to_json(s);
  EXPECT_EQ(j["text"], "depends on the round limit: -20.0 to +5.0 pp");
  const Stability back = stability_from_json(j, "run.json");
  EXPECT_EQ(back.verdict, "unstable");
  EXPECT_EQ(back.depends_on, s.depends_on);
  EXPECT_EQ(stability_text(back), stability_text(s));
  EXPECT_EQ(back.variants.size(), 3u);
  EXPECT_TRUE(back.rests_on_stops);
  nlohmann::json bad = j;
  bad["verdict"] = "shaky";
  EXPECT_EQ(error_of([&] { stability_from_json(bad, "run.json"); }),
            "run.json: stability: verdict: 'shaky' is not stable, unstable, no_stop or unchecked");
  bad = j;
  bad["depends_on"] = nlohmann::json::array();
  EXPECT_EQ(error_of([&] { stability_from_json(bad, "run.json"); }),
            "run.json: stability: depends_on: empty for an unstable figure");
  bad = j;
  bad.erase("low");
  EXPECT_EQ(error_of([&] { stability_from_json(bad, "run.json"); }),
            "run.json: stability: low: missing");
}

}  // namespace
}  // namespace mancala::analysis
