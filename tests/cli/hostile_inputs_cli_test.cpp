// Files and commands under attack (issue 41): every defect the hostile audit found outside the
// server, each a test that failed before the fix: deep nesting, inputs whose work grew faster than
// their size, long phases deaf to SIGTERM, files replaced without a word, untyped or unbounded
// inputs, and output unsafe to print.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "../archive/archive_test_util.h"
#include "archive/store.h"
#include "cli_test_util.h"
#include "common/paths.h"

namespace mancala::cli {
namespace {

using testing::expect_error;
using testing::Result;
using testing::run_cli;
using testing::TempDir;
using testing::write_text;

// `depth` arrays, one inside the other, around 1.
std::string deep_arrays(size_t depth) {
  std::string text(depth, '[');  // appended, not added: GCC 12 warns of a + b + c here
  text += '1';
  text.append(depth, ']');
  return text;
}

// "rules check, evidence import and reconstruct refuse 100,000-deep nesting with exit 1": each
// segfaulted (nlohmann's copy of a value recursed once a level): inside a CSL author, a rule
// value, and anything in a readings file, even under left_out.
TEST(HostileNesting, HundredThousandLevelsAreRefusedWithExit1ByEveryReader) {
  TempDir dir("deep-json");
  const std::string deep = deep_arrays(100000);
  write_text(dir / "game/deep.json",
             "{\"extends\": \"kalah/standard\", \"rules\": {\"sow\": " + deep + "}}");
  expect_error({"rules", "check", dir / "game/deep.json"}, 1,
               "mancala: " + dir / "game/deep.json" +
                   ": rules.sow[0][0][0][0][0][0]...: arrays and objects nested deeper than 512 "
                   "levels\n");
  write_text(dir / "evidence.json",
             "{\"records\": [{\"id\": \"X.1\", \"game\": \"kalah\", \"type\": \"ethnography\", "
             "\"sources\": [{\"citation\": \"A 1900\", \"csl\": {\"type\": \"book\", \"author\": "
             "[{\"family\": " +
                 deep + "}]}}]}]}");
  expect_error({"evidence", "import", dir / "evidence.json", "--db", dir / "a.db"}, 1,
               "mancala: " + dir / "evidence.json" +
                   ": records[0].sources[0].csl.author[0].family...: arrays and objects "
                   "nested deeper than 512 levels\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "a.db"));
  write_text(dir / "readings.json",
             "{\"game\": \"kalah\", \"base\": \"kalah/standard\", \"choices\": [], "
             "\"left_out\": " +
                 deep + "}");
  expect_error({"reconstruct", "--readings", dir / "readings.json"}, 1,
               "mancala: " + dir / "readings.json" +
                   ": left_out[0][0][0][0][0][0][0]...: arrays and objects nested deeper than 512 "
                   "levels\n");
}

// No archive: the related-games column then says so, the same on every machine.
const std::string kNoArchive = "/nonexistent/mancala.db";

// ---- work near-linear in the input (item 2) ---------------------------------------------------

// "2,000 alternatives are handled (or refused) in seconds": one choice of 2,000 readings of Kalah
// (board size, counters, the extra move, the facing capture, the smallest sowing) is played,
// ranked and its effects measured, one game each (about a second of CPU), where the effects
// alone never finished.
TEST(HostileWork, TwoThousandAlternativesAreReconstructedInSeconds) {
  TempDir dir("hostile-work");
  nlohmann::json alternatives = nlohmann::json::array();
  alternatives.push_back({{"name", "base"}, {"rules", nlohmann::json::object()}, {"because", "b"}});
  for (int holes = 2; holes <= 16 && alternatives.size() < 2000; ++holes) {
    for (int counters = 1; counters <= 20 && alternatives.size() < 2000; ++counters) {
      for (int sow = 1; sow <= 2 && alternatives.size() < 2000; ++sow) {
        for (int flags = 0; flags < 4 && alternatives.size() < 2000; ++flags) {
          const bool extra = flags & 1, facing = flags & 2;
          if (holes == 6 && counters == 4 && sow == 1 && extra && !facing) continue;  // the base
          alternatives.push_back({{"name", "r" + std::to_string(alternatives.size())},
                                  {"rules",
                                   {{"holes_per_row", holes},
                                    {"counters_per_hole", counters},
                                    {"min_counters_to_sow", sow},
                                    {"store_extra_move", extra},
                                    {"capture_empty_facing", facing}}},
                                  {"because", "b"}});
        }
      }
    }
  }
  ASSERT_EQ(alternatives.size(), 2000u);
  const nlohmann::json readings = {{"game", "kalah"},
                                   {"base", "kalah/standard"},
                                   {"choices",
                                    {{{"id", "board"},
                                      {"phrase", "p"},
                                      {"witness", "assumption"},
                                      {"alternatives", alternatives}}}}};
  write_text(dir / "big.json", readings.dump());
  const Result r =
      run_cli({"reconstruct", "--readings", dir / "big.json", "--games", "1", "--agent", "random",
               "--top", "3", "--threads", "2", "--db", kNoArchive});
  ASSERT_EQ(r.code, 0) << r.err;
  // rules check refuses 276 of them, the boards of more than 320 counters among them.
  EXPECT_NE(r.out.find("2000 combinations of 1 choice point: 276 refused by rules check"),
            std::string::npos);
  EXPECT_NE(r.err.find("reconstruct: kalah: 1724 candidates, 1 stages in "), std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("Largest effect on "), std::string::npos);
}

// ---- nothing replaced that the run did not write (item 4) ------------------------------------

// "reconstruct --write DIR silently replaces a hand-edited reading_1.json": a folder holding a
// file of a name the run may write is refused before any game is played (with --pick the
// names picked, without it every candidate's, the Pareto front being known only at the end);
// --force replaces, naming each file.
TEST(HostileWrite, ReconstructWriteKeepsAHandEditedFileAndForceNamesEachItReplaces) {
  TempDir dir("hostile-write");
  const std::string out = dir / "mine";
  const std::string edited = "{\"name\": \"my own edit\"}\n";
  write_text(out + "/reading_2.json", edited);
  const Args picked = {"reconstruct", "khutka_boia", "--games", "4",       "--agent",
                       "random",      "--write",     out,       "--pick",  "2,3",
                       "--threads",   "2",           "--db",    kNoArchive};
  expect_error(picked, 2,
               "mancala: reconstruct: --write: " + out +
                   " holds reading_2.json, which this run may write: nothing is replaced that "
                   "the run did not write (write to another folder, move it, or give --force to "
                   "replace it)\n");
  EXPECT_EQ(testing::read_text(out + "/reading_2.json"), edited);
  EXPECT_FALSE(std::filesystem::exists(out + "/reading_3.json"));
  // Without --pick every candidate's file may be written.
  expect_error({"reconstruct", "khutka_boia", "--games", "4", "--agent", "random", "--write", out,
                "--threads", "2", "--db", kNoArchive},
               2,
               "mancala: reconstruct: --write: " + out +
                   " holds reading_2.json, which this run may write: nothing is replaced that "
                   "the run did not write (write to another folder, move it, or give --force to "
                   "replace it)\n");
  Args forced = picked;
  forced.push_back("--force");
  const Result r = run_cli(forced);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("reconstruct: replaced " + out + "/reading_2.json\n"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("replaced " + out + "/reading_3.json"), std::string::npos) << r.err;
  EXPECT_NE(testing::read_text(out + "/reading_2.json"), edited);
  // --force without --write, an empty --write and an empty --pick: refused, no folder made.
  expect_error({"reconstruct", "khutka_boia", "--force"}, 2,
               "mancala: reconstruct: --force: lets --write replace files; give --write DIR\n");
  expect_error({"reconstruct", "khutka_boia", "--write", ""}, 2,
               "mancala: reconstruct: --write: give a path, not an empty string\n");
  expect_error({"reconstruct", "khutka_boia", "--write", dir / "new", "--pick", ""}, 2,
               "mancala: reconstruct: --pick: give the candidate numbers to write (N,M,...)\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "new"));
}

// "a written ruleset whose base is the reader's own file does not load unless written beside
// the base's folder (extends: no ruleset 'myrules/mine')": such a candidate is written
// standalone, and loads wherever it is.
TEST(HostileWrite, ACandidateOfTheReadersOwnBaseLoadsWhereverItIsWritten) {
  TempDir dir("hostile-standalone");
  test_support::write_text(
      dir / "myrules/mine.json",
      test_support::read_text(mancala::source_dir() / "data/rulesets/kalah/standard.json"));
  write_text(dir / "r.json",
             R"({"game": "myrules", "base": ")" + dir / "myrules/mine.json" +
                 R"(", "choices": [{"id": "facing", "phrase": "p", "witness": "assumption",
    "alternatives": [{"name": "no", "rules": {}, "because": "the base"},
                     {"name": "yes", "rules": {"capture_empty_facing": true}, "because": "b"}]}]})");
  const std::string out = dir / "far/away/out";
  const Result r = run_cli({"reconstruct", "--readings", dir / "r.json", "--games", "2", "--agent",
                            "random", "--write", out, "--pick", "2", "--db", kNoArchive});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("reconstruct: wrote 1 rulesets of myrules/mine, standalone, to " + out),
            std::string::npos)
      << r.err;
  const Result check = run_cli({"rules", "check", out + "/reading_2.json"});
  EXPECT_EQ(check.code, 0) << check.out << check.err;
  const Result show = run_cli({"rules", "show", out + "/reading_2.json", "--format", "json"});
  ASSERT_EQ(show.code, 0) << show.err;
  EXPECT_EQ(nlohmann::json::parse(show.out)["rules"]["capture_empty_facing"], true);
}

// ---- output safe to print (item 6) -------------------------------------------------------

// The first byte of `text` a terminal would act on: a C0 control character but the line break
// and the tab, DEL, or a C1 control character (U+0080 to U+009F, UTF-8 C2 80 to C2 9F); npos when
// there is none.
size_t raw_control(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F) return i;
    if (b == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9F)
      return i;
  }
  return std::string::npos;
}

// A record whose fields hold what a hostile file would put there: an escape sequence that
// clears the screen, one that retitles the terminal, a bell, a C1 CSI (U+009B), a tab.
const char* kHostileRecord =
    R"({"records": [{"id": "X.1", "game": "Kalah", "type": "Ethno\u001b[2J",
  "location": "Bari\u0007", "content": "one\tline\u009b31m red",
  "rules": "sow \u001b]0;pwned\u0007 left", "confidence": 50,
  "sources": ["Smith 1900,\nreprinted\u001b[1m 1950"]}]})";

// "control characters from evidence fields, ruleset names and play-test notes reach the terminal
// raw in table and text outputs": every text and table output escapes them (\u001b), so a field
// can neither retitle nor clear the reader's terminal.
TEST(HostileOutput, ControlCharactersInFieldsNamesAndNotesNeverReachTheTerminal) {
  TempDir dir("hostile-output");
  const std::string db = dir / "a.db";
  write_text(dir / "x.json", kHostileRecord);
  const Result imported = run_cli({"evidence", "import", dir / "x.json", "--db", db});
  ASSERT_EQ(imported.code, 0) << imported.err;
  for (const Args& args : std::vector<Args>{
           {"evidence", "show", "X.1", "--db", db},
           {"evidence", "show", "Kalah", "--db", db},
           {"evidence", "search", "--game", "kalah", "--db", db},
           {"evidence", "search", "sow", "--db", db},
           {"evidence", "cite", "X.1", "--format", "text", "--db", db},
           {"evidence", "summary", "--db", db},
       }) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, 0) << args[1] << ": " << r.err;
    EXPECT_EQ(raw_control(r.out), std::string::npos) << args[1] << " " << args[2] << ":\n" << r.out;
    EXPECT_EQ(raw_control(r.err), std::string::npos) << args[1] << ":\n" << r.err;
  }
  const Result show = run_cli({"evidence", "show", "X.1", "--db", db});
  EXPECT_NE(show.out.find("Ethno\\u001b[2J"), std::string::npos) << show.out;
  EXPECT_NE(show.out.find("\\u009b31m red"), std::string::npos) << show.out;
  // The JSON keeps the text exactly (JSON escapes it): what was imported is not lost.
  const Result as_json = run_cli({"evidence", "show", "X.1", "--format", "json", "--db", db});
  EXPECT_EQ(nlohmann::json::parse(as_json.out)["type"], "Ethno\x1b[2J");

  // A ruleset's name and summary, from its file.
  write_text(dir / "game/odd.json",
             R"({"extends": "kalah/standard", "name": "Kalah \u001b]0;pwned\u0007",
                 "summary": "\u001b[2Jcleared"})");
  for (const Args& args : std::vector<Args>{{"rules", "show", dir / "game/odd.json"}}) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(raw_control(r.out), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Kalah \\u001b]0;pwned\\u0007"), std::string::npos) << r.out;
  }

  // A play-test's notes, as the server saves them.
  {
    archive::Store store = archive::Store::open(db);
    archive::PlaytestRecord p;
    p.ruleset = "kalah/standard";
    p.rules_hash = "abc";
    p.engine_version = "0.1.0";
    p.seats = {"human", "greedy"};
    p.moves = "3";
    p.plies = 1;
    p.end = "none";
    p.result = "Unfinished";
    p.notes =
        "\x1b[2Jnotes\x07 \xc2\x9b"
        "31m";
    store.store_playtest(p);
  }
  for (const Args& args : std::vector<Args>{{"playtests", "list", "--db", db},
                                            {"playtests", "show", "1", "--db", db}}) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(raw_control(r.out), std::string::npos) << args[1] << ":\n" << r.out;
    EXPECT_NE(r.out.find("\\u001b[2Jnotes\\u0007 \\u009b31m"), std::string::npos) << r.out;
  }

  // An error message quoting what a file holds.
  write_text(dir / "bad.json", R"({"records": [{"id": "X.2", "game": "g", "type": "t",
    "confidence": "\u001b[2J"}]})");
  const Result bad = run_cli({"evidence", "import", dir / "bad.json", "--db", dir / "b.db"});
  EXPECT_EQ(bad.code, 1);
  EXPECT_EQ(raw_control(bad.err), std::string::npos) << bad.err;
}

// A ruleset's id is made from its file name, which may hold an escape sequence too: the
// simulate and runs tables (reports/runs_table.cpp), solve's text, the report's Markdown and every
// status line on stderr (the CLI's one filter, common/printable_stream.h) show it escaped.
TEST(HostileOutput, ARulesetFileNamedWithAnEscapeIsShownEscaped) {
  TempDir dir("hostile-name");
  const std::string file = dir / "odd/e\x1b[2Jvil.json";
  write_text(file, R"({"extends": "kalah/standard"})");
  const std::string db = dir / "a.db";
  for (const Args& args :
       std::vector<Args>{{"simulate", file, "--games", "20", "--threads", "1", "--db", db},
                         {"runs", "list", "--db", db},
                         {"compare", file, "kalah", "--games", "20", "--threads", "1"},
                         {"solve", file, "--moves", "3", "--max-seconds", "0.2"},
                         {"rules", "check", dir / "odd/missing-e\x1b[2J.json"}}) {
    const Result r = run_cli(args);
    EXPECT_EQ(raw_control(r.out), std::string::npos) << args[0] << ":\n" << r.out;
    EXPECT_EQ(raw_control(r.err), std::string::npos) << args[0] << ":\n" << r.err;
    EXPECT_NE((r.out + r.err).find("e\\u001b[2J"), std::string::npos) << args[0] << r.out << r.err;
  }
  // The report's Markdown, read in a terminal as often as in a viewer (its CSV and JSON keep the
  // id exactly: data, as the archive holds it).
  const Result report = run_cli(
      {"report", file, "--games", "20", "--threads", "1", "--no-store", "--out", dir / "report"});
  ASSERT_EQ(report.code, 0) << report.err;
  const std::string markdown = testing::read_text(dir / "report/report.md");
  EXPECT_EQ(raw_control(markdown), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("e\\u001b[2Jvil"), std::string::npos) << markdown;
}

// "newlines inside a citation break evidence cite --format text's one reference a line": each
// reference stays on its line, its line break a space.
TEST(HostileOutput, ACitationsLineBreakKeepsOneReferenceALine) {
  TempDir dir("hostile-cite");
  const std::string db = dir / "a.db";
  write_text(dir / "x.json", kHostileRecord);
  ASSERT_EQ(run_cli({"evidence", "import", dir / "x.json", "--db", db}).code, 0);
  const Result r = run_cli({"evidence", "cite", "X.1", "--format", "text", "--db", db});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\n    Smith 1900, reprinted\\u001b[1m 1950\n"), std::string::npos) << r.out;
}

// ---- typed and bounded inputs (item 5) --------------------------------------------------------

// "an id with an escaped NUL is refused with a message cut at the NUL, and a game name
// "kalah\u0000evil" is accepted as a new game kalah_evil while the summary says games: 0 added":
// a NUL is refused in every JSON string, the message showing it escaped; nothing is imported.
TEST(HostileInputs, ANulInAnyStringIsRefusedShownEscaped) {
  TempDir dir("hostile-nul");
  write_text(dir / "id.json",
             R"({"records": [{"id": "X.1\u0000evil", "game": "kalah", "type": "t"}]})");
  expect_error({"evidence", "import", dir / "id.json", "--db", dir / "a.db"}, 1,
               "mancala: " + dir / "id.json" +
                   ": records[0].id: a NUL character (\\u0000) in 'X.1\\u0000evil'\n");
  write_text(dir / "game.json",
             R"({"records": [{"id": "X.1", "game": "kalah\u0000evil", "type": "t"}]})");
  expect_error({"evidence", "import", dir / "game.json", "--db", dir / "a.db"}, 1,
               "mancala: " + dir / "game.json" +
                   ": records[0].game: a NUL character (\\u0000) in 'kalah\\u0000evil'\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "a.db"));
  write_text(dir / "r/nul.json", R"({"extends": "kalah/standard", "name": "a\u0000b"})");
  expect_error(
      {"rules", "check", dir / "r/nul.json"}, 1,
      "mancala: " + dir / "r/nul.json" + ": name: a NUL character (\\u0000) in 'a\\u0000b'\n");
}

// "confidence: 9223372036854775808 gives confidence -9223372036854775808 is not in 0-100": an
// out-of-range number is quoted as the file gives it, in records and rulesets alike.
TEST(HostileInputs, OutOfRangeNumbersAreQuotedAsGiven) {
  TempDir dir("hostile-range");
  write_text(dir / "c.json", R"({"records": [{"id": "X.1", "game": "kalah", "type": "t",
    "confidence": 9223372036854775808}]})");
  expect_error({"evidence", "import", dir / "c.json", "--db", dir / "a.db"}, 1,
               "mancala: " + dir / "c.json" +
                   ": records[0] (X.1): confidence 9223372036854775808 is not in 0-100\n");
  write_text(dir / "b.json", R"({"records": [{"id": "X.1", "game": "kalah", "type": "t",
    "board": {"rows": 9223372036854775808}}]})");
  expect_error({"evidence", "import", dir / "b.json", "--db", dir / "a.db"}, 1,
               "mancala: " + dir / "b.json" +
                   ": records[0] (X.1): board: field 'rows' must be an integer (not "
                   "9223372036854775808)\n");
  write_text(dir / "g/r.json",
             R"({"extends": "kalah/standard", "rules": {"holes_per_row": 18446744073709551615},
                 "provenance": {"holes_per_row": {"assumption": "a"}}})");
  expect_error({"rules", "check", dir / "g/r.json"}, 1,
               "mancala: " + dir / "g/r.json" +
                   ": rules.holes_per_row: 18446744073709551615 is out of range 2..40\n");
}

// "simulate --games 9223372036854775807 reports interrupted by Ctrl-C at once with no signal
// sent": --games is bounded by what the runner counts exactly, refused plainly above it.
TEST(HostileInputs, GamesAboveWhatTheRunnerCountsAreRefusedPlainly) {
  const std::string bound = " (2^53, the most games a run counts exactly), got ";
  expect_error({"simulate", "kalah", "--games", "9223372036854775807", "--no-store"}, 2,
               "mancala: simulate: --games: must be at most 9007199254740992" + bound +
                   "9223372036854775807\n");
  expect_error({"simulate", "kalah", "--games", "9007199254740993", "--no-store"}, 2,
               "mancala: simulate: --games: must be at most 9007199254740992" + bound +
                   "9007199254740993\n");
  expect_error({"reconstruct", "kalah", "--games", "9223372036854775807"}, 2,
               "mancala: reconstruct: --games: must be at most 9007199254740992" + bound +
                   "9223372036854775807\n");
  expect_error({"bench", "kalah", "--games", "9223372036854775807"}, 2,
               "mancala: bench: --games: must be at most 9007199254740992" + bound +
                   "9223372036854775807\n");
  expect_error({"report", "kalah", "--no-store", "--out", "/nonexistent/r", "--ladder",
                "--ladder-games", "9223372036854775807"},
               2,
               "mancala: report: --ladder-games: must be at most 9007199254740992" + bound +
                   "9223372036854775807\n");
}

// "evidence search is quadratic in its words (1,500 words 21.7 s)": the words and phrases are
// capped, with the count in the message; the cap itself is searched.
TEST(HostileInputs, ASearchOfTooManyWordsIsRefusedNamingTheCount) {
  TempDir dir("hostile-search");
  const std::string db = dir / "a.db";
  ASSERT_EQ(run_cli({"evidence", "import", archive::testing::seed_evidence_dir(), "--db", db}).code,
            0);
  std::string words;
  for (int i = 0; i < 1500; ++i) words += "the ";
  expect_error({"evidence", "search", words, "--db", db}, 1,
               "mancala: " + db +
                   ": the search text has 1500 words and phrases; at most 32 are searched (keep "
                   "the words that matter)\n");
  std::string few;
  for (int i = 0; i < 32; ++i) few += "the ";
  EXPECT_EQ(run_cli({"evidence", "search", few, "--db", db}).code, 0);
}

}  // namespace
}  // namespace mancala::cli
