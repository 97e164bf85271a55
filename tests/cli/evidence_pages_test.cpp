// Issue 14 in the report and on the map: a page per evidence record (citation, type, date, place
// with a small map, rules, quoted content, confidence, the rulesets citing it, each linking back),
// ruleset pages and comparisons linking the records they cite, the index's evidence map,
// suggested citations for a reconstruction and a run (ruleset page, `runs show`), and
// `mancala evidence map`. Pages are checked as XML, and rendered in headless Chromium when it is
// installed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "../reports/report_test_util.h"
#include "../reports/xml_check.h"
#include "cli_test_util.h"
#include "common/paths.h"
#include "reports/html.h"
#include "reports/map.h"

namespace mancala::cli {
namespace {

namespace fs = std::filesystem;
using testing::expect_error;
using testing::Result;
using testing::run_cli;

const std::string kPagesGames = testing::kSanitized ? "12" : "40";

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++count;
  return count;
}

// A small report over two Mawkar Katiya reconstructions and Sonka's, made once for the suite.
class EvidenceReport : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new report_testing::TempDir();
    const Result r =
        run_cli({"report", "mawkar_katiya/das_gupta_1923", "mawkar_katiya/no_handicaps", "sonka",
                 "--games", kPagesGames, "--out", (*dir_ / "out").string(), "--no-store",
                 "--sensitivity-games", "0", "--handicap-rounds", "4"});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::string page(const std::string& path) {
    return report_testing::read_text(*dir_ / "out" / path);
  }
  static report_testing::TempDir* dir_;
};
report_testing::TempDir* EvidenceReport::dir_ = nullptr;

// "Write one page per evidence record (citation, type, date, place with a small map, the rules
// paraphrase, the quoted content, confidence, the rulesets that cite it, each linking back)"
TEST_F(EvidenceReport, EachRecordHasAPageWithEverythingAndLinksBack) {
  for (const char* id : {"DLP.Evidence.1450", "DLP.Evidence.1880", "DLP.Evidence.693",
                         "DLP.Evidence.741", "MANCALA.Evidence.1", "MANCALA.Evidence.2"}) {
    EXPECT_TRUE(fs::exists(*dir_ / "out" / "evidence" / (std::string(id) + ".html"))) << id;
  }
  const std::string p = page("evidence/DLP.Evidence.741.html");
  EXPECT_NO_THROW(xml_check::parse(p.substr(p.find('\n') + 1))) << "well-formed after the doctype";
  for (
      const char* part :
      {"<h1>DLP.Evidence.741: Mawkar Katiya</h1>", "<dt>Type</dt><dd>Ethnography</dd>",
       "<dt>Date</dt><dd>1923-06-01 - 1923-12-31</dd>",
       "<span class=\"approx\">approximate</span> position: the region Khasi (its outline on the "
       "map; centre 25.57\xC2\xB0N 91.88\xC2\xB0"
       "E)",
       // Issue 35: "Records say who rates what": the DLP's figure, the author's own doubts; the
       // work as the archive reads it, the DLP's string only "as the DLP records it"; the same
       // game's record in the DLP's collection, linked.
       "<dt>DLP confidence</dt><dd>100 (the Digital Ludeme Project&#39;s rating of the record, "
       "0-100; not the author&#39;s)</dd>",
       "<dt>The author's doubts</dt><dd>&quot;It is clear that the rules of the game are a "
       "little complicated",
       "Das-Gupta, H. (1923). Notes on a Type of Sedentary Game Prevalent in Many Parts of India. "
       "Journal and Proceedings of the Asiatic Society of Bengal 19: 71-74. <small>(as the DLP "
       "records it: Das-Gupta. H. 1923. &quot;Notes on a Type of Sedentary Game",
       "<dt>Same game, other record</dt><dd><a "
       "href=\"../evidence/DLP.Ruleset.431.html\">DLP.Ruleset.431</a></dd>",
       "<h2 id=\"rules\">Rules (a paraphrase)</h2>", "<blockquote>&quot;The type of sedentary game",
       "<a href=\"../rulesets/mawkar_katiya.das_gupta_1923.html\">mawkar_katiya/das_gupta_1923</a>",
       "<a href=\"../rulesets/mawkar_katiya.no_handicaps.html\">mawkar_katiya/no_handicaps</a>",
       "<code>mawkar_katiya/opposite_capture</code>",  // cites it, not in this report
       "@article{DasGupta1923,", "<a href=\"../index.html\">"}) {
    EXPECT_NE(p.find(part), std::string::npos) << part;
  }
  // Its small map: the region's dashed outline, in a well-formed <svg>, with "approximate", a
  // heading saying where, the place's name, and an inset of the whole world (issue 27).
  const std::string svg = p.substr(p.find("<svg"), p.find("</svg>") + 6 - p.find("<svg"));
  const xml_check::Element root = xml_check::parse(svg);
  EXPECT_EQ(occurrences(svg, "class=\"outline\""), 1u);
  EXPECT_NE(svg.find("approximate position: the region Khasi)"), std::string::npos);
  EXPECT_NE(svg.find("Where Mawkar Katiya was played: Khasi</text>"), std::string::npos);
  EXPECT_NE(svg.find(">Khasi</text>"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "class=\"inset\""), 1u);
  // A record with its own coordinates: a dot, no circle.
  const std::string khutka = page("evidence/DLP.Evidence.1450.html");
  EXPECT_NE(khutka.find("(32.58\xC2\xB0N 71.54\xC2\xB0"
                        "E)"),
            std::string::npos);
  EXPECT_EQ(occurrences(khutka, "<ellipse"), 0u);
  EXPECT_EQ(occurrences(khutka, "class=\"point\""), 1u);
}

// Issue 23: "each record page shows its board facts, its similar games and, where one exists,
// its executable rulesets"; issue 27: "a record page links to the record's DLP portal page"
TEST_F(EvidenceReport, ADlpRecordPageShowsItsBoardSimilarGamesRulesetsAndPortalPage) {
  const std::string p = page("evidence/DLP.Ruleset.1283.html");
  EXPECT_NO_THROW(xml_check::parse(p.substr(p.find('\n') + 1)));
  for (const char* part :
       {"<h1>DLP.Ruleset.1283: Otep</h1>", "<dt>Type</dt><dd>Secondary description</dd>",
        "<dt>Board</dt><dd>4x8 (rows x holes a row), no stores, 2 in each hole (from the "
        "code)</dd>",
        "<dt>Origin</dt><dd>This game was played in South Sudan, around 1939. <small>(as "
        "written)</small></dd>",
        "<a href=\"https://ludii.games/details.php?keyword=Otep\">DLP ruleset 1283 on the Ludii "
        "portal</a> (accessed 2026-11-25)",
        "<h2 id=\"similar\">Similar games</h2>",
        "<a href=\"../evidence/DLP.Ruleset.1284.html\">Lobudok</a>",
        "<h2 id=\"description\">Description</h2>", "<code>otep/beaton_1939</code>"}) {
    EXPECT_NE(p.find(part), std::string::npos) << part;
  }
  // Issue 39, item 6: a record every ruleset of its game cites has one row for them, not two
  // that say the same; a record only some cite keeps both.
  const std::string beaton = page("evidence/DLP.Evidence.1880.html");
  EXPECT_NE(beaton.find("otep/opposite_of_origin</code> (every ruleset of the game)</dd>"),
            std::string::npos)
      << beaton;
  EXPECT_EQ(beaton.find("<dt>Rulesets of the game</dt>"), std::string::npos);
  EXPECT_NE(p.find("<dt>Rulesets of the game</dt>"), std::string::npos);
}

// "link every ruleset page and comparison to the records it cites"
TEST_F(EvidenceReport, RulesetPagesAndComparisonsLinkTheRecordsTheyCite) {
  const std::string ruleset = page("rulesets/sonka.vanoverbergh_1927.html");
  EXPECT_NE(ruleset.find("evidence: <a href=\"../evidence/DLP.Evidence.693.html\">"
                         "DLP.Evidence.693</a>"),
            std::string::npos);
  const std::string compare = page("compare/mawkar_katiya.html");
  EXPECT_NE(compare.find("Evidence these reconstructions cite: <a "
                         "href=\"../evidence/DLP.Evidence.741.html\">DLP.Evidence.741</a>."),
            std::string::npos);
  EXPECT_NO_THROW(xml_check::parse(compare.substr(compare.find('\n') + 1)));
}

// "A suggested citation for a reconstruction and a run (ruleset id, rules hash, engine version,
// seed, agent) on each ruleset page"
TEST_F(EvidenceReport, RulesetPagesSuggestACitationForTheReconstructionAndTheRun) {
  const std::string p = page("rulesets/sonka.vanoverbergh_1927.html");
  const size_t at = p.find("rules hash <code>") + 17;
  const std::string hash = p.substr(at, p.find('<', at) - at);
  EXPECT_NE(p.find("<h2 id=\"cite\">How to cite</h2>"), std::string::npos);
  EXPECT_NE(p.find("The reconstruction: Sonka (Iloko, Vanoverbergh 1927) (mancala ruleset "
                   "sonka/vanoverbergh_1927, reconstructed; rules hash " +
                   hash + "), after evidence DLP.Evidence.693."),
            std::string::npos)
      << p;
  EXPECT_NE(p.find("This run: Simulation of ruleset sonka/vanoverbergh_1927 (rules hash "),
            std::string::npos);
  EXPECT_NE(
      p.find(": " + kPagesGames + " games, random agent on both sides, seed 1, mancala engine "),
      std::string::npos);
  EXPECT_NE(p.find("To reproduce: mancala simulate sonka/vanoverbergh_1927 --games " + kPagesGames +
                   " --seed 1 --agent random."),
            std::string::npos);
}

// "A map ... on the report's index ..., each linking to its record page"
TEST_F(EvidenceReport, TheIndexShowsTheEvidenceMapAndList) {
  const std::string index = page("index.html");
  EXPECT_NO_THROW(xml_check::parse(index.substr(index.find('\n') + 1)));
  const size_t at = index.find("<h2 id=\"evidence\">Evidence</h2>");
  ASSERT_NE(at, std::string::npos);
  const std::string svg =
      index.substr(index.find("<svg", at), index.find("</svg>", at) + 6 - index.find("<svg", at));
  const xml_check::Element map = xml_check::parse(svg);
  // Every placed record: the six seeds, the 188 DLP descriptions with an origin (issue 23) and
  // the six placed by their descriptions (issue 39), the two records of an uncertain place at
  // each of its two alternatives: 200 records, 202 marks.
  EXPECT_EQ(xml_check::find_all(map, "a").size(), 202u);
  EXPECT_NE(index.find("Every placed record of the archive: 200 of "), std::string::npos);
  // Circles without outline: Yunnan, and South India, Flores and the Mizo hills (issue 39).
  EXPECT_EQ(xml_check::find_all(map, "ellipse").size(), 4u);
  EXPECT_NE(svg.find("href=\"evidence/DLP.Evidence.741.html\""), std::string::npos);
  EXPECT_NE(svg.find("Colour: rows of holes on the board</text>"), std::string::npos);
  for (const char* group : {">2 rows</text>", ">4 rows</text>", ">rows not known</text>"})
    EXPECT_NE(svg.find(group), std::string::npos) << group;
  // The index links the archive index, which lists every record by region.
  EXPECT_NE(index.find("<a href=\"archive.html\">The archive index</a> lists all 255 records"),
            std::string::npos);
  const std::string archive = page("archive.html");
  EXPECT_NO_THROW(xml_check::parse(archive.substr(archive.find('\n') + 1)));
  for (const char* part : {"<h1>The archive: 249 games, 255 evidence records</h1>",
                           "<h2 id=\"region-Eastern-Africa\">Eastern Africa</h2>",
                           "<a href=\"evidence/DLP.Ruleset.1283.html\">DLP.Ruleset.1283</a>",
                           "<h2 id=\"region-No-position\">No position</h2>"}) {
    EXPECT_NE(archive.find(part), std::string::npos) << part;
  }
  EXPECT_NE(index.find("<a href=\"evidence/DLP.Evidence.693.html\">DLP.Evidence.693</a>"),
            std::string::npos);
  EXPECT_NE(index.find("Iloko <em>(approximate, \xC2\xB1"
                       "200 km)</em>"),
            std::string::npos);
}

// "screenshots of the index, a record page and a comparison at 1400 and 800 pixels wide"
TEST_F(EvidenceReport, PagesRenderInHeadlessChromiumWhenInstalled) {
  const char* chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) GTEST_SKIP() << "no " << chromium;
  for (const char* path :
       {"index.html", "evidence/DLP.Evidence.741.html", "compare/mawkar_katiya.html"}) {
    for (const int width : {1400, 800}) {
      const fs::path png = *dir_ / (std::to_string(width) + ".png");
      const std::string command =
          std::string("timeout 120 ") + chromium +
          " --headless --no-sandbox --disable-gpu --disable-background-networking"
          " --disable-component-update --disable-sync --no-first-run --user-data-dir=" +
          (*dir_ / "profile").string() + " --screenshot=" + png.string() +
          " --window-size=" + std::to_string(width) + ",1200 file://" +
          (*dir_ / "out" / path).string() + " >/dev/null 2>&1";
      ASSERT_EQ(std::system(command.c_str()), 0) << command;
      const std::string image = report_testing::read_text(png);
      ASSERT_GT(image.size(), 10000u) << path << " at " << width << ": a blank page is smaller";
      EXPECT_EQ(image.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    }
  }
}

// "`mancala evidence map --out FILE.svg [filters]` writes the same map for any search"
TEST(EvidenceMap, WritesAnSvgOfASearch) {
  report_testing::TempDir dir;
  const std::string db = (dir / "a.db").string();
  ASSERT_EQ(run_cli({"evidence", "import", (data_dir() / "evidence").string(), "--db", db}).code,
            0);
  const std::string out = (dir / "map.svg").string();
  const Result r = run_cli({"evidence", "map", "--out", out, "--to", "1929", "--link",
                            "evidence/{id}.html", "--db", db});
  EXPECT_EQ(r.code, 0) << r.err;
  // The date search's count of the undated records it left out, as every search gives it.
  EXPECT_EQ(r.err, "wrote " + out +
                       ": 80 records (79 at an approximate position)\n63 records without a date "
                       "were left out by the date filter\n");
  const std::string svg = report_testing::read_text(out);
  EXPECT_TRUE(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
  const xml_check::Element root = xml_check::parse(svg.substr(svg.find('\n') + 1));
  EXPECT_EQ(root.name, "svg");
  EXPECT_EQ(root.children[0].name, "title");
  // Das Bohnenspiel ("Russia? Iran?") at each of its alternatives: 81 marks for 80 records.
  EXPECT_EQ(xml_check::find_all(root, "a").size(), 81u);
  // The heading says which search made the map (issue 27, "Maps with names").
  EXPECT_NE(svg.find(">mancala evidence map --to 1929: 80 records on the map</text>"),
            std::string::npos);
  // Place names label the map, and no two overlap (boxes estimated as the renderer does).
  struct Box {
    double x0, y0, x1, y1;
  };
  std::vector<Box> boxes;
  for (size_t at = svg.find("<text class=\"label\""); at != std::string::npos;
       at = svg.find("<text class=\"label\"", at + 1)) {
    auto attr = [&](const std::string& name) {
      const size_t v = svg.find(name + "=\"", at) + name.size() + 2;
      return std::stod(svg.substr(v, svg.find('"', v) - v));
    };
    const size_t open = svg.find('>', at) + 1;
    const std::string text = svg.substr(open, svg.find("</text>", open) - open);
    const double size = attr("font-size"), x = attr("x"), y = attr("y");
    boxes.push_back({x, y - size, x + reports::display_width(text) * size * 0.56, y + 3});
  }
  EXPECT_GT(boxes.size(), 10u);
  for (size_t i = 0; i < boxes.size(); ++i) {
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      const bool overlap = boxes[i].x0 < boxes[j].x1 && boxes[j].x0 < boxes[i].x1 &&
                           boxes[i].y0 < boxes[j].y1 && boxes[j].y0 < boxes[i].y1;
      EXPECT_FALSE(overlap) << i << " and " << j;
    }
  }
  EXPECT_NE(svg.find("href=\"evidence/DLP.Evidence.1450.html\""), std::string::npos);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  // Usage errors.
  expect_error({"evidence", "map", "--db", db}, 2,
               "mancala: evidence map: give the SVG file to write with --out FILE.svg\n");
  expect_error({"evidence", "map", "--out", out, "--link", "x.html", "--db", db}, 2,
               "mancala: evidence map: --link must hold {id}, e.g. 'evidence/{id}.html'\n");
}

TEST(EvidenceMap, TheWorldOutlineIsTheCommittedNaturalEarthFile) {
  const reports::WorldOutline world =
      reports::read_world_outline((data_dir() / "world" / "land-110m.txt").string());
  EXPECT_EQ(world.rings.size(), 118u);
  std::size_t points = 0;
  for (const auto& ring : world.rings) points += ring.size();
  EXPECT_EQ(points, 4468u);
  EXPECT_TRUE(fs::exists(data_dir() / "world" / "README.md"));
}

// "and in `runs show`"
TEST(RunsShow, GivesASuggestedCitation) {
  report_testing::TempDir dir;
  const std::string db = (dir / "a.db").string();
  const Result sim = run_cli({"simulate", "kalah", "--games", "10", "--seed", "7", "--db", db});
  ASSERT_EQ(sim.code, 0) << sim.err;
  const Result table = run_cli({"runs", "show", "1", "--format", "table", "--db", db});
  EXPECT_EQ(table.code, 0) << table.err;
  EXPECT_NE(table.out.find("\ncite as: Simulation of ruleset kalah/standard (rules hash "),
            std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find(": 10 games, random agent on both sides, seed 7, mancala engine "),
            std::string::npos);
  EXPECT_NE(table.out.find(", archive run 1. To reproduce: mancala simulate kalah/standard "
                           "--games 10 --seed 7 --agent random.\n"),
            std::string::npos);
  const Result shown = run_cli({"runs", "show", "1", "--db", db});
  EXPECT_NE(shown.out.find("\"citation\": \"Simulation of ruleset kalah/standard"),
            std::string::npos);
}

}  // namespace
}  // namespace mancala::cli
