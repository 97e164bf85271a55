// Hostile inputs and resources for the commands that run games or read files (issue 12, "Errors
// and resources"): an absurd --threads, SIGTERM, an archive locked by another process, notation
// longer than a file name, numbers out of range and files too large to read.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>

#include "../archive/archive_test_util.h"
#include "cli_test_util.h"
#include "common/paths.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using test_support::ScopedEnv;
using testing::expect_error;
using testing::Result;
using testing::run_cli;

// "--threads has an upper bound": every command that runs games refuses a thread count the
// system could not create (it used to abort with exit 134), with exit 2 and one message.
TEST(ThreadsOption, AbsurdCountsAreRefusedWithExit2InEveryCommand) {
  archive::testing::TempDir dir;
  const std::vector<Args> commands = {
      {"simulate", "toguz_kumalak", "--no-store", "--threads", "100000"},
      {"compare", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", "--threads", "100000"},
      {"bench", "toguz_kumalak", "--threads", "100000"},
      {"report", "toguz_kumalak", "--no-store", "--out", dir / "out", "--threads", "100000"},
      {"handicap", "khutka_boia", "--threads", "100000"},
  };
  for (const Args& args : commands) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, 2) << args[0] << ": " << r.err;
    EXPECT_EQ(r.err, "mancala: " + args[0] + ": --threads: must be at most 256 (got 100000)\n");
    EXPECT_EQ(r.out, "");
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
  // The bound itself is accepted.
  const Result at_bound =
      run_cli({"simulate", "toguz_kumalak", "--no-store", "--games", "3", "--threads", "256"});
  EXPECT_EQ(at_bound.code, 0) << at_bound.err;
}

// `mancala serve`'s limits are checked before any socket is opened: exit 2, one message.
TEST(ServeOptions, OutOfRangeLimitsAreRefusedBeforeTheServerStarts) {
  expect_error({"serve", "--port", "70000"}, 2, "mancala: serve: --port: expected 0 to 65535\n");
  expect_error({"serve", "--max-games", "0"}, 2,
               "mancala: serve: --max-games: expected 1 to 64 (a game may hold 16 MiB of moves, "
               "the server 1024 MiB)\n");
  expect_error({"serve", "--idle-minutes", "-5"}, 2,
               "mancala: serve: --idle-minutes: expected 0 to 525600 (a year)\n");
}

// "SIGTERM ... treat it like Ctrl-C": the partial run is printed and stored, exit 143.
TEST(SimulateSignals, SigtermPrintsAndStoresThePartialRunLikeCtrlC) {
  archive::testing::TempDir dir;
  const Result r =
      testing::run_cli_interrupted({"simulate", "toguz_kumalak/standard", "--games", "1000000000",
                                    "--format", "json", "--threads", "2", "--db", dir / "runs.db"},
                                   SIGTERM);
  testing::expect_partial_simulate(r, 143, "SIGTERM");
  const json printed = json::parse(r.out);
  EXPECT_EQ(printed["partial"], true);
  const json stored = json::parse(run_cli({"runs", "show", "1", "--db", dir / "runs.db"}).out);
  EXPECT_EQ(stored["stats"], printed);
}

// "The result must reach stdout / -o first": another connection holds the archive's write lock
// for longer than simulate waits; the result is written, and the message says it was.
TEST(SimulateStore, ALockedArchiveDoesNotCostTheResult) {
  archive::testing::TempDir dir;
  const std::string db = dir / "runs.db";
  ASSERT_EQ(run_cli({"simulate", "toguz_kumalak", "--games", "2", "--db", db}).code, 0);
  const Result unlocked =
      run_cli({"simulate", "toguz_kumalak", "--games", "20", "--no-store", "--format", "json"});
  ASSERT_EQ(unlocked.code, 0);

  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  {
    ScopedEnv wait_one_second("MANCALA_BUSY_TIMEOUT", "1");
    const Result to_file = run_cli({"simulate", "toguz_kumalak", "--games", "20", "--format",
                                    "json", "--db", db, "-o", dir / "run.json"});
    EXPECT_EQ(to_file.code, 1);
    EXPECT_EQ(archive::testing::read_text(dir / "run.json"), unlocked.out);
    EXPECT_TRUE(to_file.err.ends_with(
        "mancala: " + db +
        ": the archive is busy: another process kept it locked for 1 s; try again; the results "
        "were written to " +
        dir / "run.json" + " but not stored\n"))
        << to_file.err;
    const Result to_stdout =
        run_cli({"simulate", "toguz_kumalak", "--games", "20", "--format", "json", "--db", db});
    EXPECT_EQ(to_stdout.code, 1);
    EXPECT_EQ(to_stdout.out, unlocked.out);
    EXPECT_TRUE(to_stdout.err.ends_with("the results were written to stdout but not stored\n"))
        << to_stdout.err;
  }
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  const json runs = json::parse(run_cli({"runs", "list", "--db", db, "--format", "json"}).out);
  EXPECT_EQ(runs.size(), 1u);  // only the first run
}

// Issue 21, item 5: "report loses everything on a busy database ... Write the report, keep the
// runs in a file, say where." The report is written, the runs not stored are in a file that
// 'mancala merge' stores once the archive is free.
TEST(ReportStore, ALockedArchiveDoesNotCostTheReportNorItsRuns) {
  archive::testing::TempDir dir;
  const std::string db = dir / "runs.db";
  ASSERT_EQ(run_cli({"simulate", "toguz_kumalak", "--games", "2", "--db", db}).code, 0);
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  const std::string out = dir / "report";
  const std::string kept = out + "/runs-not-stored.json";
  {
    ScopedEnv wait_one_second("MANCALA_BUSY_TIMEOUT", "1");
    const Result r = run_cli({"report", "kalah", "otep", "--games", "30", "--no-extras",
                              "--sensitivity-games", "0", "--db", db, "--out", out});
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(r.err.ends_with("mancala: " + db +
                                ": the archive is busy: another process kept it locked for 1 s; "
                                "try again; the report was written to " +
                                out + " but 2 runs were not stored: they are in " + kept +
                                " (store them with 'mancala merge " + kept + "')\n"))
        << r.err;
  }
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  EXPECT_TRUE(std::filesystem::exists(out + "/index.html"));
  EXPECT_EQ(json::parse(run_cli({"runs", "list", "--db", db, "--format", "json"}).out).size(), 1u);
  const Result merged = run_cli({"merge", kept, "--db", db, "--format", "json"});
  EXPECT_EQ(merged.code, 0) << merged.err;
  const json runs = json::parse(run_cli({"runs", "list", "--db", db, "--format", "json"}).out);
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[1]["ruleset"], "kalah/standard");
  EXPECT_EQ(runs[1]["games"], 30);
  EXPECT_EQ(runs[2]["ruleset"], "otep/beaton_1939");
}

// The first game of the tournament fixture's notation, as given on the command line.
std::string first_tournament_notation() {
  std::ifstream in(data_dir() / "games" / "togyz" / "kazakhstan-2016-2018.jsonl");
  std::string line;
  std::getline(in, line);
  return json::parse(line)["notation"].get<std::string>();
}

// "Decide file versus text without tripping on long text": notation longer than a file name may
// be (255 bytes) is read as notation, the same as from a file.
TEST(ReplayNotation, TextLongerThanAFileNameIsNotation) {
  archive::testing::TempDir dir;
  const std::string notation = first_tournament_notation();
  ASSERT_GT(notation.size(), 255u);
  archive::testing::write_text(dir / "game.txt", notation);
  const Result inline_text =
      run_cli({"replay", "toguz_kumalak", "--togyz-notation", notation, "--format", "json"});
  const Result from_file = run_cli(
      {"replay", "toguz_kumalak", "--togyz-notation", dir / "game.txt", "--format", "json"});
  ASSERT_EQ(inline_text.code, 0) << inline_text.err;
  EXPECT_EQ(inline_text.out, from_file.out);
}

// Found by fuzz_togyz_notation: a move number too long for an int ended in "internal error:
// stoi" (std::out_of_range); an empty one ("." alone) in std::invalid_argument.
TEST(ReplayNotation, AMoveNumberTooLongForAnIntIsAnError) {
  expect_error(
      {"replay", "toguz_kumalak", "--togyz-notation", "1. 76 98 2. 66 87 99999999999999999999. 12"},
      1, "mancala: notation: '99999999999999999999.' after move 2 (black) 87: expected 3.\n");
  const Result empty = run_cli({"replay", "toguz_kumalak", "--togyz-notation", "1. 76 98 . 66"});
  EXPECT_EQ(empty.code, 1);
  EXPECT_TRUE(empty.err.starts_with("mancala: notation: '")) << empty.err;
}

// "A number out of range ... every input error names the file and what is wrong."
TEST(InputFiles, ANumberOutOfRangeIsNamedWithItsFileAndKey) {
  archive::testing::TempDir dir;
  archive::testing::write_text(
      dir / "rules.json",
      R"({"name": "x", "status": "reconstructed", "extends": "toguz_kumalak/standard",)"
      R"( "rules": {"counters_per_hole": 1e999}})");
  expect_error({"rules", "check", dir / "rules.json"}, 1,
               "mancala: " + dir / "rules.json" +
                   ": rules.counters_per_hole: number out of range '1e999'\n");

  const Result shard = run_cli({"simulate", "toguz_kumalak", "--games", "4", "--shard", "1/2",
                                "--format", "json", "-o", dir / "shard.json"});
  ASSERT_EQ(shard.code, 0) << shard.err;
  std::string text = archive::testing::read_text(dir / "shard.json");
  text = std::regex_replace(text, std::regex("\"seed\": 1"), "\"seed\": 1e999");
  archive::testing::write_text(dir / "shard.json", text);
  expect_error({"merge", dir / "shard.json", "--no-store"}, 1,
               "mancala: " + dir / "shard.json" + ": seed: number out of range '1e999'\n");
}

// "Reading /dev/zero ends in std::bad_alloc": inputs have a size limit, checked while reading.
TEST(InputFiles, AnEndlessFileIsRefusedAtTheSizeLimit) {
  archive::testing::TempDir dir;
  expect_error({"evidence", "import", "/dev/zero", "--db", dir / "a.db"}, 1,
               "mancala: /dev/zero: larger than the 32 MiB limit for an input file\n");
  expect_error({"merge", "/dev/zero", "--no-store"}, 1,
               "mancala: /dev/zero: larger than the 32 MiB limit for an input file\n");
  expect_error({"replay", "toguz_kumalak", "--togyz-notation", "/dev/zero"}, 1,
               "mancala: /dev/zero: larger than the 32 MiB limit for an input file\n");
}

// Issue 21, item 13: "/dev/zero: no such file or folder", "mancala: : no default ruleset": every
// message names the file and says what is wrong with it.
TEST(InputFiles, ARulesetThatIsNotAFileOrIsEmptySaysWhatItIs) {
  expect_error({"simulate", "/dev/zero", "--no-store"}, 1,
               "mancala: /dev/zero: not a ruleset file (a character device)\n");
  expect_error({"rules", "check", "/dev/zero"}, 1,
               "mancala: /dev/zero: not a ruleset file or folder (a character device)\n");
  const std::string empty_message =
      "mancala: '': no ruleset of that name (give a ruleset id such as kalah/standard, a game "
      "name such as kalah, or a JSON file)\n";
  expect_error({"simulate", "", "--no-store"}, 1, empty_message);
  expect_error({"rules", "show", ""}, 1, empty_message);
  expect_error(
      {"trace", "/tmp"}, 1,
      "mancala: /tmp: a folder, not a ruleset (name a file, or a game by its folder's name "
      "alone, e.g. kalah)\n");
}

// "--db /dev/null creates /dev/null-journal in /dev (as root), then fails with 'disk I/O error';
// runs list --db /dev/null says 'an empty file, not an archive yet'": an archive that is a
// device or a fifo is refused, naming it and what it is, before any game is played.
TEST(InputFiles, AnArchiveThatIsADeviceOrAFifoIsRefusedAsSuch) {
  archive::testing::TempDir dir;
  const std::string fifo = dir / "runs.db";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_error({"simulate", "kalah", "--games", "5", "--db", fifo}, 1,
               "mancala: " + fifo + ": not an archive file (a fifo)\n");
  expect_error({"evidence", "import", archive::testing::seed_evidence_dir(), "--db", fifo}, 1,
               "mancala: " + fifo + ": not an archive file (a fifo)\n");
  expect_error({"runs", "list", "--db", fifo}, 1,
               "mancala: " + fifo + ": not an archive file (a fifo)\n");
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()),
                          std::filesystem::directory_iterator()),
            1);
  // Read-only, which creates nothing beside the file even where the check is missing.
  expect_error({"runs", "list", "--db", "/dev/null"}, 1,
               "mancala: /dev/null: not an archive file (a character device)\n");
  expect_error({"evidence", "search", "four", "--db", "/dev/zero"}, 1,
               "mancala: /dev/zero: not an archive file (a character device)\n");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

// Issue 21, item 13: "evidence import ''" said "mancala: cannot read: No such file or directory"
// and "merge ''" "mancala: cannot read the file (...)", naming no file.
TEST(InputFiles, AnEmptyFileNameIsShownAndSaidToBeEmpty) {
  archive::testing::TempDir dir;
  expect_error({"evidence", "import", "", "--db", dir / "a.db"}, 1,
               "mancala: '': cannot read: the file name is empty\n");
  expect_error({"merge", "", "--no-store"}, 1,
               "mancala: '': cannot read the file (the file name is empty)\n");
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

}  // namespace
}  // namespace mancala::cli
