// mancala handicap: the levels a multi-round ruleset can deal, what each deal does in words,
// counts that add up, the level-0 round being the match's first round, determinism, the match
// verdict, the renderings, and bad input refused with exact messages.
//
// The ruleset is a fixture (tests/fixtures/handicap/khutka_like.json): a Khutka Boia-like match,
// 2x5 holes of five, the 1-4 and 2-3 settlements, a player who cannot fill a hole losing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "../reports/xml_check.h"
#include "analysis/handicap_builder.h"
#include "cli/cli.h"
#include "cli_test_util.h"
#include "common/paths.h"
#include "reports/handicap_render.h"
#include "simulator/match.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using namespace mancala::analysis;  // the library under test (analysis/)
using namespace mancala::reports;   // and its renderers

using nlohmann::json;

using testing::kSanitized;
const std::string kHandicapFixture =
    (mancala::source_dir() / "tests").string() + "/fixtures/handicap/khutka_like.json";

using testing::Result;
using testing::run_cli;

HandicapOptions small(int64_t games) {
  HandicapOptions o;
  o.games = games;
  o.threads = 2;
  return o;
}

TEST(HandicapLevels, AFiftyCounterMatchDealsDeficitsZeroToTwentyAndStopsWhereAHoleCannotBeFilled) {
  // 25 - 20 = 5 still fills one hole; 25 - 21 = 4 cannot, and the match is over before the round.
  std::vector<int> expected;
  for (int d = 0; d <= 20; ++d) expected.push_back(d);
  EXPECT_EQ(handicap_levels(sim::load_ruleset(kHandicapFixture)), expected);
}

TEST(HandicapLevels, ParsesListsAndRangesAndRefusesAnythingElse) {
  EXPECT_EQ(parse_levels("0,5,10-12"), (std::vector<int>{0, 5, 10, 11, 12}));
  EXPECT_EQ(parse_levels("4,2,2-3"), (std::vector<int>{2, 3, 4}));
  for (const char* bad : {"", "a", "3-1", "1,,2", "1,", "-1", "2-"}) {
    try {
      parse_levels(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()),
                "handicap: --levels: expected deficits such as 0,5,10-12, got '" +
                    std::string(bad) + "'");
    }
  }
}

TEST(HandicapDeal, ThirtyThreeToSeventeenTakesTwoHolesOutOfPlayAndSettlesTwoThree) {
  // 17 = 3 holes + 2, 33 = 6 holes + 3: the player with two gives them to the other (15 vs 35),
  // who fills his 5 holes, sets 10 aside and makes a bha; the weaker side plays 3 holes of 5.
  HandicapOptions o = small(4);
  o.levels = {8};
  o.matches = false;
  const HandicapResult r = measure_handicaps(sim::load_ruleset(kHandicapFixture), o);
  ASSERT_EQ(r.levels.size(), 1u);
  EXPECT_EQ(r.levels[0].holdings, (std::array<int, 2>{17, 33}));
  EXPECT_EQ(r.levels[0].handicap,
            "3 of 5 holes in play; gives 2 to the other side; the other side has a bha; the other "
            "side sets 10 aside");
}

TEST(HandicapDeal,
     WithAHolePerFiveOfTheDifferenceSeventeenKeepsTwoHolesAndTheLevelsStopWhereNoHoleIsLeft) {
  // The fixture with holes_out per_five_of_difference (Khutka Boia's default): 17-33 differ by 16,
  // three fives, so the weaker side keeps two holes and sets its third five aside; 12-38 (26)
  // leaves it no hole, so the deficits it can deal stop at 12 (13-37 keeps one).
  sim::RuleSet rules = sim::load_ruleset(kHandicapFixture);
  rules.holes_out = sim::HolesOut::kPerFiveOfDifference;
  std::vector<int> expected;
  for (int d = 0; d <= 12; ++d) expected.push_back(d);
  EXPECT_EQ(handicap_levels(rules), expected);
  HandicapOptions o = small(4);
  o.levels = {8};
  o.matches = false;
  const HandicapResult r = measure_handicaps(rules, o);
  ASSERT_EQ(r.levels.size(), 1u);
  EXPECT_EQ(r.levels[0].handicap,
            "2 of 5 holes in play; gives 2 to the other side; the other side has a bha; sets 5 "
            "aside; the other side "
            "sets 10 aside");
}

TEST(HandicapDeal, TwentyFourToTwentySixSettlesOneFourWithTheTributeToTheStrongerSide) {
  // 24 = 4 holes + 4, 26 = 5 holes + 1: the one with one gives it to the one with four and
  // becomes the Kungidar, who receives the tribute.
  HandicapOptions o = small(2);
  o.levels = {1};
  o.matches = false;
  const HandicapResult r = measure_handicaps(sim::load_ruleset(kHandicapFixture), o);
  EXPECT_EQ(r.levels[0].handicap, "5 of 5 holes in play; receives 1; pays the 1-4 tribute");
}

TEST(HandicapRounds, EveryRoundIsCountedOnceAndTheCountsAddUp) {
  const int64_t games = kSanitized ? 40 : 200;
  const HandicapResult r = measure_handicaps(sim::load_ruleset(kHandicapFixture), small(games));
  ASSERT_EQ(r.levels.size(), 21u);
  for (const HandicapLevel& l : r.levels) {
    EXPECT_EQ(l.rounds, static_cast<uint64_t>(games)) << l.deficit;
    EXPECT_EQ(l.wins + l.losses + l.draws + l.unfinished, l.rounds) << l.deficit;
    EXPECT_EQ(l.plies.total(), l.rounds);
    EXPECT_EQ(l.captured_h.total(), l.rounds);
    EXPECT_EQ(l.holdings_after_h.total(), l.rounds);
    EXPECT_LE(l.holdings_after_h.max(), 50);
    EXPECT_EQ(l.holdings[0] + l.holdings[1], 50);
  }
  EXPECT_EQ(r.matches.matches, static_cast<uint64_t>(games));
  EXPECT_EQ(r.matches.rounds.total(), r.matches.matches);
  EXPECT_EQ(r.matches.ended_by[0] + r.matches.ended_by[1] + r.matches.ended_by[2],
            r.matches.matches);
  // Each match of k recorded rounds gives at most k - 1 pairs of consecutive rounds.
  EXPECT_LE(r.matches.transitions,
            static_cast<uint64_t>(r.matches.rounds.moments().sum()) - r.matches.matches);
  EXPECT_LE(r.matches.loser_won_next, r.matches.transitions);
  EXPECT_GT(r.matches.transitions, 0u);
}

TEST(HandicapRounds, TheEvenLevelWithTheFirstPlayerToMoveIsTheMatchesFirstRound) {
  // Round g = 1 of level 0: h is player 0, the previous starter player 1, so player 0 starts from
  // the initial position, as the first round of match 1 does, with the same stream (seed, 1).
  const sim::RuleSet rules = sim::load_ruleset(kHandicapFixture);
  const sim::Game game(rules);
  sim::MatchState match;
  sim::RoundSetup setup;
  EXPECT_EQ(sim::deal_round(game, {25, 25}, sim::kDraw, 1, 0, setup),
            sim::start_match(game, match));
  HandicapOptions o = small(2);
  o.levels = {0};
  o.seed = 5;
  const HandicapResult r = measure_handicaps(rules, o);
  sim::Rng rng(5, 1);
  const sim::GameResult first = sim::play_game(game, sim::Agent::kRandom, sim::Agent::kRandom, rng);
  EXPECT_GE(r.levels[0].plies.count(first.round[0].plies), 1u);
  EXPECT_GE(r.levels[0].captured_h.count(first.round[0].captured[0]), 1u);
}

TEST(HandicapRounds, TheThreadCountDoesNotChangeTheResult) {
  const Args base = {"handicap", kHandicapFixture, "--games", kSanitized ? "30" : "150", "--seed",
                     "3",        "--format",       "json"};
  Args one = base, two = base;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "2"});
  const Result a = run_cli(one), b = run_cli(two);
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const json j = json::parse(a.out);
  EXPECT_EQ(j["ruleset"], "handicap/khutka_like");
  EXPECT_EQ(j["levels"].size(), 21u);
  EXPECT_EQ(j["levels"][8]["holdings"], json::array({17, 33}));
}

// A summary of matches whose rounds dealt from unequal holdings saw the side behind change by
// `changes`.
MatchSummary with_changes(const std::vector<int>& changes) {
  MatchSummary m;
  m.change_offset = 50;
  for (int c : changes) m.behind_change.add(c + 50);
  return m;
}

TEST(HandicapVerdict, TheGapClosingOnAverageEvensTheMatchAndWideningSnowballs) {
  EXPECT_EQ(match_verdict(MatchSummary{}), "no data");
  // Mean 2, sd sqrt(0.8), t(0.975, 5) = 2.5706: 2 +- 0.939, all above 0.
  const MatchSummary closing = with_changes({1, 2, 3, 1, 2, 3});
  EXPECT_DOUBLE_EQ(closing.behind_change_mean(), 2.0);
  EXPECT_NEAR(closing.behind_change_interval().low, 2 - 2.570581836 * std::sqrt(0.8 / 6), 1e-8);
  EXPECT_EQ(match_verdict(closing), "evens");
  EXPECT_EQ(match_verdict(with_changes({-1, -2, -3, -1, -2, -3})), "snowballs");
  // Three values: 2 +- 4.303 * sqrt(1 / 3) reaches below 0.
  EXPECT_EQ(match_verdict(with_changes({1, 2, 3})), "neither detectably");
  EXPECT_EQ(match_verdict(with_changes({5})), "neither detectably")
      << "one round gives no interval";
  // Issue 14: "the handicap verdicts ... defined with their numbers on the page that uses them".
  EXPECT_EQ(verdict_with_numbers(closing),
            "evens (the side behind gains +2.00 counters a round, 95% CI +1.06 to +2.94: above "
            "0)");
  EXPECT_EQ(verdict_with_numbers(with_changes({-1, -2, -3, -1, -2, -3})),
            "snowballs (the side behind gains -2.00 counters a round, 95% CI -2.94 to -1.06: "
            "below 0)");
  EXPECT_EQ(verdict_with_numbers(with_changes({1, 2, 3})),
            "neither detectably (the side behind gains +2.00 counters a round, 95% CI -0.48 to "
            "+4.48: contains 0)");
  EXPECT_EQ(verdict_with_numbers(with_changes({5})),
            "neither detectably (the side behind gains +5.00 counters a round, no interval)");
  EXPECT_EQ(verdict_with_numbers(MatchSummary{}), "no data");
}

TEST(HandicapVerdict, MatchesCountTheSideBehindInEveryRoundDealtFromUnequalHoldings) {
  HandicapOptions o = small(kSanitized ? 20 : 100);
  o.levels = {0};
  const HandicapResult r = measure_handicaps(sim::load_ruleset(kHandicapFixture), o);
  const MatchSummary& m = r.matches;
  EXPECT_EQ(m.change_offset, 50);
  ASSERT_FALSE(m.behind_change.empty());
  // Every round after the first is dealt from the previous round's holdings; some of them are even.
  EXPECT_LE(m.behind_change.total(), static_cast<uint64_t>(m.rounds.moments().sum()) - m.matches);
  EXPECT_GE(m.behind_change.min(), 0);
  EXPECT_LE(m.behind_change.max(), 100);
}

TEST(HandicapCommand, HtmlHasBothCurvesAndTheRoundsHistogramAndCsvIsTidy) {
  const Args base = {"handicap", kHandicapFixture, "--games", "20", "--levels", "0-3", "--format"};
  Args html = base, csv = base, text = base;
  html.push_back("html");
  csv.push_back("csv");
  text.push_back("table");
  const Result h = run_cli(html);
  ASSERT_EQ(h.code, 0) << h.err;
  const xml_check::Element page = xml_check::parse(h.out);
  EXPECT_EQ(xml_check::find_all(page, "svg").size(), 3u);
  EXPECT_NE(h.out.find("Win rate of the handicapped side by level"), std::string::npos);
  const Result c = run_cli(csv);
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(c.out.substr(0, c.out.find("\r\n")),
            "section,deficit,statistic,value,ci_low,ci_high,n");
  EXPECT_NE(c.out.find("\r\nlevel,3,h_win_rate,"), std::string::npos);
  EXPECT_NE(c.out.find("\r\nmatches,,loser_wins_next_round_rate,"), std::string::npos);
  const Result t = run_cli(text);
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find(" rounds dealt from unequal holdings, the side behind "), std::string::npos);
  EXPECT_NE(t.out.find("The round's loser won the next round (overtaking the whole gap) in "),
            std::string::npos);
}

TEST(HandicapCommand, BadInputGetsExactMessages) {
  const auto expect = [](const Args& args, int code, const std::string& err) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, code) << r.err;
    EXPECT_EQ(r.err, err);
    EXPECT_EQ(r.out, "");
  };
  expect({"handicap", "toguz_kumalak/standard", "--games", "10"}, 1,
         "mancala: handicap: toguz_kumalak/standard: the ruleset plays single rounds (match: "
         "false): no handicap carries "
         "from one round to the next\n");
  expect({"handicap"}, 2,
         "mancala: handicap: missing the ruleset (see 'mancala handicap --help')\n");
  expect({"handicap", kHandicapFixture, "--games", "0"}, 2,
         "mancala: handicap: --games: must be 1 or more\n");
  expect({"handicap", kHandicapFixture, "--levels", "x"}, 2,
         "mancala: handicap: --levels: expected deficits such as 0,5,10-12, got 'x'\n");
  expect({"handicap", kHandicapFixture, "--levels", "3,21", "--games", "5"}, 1,
         "mancala: handicap: --levels: 21: not a level handicap/khutka_like can deal (deficits "
         "0-20)\n");
  expect({"handicap", kHandicapFixture, "--format", "svg"}, 2,
         "mancala: handicap: --format: expected table, json, csv, md or html, got 'svg'\n");
  expect({"handicap", "no_such_game/x"}, 1,
         "mancala: no_such_game/x: unknown ruleset ('mancala rules list' names them all)\n");
}

}  // namespace
}  // namespace mancala::cli
