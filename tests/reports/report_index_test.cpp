// The index's way in for a reader (issue 39, item 1): "a table of contents; the five seed games
// (and Kalah, the control) first, each with its default reading's headline figures, stability
// and completion in one line and links to its pages; the family below, grouped (by region or
// board, with a switch) and collapsed by default; game names as the archive spells them".
#include "reports/report_index.h"

#include <gtest/gtest.h>

#include <set>

#include "report_test_util.h"
#include "reports/html.h"
#include "reports/report.h"
#include "reports/report_format.h"
#include "simulator/run_stats.h"
#include "xml_check.h"

namespace mancala::reports {
namespace {

using report_testing::make_ruleset;
using report_testing::make_run;

using xml_check::all_text;

// A reading of the family: a DLP paraphrase's game on a board of 2 rows of `holes`.
ReportEntry family_reading(const std::string& id, const std::string& name,
                           const std::string& record, int holes) {
  ReportEntry e{make_ruleset(id, name, "described"),
                sim::run_stats_to_json(make_run(id, 40, 50, 10, 0, {80})), std::nullopt};
  e.ruleset.family = true;
  e.ruleset.evidence = {record};
  e.ruleset.rows_per_player = 1;
  e.ruleset.holes_per_row = holes;
  return e;
}

// Kalah and Otep (not of the family: the seed games and the control), then three readings of
// the family: J'odu (West Africa, 2x6), Oware (West Africa, 2x6) and Sungka (no place, 2x7).
std::vector<ReportEntry> entries() {
  std::vector<ReportEntry> out;
  out.push_back({make_ruleset("kalah/standard", "Kalah, modern commercial rules", "described"),
                 sim::run_stats_to_json(make_run("kalah/standard", 60, 30, 10, 0, {100})),
                 std::nullopt});
  out.push_back({make_ruleset("otep/beaton_1939", "Otep (Bari, Beaton 1939)", "reconstructed"),
                 sim::run_stats_to_json(make_run("otep/beaton_1939", 30, 30, 0, 40, {200})),
                 std::nullopt});
  out.push_back(family_reading("j_odu/dlp", "J'odu, DLP rules paraphrase", "DLP.Ruleset.226", 6));
  out.push_back(family_reading("oware/dlp", "Oware, DLP rules paraphrase", "DLP.Ruleset.1", 6));
  out.push_back(family_reading("sungka/dlp", "Sungka, DLP rules paraphrase", "DLP.Ruleset.2", 7));
  return out;
}

ReportOptions options() {
  ReportOptions o;
  o.game_names = {{"j_odu", "J'odu"}, {"otep", "Otep"}, {"kalah", "Kalah"}};
  o.record_regions = {{"DLP.Ruleset.226", {"Western Africa"}},
                      {"DLP.Ruleset.1", {"Western Africa", "Northern Africa"}},
                      {"DLP.Ruleset.2", {}}};
  return o;
}

std::string file(const std::vector<ReportFile>& files, const std::string& path) {
  for (const ReportFile& f : files)
    if (f.path == path) return f.content;
  ADD_FAILURE() << "no " << path;
  return "";
}

TEST(ReportIndex, ATableOfContentsLinksEverySectionInTheOrderOfThePage) {
  const auto root = xml_check::parse(file(render_report(entries(), options()), "index.html"));
  const auto navs = xml_check::find_all(root, "nav");
  ASSERT_EQ(navs.size(), 1u);
  std::vector<std::string> links, headings;
  for (const auto* a : xml_check::find_all(*navs[0], "a"))
    links.push_back(a->attributes.at("href") + " " + all_text(*a));
  for (const auto* h2 : xml_check::find_all(root, "h2"))
    headings.push_back("#" + h2->attributes.at("id") + " " + all_text(*h2));
  EXPECT_EQ(links, headings);
  EXPECT_EQ(links,
            (std::vector<std::string>{"#seed-games The seed games and the control",
                                      "#rulesets Rulesets of the seed games",
                                      "#family The family: readings of the DLP's rules paraphrases",
                                      "#comparison Charts of every ruleset"}));
}

TEST(ReportIndex, TheSeedGamesComeFirstOneLineEachWithTheirDefaultReadingsHeadline) {
  const std::vector<ReportEntry> all = entries();
  const std::string html = file(render_report(all, options()), "index.html");
  EXPECT_LT(html.find("id=\"seed-games\""), html.find("id=\"family\""));
  const auto root = xml_check::parse(html);
  const auto tables = xml_check::find_all_of_class(root, "table", "seeds");
  ASSERT_EQ(tables.size(), 1u);
  const xml_check::Element* seeds = tables[0];
  std::vector<std::vector<std::string>> rows;
  for (const auto& tr : xml_check::find_all(*seeds, "tbody")[0]->children) {
    rows.emplace_back();
    for (const auto& td : tr.children) rows.back().push_back(all_text(td));
  }
  // Kalah: 60 and 30 of 100 finished, the advantage +30.0 pp, every game ended by the source's
  // rule; Otep: 30 and 30 of 60 finished, 40 unfinished (the safety bound), so the text's rule
  // ended 60% of its games.
  const analysis::RunFigures kalah =
      analysis::run_figures(make_run("kalah/standard", 60, 30, 10, 0, {100}));
  const analysis::RunFigures otep =
      analysis::run_figures(make_run("otep/beaton_1939", 30, 30, 0, 40, {200}));
  const auto one_line = [](std::string text) {
    std::erase(text, '\n');
    return text;
  };
  ASSERT_EQ(rows.size(), 2u) << "the family has no line here";
  EXPECT_EQ(rows[0],
            (std::vector<std::string>{"Kalah", "Kalah, modern commercial rules",
                                      advantage_text(kalah.advantage) + "; stability not checked" +
                                          "first-player advantage",
                                      one_line(completion_text(kalah)), "ruleset"}));
  EXPECT_EQ(rows[1][0], "Otep");
  EXPECT_EQ(rows[1][3], one_line(completion_text(otep)));
  EXPECT_EQ(rows[1][3].substr(0, 6), "60.0% ");
  // Each game's name links to its default reading's page.
  const auto* link = xml_check::find_all(*seeds, "a")[0];
  EXPECT_EQ(link->attributes.at("href"), "rulesets/kalah.standard.html");
}

TEST(ReportIndex, TheFamilyIsGroupedByRegionOrByBoardAndFoldedAway) {
  const auto root = xml_check::parse(file(render_report(entries(), options()), "index.html"));
  std::vector<std::string> summaries;
  for (const auto* d : xml_check::find_all(root, "details")) {
    EXPECT_EQ(d->attributes.count("open"), 0u) << "folded away beside the seed games";
    summaries.push_back(all_text(*xml_check::find_all(*d, "summary")[0]));
  }
  // By the first world region of each reading's evidence, "Place not known" last; then by board.
  EXPECT_EQ(summaries, (std::vector<std::string>{"Western Africa (2 readings of 2 games)",
                                                 "Place not known (1 reading of 1 game)",
                                                 "2 rows of 6 holes (2 readings of 2 games)",
                                                 "2 rows of 7 holes (1 reading of 1 game)"}));
  // The switch: two radio buttons, by region checked.
  const auto inputs = xml_check::find_all(root, "input");
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0]->attributes.at("id"), "family-by-region");
  EXPECT_EQ(inputs[0]->attributes.at("checked"), "checked");
  EXPECT_EQ(inputs[1]->attributes.count("checked"), 0u);
}

TEST(ReportIndex, AReportOfTheFamilyAloneShowsItsGroupsOpen) {
  std::vector<ReportEntry> family = entries();
  family.erase(family.begin(), family.begin() + 2);
  const std::string html = file(render_report(family, options()), "index.html");
  EXPECT_EQ(html.find("id=\"seed-games\""), std::string::npos);
  const auto root = xml_check::parse(html);
  for (const auto* d : xml_check::find_all(root, "details"))
    EXPECT_EQ(d->attributes.at("open"), "open");
}

TEST(ReportIndex, GamesAreNamedAsTheArchiveSpellsThem) {
  const std::vector<ReportFile> files = render_report(entries(), options());
  // The ruleset page of J'odu: "J'odu", not the key's "J Odu".
  const std::string page = file(files, "rulesets/j_odu.dlp.html");
  EXPECT_NE(page.find("\xC2\xB7 J&#39;odu \xC2\xB7"), std::string::npos);
  EXPECT_EQ(page.find("J Odu"), std::string::npos);
  EXPECT_EQ(file(files, "index.html").find("J Odu"), std::string::npos);
  // report.md's heading of the game's rulesets too (issue 39, item 2: names made from keys).
  const std::string md = file(files, "report.md");
  EXPECT_NE(md.find("\n## J'odu\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("J Odu"), std::string::npos);
  // A game the archive does not name keeps the name made from its key.
  EXPECT_EQ(game_name(options(), "sungka"), "Sungka");
  EXPECT_EQ(game_name(options(), "j_odu"), "J'odu");
}

// Issue 39, item 2: "a short glossary page (reading, stopping rule, safety bound, ...) linked
// where the terms appear": every link to it, from the index and the ruleset pages, names a term
// the page defines.
TEST(ReportIndex, TheGlossaryDefinesEveryTermThePagesLinkTo) {
  const std::vector<ReportFile> files = render_report(entries(), options());
  const auto glossary = xml_check::parse(file(files, "glossary.html"));
  std::set<std::string> defined;
  for (const auto* dt : xml_check::find_all(glossary, "dt"))
    defined.insert(dt->attributes.at("id"));
  for (const char* term : {"reading", "witness", "stopping-rule", "safety-bound", "stability"})
    EXPECT_EQ(defined.count(term), 1u) << term;
  std::size_t links = 0;
  for (const char* page : {"index.html", "rulesets/kalah.standard.html"}) {
    const auto root = xml_check::parse(file(files, page));
    for (const auto* a : xml_check::find_all(root, "a")) {
      const std::string href = a->attributes.at("href");
      const std::size_t at = href.find("glossary.html#");
      if (at == std::string::npos) continue;
      ++links;
      EXPECT_EQ(defined.count(href.substr(at + 14)), 1u) << page << ": " << href;
    }
  }
  EXPECT_EQ(links, 3u) << "the index's intro and completion note, the ruleset page's head";
}

TEST(ReportIndex, BoardsInWords) {
  EXPECT_EQ(board_words(1, 6), "2 rows of 6 holes");
  EXPECT_EQ(board_words(2, 8), "4 rows of 8 holes");
}

}  // namespace
}  // namespace mancala::reports
