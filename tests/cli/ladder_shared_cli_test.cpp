// The report's skill ladders compared across games (issue 36, item 4; docs/ladder.md, "In the
// report"): each ladder's foot lists the agents its own table used, and the skill depth over the
// agents every ladder shares is the depth of a ladder of those agents alone, played on its own.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using testing::read_text;
using testing::Result;
using testing::run_cli;
using testing::TempDir;
using testing::words;

std::string names(const json& agents) {
  std::string out;
  for (const json& a : agents) out += (out.empty() ? "" : ", ") + a.get<std::string>();
  return out;
}

TEST(LadderReport, EachFootListsItsOwnAgentsAndDepthIsComparedOverTheSharedOnes) {
  TempDir dir;
  const Result r =
      run_cli(words("report toguz_kumalak otep --games 20 --sensitivity-games 0 "
                    "--no-extras --no-store --ladder --ladder-games 4 --threads 2 "
                    "--out " +
                    dir / "out"));
  ASSERT_EQ(r.code, 0) << r.err;
  const json ladders = json::parse(read_text(dir / "out/runs.json"))["ladders"];
  ASSERT_EQ(ladders.size(), 2u);
  const json& toguz = ladders[0]["ruleset"] == "toguz_kumalak/standard" ? ladders[0] : ladders[1];
  const json& otep = ladders[0]["ruleset"] == "otep/beaton_1939" ? ladders[0] : ladders[1];
  // Toguz Kumalak's ladder has more agents than --ladder-agents (beside the masters' games).
  ASSERT_GT(toguz["agents"].size(), otep["agents"].size());
  EXPECT_EQ(names(otep["agents"]), "random, greedy, alphabeta:2");
  const std::string toguz_page = read_text(dir / "out/rulesets/toguz_kumalak.standard.html");
  EXPECT_NE(toguz_page.find("<p class=\"note\">Agents " + names(toguz["agents"]) + "; 4 games"),
            std::string::npos)
      << names(toguz["agents"]);
  EXPECT_NE(read_text(dir / "out/rulesets/otep.beaton_1939.html")
                .find("<p class=\"note\">Agents random, greedy, alphabeta:2; 4 games"),
            std::string::npos);
  // The shared depth: a ladder of the shared agents alone, played on its own with the same seed
  // and games (every pair of a ladder shares the seed, so its cells are the same games).
  const Result alone =
      run_cli(words("ladder toguz_kumalak --agents random,greedy,alphabeta:2 --games 4 --seed 1 "
                    "--threads 2 --format json"));
  ASSERT_EQ(alone.code, 0) << alone.err;
  const int depth = json::parse(alone.out)["skill_depth"]["depth"].get<int>();
  const std::string shared =
      "over the agents every ladder shares (random, greedy, alphabeta:2): skill depth " +
      std::to_string(depth);
  const std::string index = read_text(dir / "out/index.html");
  EXPECT_NE(index.find("; " + shared), std::string::npos) << shared;
  EXPECT_NE(toguz_page.find("Over the agents every ladder of this report shares (random, greedy, "
                            "alphabeta:2), the figure to compare across games: skill depth " +
                            std::to_string(depth) + "."),
            std::string::npos);
  // Otep has the shared agents only: its own depth is the shared one.
  const std::size_t otep_item = index.find("otep/beaton_1939)</a>: ");
  ASSERT_NE(otep_item, std::string::npos);
  const std::string item = index.substr(otep_item, index.find("</li>", otep_item) - otep_item);
  EXPECT_EQ(item.find("every ladder shares"), std::string::npos) << item;
  const std::string md = read_text(dir / "out/report.md");
  EXPECT_NE(md.find("Agents of this ladder: " + names(toguz["agents"]) + "."), std::string::npos);
}

}  // namespace
}  // namespace mancala::cli
