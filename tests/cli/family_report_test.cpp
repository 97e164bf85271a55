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

// Issue 35, item 7: "Muvalavala B and Muvalavala (Luena) are one ruleset shown as two data
// points": where both are in the report, the family tables count them once, by the ruleset
// Muvalavala B's plays_as names, and say so; alone, Muvalavala B is a data point of its own.
TEST(FamilyReport, TwoReadingsThatPlayExactlyAlikeAreOneNeighbour) {
  const ReportModel otep = model_of(
      {"otep/beaton_1939", "muvalavala_b/dlp", "muvalavala_luena/dlp", "nsumbi/dlp"}, kFamilyGames);
  const RulesetSection& beaton = otep.rulesets[index_of(otep, "otep/beaton_1939")];
  std::vector<std::string> ids;
  for (std::size_t j : beaton.neighbours) ids.push_back(otep.rulesets[j].entry.ruleset.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"nsumbi/dlp", "muvalavala_luena/dlp"}));
  ASSERT_TRUE(beaton.regional);
  EXPECT_EQ(beaton.regional->family, 2u);  // Nsumbi and Muvalavala, once
  for (const RegionalNeighbour& n : beaton.regional->neighbours)
    EXPECT_NE(otep.rulesets[n.ruleset].entry.ruleset.id, "muvalavala_b/dlp");
  const std::string page =
      file(reports::render_report(otep, {}), reports::ruleset_page_path("otep/beaton_1939"));
  const std::size_t at = page.find("<section id=\"family\">");
  ASSERT_NE(at, std::string::npos);
  const std::string section = page.substr(at, page.find("</section>", at) - at);
  EXPECT_NE(section.find("among the 2 readings"), std::string::npos) << section;
  EXPECT_NE(section.find(" muvalavala_luena/dlp stands also for muvalavala_b/dlp, which plays "
                         "exactly as it (every key that acts is the same): counted once."),
            std::string::npos)
      << section;
  // Each page of the pair names the other.
  const auto files = reports::render_report(otep, {});
  const std::string luena = file(files, reports::ruleset_page_path("muvalavala_luena/dlp"));
  EXPECT_NE(luena.find("<p class=\"plays-as\">Plays exactly as <a href=\"muvalavala_b.dlp.html\">"
                       "muvalavala_b/dlp</a> (every key that acts is the same): "),
            std::string::npos)
      << luena.substr(0, 2000);
  const std::string b = file(files, reports::ruleset_page_path("muvalavala_b/dlp"));
  EXPECT_NE(b.find("muvalavala_luena.dlp.html\">muvalavala_luena/dlp</a> (every key that acts is "
                   "the same): "),
            std::string::npos);
  EXPECT_NE(file(files, "report.md")
                .find("Plays exactly as `muvalavala_b/dlp` (every key that acts is the same): "),
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

TEST(FamilyReport, ASeedRulesetsRegionalNeighboursAreTheFamilyRecordedNearestToItsEvidence) {
  // Sonka's record names Iloko (northern Luzon, an outline): Chungcajon's names the
  // Philippines (whose outline holds it: 0 km), Galatjang's Indonesia (nearer than 2,500 km);
  // Oware's West Africa is farther, and Awari's record gives no place.
  const ReportModel model = model_of(
      {"sonka", "oware/dlp", "galatjang/dlp", "awari/dlp", "chungcajon/dlp"}, kFamilyGames);
  const std::size_t me = index_of(model, "sonka/vanoverbergh_1927");
  ASSERT_TRUE(model.rulesets[me].regional);
  const RegionalTable& t = *model.rulesets[me].regional;
  std::vector<std::string> ids;
  for (const RegionalNeighbour& n : t.neighbours)
    ids.push_back(model.rulesets[n.ruleset].entry.ruleset.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"chungcajon/dlp", "galatjang/dlp"}));
  ASSERT_EQ(t.neighbours.size(), 2u);
  EXPECT_EQ(t.neighbours[0].km, 0);
  EXPECT_EQ(t.neighbours[0].place, "Philippines (region)");
  EXPECT_GT(t.neighbours[1].km, 500);
  EXPECT_LT(t.neighbours[1].km, analysis::kRegionalMaxKm);
  EXPECT_EQ(t.beyond, 1u);
  ASSERT_EQ(t.family_unplaced.size(), 1u);
  EXPECT_EQ(model.rulesets[t.family_unplaced[0]].entry.ruleset.id, "awari/dlp");
  EXPECT_FALSE(model.rulesets[index_of(model, "oware/dlp")].regional)
      << "the family's own pages have no regional table";

  const auto files = reports::render_report(model, {});
  const std::string page = file(files, reports::ruleset_page_path("sonka/vanoverbergh_1927"));
  EXPECT_NO_THROW(xml_check::parse(page));
  const std::size_t at = page.find("<section id=\"family-region\">");
  ASSERT_NE(at, std::string::npos);
  const std::string section = page.substr(at, page.find("</section>", at) - at);
  EXPECT_NE(section.find("<h2>Among the family: nearest by region</h2>"), std::string::npos);
  EXPECT_NE(section.find("This ruleset (first row) among the 2 readings of the DLP&#39;s rules "
                         "paraphrases (the family) whose evidence was recorded "
                         "nearest to its own (its evidence&#39;s place: Iloko (region)), within "
                         "2,500 km: at most 5, and any as near as the last. Distance: "),
            std::string::npos)
      << section;
  EXPECT_NE(section.find("0 when the places overlap, else from the nearer edge. A named region"),
            std::string::npos);
  EXPECT_NE(section.find("Of the family&#39;s 4, left out: 1 reading farther than 2,500 km and 1 "
                         "reading whose evidence gives no place that can be measured (none, a name "
                         "data/places does not give, or an uncertain one such as &quot;Russia? "
                         "Iran?&quot;), so their region is not known here (awari/dlp)."),
            std::string::npos)
      << section;
  EXPECT_NE(section.find("<th>Place</th>"), std::string::npos) << section;
  EXPECT_NE(section.find("Philippines (region)"), std::string::npos);
  EXPECT_NE(section.find("Indonesia (region)"), std::string::npos);
  EXPECT_EQ(section.find("oware"), std::string::npos);
  for (const char* id : {"chungcajon/dlp", "galatjang/dlp"}) {
    const std::string href =
        std::filesystem::path(reports::ruleset_page_path(id)).filename().string();
    EXPECT_NE(section.find("href=\"" + href + "\""), std::string::npos) << id;
  }
  // The Markdown says the same, with the distance column: Chungcajon's row at 0 km.
  const std::string md = file(files, "report.md");
  const std::size_t md_at = md.find("Among the family, nearest by region: This ruleset");
  ASSERT_NE(md_at, std::string::npos);
  const std::string md_section =
      md.substr(md_at, md.find("Rules and their provenance", md_at) - md_at);
  EXPECT_NE(md_section.find("| Chungcajon"), std::string::npos) << md_section;
  EXPECT_NE(md_section.find("| Philippines (region) | 0 |"), std::string::npos) << md_section;

  // A report without the family has no regional table.
  const ReportModel alone = model_of({"sonka"}, kFamilyGames);
  EXPECT_FALSE(alone.rulesets[0].regional);
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
