// Issue 25, "Where a historian looks": the report plays every ruleset, the family's readings of
// the DLP's rules paraphrases with a smaller default game count stated on the index, and each
// seed game's ruleset page sets it among its neighbours of the family (same board, else the same
// rows with the nearest number of holes) with the index's figures.
#include <gtest/gtest.h>

#include <algorithm>

#include "../reports/xml_check.h"
#include "analysis/report_model.h"
#include "cli_test_util.h"
#include "reports/report.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using namespace mancala::analysis;  // the library under test (analysis/)

const int64_t kFamilyReportGames = testing::kSanitized ? 10 : 40;
const int64_t kFamilyGames = testing::kSanitized ? 6 : 20;

std::vector<sim::RuleSet> load(const std::vector<std::string>& ids) {
  std::vector<sim::RuleSet> out;
  for (const std::string& id : ids) out.push_back(sim::load_ruleset(id));
  return out;
}

ReportModel model_of(const std::vector<std::string>& ids, int64_t family_games) {
  ReportPlan plan;
  plan.rulesets = load(ids);
  plan.batch.games = kFamilyReportGames;
  plan.batch.seed = 3;
  plan.comparisons = plan.handicaps = false;
  plan.family_games = family_games;
  return *build_report_model(plan, {});
}

std::string file(const std::vector<reports::ReportFile>& files, const std::string& path) {
  for (const reports::ReportFile& f : files)
    if (f.path == path) return f.content;
  throw std::runtime_error("no file " + path);
}

std::size_t index_of(const ReportModel& model, const std::string& id) {
  for (std::size_t i = 0; i < model.rulesets.size(); ++i)
    if (model.rulesets[i].entry.ruleset.id == id) return i;
  throw std::runtime_error("no ruleset " + id);
}

TEST(FamilyReport, AReadingOfTheDlpsParaphraseIsOfTheFamilyAReconstructionOfTheSeedsIsNot) {
  EXPECT_TRUE(is_family_reading(sim::load_ruleset("oware/dlp")));
  EXPECT_TRUE(is_family_reading(sim::load_ruleset("muvalavala_b/dlp")));
  EXPECT_FALSE(is_family_reading(sim::load_ruleset("kalah/standard")));
  EXPECT_FALSE(is_family_reading(sim::load_ruleset("toguz_kumalak/standard")));
  EXPECT_FALSE(is_family_reading(sim::load_ruleset("otep/beaton_1939")));
  sim::RuleSet none = sim::load_ruleset("oware/dlp");
  none.evidence.clear();
  EXPECT_FALSE(is_family_reading(none)) << "a ruleset citing nothing is not a reading of the DLP";
}

TEST(FamilyReport, TheFamilysReadingsPlayTheirOwnGameCountAndTheIndexSaysSo) {
  const ReportModel model = model_of({"kalah/standard", "oware/dlp", "wari/dlp"}, kFamilyGames);
  EXPECT_EQ(model.rulesets[index_of(model, "kalah/standard")].figures.games_requested,
            static_cast<uint64_t>(kFamilyReportGames));
  EXPECT_EQ(model.rulesets[index_of(model, "oware/dlp")].figures.games_requested,
            static_cast<uint64_t>(kFamilyGames));
  EXPECT_EQ(model.rulesets[index_of(model, "wari/dlp")].figures.games_requested,
            static_cast<uint64_t>(kFamilyGames));
  const auto files = reports::render_report(model, {});
  const std::string said = std::to_string(kFamilyReportGames) + " games per ruleset, " +
                           std::to_string(kFamilyGames) +
                           " for each of the 2 readings of the DLP's rules paraphrases";
  std::string html = said;  // as the page escapes it
  html.replace(html.find('\''), 1, "&#39;");
  EXPECT_NE(file(files, "index.html").find(html), std::string::npos);
  EXPECT_NE(file(files, "report.md").find(said), std::string::npos);
  // Without a family count of their own every ruleset plays the same games, said once.
  const auto same = reports::render_report(model_of({"kalah/standard", "oware/dlp"}, 0), {});
  EXPECT_NE(file(same, "index.html")
                .find(std::to_string(kFamilyReportGames) + " games per ruleset, random"),
            std::string::npos);
}

TEST(FamilyReport, ASeedRulesetsNeighboursAreTheFamilyOnItsBoardElseTheNearestHoles) {
  // Kalah is 2x6: Oware and Wari share its board, Sungka (2x7) and Adjito (2x8) do not.
  const ReportModel kalah = model_of(
      {"kalah/standard", "oware/dlp", "sungka/dlp", "wari/dlp", "adjito/dlp", "muvalavala_b/dlp"},
      kFamilyGames);
  const std::size_t k = index_of(kalah, "kalah/standard");
  // Two of the same board are fewer than kMinNeighbours: the 2x7 joins them, the 2x8 does not.
  std::vector<std::string> ids;
  for (std::size_t j : kalah.rulesets[k].neighbours)
    ids.push_back(kalah.rulesets[j].entry.ruleset.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"oware/dlp", "wari/dlp", "sungka/dlp"}));
  EXPECT_TRUE(kalah.rulesets[index_of(kalah, "oware/dlp")].neighbours.empty())
      << "the family's own pages have no family table";
  // Otep (four rows of eight) only ever meets four-row games.
  const ReportModel otep =
      model_of({"otep/beaton_1939", "muvalavala_b/dlp", "oware/dlp", "nsumbi/dlp"}, kFamilyGames);
  ids.clear();
  for (std::size_t j : otep.rulesets[index_of(otep, "otep/beaton_1939")].neighbours)
    ids.push_back(otep.rulesets[j].entry.ruleset.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"nsumbi/dlp", "muvalavala_b/dlp"}));
  // Toguz Kumalak (2x9) has no neighbour on its board: the nearest say so.
  const ReportModel toguz =
      model_of({"toguz_kumalak/standard", "adjito/dlp", "oware/dlp"}, kFamilyGames);
  const std::string toguz_md = file(reports::render_report(toguz, {}), "report.md");
  EXPECT_NE(
      toguz_md.find("(2 rows of 9 holes): none on the same board; they have 6 to 8 holes a row."),
      std::string::npos)
      << toguz_md.substr(toguz_md.find("Among the family"), 400);

  const auto files = reports::render_report(kalah, {});
  const std::string page = file(files, reports::ruleset_page_path("kalah/standard"));
  EXPECT_NO_THROW(xml_check::parse(page));
  const std::size_t at = page.find("<section id=\"family\">");
  ASSERT_NE(at, std::string::npos);
  const std::string section = page.substr(at, page.find("</section>", at) - at);
  EXPECT_NE(section.find("among the 3 readings of the DLP&#39;s rules paraphrases"),
            std::string::npos)
      << section;
  EXPECT_NE(section.find("2 with the same board, the others with 7 holes a row"), std::string::npos)
      << section;
  for (const char* id : {"oware/dlp", "wari/dlp", "sungka/dlp"}) {
    const std::string href =
        std::filesystem::path(reports::ruleset_page_path(id)).filename().string();
    EXPECT_NE(section.find("href=\"" + href + "\""), std::string::npos) << id;
  }
  EXPECT_EQ(section.find("adjito"), std::string::npos);
  EXPECT_NE(section.find("the family&#39;s readings with fewer games, so wider intervals"),
            std::string::npos);
  // The table's figures are the index's: Oware's advantage as its own index row prints it.
  const std::string md = file(files, "report.md");
  EXPECT_NE(md.find("Among the family: This ruleset (first row) among the 3 readings"),
            std::string::npos);
  EXPECT_EQ(file(files, reports::ruleset_page_path("oware/dlp")).find("id=\"family\""),
            std::string::npos);
}

TEST(FamilyReport, LaddersLeaveTheFamilyOutUnlessAsked) {
  const std::vector<sim::RuleSet> rulesets = load({"kalah/standard", "oware/dlp", "otep"});
  std::vector<std::string> ids;
  for (const sim::RuleSet& r : ladder_rulesets(rulesets, false)) ids.push_back(r.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"kalah/standard", "otep/beaton_1939"}));
  ids.clear();
  for (const sim::RuleSet& r : ladder_rulesets(rulesets, true)) ids.push_back(r.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"kalah/standard", "oware/dlp", "otep/beaton_1939"}));
}

TEST(FamilyReport, TheCommandLineGivesTheFamilyItsCountOrTheGamesAsked) {
  testing::TempDir dir;
  const std::string out = dir / "out";
  // --games given: every ruleset plays it.
  testing::Result r = testing::run_cli({"report", "kalah/standard", "oware/dlp", "--games", "12",
                                        "--out", out, "--no-store", "--no-extras",
                                        "--sensitivity-games", "0", "--print", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\"games_requested\": 12"), std::string::npos);
  EXPECT_EQ(r.out.find("\"games_requested\": 5000"), std::string::npos);
  r = testing::run_cli({"report", "kalah/standard", "oware/dlp", "--games", "12", "--family-games",
                        "7", "--out", out, "--no-store", "--no-extras", "--sensitivity-games", "0",
                        "--print", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\"games_requested\": 7"), std::string::npos);
  EXPECT_NE(r.out.find("\"games_requested\": 12"), std::string::npos);
  testing::expect_error({"report", "kalah", "--family-games", "0", "--out", out}, 2,
                        "mancala: report: --family-games: must be 1 or more\n");
  testing::expect_error({"report", "kalah", "--family-ladders", "--out", out}, 2,
                        "mancala: report: --family-ladders: needs --ladder\n");
}

}  // namespace
}  // namespace mancala::cli
