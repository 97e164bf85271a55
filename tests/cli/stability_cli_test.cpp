// The stability verdict end to end (docs/report.md, "Stability"; the rule's unit tests:
// tests/analysis/stability_test.cpp): a small report of Sungka, Mawkar Katiya and Otep, whose
// index, ruleset pages, runs.json, runs.csv and `runs list` must read as the rule says, and
// `simulate --stability` (its default table unchanged).
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_test_util.h"
#include "common/format.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using testing::read_text;
using testing::Result;
using testing::run_cli;
using testing::TempDir;
using testing::words;

int sign_of(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

// The verdict recomputed from the variants a run's JSON lists, as docs/report.md states the rule
// (independently of analysis/stability.cpp): the thresholds that make the figure unstable.
std::vector<std::string> recomputed_culprits(const json& run) {
  const json& s = run["stability"];
  const double figure = run["first_player_advantage"]["value"].get<double>();
  const int base = sign_of(s["as_set"].get<double>());
  std::vector<std::string> out;
  for (const json& v : s["variants"]) {
    const int mine = sign_of(v["estimate"].get<double>());
    bool against = base != 0 && mine == -base;
    const double low = v["change_ci95"][0].get<double>(), high = v["change_ci95"][1].get<double>();
    const bool reverses = (low > 0 || high < 0) && sign_of(figure) != 0 &&
                          sign_of(figure + v["change"].get<double>()) == -sign_of(figure);
    const std::string key = v["key"].get<std::string>();
    if ((against || reverses) && std::find(out.begin(), out.end(), key) == out.end())
      out.push_back(key);
  }
  return out;
}

TEST(StabilityReport, SungkaAndMawkarKatiyaReadUnstableWithTheirRangeAndOtepRestsOnStops) {
  // docs/report.md: "An unstable figure is never shown as a plain finding: the index's advantage
  // cell ... show[s] the verdict instead of the figure"; "runs list has a stability column".
  TempDir dir;
  const std::string db = dir / "m.db";
  const Result r = run_cli({"report", "sungka", "mawkar_katiya", "otep", "--games", "1000",
                            "--sensitivity-games", "1000", "--no-extras", "--db", db, "--out",
                            dir / "out", "--threads", "2"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json runs = json::parse(read_text(dir / "out/runs.json"))["runs"];
  ASSERT_EQ(runs.size(), 3u);
  const std::string index = read_text(dir / "out/index.html");
  for (const json& run : runs) {
    const std::string id = run["ruleset"].get<std::string>();
    const json& s = run["stability"];
    SCOPED_TRACE(id + ": " + s.dump());
    // The stored verdict is the rule's, recomputed here from the variants it lists.
    const std::vector<std::string> culprits = recomputed_culprits(run);
    EXPECT_EQ(s["verdict"], culprits.empty() ? "stable" : "unstable");
    EXPECT_EQ(s["depends_on"].get<std::vector<std::string>>(), culprits);
    // The range: from the least to the greatest of the figure, the run as set and the variants.
    double low = run["first_player_advantage"]["value"].get<double>(), high = low;
    for (double x : {s["as_set"].get<double>()}) low = std::min(low, x), high = std::max(high, x);
    for (const json& v : s["variants"]) {
      low = std::min(low, v["estimate"].get<double>());
      high = std::max(high, v["estimate"].get<double>());
    }
    EXPECT_DOUBLE_EQ(s["low"].get<double>(), low);
    EXPECT_DOUBLE_EQ(s["high"].get<double>(), high);
    // rests_on_stops from the run's own counts: for a match, its rounds.
    const double share =
        run.contains("round_ended_by")
            ? 1.0 - static_cast<double>(run["round_ended_by"]["rule"]["rounds"].get<uint64_t>()) /
                        static_cast<double>(run["round_results"]["rounds"].get<uint64_t>())
            : static_cast<double>(run["games"].get<uint64_t>() -
                                  run["ended_by"]["rule"]["games"].get<uint64_t>()) /
                  static_cast<double>(run["games"].get<uint64_t>());
    EXPECT_NEAR(s["stop_share"].get<double>(), share, 1e-12);
    EXPECT_EQ(s["rests_on_stops"].get<bool>(), share > 0.5);
  }
  // Sungka: the stop after 50 rounds decides the sign (issue 36); Mawkar Katiya too.
  EXPECT_EQ(runs[0]["stability"]["depends_on"], json::array({"stop_after_rounds"}));
  EXPECT_EQ(runs[1]["stability"]["verdict"], "unstable");
  EXPECT_NE(runs[1]["stability"]["text"].get<std::string>().find("the round limit"),
            std::string::npos);
  // Otep: 97% of its games end by the no-progress rule, and halving or doubling it changes no
  // game's result: stable, resting on stops.
  EXPECT_EQ(runs[2]["stability"]["verdict"], "stable");
  EXPECT_TRUE(runs[2]["stability"]["rests_on_stops"].get<bool>());
  EXPECT_GT(runs[2]["stability"]["stop_share"].get<double>(), 0.9);

  // The index shows the unstable figures as their verdict, never as the plain figure.
  for (int i : {0, 1}) {
    const std::string text = runs[i]["stability"]["text"].get<std::string>();
    ASSERT_TRUE(text.starts_with("depends on the round limit") ||
                text.find("and the round limit: ") != std::string::npos)
        << text;
    EXPECT_NE(index.find(">" + text + "</td>"), std::string::npos) << text;
    const std::string plain =
        format_signed(100 * runs[i]["first_player_advantage"]["value"].get<double>(), 1) + " pp";
    EXPECT_EQ(index.find(">" + plain), std::string::npos) << plain;
  }
  EXPECT_NE(index.find("; rests on stops<"), std::string::npos);
  const std::string otep = read_text(dir / "out/rulesets/otep.beaton_1939.html");
  EXPECT_NE(otep.find("Stable: the first-player advantage keeps its sign in every sensitivity run"),
            std::string::npos);
  EXPECT_NE(otep.find("It rests on stops: 97% of the games were ended by a stopping rule or the "
                      "safety bound."),
            std::string::npos);
  const std::string sungka = read_text(dir / "out/rulesets/sungka.dlp.html");
  EXPECT_NE(sungka.find("Unstable: the first-player advantage depends on the round limit: "),
            std::string::npos);
  // runs.csv: the verdict as the state of its row, the range as its interval.
  const std::string csv = read_text(dir / "out/runs.csv");
  EXPECT_NE(csv.find(",sungka/dlp,sungka,random,random,1,"), std::string::npos);
  EXPECT_NE(csv.find("first_player_advantage_stability,,,unstable,"), std::string::npos);
  EXPECT_NE(csv.find("first_player_advantage_stability,,,stable,"), std::string::npos);

  // runs list: the report's runs stored with their verdict and the flag.
  const Result list = run_cli({"runs", "list", "--db", db});
  ASSERT_EQ(list.code, 0) << list.err;
  std::istringstream lines(list.out);
  std::string header;
  std::getline(lines, header);
  EXPECT_TRUE(header.ends_with("stability")) << header;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("otep/beaton_1939") != std::string::npos) {
      EXPECT_TRUE(line.ends_with("stable; rests on stops")) << line;
    }
    if (line.find("sungka/dlp") != std::string::npos) {
      EXPECT_TRUE(line.ends_with(runs[0]["stability"]["text"].get<std::string>())) << line;
    }
  }
  const json listed = json::parse(run_cli({"runs", "list", "--db", db, "--format", "json"}).out);
  ASSERT_EQ(listed.size(), 3u);
  for (const json& row : listed) {
    if (row["ruleset"] == "otep/beaton_1939") {
      EXPECT_EQ(row["stability"], "stable");
      EXPECT_EQ(row["rests_on_stops"], true);
    }
  }
}

TEST(StabilityReport, SkilledSelfPlayIsShownBesideTheVerdictNotMergedIntoIt) {
  // terms.md: "Skilled self-play figures (alphabeta, MCTS) are shown beside the random-play
  // verdict, never merged into it": the ladder's alphabeta:2 self-play of Otep on its page,
  // from the ladder's own figures; random and greedy are not skilled.
  TempDir dir;
  const Result r =
      run_cli(words("report otep --games 40 --sensitivity-games 40 --ladder "
                    "--ladder-games 6 --no-extras --no-store --threads 2 --out " +
                    dir / "out"));
  ASSERT_EQ(r.code, 0) << r.err;
  const json all = json::parse(read_text(dir / "out/runs.json"));
  std::string expected;
  for (const json& sp : all["ladders"][0]["self_play"]) {
    if (sp["agent"] != "alphabeta:2") continue;
    const double stops = sp["completion"]["stopping_rule"].get<double>() +
                         sp["completion"]["safety_bound"].get<double>();
    expected = "alphabeta:2 self-play: " +
               format_signed(100 * sp["first_player_advantage"]["value"].get<double>(), 1) +
               " pp (P1 wins " + sp["wins"][0].dump() + " of " + sp["games"].dump() + "; " +
               format_number(100 * stops, 0) + "% ended by a stop).";
  }
  ASSERT_FALSE(expected.empty());
  const std::string page = read_text(dir / "out/rulesets/otep.beaton_1939.html");
  EXPECT_NE(page.find("Beside it, not merged into it (the verdict is of random play): the skill "
                      "ladder&#39;s " +
                      expected),
            std::string::npos)
      << expected;
  EXPECT_EQ(page.find("greedy self-play"), std::string::npos);
  // The verdict itself is the random play's: the run's own stability object.
  EXPECT_EQ(all["runs"][0]["stability"]["figure"], "first_player_advantage");
}

TEST(SimulateStability, TheOptionAddsAColumnAndTheDefaultTableIsUnchanged) {
  // docs/simulate.md: "The default table, JSON and cost are unchanged without it."
  const Result plain = run_cli(words("simulate kalah --games 40 --no-store"));
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(plain.out.find("stability"), std::string::npos) << plain.out;
  const Result json_plain = run_cli(words("simulate kalah --games 40 --no-store --format json"));
  EXPECT_FALSE(json::parse(json_plain.out).contains("stability"));
  const Result checked = run_cli(words("simulate kalah --games 40 --no-store --stability"));
  ASSERT_EQ(checked.code, 0) << checked.err;
  std::istringstream lines(checked.out);
  std::string header, row;
  std::getline(lines, header);
  std::getline(lines, row);
  EXPECT_TRUE(header.ends_with("  stability")) << header;
  // Kalah: every game ends by its own rule: nothing to vary.
  EXPECT_TRUE(row.ends_with("  no stopping rule")) << row;
  // The same figures as without the option: only the column is added.
  std::istringstream plain_lines(plain.out);
  std::string plain_header, plain_row;
  std::getline(plain_lines, plain_header);
  std::getline(plain_lines, plain_row);
  EXPECT_TRUE(row.starts_with(plain_row)) << row << "\n" << plain_row;
  const json j = json::parse(
      run_cli(words("simulate otep --games 40 --no-store --stability --format json")).out);
  EXPECT_EQ(j["stability"]["variant_games"], 40);  // --games when fewer than 1000
  EXPECT_TRUE(j["stability"]["rests_on_stops"].get<bool>());
  testing::expect_error(words("simulate kalah --games 40 --no-store --stability-games 10"), 2,
                        "mancala: simulate: --stability-games: needs --stability\n");
  testing::expect_error(words("simulate kalah --games 40 --shard 1/2 --stability"), 2,
                        "mancala: simulate: --stability: a shard cannot judge it (it needs the "
                        "whole run)\n");
  testing::expect_error(
      words("simulate kalah --games 40 --no-store --stability --stability-games 0"), 2,
      "mancala: simulate: --stability-games: must be 1 or more\n");
}

}  // namespace
}  // namespace mancala::cli
