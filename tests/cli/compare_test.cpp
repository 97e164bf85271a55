// mancala compare: the rule diff, known answers for a hand-made pair of runs (the values come from
// stats/stats.h and compare_stats.h), a ruleset compared with itself, the plain-language lines,
// the renderings, and bad input refused with exact messages.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "../reports/xml_check.h"
#include "analysis/compare_builder.h"
#include "analysis/paired.h"
#include "cli/cli.h"
#include "cli_test_util.h"
#include "common/format.h"
#include "common/paths.h"
#include "reports/compare_render.h"
#include "simulator/ruleset_io.h"
#include "stats/compare_stats.h"
#include "stats/tested.h"

namespace mancala::cli {
namespace {

using namespace mancala::analysis;  // the library under test (analysis/)
using namespace mancala::reports;   // and its renderers

using nlohmann::json;

using testing::kSanitized;

// An archive path that does not exist (reading evidence links must not create it).
std::filesystem::path missing_db() {
  return std::filesystem::temp_directory_path() /
         ("mancala-compare-test-" + std::to_string(::getpid()) + "-none.db");
}

using testing::Result;
using testing::run_cli;

// A run of `rules` with the given results, every game ended by a rule; plies as (value, games).
ComparedRun hand_made(const std::string& id, uint64_t p1, uint64_t p2, uint64_t draws,
                      const std::vector<std::pair<int, uint64_t>>& plies) {
  ComparedRun r;
  r.rules = sim::load_ruleset(id);
  r.label = id;
  r.run.ruleset = id;
  r.run.rules_hash = sim::rules_hash(r.rules);
  r.run.agent = "random";
  r.run.seed = 1;
  r.run.tally.wins = {p1, p2};
  r.run.tally.draws = draws;
  r.run.tally.games = p1 + p2 + draws;
  r.run.tally.ended_by = {r.run.tally.games, 0, 0};
  for (const auto& [value, games] : plies) r.run.tally.plies.add(value, games);
  r.run.games_requested = static_cast<int64_t>(r.run.tally.games);
  r.run.range = {0, r.run.games_requested};
  return r;
}

const PairTest* test_of(const PairComparison& pair, const std::string& key) {
  for (const PairTest& t : pair.tests) {
    if (t.key == key) return &t;
  }
  return nullptr;
}

// ---- rule diff -------------------------------------------------------------------------------

TEST(CompareRuleDiff, TwoRulesetsThatDifferInOneKeyShowExactlyThatKeyWithBothProvenances) {
  const std::vector<RuleDiffRow> diff = rule_diff(
      {sim::load_ruleset("toguz_kumalak/standard"), sim::load_ruleset("toguz_kumalak/no_tuzdyk")});
  ASSERT_EQ(diff.size(), 1u);
  EXPECT_EQ(diff[0].key, "tuzdyk");
  EXPECT_EQ(diff[0].group, "special holes");
  ASSERT_EQ(diff[0].values.size(), 2u);
  EXPECT_EQ(diff[0].values[0].value, json(true));
  // The blog post's quoted words (MANCALA.Evidence.1's content, citing no author).
  EXPECT_EQ(diff[0].values[0].basis, "source");
  EXPECT_EQ(diff[0].values[0].text, "Only a tuzdyq per player can be made in a game.");
  EXPECT_EQ(diff[0].values[0].record, "MANCALA.Evidence.1");
  EXPECT_EQ(diff[0].values[0].shown_as, "the quoted text of MANCALA.Evidence.1");
  EXPECT_EQ(diff[0].values[1].value, json(false));
  EXPECT_EQ(diff[0].values[1].basis, "assumption");
  EXPECT_EQ(diff[0].values[1].text, "baseline to measure what the tuzdyk rule does to the game");
}

TEST(CompareRuleDiff, ThreeRulesetsListEveryKeyThatAnyOfThemChanges) {
  const std::vector<RuleDiffRow> diff =
      rule_diff({sim::load_ruleset("toguz_kumalak/standard"),
                 sim::load_ruleset("toguz_kumalak/no_ninth_hole_ban"),
                 sim::load_ruleset("toguz_kumalak/tuzdyk_opposite_symmetry")});
  ASSERT_EQ(diff.size(), 2u);
  EXPECT_EQ(diff[0].key, "tuzdyk_forbid_last_hole");
  EXPECT_EQ(diff[1].key, "tuzdyk_symmetry");
  EXPECT_EQ(diff[1].values[0].value, json("same_number"));
  EXPECT_EQ(diff[1].values[1].value, json("same_number"));  // inherited, with its parent's evidence
  EXPECT_EQ(diff[1].values[1].basis, "source");
  EXPECT_EQ(diff[1].values[2].value, json("opposite"));
  EXPECT_EQ(diff[1].values[2].basis, "assumption");
}

TEST(CompareRuleDiff, ARulesetAgainstItselfHasNoDifference) {
  EXPECT_TRUE(
      rule_diff({sim::load_ruleset("toguz_kumalak/standard"), sim::load_ruleset("toguz_kumalak")})
          .empty());
}

TEST(CompareWording, SharedLeadingWordsAreSaidOnce) {
  EXPECT_EQ(instead_of(describe_rule_value("capture", "opposite_empty_next"),
                       describe_rule_value("capture", "after_empty_next")),
            "capture the hole opposite the empty hole instead of after the empty hole");
  EXPECT_EQ(instead_of(describe_rule_value("tuzdyk", false), describe_rule_value("tuzdyk", true)),
            "no tuzdyk instead of tuzdyk");
  EXPECT_EQ(instead_of(describe_rule_value("direction", "clockwise"),
                       describe_rule_value("direction", "anticlockwise")),
            "sowing clockwise instead of anticlockwise");
  EXPECT_EQ(describe_rule_value("counters_per_hole", 5), "counters per hole 5");
  EXPECT_EQ(describe_rule_value("no_progress_turns", 40),
            "a round ended after 40 turns without capture");
  EXPECT_EQ(instead_of(describe_rule_value("capture_fours", "end_of_turn"),
                       describe_rule_value("capture_fours", "instant")),
            "fours captured at the end of the turn instead of the instant a hole reaches four");
  EXPECT_EQ(instead_of(describe_rule_value("tribute", "own_turns"),
                       describe_rule_value("tribute", "every_turn")),
            "the 1-4 tribute taken at the receiver's own turns instead of at every turn");
  EXPECT_EQ(instead_of(describe_rule_value("extra_number", "mover"),
                       describe_rule_value("extra_number", "holder")),
            "an extra-number hole taken by the sower instead of by the number's holder");
  EXPECT_EQ(describe_rule_value("some_future_key", "left"), "some future key: left");
}

// ---- known answers ---------------------------------------------------------------------------

// A: 60 P1 wins, 40 P2 wins, games of 90 or 110 plies (50 each); B: 45 and 55, 70 or 90 plies.
Comparison hand_made_pair() {
  return compare_runs({hand_made("toguz_kumalak/standard", 60, 40, 0, {{90, 50}, {110, 50}}),
                       hand_made("toguz_kumalak/no_tuzdyk", 45, 55, 0, {{70, 50}, {90, 50}})},
                      true);
}

// Issue 20: the mark and the interval come from one procedure. The hand-made runs keep no game's
// outcome, so they are compared as independent samples: Newcombe's interval for a rate, drawn at
// the Bonferroni confidence 1 - 0.05 / m (m = 4 tests here), with the p-value that interval
// inverts.
constexpr double kHandMadeConfidence = 1 - 0.05 / 4;

TEST(CompareKnownAnswers, RatesUseNewcombeIntervalsAtTheBonferroniConfidenceOfBMinusA) {
  const Comparison c = hand_made_pair();
  ASSERT_EQ(c.pairs.size(), 1u);
  EXPECT_EQ(c.confidence, kHandMadeConfidence);
  const PairComparison& p = c.pairs[0];
  const PairTest* p1 = test_of(p, "first_player_win_rate");
  ASSERT_NE(p1, nullptr);
  EXPECT_FALSE(p1->paired);
  const stats::Difference d = stats::newcombe_difference(45, 100, 60, 100, kHandMadeConfidence);
  EXPECT_DOUBLE_EQ(p1->estimate, -0.15);
  EXPECT_EQ(p1->interval, d.interval);
  const double p_value = stats::inverted_p_value(
      [](double conf) { return stats::newcombe_difference(45, 100, 60, 100, conf).interval; });
  EXPECT_EQ(p1->p_value, p_value);
  EXPECT_EQ(p1->p_adjusted, std::min(1.0, 4 * p_value));
  // The p-value is the interval's: the interval at 1 - p has 0 at its end.
  EXPECT_NEAR(stats::newcombe_difference(45, 100, 60, 100, 1 - p_value).interval.high, 0, 1e-9);
  const PairTest* p2 = test_of(p, "second_player_win_rate");
  ASSERT_NE(p2, nullptr);
  EXPECT_DOUBLE_EQ(p2->estimate, 0.15);
  EXPECT_EQ(p2->interval,
            stats::newcombe_difference(55, 100, 40, 100, kHandMadeConfidence).interval);
}

TEST(CompareKnownAnswers, RatesWithNoEventInEitherRunAreNotTestedNorCounted) {
  const Comparison c = hand_made_pair();
  const PairComparison& p = c.pairs[0];
  EXPECT_EQ(p.untested,
            (std::vector<std::string>{"draw rate", "ended by a stopping rule of the reconstruction",
                                      "unfinished (safety bound)",
                                      "games with a move cut by the relay bound"}));
  EXPECT_EQ(p.untested_reasons, (std::vector<std::string>(4, "no variation in either run")));
  EXPECT_EQ(p.tests.size(), 4u);
  EXPECT_EQ(c.tests_made, 4u);
}

TEST(CompareKnownAnswers, AMatchsStoppingRuleIsNotTestedAgainstARoundsNoProgressRule) {
  ComparedRun round = hand_made("toguz_kumalak/standard", 60, 40, 0, {{90, 100}});
  round.run.tally.ended_by = {90, 10, 0};
  ComparedRun match =
      hand_made((mancala::source_dir() / "tests").string() + "/fixtures/handicap/khutka_like.json",
                50, 50, 0, {{900, 100}});
  match.run.tally.ended_by = {40, 60, 0};
  const Comparison c = compare_runs({round, match}, true);
  EXPECT_EQ(test_of(c.pairs[0], "ended_by_no_progress_rate"), nullptr);
  ASSERT_EQ(c.pairs[0].untested.size(), 4u);
  EXPECT_EQ(c.pairs[0].untested[1], "ended by a stopping rule of the reconstruction");
  EXPECT_EQ(c.pairs[0].untested_reasons[1],
            "not comparable: a match's stopping rule against a round's no-progress rule");
}

TEST(CompareMatches, MatchesAddRoundsPerMatchAndTheirRoundsStatisticsTestedOnlyBetweenMatches) {
  const sim::RuleSet match = sim::load_ruleset((mancala::source_dir() / "tests").string() +
                                               "/fixtures/handicap/khutka_like.json");
  CompareOptions options;
  options.games = kSanitized ? 30 : 100;
  options.threads = 2;
  options.common_random_numbers = false;
  options.all_pairs = true;  // B against C too
  const Comparison c =
      compare_rulesets({sim::load_ruleset("toguz_kumalak/standard"), match, match}, options);
  std::vector<std::string> keys;
  for (const StatisticRow& row : c.statistics) keys.push_back(row.key);
  ASSERT_GE(keys.size(), 4u);
  EXPECT_EQ(std::vector<std::string>(keys.end() - 4, keys.end()),
            (std::vector<std::string>{"rounds_mean", "rounds_median", "round_first_mover_win_rate",
                                      "round_no_progress_rate"}));
  const StatisticRow& rounds = c.statistics[keys.size() - 4];
  EXPECT_TRUE(std::isnan(rounds.values[0].value)) << "Toguz Kumalak plays single rounds";
  EXPECT_EQ(rounds.values[1].value, c.runs[1].run.tally.match.rounds.mean());

  // A (single rounds) against B (matches): the rounds' statistics are not comparable.
  const PairComparison& ab = c.pairs[0];
  EXPECT_EQ(test_of(ab, "rounds_mean"), nullptr);
  const auto at =
      std::find(ab.untested.begin(), ab.untested.end(), "rounds won by their first mover");
  ASSERT_NE(at, ab.untested.end());
  EXPECT_EQ(ab.untested_reasons[static_cast<std::size_t>(at - ab.untested.begin())],
            "not comparable: only one of the two plays matches");
  // B against C (both matches, independent seeds): rounds per match by Welch's t, the first
  // mover's rounds with the match as the unit (rounds of one match are not independent).
  const PairComparison& bc = c.pairs[2];
  ASSERT_NE(test_of(bc, "rounds_mean"), nullptr);
  const stats::TestedDifference welch =
      stats::welch_mean_difference(c.runs[2].run.tally.match.rounds.moments(),
                                   c.runs[1].run.tally.match.rounds.moments(), c.confidence);
  EXPECT_EQ(test_of(bc, "rounds_mean")->p_value, welch.p_value);
  EXPECT_EQ(test_of(bc, "rounds_mean")->interval, welch.interval);
  const PairTest* first_mover = test_of(bc, "round_first_mover_win_rate");
  ASSERT_NE(first_mover, nullptr);
  EXPECT_EQ(first_mover->test, "z test, matches as units (delta method)");
  const sim::MatchStats& mb = c.runs[1].run.tally.match;
  const sim::MatchStats& mc = c.runs[2].run.tally.match;
  EXPECT_NEAR(
      first_mover->estimate,
      static_cast<double>(mc.first_mover_wins) /
              static_cast<double>(mc.first_mover_wins + mc.second_mover_wins + mc.round_draws) -
          static_cast<double>(mb.first_mover_wins) /
              static_cast<double>(mb.first_mover_wins + mb.second_mover_wins + mb.round_draws),
      1e-12);
}

TEST(CompareKnownAnswers, AdvantageAndLengthUseMoverAndWelchAtTheBonferroniConfidence) {
  const Comparison c = hand_made_pair();
  const PairComparison& p = c.pairs[0];
  const PairTest* adv = test_of(p, "first_player_advantage");
  ASSERT_NE(adv, nullptr);
  const stats::TestedDifference mover =
      stats::independent_advantage_difference(45, 55, 0, 60, 40, 0, kHandMadeConfidence);
  EXPECT_NEAR(adv->estimate, -0.3, 1e-15);
  EXPECT_EQ(adv->interval, mover.interval);
  EXPECT_EQ(adv->p_value, mover.p_value);
  // At 95% alone the MOVER interval is [-0.561, -0.023] (excludes 0); simultaneous, it holds 0.
  EXPECT_NEAR(stats::advantage_difference(45, 55, 0, 60, 40, 0).interval.high,
              -0.023447870639947077, 1e-12);
  EXPECT_GT(adv->interval.high, 0);
  EXPECT_FALSE(adv->significant);

  const ComparedRun a = hand_made("toguz_kumalak/standard", 60, 40, 0, {{90, 50}, {110, 50}});
  const ComparedRun b = hand_made("toguz_kumalak/no_tuzdyk", 45, 55, 0, {{70, 50}, {90, 50}});
  const PairTest* length = test_of(p, "plies_mean");
  ASSERT_NE(length, nullptr);
  const stats::Welch w = stats::welch_difference(b.run.tally.plies.moments(),
                                                 a.run.tally.plies.moments(), kHandMadeConfidence);
  EXPECT_DOUBLE_EQ(length->estimate, -20.0);
  EXPECT_EQ(length->interval, w.interval);
  EXPECT_EQ(length->statistic, w.t);
  EXPECT_EQ(length->p_value, w.p_value);
  EXPECT_TRUE(length->significant);
  // The length distributions' largest gap, F_B(90) = 1 against F_A(90) = 0.5: descriptive.
  EXPECT_EQ(length->detail,
            "mean 80.0 vs 100.0; largest gap between the length distributions (Kolmogorov-Smirnov "
            "D): 0.500");
  EXPECT_EQ(test_of(p, "plies_distribution"), nullptr);
}

// Issue 20: "for every test, significant holds exactly when the printed interval excludes zero",
// and the Bonferroni-adjusted p-value agrees with both.
TEST(CompareKnownAnswers, SignificantExactlyWhenTheSimultaneousIntervalExcludesZero) {
  CompareOptions options;
  options.games = kSanitized ? 200 : 600;
  options.threads = 2;
  for (const bool crn : {true, false}) {
    options.common_random_numbers = crn;
    const Comparison c = compare_rulesets(rulesets_of_game("khutka_boia"), options);
    ASSERT_GT(c.tests_made, 20u);
    EXPECT_DOUBLE_EQ(c.confidence, 1 - 0.05 / static_cast<double>(c.tests_made));
    int significant = 0;
    for (const PairComparison& p : c.pairs) {
      for (const PairTest& t : p.tests) {
        if (t.key.rfind("round_", 0) != 0) {
          EXPECT_EQ(t.paired, crn) << t.key;
        }
        const bool excludes = t.interval.low > 0 || t.interval.high < 0;
        EXPECT_EQ(t.significant, excludes) << t.key;
        EXPECT_EQ(t.p_adjusted, std::min(1.0, t.p_value * static_cast<double>(c.tests_made)));
        if (std::fabs(t.p_adjusted - 0.05) > 1e-6) {
          EXPECT_EQ(t.p_adjusted <= 0.05, t.significant)
              << t.key << " p " << t.p_adjusted << " [" << t.interval.low << ", " << t.interval.high
              << "]";
        }
        significant += t.significant;
      }
    }
    EXPECT_GT(significant, 0) << "the readings of Khutka Boia do differ";
  }
}

// Issue 36, item 5: "estimates print with enough decimals to sit inside their intervals". An end
// takes the digits that show its sign (interval_end); the estimate takes as many as the ends took,
// so Sonka's "0.0 pp [-0.1, -0.01] *" (100.0% vs 100.0%) prints "-0.03 pp [-0.1, -0.01] *".
TEST(CompareKnownAnswers, AnEstimatePrintsWithItsEndsDigitsSoItSitsInsideTheirInterval) {
  const PrintedInterval tiny = printed_interval(-0.0003, {-0.001, -0.0001}, 100, 1);
  EXPECT_EQ(tiny.estimate, "-0.03");
  EXPECT_EQ(tiny.low, "-0.1");
  EXPECT_EQ(tiny.high, "-0.01");
  const PrintedInterval usual = printed_interval(0.093, {0.05, 0.136}, 100, 1);
  EXPECT_EQ(usual.estimate, "+9.3");
  EXPECT_EQ(usual.low, "+5.0");
  EXPECT_EQ(usual.high, "+13.6");
  const PrintedInterval plies = printed_interval(-159.5, {-200.4, -118.6}, 1, 1);
  EXPECT_EQ(plies.estimate, "-159.5");
  EXPECT_EQ(plies.low, "-200.4");
  EXPECT_EQ(plies.high, "-118.6");
}

// Issue 20, item 8: "flag results that rest on a stopping rule": the summary says when most games
// (or a match's rounds) end by a stopping rule, and gives a share of rounds only to a run of
// matches (Otep plays single games; Khutka Boia's rounds mostly end by its no-progress rule).
TEST(CompareSummary, SaysWhenTheFiguresRestOnStoppingRulesAndGivesRoundsOnlyToMatches) {
  CompareOptions options;
  options.games = kSanitized ? 60 : 300;
  options.threads = 2;
  const Comparison c = compare_rulesets(
      {sim::load_ruleset("khutka_boia"), sim::load_ruleset("khutka_boia/opposite_capture"),
       sim::load_ruleset("otep")},
      options);
  ASSERT_EQ(c.pairs.size(), 2u);
  const std::regex matches(
      R"(; the figures rest on stopping rules: [0-9]+% of these matches' rounds and [0-9]+% of the )"
      R"(reference's end by the no-progress rule$)");
  EXPECT_TRUE(std::regex_search(c.pairs[0].summary, matches)) << c.pairs[0].summary;
  const std::regex single(
      R"(; the figures rest on stopping rules: [0-9]+% of these games and 0% of the reference's )"
      R"(end by a stopping rule of the reconstruction, not by a rule of the game, and [0-9]+% of )"
      R"(the rounds of the reference's matches end by the no-progress rule$)");
  EXPECT_TRUE(std::regex_search(c.pairs[1].summary, single)) << c.pairs[1].summary;
  EXPECT_EQ(c.pairs[1].summary.find("these matches"), std::string::npos) << c.pairs[1].summary;
}

TEST(CompareKnownAnswers, SideBySideStatisticsCarryTheirIntervals) {
  const Comparison c = hand_made_pair();
  const auto row = [&](const std::string& key) -> const StatisticRow& {
    for (const StatisticRow& r : c.statistics) {
      if (r.key == key) return r;
    }
    throw std::runtime_error("no row " + key);
  };
  const stats::Interval wilson = stats::wilson_interval(60, 100);
  EXPECT_EQ(row("first_player_win_rate").values[0].value, 0.6);
  EXPECT_EQ(row("first_player_win_rate").values[0].low, wilson.low);
  EXPECT_EQ(row("first_player_win_rate").values[0].high, wilson.high);
  EXPECT_EQ(row("first_player_win_rate").interval, "Wilson");
  const stats::Interval mean = stats::mean_interval(c.runs[1].run.tally.plies.moments());
  EXPECT_EQ(row("plies_mean").values[1].value, 80.0);
  EXPECT_EQ(row("plies_mean").values[1].low, mean.low);
  const stats::QuantileInterval median = stats::quantile_interval(c.runs[0].run.tally.plies, 0.5);
  EXPECT_EQ(row("plies_median").values[0].value, 100.0);
  EXPECT_EQ(row("plies_median").values[0].low, median.interval.low);
  EXPECT_EQ(row("plies_median").values[0].high, median.interval.high);
  EXPECT_EQ(row("games").values[1].value, 100.0);
}

TEST(CompareSummary, NamesTheRuleChangeTheAdvantageShiftAndTheLengthChange) {
  const Comparison c = hand_made_pair();
  EXPECT_EQ(c.pairs[0].differing_keys, (std::vector<std::string>{"tuzdyk"}));
  const PairTest& adv = *test_of(c.pairs[0], "first_player_advantage");
  const PairTest& length = *test_of(c.pairs[0], "plies_mean");
  EXPECT_EQ(c.pairs[0].summary,
            "toguz_kumalak/no_tuzdyk vs toguz_kumalak/standard: no tuzdyk instead of tuzdyk: "
            "first-player advantage -30.0 pp (simultaneous 95% CI " +
                format_signed(100 * adv.interval.low, 1) + " to " +
                format_signed(100 * adv.interval.high, 1) +
                ": not significant), games 20% shorter (mean 80.0 vs 100.0 plies, difference "
                "-20.0, simultaneous 95% CI " +
                format_signed(length.interval.low, 1) + " to " +
                format_signed(length.interval.high, 1) + ")");
}

TEST(CompareSummary, SameRulesAndSeedsWithCommonRandomNumbersPlayIdenticalGames) {
  CompareOptions options;
  options.games = 50;
  const sim::RuleSet standard = sim::load_ruleset("toguz_kumalak/standard");
  const Comparison c = compare_rulesets({standard, standard}, options);
  EXPECT_EQ(c.runs[0].label, "toguz_kumalak/standard");
  EXPECT_EQ(c.runs[1].label, "toguz_kumalak/standard #2");
  ASSERT_EQ(c.pairs.size(), 1u);
  EXPECT_TRUE(c.pairs[0].identical_games);
  EXPECT_EQ(c.runs[0].run.tally, c.runs[1].run.tally);
  for (const PairTest& t : c.pairs[0].tests) {
    EXPECT_EQ(t.estimate, 0) << t.key;
    EXPECT_EQ(t.p_value, 1) << t.key;
  }
  EXPECT_EQ(c.pairs[0].summary,
            "toguz_kumalak/standard #2 vs toguz_kumalak/standard: same rules and same random "
            "numbers: every game is the "
            "same, so every difference is zero");
}

// ---- a ruleset against itself ----------------------------------------------------------------

// Independent runs of one ruleset: the Bonferroni-corrected family of tests should reject in at
// most about alpha = 5% of comparisons. 40 seeds: expected at most 2, and P(more than 6) < 0.1% for
// a family-wise error rate of 5%.
TEST(CompareSelf, ARulesetComparedWithItselfIsRarelyFoundDifferent) {
  const int seeds = kSanitized ? 16 : 40;
  const int games = kSanitized ? 100 : 200;
  const sim::RuleSet standard = sim::load_ruleset("toguz_kumalak/standard");
  int rejected = 0, raw_rejections = 0, tests = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    CompareOptions options;
    options.games = games;
    options.seed = static_cast<uint64_t>(seed);
    options.threads = 2;
    options.common_random_numbers = false;
    const Comparison c = compare_rulesets({standard, standard}, options);
    ASSERT_FALSE(c.pairs[0].identical_games);
    ASSERT_NE(c.runs[0].run.seed, c.runs[1].run.seed);
    bool any = false;
    for (const PairTest& t : c.pairs[0].tests) {
      any = any || t.significant;
      raw_rejections += t.p_value < 0.05;
      ++tests;
    }
    rejected += any;
  }
  EXPECT_LE(rejected, kSanitized ? 4 : 6) << "of " << seeds << " comparisons";
  EXPECT_LE(raw_rejections, tests / 10)
      << "uncorrected p < 0.05 in " << raw_rejections << " of " << tests << " tests";
}

TEST(CompareSelf, TheSameSizeOfRunFindsTheTuzdykRuleChangesGameLength) {
  CompareOptions options;
  options.games = kSanitized ? 100 : 200;
  const Comparison c = compare_rulesets(
      {sim::load_ruleset("toguz_kumalak/standard"), sim::load_ruleset("toguz_kumalak/no_tuzdyk")},
      options);
  EXPECT_TRUE(test_of(c.pairs[0], "plies_mean")->significant);
  EXPECT_TRUE(test_of(c.pairs[0], "plies_mean")->paired);
  EXPECT_GT(test_of(c.pairs[0], "plies_mean")->estimate, 0) << "games without tuzdyk are longer";
}

TEST(CompareSeeds, IndependentSeedsKeepTheFirstAndDifferForTheOthers) {
  EXPECT_EQ(independent_seed(7, 0), 7u);
  std::set<uint64_t> seen;
  for (std::size_t i = 0; i < 100; ++i) seen.insert(independent_seed(7, i));
  EXPECT_EQ(seen.size(), 100u);
}

// ---- the command -----------------------------------------------------------------------------

TEST(CompareCommand, GameComparesEveryRulesetOfTheGameDefaultFirstAsJson) {
  const Result r = run_cli({"compare", "--game", "toguz_kumalak", "--games", "40", "--format",
                            "json", "--threads", "1"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  std::vector<std::string> expected;
  for (const std::string& id : sim::list_ruleset_ids()) {
    if (id.rfind("toguz_kumalak/", 0) == 0 && id != "toguz_kumalak/standard")
      expected.push_back(id);
  }
  expected.insert(expected.begin(), "toguz_kumalak/standard");
  std::vector<std::string> got;
  for (const json& rs : j["rulesets"]) got.push_back(rs["id"]);
  EXPECT_EQ(got, expected);
  // Issue 14: "compares each alternative with the default (not every pair) unless --all-pairs".
  const std::size_t k = expected.size();
  ASSERT_EQ(j["pairs"].size(), k - 1);
  for (std::size_t i = 0; i + 1 < k; ++i) {
    EXPECT_EQ(j["pairs"][i]["a"], "toguz_kumalak/standard");
    EXPECT_EQ(j["pairs"][i]["b"], expected[i + 1]);
  }
  std::size_t tests = 0;
  for (const json& p : j["pairs"]) tests += p["tests"].size();
  EXPECT_EQ(j["multiple_comparisons"]["tests"], tests);
  EXPECT_EQ(j["multiple_comparisons"]["method"], "bonferroni");
  EXPECT_EQ(j["common_random_numbers"]["used"], true);
  for (const json& rs : j["rulesets"]) EXPECT_EQ(rs["seed"], 1);
  EXPECT_EQ(j["summary"].size(), j["pairs"].size());
}

TEST(CompareCommand, AllPairsComparesEveryPairAndTheBonferroniFamilyGrows) {
  const Args base = {"compare", "--game", "kalah", "--games", "40", "--format", "json"};
  const json reference = json::parse(run_cli(base).out);
  Args all = base;
  all.push_back("--all-pairs");
  const Result r = run_cli(all);
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["pairs"].size(), 1u);  // two rulesets: one pair either way
  EXPECT_EQ(j["pairs"], reference["pairs"]);
  const sim::RuleSet a = sim::load_ruleset("toguz_kumalak/standard");
  const sim::RuleSet b = sim::load_ruleset("toguz_kumalak/no_tuzdyk");
  const sim::RuleSet c = sim::load_ruleset("toguz_kumalak/played_out");
  CompareOptions options;
  options.games = 30;
  const Comparison against_a = compare_rulesets({a, b, c}, options);
  options.all_pairs = true;
  const Comparison every = compare_rulesets({a, b, c}, options);
  ASSERT_EQ(against_a.pairs.size(), 2u);
  EXPECT_EQ(std::make_pair(against_a.pairs[1].a, against_a.pairs[1].b), std::make_pair(0ul, 2ul));
  ASSERT_EQ(every.pairs.size(), 3u);
  EXPECT_EQ(std::make_pair(every.pairs[2].a, every.pairs[2].b), std::make_pair(1ul, 2ul));
  EXPECT_GT(every.tests_made, against_a.tests_made);
  // The same test of B - A, adjusted over a larger family, is never less significant.
  EXPECT_LE(against_a.pairs[0].tests[0].p_adjusted, every.pairs[0].tests[0].p_adjusted);
  EXPECT_GT(every.confidence, against_a.confidence);
}

TEST(CompareCommand, EvidenceComparesEveryRulesetCitingTheRecord) {
  const Result r = run_cli({"compare", "--evidence", "MANCALA.Evidence.1", "--games", "20",
                            "--format", "json", "--db", missing_db().string()});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  std::set<std::string> got;
  for (const json& rs : j["rulesets"]) got.insert(rs["id"].get<std::string>());
  for (const std::string& id : sim::list_ruleset_ids()) {
    const sim::RuleSet rules = sim::load_ruleset(id);
    const bool cites = std::find(rules.evidence.begin(), rules.evidence.end(),
                                 "MANCALA.Evidence.1") != rules.evidence.end();
    EXPECT_EQ(got.count(id), cites ? 1u : 0u) << id;
  }
  EXPECT_FALSE(std::filesystem::exists(missing_db())) << "reading links never creates an archive";
}

TEST(CompareCommand, TheThreadCountDoesNotChangeTheOutput) {
  const Args base = {"compare",
                     "toguz_kumalak/standard",
                     "toguz_kumalak/no_tuzdyk",
                     "--games",
                     "120",
                     "--seed",
                     "9",
                     "--format",
                     "json"};
  testing::output_of_1_and_2_threads(base);
}

TEST(CompareCommand, TextStatesTheTestsTheCorrectionAndCommonRandomNumbers) {
  const Result r =
      run_cli({"compare", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", "--games", "100"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Comparison of 2 rulesets: 100 games each, random agent, seed 1 for every "
                       "ruleset (common random numbers)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Common random numbers: used."), std::string::npos);
  EXPECT_NE(r.out.find("paired t test"), std::string::npos);
  EXPECT_NE(r.out.find("McNemar's test (paired)"), std::string::npos);
  EXPECT_NE(r.out.find("with simultaneous 95% intervals (Bonferroni over"), std::string::npos);
  // Issue 14: "the rule-differences table lists each key once with the readings that set it".
  EXPECT_NE(r.out.find("\ntuzdyk  true (A)                                 false: B\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n- tuzdyk = true (A): the quoted text of MANCALA.Evidence.1: \"Only a "
                       "tuzdyq per player can be made in a game.\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find(
          "- toguz_kumalak/no_tuzdyk vs toguz_kumalak/standard: no tuzdyk instead of tuzdyk: "),
      std::string::npos);
}

// The widest table of a text output: the dashed rule under each header is as wide as its table.
std::size_t widest_table(const std::string& text) {
  std::size_t widest = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.find_first_not_of("- ") == std::string::npos)
      widest = std::max(widest, line.size());
  }
  return widest;
}

// Issue 14: "Command-line tables fit the terminal (COLUMNS, or 100 when not a terminal), with
// --wide for everything"; "statistics tables put rulesets in rows".
TEST(CompareCommand, TextTablesFitTheWidthLeavingOutColumnsThatWideShows) {
  const Args base = {"compare", "--game", "toguz_kumalak", "--games", "20", "--threads", "1"};
  unsetenv("COLUMNS");
  const Result fit = run_cli(base);  // stdout is no terminal here: 100 columns
  ASSERT_EQ(fit.code, 0) << fit.err;
  EXPECT_LE(widest_table(fit.out), 100u) << fit.out;
  EXPECT_NE(fit.out.find(" left out to fit 100 characters: "), std::string::npos) << fit.out;
  EXPECT_NE(fit.out.find("; --wide shows them)\n"), std::string::npos);
  setenv("COLUMNS", "80", 1);
  const Result narrow = run_cli(base);
  unsetenv("COLUMNS");
  EXPECT_LE(widest_table(narrow.out), 80u) << narrow.out;
  EXPECT_NE(narrow.out.find(" left out to fit 80 characters: "), std::string::npos);
  Args wide_args = base;
  wide_args.push_back("--wide");
  const Result wide = run_cli(wide_args);
  EXPECT_GT(widest_table(wide.out), 100u);
  EXPECT_EQ(wide.out.find("left out to fit"), std::string::npos);
  // The same content otherwise: the fitted text's rows are prefixes of the wide text's rows.
  EXPECT_EQ(wide.out.substr(0, wide.out.find("\n")), fit.out.substr(0, fit.out.find("\n")));
  // Statistics: one row per ruleset, A first, under a header of statistics.
  const std::size_t at = wide.out.find("Statistics of each ruleset (95% intervals)\n");
  ASSERT_NE(at, std::string::npos);
  std::istringstream section(wide.out.substr(at));
  std::string title, header, rule, row;
  std::getline(section, title);
  std::getline(section, header);
  std::getline(section, rule);
  EXPECT_TRUE(
      std::regex_search(header, std::regex("^#  games +P1 win rate +P1 advantage +draw rate")))
      << header;
  EXPECT_NE(header.find("P1 advantage"), std::string::npos) << header;
  const std::size_t rulesets =
      json::parse(run_cli({"rules", "list", "--game", "toguz_kumalak", "--format", "json"}).out)
          .size();
  for (std::size_t i = 0; i < rulesets; ++i) {
    std::getline(section, row);
    EXPECT_TRUE(row.starts_with(std::string(1, static_cast<char>('A' + i)) + "  ")) << row;
    EXPECT_NE(row.find(" pp ["), std::string::npos) << "the advantage in percentage points";
  }
  std::getline(section, row);
  EXPECT_EQ(row, "");
}

TEST(CompareCommand, NoCrnGivesEachRulesetItsOwnSeedAndSaysSo) {
  const Result r = run_cli({"compare", "toguz_kumalak/standard", "toguz_kumalak/standard",
                            "--games", "30", "--no-crn", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["common_random_numbers"]["used"], false);
  EXPECT_EQ(j["rulesets"][0]["seed"], 1);
  EXPECT_EQ(j["rulesets"][1]["seed"], independent_seed(1, 1));
  EXPECT_EQ(j["pairs"][0]["identical_games"], false);
}

TEST(CompareCommand, HtmlIsAWellFormedOfflinePageWithChartsAndCsvIsTidy) {
  const Args base = {
      "compare", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", "--games", "60", "--format"};
  Args html = base, csv = base, md = base;
  html.push_back("html");
  csv.push_back("csv");
  md.push_back("md");
  const Result h = run_cli(html);
  ASSERT_EQ(h.code, 0) << h.err;
  const xml_check::Element page = xml_check::parse(h.out);
  EXPECT_EQ(xml_check::find_all(page, "svg").size(), 2u);
  EXPECT_EQ(xml_check::find_all(page, "table").size(), 4u);
  EXPECT_EQ(h.out.find("<script"), std::string::npos);
  // Issue 39, item 1: on a page the statistics are a row per measure, the two rulesets and their
  // difference beside them (the 27 columns of a row per ruleset were 3,573 px wide); item 2: the
  // rule differences say each value in words (the CSV below keeps "false").
  EXPECT_NE(h.out.find("<tr><th>statistic</th><th class=\"num\">A</th><th class=\"num\">B</th>"
                       "<th class=\"num\">B - A [simult. CI]</th></tr>"),
            std::string::npos)
      << h.out;
  EXPECT_NE(h.out.find("<tr><td>games</td><td class=\"num\">60</td><td class=\"num\">60</td>"
                       "<td class=\"num\"></td></tr>"),
            std::string::npos);
  EXPECT_NE(h.out.find("<tr><td>tuzdyk</td><td>tuzdyk (A)</td><td>no tuzdyk: B</td></tr>"),
            std::string::npos);
  EXPECT_NE(h.out.find("<li>no tuzdyk (B): "), std::string::npos);

  const Result c = run_cli(csv);
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(c.out.substr(0, c.out.find("\r\n")),
            "section,ruleset,versus,statistic,value,ci_low,ci_high,test,statistic_value,p_value,p_"
            "adjusted,note");
  EXPECT_NE(c.out.find("\r\nrule,toguz_kumalak/no_tuzdyk,,tuzdyk,false,"), std::string::npos);
  EXPECT_NE(c.out.find("\r\ndifference,toguz_kumalak/no_tuzdyk,toguz_kumalak/standard,plies_mean,"),
            std::string::npos);
  // The file alone says how the runs were made.
  EXPECT_NE(
      c.out.find("\r\nsetting,,,common_random_numbers,1,,,,,,,\"Common random numbers: used."),
      std::string::npos)
      << c.out;
  EXPECT_NE(c.out.find("\r\nsetting,,,tests_made,"), std::string::npos);
  EXPECT_NE(c.out.find("\r\nrun,toguz_kumalak/no_tuzdyk,,seed,1,,,,,,,\"random agent, rules hash "),
            std::string::npos);

  const Result m = run_cli(md);
  ASSERT_EQ(m.code, 0) << m.err;
  EXPECT_EQ(m.out.rfind("# Comparison of 2 rulesets", 0), 0u);
  EXPECT_NE(m.out.find("## Rule differences"), std::string::npos);
}

TEST(CompareCommand, BadInputGetsExactMessages) {
  const auto expect = [](const Args& args, int code, const std::string& err) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, code) << r.err;
    EXPECT_EQ(r.err, err);
    EXPECT_EQ(r.out, "");
  };
  expect({"compare", "toguz_kumalak/standard"}, 2,
         "mancala: compare: need at least two rulesets to compare, got 1 (see 'mancala compare "
         "--help')\n");
  expect(
      {"compare"}, 2,
      "mancala: compare: missing the rulesets (give two or more, --evidence ID or --game NAME)\n");
  expect({"compare", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", "--games", "0"}, 2,
         "mancala: compare: --games: must be 1 or more\n");
  expect({"compare", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", "--seed", "-1"}, 2,
         "mancala: compare: --seed: must be 0 or more\n");
  expect({"compare", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", "--format", "xml"}, 2,
         "mancala: compare: --format: expected table, json, csv, md or html, got 'xml'\n");
  expect({"compare", "toguz_kumalak/standard", "--game", "toguz_kumalak"}, 2,
         "mancala: compare: give rulesets, --evidence or --game, not more than one of them\n");
  expect({"compare", "toguz_kumalak/standard", "no_such_game/x"}, 1,
         "mancala: no_such_game/x: unknown ruleset ('mancala rules list' names them all)\n");
  // Issue 27: "an unknown ruleset or game name suggests the nearest ones".
  expect({"compare", "--game", "no_such_game"}, 1,
         "mancala: compare: --game no_such_game: no such game ('mancala rules list' names them "
         "all)\n");
  expect({"compare", "--game", "sonk"}, 1,
         "mancala: compare: --game sonk: no such game; did you mean sonka or shono? ('mancala "
         "rules list' names them all)\n");
  expect({"compare", "--evidence", "DLP.Evidence.0", "--db", missing_db().string()}, 1,
         "mancala: compare: --evidence DLP.Evidence.0: no ruleset is linked to this evidence "
         "record\n");
  // With an archive at hand, an id it does not hold is named as such.
  const std::string db = missing_db().string() + ".archive.db";
  ASSERT_EQ(run_cli({"evidence", "import", (mancala::source_dir() / "data" / "evidence").string(),
                     "--db", db})
                .code,
            0);
  expect({"compare", "--evidence", "DLP.Evidence.0", "--db", db}, 1,
         "mancala: compare: --evidence DLP.Evidence.0: no such evidence record in " + db +
             ", and no ruleset cites it\n");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

TEST(CompareLibrary, RefusesFewerThanTwoRunsAndPartialRuns) {
  const auto error_of = [](const auto& f) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CompareOptions options;
  EXPECT_EQ(error_of([&] { compare_rulesets({sim::load_ruleset("toguz_kumalak")}, options); }),
            "compare: need at least two rulesets to compare, got 1");
  options.games = 0;
  EXPECT_EQ(error_of([&] {
              compare_rulesets(
                  {sim::load_ruleset("toguz_kumalak"), sim::load_ruleset("toguz_kumalak")},
                  options);
            }),
            "compare: games: must be 1 or more");
  ComparedRun partial = hand_made("toguz_kumalak/standard", 1, 1, 0, {{10, 2}});
  partial.run.partial = true;
  EXPECT_EQ(
      error_of([&] {
        compare_runs({hand_made("toguz_kumalak/no_tuzdyk", 1, 1, 0, {{10, 2}}), partial}, true);
      }),
      "compare: toguz_kumalak/standard: the run is partial (stopped early): compare complete runs");
}

// Issue 11: "the plain-language line of a comparison says when a verdict under random play does
// not hold under skilled play". Under random play B's first player wins far more often than A's
// (significant); under skilled play the two are alike: the line says the random verdict fails.
TEST(CompareSkilledPlay, AVerdictUnderRandomPlayThatFailsUnderSkilledPlayIsSaid) {
  const auto skilled_run = [](const std::string& id, uint64_t p1, uint64_t p2) {
    ComparedRun r = hand_made(id, p1, p2, 0, {{100, p1 + p2}});
    r.run.agent = "alphabeta:3";
    return r;
  };
  const Comparison random =
      compare_runs({hand_made("toguz_kumalak/standard", 500, 500, 0, {{100, 1000}}),
                    hand_made("toguz_kumalak/no_tuzdyk", 800, 200, 0, {{100, 1000}})},
                   true);
  Comparison skilled = compare_runs({skilled_run("toguz_kumalak/standard", 500, 500),
                                     skilled_run("toguz_kumalak/no_tuzdyk", 505, 495)},
                                    true);
  ASSERT_TRUE(test_of(random.pairs[0], "first_player_advantage")->significant);
  ASSERT_FALSE(test_of(skilled.pairs[0], "first_player_advantage")->significant);
  const std::string before = skilled.pairs[0].summary;
  add_random_play_verdicts(skilled, random);
  const std::string& after = skilled.pairs[0].summary;
  ASSERT_TRUE(after.starts_with(before + "; under random play first-player advantage +60.0 pp"))
      << after;
  EXPECT_TRUE(after.ends_with(", which does not hold under alphabeta:3")) << after;
  EXPECT_EQ(after.find("length"), std::string::npos) << "the length verdicts agree";
  EXPECT_NE(skilled.notes.back().find("1 of 1 pairs have a verdict"), std::string::npos);

  // The same verdicts under both: the line is left as it was.
  Comparison same = compare_runs({skilled_run("toguz_kumalak/standard", 500, 500),
                                  skilled_run("toguz_kumalak/no_tuzdyk", 800, 200)},
                                 true);
  const std::string unchanged = same.pairs[0].summary;
  add_random_play_verdicts(same, random);
  EXPECT_EQ(same.pairs[0].summary, unchanged);
}

}  // namespace
}  // namespace mancala::cli
