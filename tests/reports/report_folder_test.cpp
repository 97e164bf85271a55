// ReportFolder and write_report: the report folder is written whole or not at all, a previous
// report is replaced only by a complete new one, and nothing of the user's is ever deleted.
#include <gtest/gtest.h>

#include <functional>

#include "common/error.h"
#include "report_test_util.h"
#include "reports/report.h"
#include "simulator/run_stats.h"
#include "tests/test_support.h"

namespace mancala::reports {
namespace {

using test_support::error_of;

namespace fs = std::filesystem;
using report_testing::list_files;
using report_testing::read_text;
using report_testing::TempDir;
using report_testing::write_text;

std::vector<ReportEntry> one_entry(uint64_t wins1 = 3) {
  return {{report_testing::make_ruleset("toguz_kumalak/standard", "Standard", "described"),
           sim::run_stats_to_json(
               report_testing::make_run("toguz_kumalak/standard", wins1, 2, 1, 0, {50, 60})),
           std::nullopt}};
}

const std::vector<std::string> kReportFiles = {".mancala-report",
                                               "glossary.html",
                                               "index.html",
                                               "report.md",
                                               "rulesets/toguz_kumalak.standard.html",
                                               "runs.csv",
                                               "runs.json"};

// Everything in the folder: the temporary folders must be gone.
std::vector<std::string> entries_of(const fs::path& folder) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(folder)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ReportFolder, WritesANewFolderWholeAndLeavesNoTemporaryFolder) {
  TempDir dir;
  write_report(one_entry(), dir / "out");
  EXPECT_EQ(list_files(dir / "out"), kReportFiles);
  EXPECT_EQ(entries_of(dir.path()), std::vector<std::string>{"out"});
}

TEST(ReportFolder, CreatesMissingParentFolders) {
  TempDir dir;
  write_report(one_entry(), dir / "a/b/out/");
  EXPECT_EQ(list_files(dir / "a/b/out"), kReportFiles);
}

TEST(ReportFolder, ReplacesAPreviousReportWhole) {
  TempDir dir;
  write_report(one_entry(3), dir / "out");
  write_text(dir / "out/rulesets/old_ruleset.html", "from an older report");
  const std::string old_json = read_text(dir / "out/runs.json");
  write_report(one_entry(5), dir / "out");
  EXPECT_EQ(list_files(dir / "out"), kReportFiles) << "no file of the previous report is left";
  EXPECT_NE(read_text(dir / "out/runs.json"), old_json);
  EXPECT_EQ(entries_of(dir.path()), std::vector<std::string>{"out"});
}

TEST(ReportFolder, AcceptsAnEmptyFolder) {
  TempDir dir;
  fs::create_directory(dir / "out");
  write_report(one_entry(), dir / "out");
  EXPECT_EQ(list_files(dir / "out"), kReportFiles);
}

TEST(ReportFolder, RefusesAFolderThatIsNotAReportAndTouchesNothing) {
  TempDir dir;
  write_text(dir / "thesis/chapter1.txt", "precious");
  const fs::path out = dir / "thesis";
  EXPECT_EQ(error_of([&] { write_report(one_entry(), out); }),
            out.string() +
                ": is a folder that is not a mancala report (no .mancala-report file in it): "
                "choose another "
                "folder or empty it");
  EXPECT_EQ(list_files(out), std::vector<std::string>{"chapter1.txt"});
  EXPECT_EQ(read_text(out / "chapter1.txt"), "precious");
  EXPECT_EQ(entries_of(dir.path()), std::vector<std::string>{"thesis"});
}

TEST(ReportFolder, RefusesAFile) {
  TempDir dir;
  write_text(dir / "notes.txt", "mine");
  EXPECT_EQ(error_of([&] { ReportFolder folder(dir / "notes.txt"); }),
            (dir / "notes.txt").string() + ": exists and is not a folder");
  EXPECT_EQ(read_text(dir / "notes.txt"), "mine");
}

TEST(ReportFolder, AnUnwritablePlaceFailsAtOnce) {
  TempDir dir;
  write_text(dir / "file", "x");
  const fs::path out = dir / "file/out";  // a folder inside a file cannot be made, even by root
  EXPECT_EQ(error_of([&] { ReportFolder folder(out); }),
            out.string() + ": cannot write the report here (Not a directory)");
  EXPECT_EQ(entries_of(dir.path()), std::vector<std::string>{"file"});
}

TEST(ReportFolder, DotsInThePathAreResolvedAndTheRootIsRefused) {
  TempDir dir;
  fs::create_directory(dir / "a");
  write_report(one_entry(), dir / "a/../out/.");
  EXPECT_EQ(list_files(dir / "out"), kReportFiles);
  EXPECT_EQ(entries_of(dir.path()), (std::vector<std::string>{"a", "out"}));
  EXPECT_EQ(error_of([&] { ReportFolder folder("/"); }),
            "/: cannot write the report here (it is the root folder)");
}

TEST(ReportFolder, WithoutCommitThePreviousReportStaysAsItWas) {
  TempDir dir;
  write_report(one_entry(3), dir / "out");
  const std::string before = read_text(dir / "out/index.html");
  {
    ReportFolder folder(dir / "out");
    folder.write("index.html", "half of a new report");
    EXPECT_TRUE(fs::exists(folder.temporary() / "index.html"));
    EXPECT_EQ(folder.temporary().parent_path(), dir.path())
        << "beside the destination, on the same file system";
  }  // a failure before commit(): the destructor discards the new files
  EXPECT_EQ(read_text(dir / "out/index.html"), before);
  EXPECT_EQ(list_files(dir / "out"), kReportFiles);
  EXPECT_EQ(entries_of(dir.path()), std::vector<std::string>{"out"});
}

TEST(ReportFolder, ARenderingFailureWritesNothing) {
  TempDir dir;
  auto entries = one_entry();
  entries[0].run.erase("plies");
  EXPECT_EQ(error_of([&] { write_report(entries, dir / "out"); }),
            "toguz_kumalak/standard: plies: missing");
  EXPECT_TRUE(entries_of(dir.path()).empty());
}

}  // namespace
}  // namespace mancala::reports
