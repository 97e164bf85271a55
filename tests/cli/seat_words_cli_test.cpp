// Issue 35, item 8, in the terminal and on the comparison page: a ruleset whose every turn is
// simultaneous (sonka/vanoverbergh_1927 and its variants) is told in seat words by `compare`
// (text and HTML), `runs list` and `simulate` (sim::seat_words_for: "seat advantage", no rounds
// "won by their first mover"), while an alternating ruleset, or sonka/alternating and
// sonka/simultaneous_first_move (only the opening simultaneous), keep their first player.
#include <gtest/gtest.h>

#include <string>

#include "cli_test_util.h"

namespace mancala::cli {
namespace {

using testing::Result;
using testing::run_cli;
using testing::TempDir;

const char* const kGames = "20";

// Whether `text` holds any wording that gives a simultaneous game a first player.
std::string first_player_wording(const std::string& text) {
  for (const char* words : {"first-player", "first player", "first mover", "first-mover",
                            "moves first", "P1 advantage"})
    if (text.find(words) != std::string::npos) return words;
  return "";
}

// Two Sonka rulesets whose every turn is simultaneous: the seat advantage, no round "won by their
// first mover" (its row is gone, text and HTML), nothing of a first player.
TEST(SeatWords, ACompareOfSimultaneousRulesetsSpeaksOfSeats) {
  for (const char* format : {"table", "html"}) {
    const Result r = run_cli({"compare", "sonka/vanoverbergh_1927", "sonka/store_extra_move",
                              "--games", kGames, "--wide", "--format", format});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("seat advantage"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("rounds won by"), std::string::npos) << format;
    // "nobody moves first" is the note's own word for it.
    std::string out = r.out;
    for (std::size_t at; (at = out.find("nobody moves first")) != std::string::npos;)
      out.erase(at, 18);
    EXPECT_EQ(first_player_wording(out), "") << format << "\n" << r.out;
  }
}

// Vanoverbergh's simultaneous turns against sonka/alternating, which has a first player: the
// advantage names both, alternating's rounds won by their first mover are given and
// Vanoverbergh's are not ("-"), and their difference is not tested, saying why.
TEST(SeatWords, ACompareOfSimultaneousAndAlternatingRulesetsNamesBoth) {
  const Result r = run_cli({"compare", "sonka/vanoverbergh_1927", "sonka/alternating", "--games",
                            kGames, "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& row : j["statistics"]) {
    if (row["key"] == "first_player_advantage") {
      EXPECT_EQ(row["name"], "first-player or seat advantage (percentage points)");
    }
    if (row["key"] != "round_first_mover_win_rate") continue;
    found = true;
    EXPECT_TRUE(row["values"][0]["value"].is_null()) << row;
    EXPECT_TRUE(row["values"][1]["value"].is_number()) << row;
  }
  EXPECT_TRUE(found) << r.out;
  const std::string text = run_cli({"compare", "sonka/vanoverbergh_1927", "sonka/alternating",
                                    "--games", kGames, "--wide"})
                               .out;
  EXPECT_NE(text.find("not comparable: nobody moves first in the rounds of "
                      "sonka/vanoverbergh_1927, whose every turn is simultaneous"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Every turn of sonka/vanoverbergh_1927 is simultaneous, so nobody moves "
                      "first: P1 and P2 are seat 1 and seat 2, the advantage is the seat "
                      "advantage, and no share of rounds won by their first mover is given or "
                      "tested for it."),
            std::string::npos)
      << text;
}

// An alternating game keeps its first player: Khutka Boia's readings compared.
TEST(SeatWords, ACompareOfAlternatingRulesetsKeepsTheFirstPlayer) {
  const Result r = run_cli({"compare", "--game", "khutka_boia", "--games", kGames, "--wide"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("P1 advantage"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("first-player advantage"), std::string::npos);
  EXPECT_NE(r.out.find("rounds won by first mover"), std::string::npos);
  EXPECT_EQ(r.out.find("seat advantage"), std::string::npos) << r.out;
}

// `runs list` and `simulate`: the advantage's column is "seat advantage [95% CI]" for Sonka's
// runs alone; beside a run with a first player it stays "P1 advantage [95% CI]" and the line
// under the table says what it is for Sonka.
TEST(SeatWords, RunsListAndSimulateNameTheSeatAdvantage) {
  TempDir dir("seat-words");
  const std::string db = dir / "runs.db";
  const Result sonka = run_cli({"simulate", "sonka", "--games", kGames, "--db", db});
  ASSERT_EQ(sonka.code, 0) << sonka.err;
  EXPECT_NE(sonka.out.find("seat advantage [95% CI]"), std::string::npos) << sonka.out;
  EXPECT_NE(sonka.out.find("\nsonka/vanoverbergh_1927: every turn is simultaneous, so nobody "
                           "moves first: P1 and P2 are seat 1 and seat 2\n"),
            std::string::npos)
      << sonka.out;
  Result list = run_cli({"runs", "list", "--db", db});
  ASSERT_EQ(list.code, 0) << list.err;
  EXPECT_NE(list.out.find("seat advantage [95% CI]"), std::string::npos) << list.out;
  EXPECT_EQ(list.out.find("P1 advantage"), std::string::npos) << list.out;
  EXPECT_TRUE(
      list.out.ends_with("sonka/vanoverbergh_1927: every turn is simultaneous, so nobody "
                         "moves first: P1 and P2 are seat 1 and seat 2\n"))
      << list.out;
  ASSERT_EQ(run_cli({"simulate", "kalah", "--games", kGames, "--db", db}).code, 0);
  list = run_cli({"runs", "list", "--db", db});
  EXPECT_NE(list.out.find("P1 advantage [95% CI]"), std::string::npos) << list.out;
  EXPECT_TRUE(
      list.out.ends_with("sonka/vanoverbergh_1927: every turn is simultaneous, so nobody "
                         "moves first: P1 and P2 are seat 1 and seat 2, and the P1 "
                         "advantage is the seat advantage\n"))
      << list.out;
  // Kalah alone: the first player's column and no line under the table about seats.
  TempDir other("seat-words-kalah");
  ASSERT_EQ(run_cli({"simulate", "kalah", "--games", kGames, "--db", other / "runs.db"}).code, 0);
  list = run_cli({"runs", "list", "--db", other / "runs.db"});
  EXPECT_NE(list.out.find("P1 advantage [95% CI]"), std::string::npos) << list.out;
  EXPECT_EQ(list.out.find("simultaneous"), std::string::npos) << list.out;
}

}  // namespace
}  // namespace mancala::cli
