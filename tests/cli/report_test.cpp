// mancala report, run in-process: the report over every ruleset, the stored runs, determinism
// across thread counts, and bad input refused with exact messages and nothing written.
#include "reports/report.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include "../reports/report_test_util.h"
#include "../reports/xml_check.h"
#include "analysis/compare_builder.h"
#include "analysis/report_model.h"
#include "cli/cli.h"
#include "cli_test_util.h"
#include "simulator/agents.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"

namespace mancala::cli {
namespace {

using namespace mancala::analysis;  // the library under test (analysis/)
using namespace mancala::reports;   // and its renderers

namespace fs = std::filesystem;
using nlohmann::json;
using report_testing::list_files;

// Small runs: the report's content does not depend on N; slower still under the sanitizers.
const std::string kReportGames = testing::kSanitized ? "12" : "60";
// Rounds per handicap level for the handicap curves the report adds (analysis/report_model.h).
const std::string kHandicapRounds = testing::kSanitized ? "4" : "20";

using testing::expect_error;
using testing::Result;
using testing::run_cli;

std::string last_line(const std::string& text) {
  const std::size_t end = text.size() && text.back() == '\n' ? text.size() - 1 : text.size();
  const std::size_t start = text.rfind('\n', end == 0 ? 0 : end - 1);
  return text.substr(start == std::string::npos ? 0 : start + 1);
}

TEST(ReportCommand, ReportsEveryRulesetByDefaultAndSaysWhereOnStderrOnly) {
  report_testing::TempDir dir;
  const fs::path out = dir / "report";
  const Result r = run_cli({"report", "--games", kReportGames, "--out", out.string(), "--no-store",
                            "--threads", "2", "--handicap-rounds", kHandicapRounds});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "") << "no data on stdout unless asked";
  EXPECT_EQ(last_line(r.err), "report: wrote " + (out / "index.html").string() + "\n");

  const std::vector<std::string> ids = sim::list_ruleset_ids();
  ASSERT_FALSE(ids.empty());
  std::vector<std::string> expected = {".mancala-report", "glossary.html", "index.html",
                                       "report.md",       "runs.csv",      "runs.json"};
  std::map<std::string, int> per_game;
  for (const std::string& id : ids) {
    expected.push_back(reports::ruleset_page_path(id));
    ++per_game[id.substr(0, id.find('/'))];
  }
  for (const auto& [game, count] : per_game) {
    if (count >= 2)
      expected.push_back(comparison_page_path(game));  // the comparison page of each game
  }
  expected.push_back("archive.html");  // the archive index, games grouped by region (issue 23)
  for (const char* id : {"DLP.Evidence.1450", "DLP.Evidence.1880", "DLP.Evidence.693",
                         "DLP.Evidence.741", "MANCALA.Evidence.1", "MANCALA.Evidence.2"})
    expected.push_back("evidence/" + std::string(id) + ".html");  // a page per record (issue 14)
  // And a page per DLP description of a sowing game (issue 23), 249 of them.
  std::vector<std::string> files = list_files(out);
  const auto dlp_page = [](const std::string& f) {
    return f.starts_with("evidence/DLP.Ruleset.") || f.starts_with("evidence/DLP.Game.");
  };
  const auto dlp_pages = std::count_if(files.begin(), files.end(), dlp_page);
  EXPECT_EQ(dlp_pages, 249);
  files.erase(std::remove_if(files.begin(), files.end(), dlp_page), files.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(files, expected);

  // One index row per ruleset, each linking to its page (the seed games' table, and the family's
  // tables by region and again by board); every page is well-formed.
  const auto index = xml_check::parse(report_testing::read_text(out / "index.html"));
  std::set<std::string> linked;
  std::size_t rows = 0, family_rows = 0;
  for (const char* css_class : {"index", "index family"}) {
    for (const auto* table : xml_check::find_all_of_class(index, "table", css_class)) {
      for (const auto* a : xml_check::find_all(*table, "a"))
        linked.insert(a->attributes.at("href"));
      for (const auto& tr : xml_check::find_all(*table, "tbody")[0]->children)
        if (!tr.attributes.count("class") || tr.attributes.at("class") != "group")
          ++(std::string_view(css_class) == "index" ? rows : family_rows);
    }
  }
  std::set<std::string> pages;
  for (const std::string& id : ids) {
    pages.insert(reports::ruleset_page_path(id));
    EXPECT_NO_THROW(
        xml_check::parse(report_testing::read_text(out / reports::ruleset_page_path(id))))
        << id;
  }
  EXPECT_EQ(linked, pages);
  EXPECT_GT(family_rows, 0u);
  EXPECT_EQ(family_rows % 2, 0u) << "each of the family's readings once by region, once by board";
  EXPECT_EQ(rows + family_rows / 2, ids.size());
  for (const std::string& file : list_files(out)) {
    if (file.ends_with(".html")) {
      EXPECT_NO_THROW(xml_check::parse(report_testing::read_text(out / file))) << file;
    }
  }

  // runs.json: every ruleset's run, complete, N games each, game by game, each game's default
  // reconstruction first and its alternatives after it in name order.
  std::vector<std::string> ordered;
  for (const auto& [game, count] : per_game) {
    for (const std::string& id : ids) {
      if (id.starts_with(game + "/") && is_default_ruleset(id)) ordered.push_back(id);
    }
    for (const std::string& id : ids) {
      if (id.starts_with(game + "/") && !is_default_ruleset(id)) ordered.push_back(id);
    }
  }
  ASSERT_EQ(ordered.size(), ids.size());
  const json runs = json::parse(report_testing::read_text(out / "runs.json"))["runs"];
  ASSERT_EQ(runs.size(), ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const sim::RunStats run = sim::run_stats_from_json(runs[i], "runs.json");
    EXPECT_EQ(run.ruleset, ordered[i]);
    EXPECT_EQ(run.tally.games, std::stoull(kReportGames));
    EXPECT_FALSE(run.partial);
  }

  // runs.csv: tidy, the same statistics for every ruleset, games = N.
  const auto csv = report_testing::parse_csv(report_testing::read_text(out / "runs.csv"));
  ASSERT_FALSE(csv.empty());
  EXPECT_EQ(csv[0].size(), 22u);
  EXPECT_EQ(csv[0][1], "part");
  EXPECT_EQ(csv[0][8], "seats");
  std::map<std::string, std::string> games;
  for (std::size_t i = 1; i < csv.size(); ++i) {
    ASSERT_EQ(csv[i].size(), 22u);
    EXPECT_EQ(csv[i][4], "random");
    EXPECT_EQ(csv[i][5], "random");
    // Issue 35, item 8: a reader of runs.csv can tell the rulesets nobody moves first in: Sonka
    // after Vanoverbergh and the readings that keep its turns; not the two that change them.
    const std::string& id = csv[i][2];
    const bool simultaneous = id.starts_with("sonka/") && id != "sonka/alternating" &&
                              id != "sonka/simultaneous_first_move";
    EXPECT_EQ(csv[i][8], simultaneous ? "simultaneous" : "alternating") << id;
    if (csv[i][1] == "run" && csv[i][9] == "games") games[csv[i][2]] = csv[i][19];
  }
  EXPECT_EQ(games.size(), ids.size());
  for (const auto& [id, value] : games) EXPECT_EQ(value, kReportGames) << id;
}

TEST(ReportCommand, StoresEachRunInTheArchive) {
  report_testing::TempDir dir;
  const std::string db = (dir / "mancala.db").string();
  const Result r = run_cli({"report", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk",
                            "--games", kReportGames, "--out", (dir / "out").string(), "--db", db,
                            "--seed", "3", "--no-extras"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("report: toguz_kumalak/standard: " + kReportGames + " games in "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(", stored as run 1\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(", stored as run 2\n"), std::string::npos) << r.err;

  const Result listed = run_cli({"runs", "list", "--db", db, "--format", "json"});
  ASSERT_EQ(listed.code, 0) << listed.err;
  const json stored = json::parse(listed.out);
  ASSERT_EQ(stored.size(), 2u);
  std::set<std::string> rulesets;
  for (const json& run : stored) {
    rulesets.insert(run["ruleset"].get<std::string>());
    EXPECT_EQ(run["seed"], 3);
    EXPECT_EQ(run["games"], std::stoll(kReportGames));
  }
  EXPECT_EQ(rulesets, (std::set<std::string>{"toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk"}));
  // The stored statistics are the report's.
  const json shown = json::parse(run_cli({"runs", "show", "1", "--db", db}).out);
  const json runs = json::parse(report_testing::read_text(dir / "out/runs.json"))["runs"];
  EXPECT_EQ(shown["stats"], runs[0]);
  // Each page names the run it shows.
  EXPECT_NE(report_testing::read_text(dir / "out/rulesets/toguz_kumalak.standard.html")
                .find("stored in the archive as run 1"),
            std::string::npos);
}

TEST(ReportCommand, TheThreadCountDoesNotChangeTheReport) {
  report_testing::TempDir dir;
  const Args common = {"report",
                       "toguz_kumalak/standard",
                       "toguz_kumalak/tuzdyk_opposite_symmetry",
                       "--games",
                       kReportGames,
                       "--seed",
                       "11",
                       "--no-store",
                       "--handicap-rounds",
                       kHandicapRounds};
  Args one = common, two = common;
  one.insert(one.end(), {"--threads", "1", "--out", (dir / "one").string()});
  two.insert(two.end(), {"--threads", "2", "--out", (dir / "two").string()});
  ASSERT_EQ(run_cli(one).code, 0);
  ASSERT_EQ(run_cli(two).code, 0);
  for (const char* file :
       {"runs.json", "runs.csv", "rulesets/toguz_kumalak.standard.html",
        "rulesets/toguz_kumalak.tuzdyk_opposite_symmetry.html", "compare/toguz_kumalak.html"}) {
    EXPECT_EQ(report_testing::read_text(dir / "one" / file),
              report_testing::read_text(dir / "two" / file))
        << file;
  }
  // The pages that name the command differ only by the folder they were asked to write.
  for (const char* file : {"index.html", "report.md"}) {
    std::string one_text = report_testing::read_text(dir / "one" / file);
    const std::string from = (dir / "one").string(), to = (dir / "two").string();
    for (size_t at = one_text.find(from); at != std::string::npos;
         at = one_text.find(from, at + to.size())) {
      one_text.replace(at, from.size(), to);
    }
    EXPECT_EQ(one_text, report_testing::read_text(dir / "two" / file)) << file;
  }
}

TEST(ReportCommand, PrintWritesOneFileOfTheReportOnStdout) {
  report_testing::TempDir dir;
  const Result r = run_cli({"report", "toguz_kumalak", "--games", kReportGames, "--out",
                            (dir / "out").string(), "--no-store", "--print", "csv", "--no-extras"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, report_testing::read_text(dir / "out/runs.csv"));
  expect_error({"report", "--print", "pdf", "--out", (dir / "other").string(), "--no-store"}, 2,
               "mancala: report: --print: expected csv, json or md, got 'pdf'\n");
}

TEST(ReportCommand, HelpDocumentsTheDefaults) {
  const Result r = run_cli({"report", "--help"});
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("usage: mancala report [RULESET... | --game G]"), std::string::npos);
  EXPECT_NE(r.out.find("--games ] arg (=50000)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--out ] arg (=reports/out)"), std::string::npos) << r.out;
}

// A bad command line: the exact message, the exit code, and nothing written anywhere.
struct BadInput {
  Args args;
  int code;
  std::string message;
};

// Issue 14: "report --game G (every reconstruction of a game, with its comparison page)".
TEST(ReportCommand, GameReportsEveryReconstructionOfTheGameWithItsComparisonPage) {
  report_testing::TempDir dir;
  const fs::path out = dir / "report";
  const Result r =
      run_cli({"report", "--game", "kalah", "--games", kReportGames, "--out", out.string(),
               "--no-store", "--sensitivity-games", "0", "--handicap-rounds", kHandicapRounds});
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::string> ids;
  for (const std::string& id : sim::list_ruleset_ids())
    if (id.starts_with("kalah/")) ids.push_back(id);
  ASSERT_EQ(ids.size(), 2u);
  std::vector<std::string> expected = {
      ".mancala-report", "archive.html", "glossary.html", "index.html",
      "report.md",       "runs.csv",     "runs.json",     comparison_page_path("kalah")};
  for (const std::string& id : ids) expected.push_back(reports::ruleset_page_path(id));
  std::sort(expected.begin(), expected.end());
  // Every evidence record has its page (issue 14: the index's map links them all); Kalah's own
  // record among them.
  std::vector<std::string> files, evidence;
  for (const std::string& f : list_files(out))
    (f.starts_with("evidence/") ? evidence : files).push_back(f);
  EXPECT_EQ(files, expected);
  EXPECT_NE(std::find(evidence.begin(), evidence.end(), "evidence/MANCALA.Evidence.2.html"),
            evidence.end());
  const json file = json::parse(report_testing::read_text(out / "runs.json"));
  EXPECT_EQ(file["ladders"], json::array()) << "no --ladder";
  const json& runs = file["runs"];
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0]["ruleset"], "kalah/standard");  // the game's default first
  EXPECT_EQ(runs[1]["ruleset"], "kalah/empty_capture");
}

TEST(ReportCommand, BadInputIsRefusedWithExactMessagesAndWritesNothing) {
  report_testing::TempDir dir;
  const std::string out = (dir / "out").string();
  const std::string db = (dir / "mancala.db").string();
  report_testing::write_text(dir / "a-file", "x");
  report_testing::write_text(dir / "mine/notes.txt", "keep");

  const std::vector<BadInput> cases = {
      {{"report", "no_such_game/standard", "--out", out, "--db", db},
       1,
       "mancala: no_such_game/standard: unknown ruleset ('mancala rules list' names them all)\n"},
      {{"report", "--games", "0", "--out", out, "--db", db},
       2,
       "mancala: report: --games: must be 1 or more\n"},
      {{"report", "--games", "-5", "--out", out, "--db", db},
       2,
       "mancala: report: --games: must be 1 or more\n"},
      {{"report", "--seed=-1", "--out", out, "--db", db},
       2,
       "mancala: report: --seed: must be 0 or more\n"},
      {{"report", "--threads", "0", "--out", out, "--db", db},
       2,
       "mancala: report: --threads: must be 1 or more\n"},
      {{"report", "--handicap-rounds", "0", "--out", out, "--db", db},
       2,
       "mancala: report: --handicap-rounds: must be 1 or more\n"},
      {{"report", "--agent", "clever", "--out", out, "--db", db},
       2,
       "mancala: report: --agent: 'clever' is not an agent (" + sim::agent_list() + ")\n"},
      {{"report", "--out", "", "--db", db}, 2, "mancala: report: --out: expected a folder\n"},
      {{"report", "toguz_kumalak", "toguz_kumalak/standard", "--out", out, "--db", db},
       2,
       "mancala: report: toguz_kumalak/standard: given twice\n"},
      {{"report", "toguz_kumalak", "--out", (dir / "a-file/out").string(), "--db", db},
       1,
       "mancala: " + (dir / "a-file/out").string() +
           ": cannot write the report here (Not a directory)\n"},
      {{"report", "toguz_kumalak", "--out", (dir / "a-file").string(), "--db", db},
       1,
       "mancala: " + (dir / "a-file").string() + ": exists and is not a folder\n"},
      {{"report", "toguz_kumalak", "--out", (dir / "mine").string(), "--db", db},
       1,
       "mancala: " + (dir / "mine").string() +
           ": is a folder that is not a mancala report (no .mancala-report file in it): choose "
           "another folder or empty it\n"},
      {{"report", "toguz_kumalak", "--out", out, "--db", db, "--no-store"},
       2,
       "mancala: report: give --db or --no-store, not both\n"},
      {{"report", "--game", "chess", "--out", out, "--db", db},
       1,
       "mancala: " + sim::rulesets_dir().string() +
           ": --game: no game 'chess' (see 'mancala rules list')\n"},
      {{"report", "otep", "--game", "otep", "--out", out, "--db", db},
       2,
       "mancala: report: give rulesets or --game, not both\n"},
  };
  for (const BadInput& c : cases) {
    const Result r = run_cli(c.args);
    EXPECT_EQ(r.code, c.code) << c.message;
    EXPECT_EQ(r.err, c.message);
    EXPECT_EQ(r.out, "");
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(dir.path()))
      left.push_back(e.path().filename().string());
    std::sort(left.begin(), left.end());
    EXPECT_EQ(left, (std::vector<std::string>{"a-file", "mine"}))
        << "nothing written for: " << c.message;
  }
  EXPECT_EQ(report_testing::read_text(dir / "mine/notes.txt"), "keep");
}

TEST(ReportCommand, AFailedRunLeavesThePreviousReportAsItWas) {
  report_testing::TempDir dir;
  const std::string out = (dir / "out").string();
  ASSERT_EQ(run_cli({"report", "toguz_kumalak", "--games", kReportGames, "--out", out, "--no-store",
                     "--no-extras"})
                .code,
            0);
  const std::string index = report_testing::read_text(dir / "out/index.html");
  const std::vector<std::string> files = list_files(dir / "out");
  EXPECT_EQ(run_cli({"report", "nope", "--out", out, "--no-store"}).code, 1);
  EXPECT_EQ(run_cli({"report", "--games", "0", "--out", out, "--no-store"}).code, 2);
  EXPECT_EQ(report_testing::read_text(dir / "out/index.html"), index);
  EXPECT_EQ(list_files(dir / "out"), files);
  // A new report over it replaces it whole.
  ASSERT_EQ(run_cli({"report", "toguz_kumalak/no_tuzdyk", "--games", kReportGames, "--out", out,
                     "--no-store", "--no-extras"})
                .code,
            0);
  std::vector<std::string> files_now = list_files(dir / "out");
  std::erase_if(files_now, [](const std::string& f) { return f.starts_with("evidence/"); });
  EXPECT_EQ(files_now,
            (std::vector<std::string>{
                ".mancala-report", "archive.html", "glossary.html", "index.html", "report.md",
                "rulesets/toguz_kumalak.no_tuzdyk.html", "runs.csv", "runs.json"}));
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir.path()))
    left.push_back(e.path().filename().string());
  EXPECT_EQ(left, std::vector<std::string>{"out"}) << "no temporary folder is left behind";
}

// Optional: when Chromium is installed, the index renders headless to a non-empty PNG.
TEST(ReportCommand, IndexRendersInHeadlessChromiumWhenInstalled) {
  const char* chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) GTEST_SKIP() << "no " << chromium;
  report_testing::TempDir dir;
  ASSERT_EQ(run_cli({"report", "toguz_kumalak", "--games", kReportGames, "--out",
                     (dir / "out").string(), "--no-store", "--handicap-rounds", kHandicapRounds})
                .code,
            0);
  const fs::path png = dir / "index.png";
  const std::string command =
      std::string("timeout 120 ") + chromium +
      " --headless --no-sandbox --disable-gpu --disable-background-networking"
      " --disable-component-update --disable-sync --no-first-run --user-data-dir=" +
      (dir / "profile").string() + " --screenshot=" + png.string() +
      " --window-size=1200,1600 file://" + (dir / "out/index.html").string() + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const std::string image = report_testing::read_text(png);
  ASSERT_GT(image.size(), 10000u) << "a blank page compresses to far less";
  EXPECT_EQ(image.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

}  // namespace
// Issue 14: "runs.csv tidy ... and the handicap curves in it": each handicap level of a
// multi-round ruleset is a row per statistic, with the level in its column and the side in state.
TEST(ReportCommand, RunsCsvCarriesTheHandicapCurvesInItsTidyColumns) {
  report_testing::TempDir dir;
  const fs::path out = dir / "report";
  const Result r =
      run_cli({"report", "khutka_boia", "--games", kReportGames, "--out", out.string(),
               "--no-store", "--sensitivity-games", "0", "--handicap-rounds", kHandicapRounds});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream csv(report_testing::read_text(out / "runs.csv"));
  std::string line;
  std::getline(csv, line);
  ASSERT_TRUE(line.ends_with('\r')) << "CRLF, as RFC 4180 has it";
  line.pop_back();
  EXPECT_EQ(
      line,
      "run_id,part,ruleset,game,agent_p1,agent_p2,seed,rules_hash,seats,statistic,round,level,"
      "state,holes_p1,holes_p2,tribute_to,bha,favoured,player,value,ci_low,ci_high");
  std::map<std::string, std::map<std::string, double>> by_level;  // level -> statistic -> value
  int curve_rows = 0;
  while (std::getline(csv, line)) {
    ASSERT_TRUE(line.ends_with('\r')) << "every line CRLF: " << line;
    line.pop_back();
    std::vector<std::string> f;
    std::stringstream fields(line);
    for (std::string x; std::getline(fields, x, ',');) f.push_back(x);
    if (line.back() == ',') f.push_back("");
    ASSERT_EQ(f.size(), 22u) << line;
    if (!f[9].starts_with("handicap_curve_")) continue;
    ++curve_rows;
    EXPECT_EQ(f[0], "") << "measured by games of their own, not by the stored run";
    EXPECT_EQ(f[1], "handicap_curves");
    EXPECT_EQ(f[2], "khutka_boia/das_gupta_1926");
    EXPECT_EQ(f[8], "alternating");
    EXPECT_FALSE(f[11].empty()) << "every curve row names its level: " << line;
    by_level[f[11]][f[9] + (f[12].empty() ? "" : ":" + f[12])] = std::stod(f[19]);
  }
  EXPECT_GT(curve_rows, 0);
  ASSERT_TRUE(by_level.count("0"));
  for (const auto& [level, stat] : by_level) {
    EXPECT_EQ(stat.at("handicap_curve_rounds"), std::stod(kHandicapRounds)) << level;
    // Handicapped side's wins, the other side's and draws are shares of the same finished rounds.
    EXPECT_LE(stat.at("handicap_curve_win_rate:handicapped") +
                  stat.at("handicap_curve_win_rate:other") + stat.at("handicap_curve_draw_rate"),
              1.0 + 1e-12)
        << level;
  }
}

}  // namespace mancala::cli
