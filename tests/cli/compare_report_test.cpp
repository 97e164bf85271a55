// The comparisons and handicap curves added to the report: a comparison page per game with two or
// more rulesets, linked from the index and from each of the game's ruleset pages; the handicap
// curves on the page of each multi-round ruleset; every page still well-formed. The report's model
// (analysis/report_model.h) computes them; the renderers (reports/report.h) show them.
#include <gtest/gtest.h>

#include <cstdlib>

#include "../reports/xml_check.h"
#include "analysis/handicap_builder.h"
#include "analysis/report_model.h"
#include "cli_test_util.h"
#include "common/paths.h"
#include "reports/html.h"
#include "reports/report.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"

namespace mancala::cli {
namespace {

using namespace mancala::analysis;  // the library under test (analysis/)
using namespace mancala::reports;   // and its renderers

const std::string kCompareFixture =
    (mancala::source_dir() / "tests").string() + "/fixtures/handicap/khutka_like.json";
const int64_t kCompareGames = testing::kSanitized ? 20 : 60;

struct Report {
  std::vector<reports::ReportFile> files;
};

// The report of `ids` with the comparisons and handicap curves when asked for.
Report make_report(const std::vector<std::string>& ids, bool extras = true) {
  ReportPlan plan;
  for (const std::string& id : ids) plan.rulesets.push_back(sim::load_ruleset(id));
  plan.batch.games = kCompareGames;
  plan.batch.seed = 4;
  plan.comparisons = plan.handicaps = extras;
  plan.handicap.games = kCompareGames;
  plan.handicap.seed = 4;
  const std::optional<ReportModel> model = build_report_model(plan, {});
  return {reports::render_report(*model, {})};
}

const reports::ReportFile& file(const Report& r, const std::string& path) {
  for (const reports::ReportFile& f : r.files) {
    if (f.path == path) return f;
  }
  throw std::runtime_error("no file " + path);
}

HandicapOptions handicap_options() {
  HandicapOptions o;
  o.games = kCompareGames;
  o.seed = 4;
  return o;
}

TEST(CompareReport, EachGameWithSeveralRulesetsGetsAComparisonPageLinkedFromItsPagesAndTheIndex) {
  const Report r =
      make_report({"toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", kCompareFixture});
  const std::size_t before =
      make_report({"toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", kCompareFixture}, false)
          .files.size();
  ASSERT_EQ(r.files.size(), before + 1)
      << "one comparison page: the fixture's game has one ruleset";
  EXPECT_EQ(r.files.back().path, "compare/toguz_kumalak.html");
  EXPECT_EQ(comparison_page_path("toguz_kumalak"), "compare/toguz_kumalak.html");
  EXPECT_EQ(comparison_page_path("a b/c"), "compare/a_b_c.html");

  const xml_check::Element page = xml_check::parse(r.files.back().content);
  EXPECT_EQ(xml_check::find_all(page, "svg").size(), 2u);
  EXPECT_NE(r.files.back().content.find("Common random numbers: used."), std::string::npos)
      << "the report plays every ruleset with the same seed";

  for (const char* id : {"toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk"}) {
    const std::string& html = file(r, reports::ruleset_page_path(id)).content;
    EXPECT_NO_THROW(xml_check::parse(html)) << id;
    EXPECT_NE(html.find("<a href=\"../compare/toguz_kumalak.html\">"), std::string::npos) << id;
    EXPECT_NE(
        html.find(
            "<li>toguz_kumalak/no_tuzdyk vs toguz_kumalak/standard: no tuzdyk instead of tuzdyk: "),
        std::string::npos)
        << id;
    EXPECT_EQ(html.find("handicap-curves"), std::string::npos) << id << " plays single rounds";
  }
  const std::string& index = file(r, "index.html").content;
  EXPECT_NO_THROW(xml_check::parse(index));
  EXPECT_NE(
      index.find(
          "<a href=\"compare/toguz_kumalak.html\">Reconstructions of Toguz Kumalak compared</a>"),
      std::string::npos);
  EXPECT_NE(index.find("<a href=\"" + reports::ruleset_page_path("handicap/khutka_like") +
                       "#handicap-curves\">"),
            std::string::npos);
  // Issue 14: the verdicts defined, with their numbers, on the page that uses them.
  EXPECT_NE(index.find(reports::html_escape(kVerdictDefinition)), std::string::npos);
  EXPECT_NE(
      index.find(
          "#handicap-curves\">handicap/khutka_like</a>: " +
          reports::html_escape(verdict_with_numbers(
              measure_handicaps(sim::load_ruleset(kCompareFixture), handicap_options()).matches))),
      std::string::npos)
      << index;
  const std::string& md = file(r, "report.md").content;
  EXPECT_NE(md.find("\n## Comparisons and handicap effects\n"), std::string::npos);
  EXPECT_NE(md.find("\n### Handicap effects of handicap/khutka_like:"), std::string::npos);
}

TEST(CompareReport, AMultiRoundRulesetsPageCarriesItsHandicapCurves) {
  const std::string before = file(make_report({kCompareFixture}, false),
                                  reports::ruleset_page_path("handicap/khutka_like"))
                                 .content;
  const Report r = make_report({kCompareFixture});
  const std::string& html = file(r, reports::ruleset_page_path("handicap/khutka_like")).content;
  const xml_check::Element after = xml_check::parse(html);
  EXPECT_EQ(xml_check::find_all(after, "svg").size(),
            xml_check::find_all(xml_check::parse(before), "svg").size() + 3)
      << "win-rate curve, holdings-change curve and rounds-per-match histogram";
  EXPECT_NE(html.find("<div id=\"handicap-curves\">"), std::string::npos);
}

TEST(CompareReport, NothingIsAddedWhenBothPartsAreOff) {
  const Report r =
      make_report({"toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", kCompareFixture}, false);
  for (const reports::ReportFile& f : r.files) {
    EXPECT_FALSE(f.path.starts_with("compare/")) << f.path;
    EXPECT_EQ(f.content.find("handicap-curves"), std::string::npos) << f.path;
    EXPECT_EQ(f.content.find("comparison-links"), std::string::npos) << f.path;
  }
}

}  // namespace
}  // namespace mancala::cli
