// Hostile inputs to the archive (issue 12, "Errors and resources"): numbers out of range, game
// names without a key, exports that must import again, updates that would drop fields, and
// archives this user may only read.
#include <grp.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "archive/store.h"
#include "archive_cli_test_util.h"

namespace mancala::archive::testing {
namespace {

namespace fs = std::filesystem;

// "A number out of range (1e999) in evidence ... every input error names the file and what is
// wrong."
TEST(EvidenceInput, ANumberOutOfRangeNamesTheFileRecordAndKey) {
  TempDir dir;
  write_text(dir / "e.json", R"({"records": [{"id": "X.1", "game": "Bao", "type": "Ethnography",)"
                             R"( "confidence": 1e999}]})");
  const CliResult r = run_cli({"evidence", "import", dir / "e.json", "--db", dir / "a.db"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "mancala: " + dir / "e.json" +
                       ": records[0].confidence: number out of range '1e999'\n");
  EXPECT_FALSE(fs::exists(dir / "a.db"));
}

// "A game name made only of punctuation is stored under an empty game key: validate names."
TEST(EvidenceInput, AGameNameWithoutLettersIsRefusedAndNothingWritten) {
  TempDir dir;
  ASSERT_EQ(run_cli({"evidence", "import", seed_evidence_dir(), "--db", dir / "a.db"}).code, 0);
  const std::string before =
      run_cli({"evidence", "search", "--db", dir / "a.db", "--format", "json"}).out;
  for (const std::string name : {"...", "!!!", "--", "?"}) {
    write_text(dir / "e.json",
               R"({"records": [{"id": "X.1", "game": ")" + name + R"(", "type": "Ethnography"}]})");
    const CliResult r = run_cli({"evidence", "import", dir / "e.json", "--db", dir / "a.db"});
    EXPECT_EQ(r.code, 1) << name;
    EXPECT_EQ(r.err, "mancala: " + dir / "e.json" + ": records[0] (X.1): game name '" + name +
                         "' has no letter a-z or digit to make a game key from; declare the "
                         "game under 'games' with a key\n");
  }
  EXPECT_EQ(run_cli({"evidence", "search", "--db", dir / "a.db", "--format", "json"}).out, before);
}

// "Everything the archive exports re-imports": the search export of an archive holding games
// first named by records with odd spellings imports into a new archive, which exports the same.
TEST(EvidenceInput, TheArchivesExportImportsAgainUnchanged) {
  TempDir dir;
  ASSERT_EQ(run_cli({"evidence", "import", seed_evidence_dir(), "--db", dir / "a.db"}).code, 0);
  write_text(dir / "odd.json", R"j({"records": [
      {"id": "X.1", "game": "Bao la Kiswahili!", "type": "Ethnography", "confidence": 50},
      {"id": "X.2", "game": "Bao la Kiswahili?", "type": "Artifact"},
      {"id": "X.3", "game": "9 Holes (variant)", "type": "Artifact"},
      {"id": "X.4", "game": "Ōware", "type": "Artifact"}]})j");
  const CliResult odd = run_cli({"evidence", "import", dir / "odd.json", "--db", dir / "a.db"});
  ASSERT_EQ(odd.code, 0) << odd.err;
  const CliResult exported =
      run_cli({"evidence", "search", "--db", dir / "a.db", "--format", "json"});
  ASSERT_EQ(exported.code, 0);
  const nlohmann::json records = nlohmann::json::parse(exported.out)["records"];
  std::map<std::string, std::string> game_of;
  for (const auto& r : records) game_of[r["id"]] = r["game"];
  EXPECT_EQ(game_of["X.1"], "bao_la_kiswahili");
  EXPECT_EQ(game_of["X.2"], "bao_la_kiswahili");  // the same game, not a second one
  EXPECT_EQ(game_of["X.3"], "game_9_holes_variant");
  EXPECT_EQ(game_of["X.4"], "ware");

  write_text(dir / "export.json", exported.out);
  const CliResult again =
      run_cli({"evidence", "import", dir / "export.json", "--db", dir / "b.db"});
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(run_cli({"evidence", "search", "--db", dir / "b.db", "--format", "json"}).out,
            exported.out);
  // And into the archive it came from: nothing changes.
  const CliResult same = run_cli({"evidence", "import", dir / "export.json", "--db", dir / "a.db"});
  ASSERT_EQ(same.code, 0) << same.err;
  EXPECT_NE(same.err.find(" 0 added, 0 updated, "), std::string::npos) << same.err;
}

// The first `lines` lines of the Khutka Boia portal page: a page saved before it had loaded.
std::string truncated_page(int lines) {
  std::istringstream in(read_text(fixture("khutka_boia_dlp1450.txt")));
  std::string out, line;
  for (int i = 0; i < lines && std::getline(in, line); ++i) out += line + "\n";
  return out;
}

// "A truncated portal page ... silently replaces a complete one. An update that removes fields
// must say so, and --dry-run must show what an import would change."
TEST(EvidenceUpdates, ATruncatedPageDoesNotSilentlyReplaceACompleteRecord) {
  TempDir dir;
  const std::string db = dir / "a.db";
  ASSERT_EQ(
      run_cli({"evidence", "import-portal", fixture("khutka_boia_dlp1450.txt"), "--db", db}).code,
      0);
  const std::string complete =
      run_cli({"evidence", "show", "DLP.Evidence.1450", "--db", db, "--format", "json"}).out;
  const std::string bytes = read_text(db);
  write_text(dir / "page.txt", truncated_page(9));  // up to "Rules", without what follows

  // Issue 20: refused as any other version of an archived record is, field by field.
  const CliResult refused = run_cli({"evidence", "import-portal", dir / "page.txt", "--db", db});
  EXPECT_EQ(refused.code, 1);
  EXPECT_TRUE(refused.err.ends_with(
      "mancala: " + dir / "page.txt" +
      ": DLP.Evidence.1450: the archive holds DLP.Evidence.1450 in another version (content, "
      "confidence, ages, genders, sources); nothing imported: --merge keeps what the archive has "
      "and adds what it lacks, --overwrite replaces it on purpose (--dry-run shows the changes)\n"))
      << refused.err;
  EXPECT_NE(refused.err.find("  confidence: archived 100; imported (none)\n"), std::string::npos)
      << refused.err;
  // Overwriting on purpose still refuses to empty fields without --allow-removals.
  const CliResult removals =
      run_cli({"evidence", "import-portal", dir / "page.txt", "--db", db, "--overwrite"});
  EXPECT_EQ(removals.code, 1);
  EXPECT_EQ(removals.err,
            "mancala: " + dir / "page.txt" +
                ": DLP.Evidence.1450: would remove content, confidence, ages, genders, sources "
                "from the archived record (a truncated page?); nothing imported "
                "(give --allow-removals to accept)\n");
  EXPECT_EQ(run_cli({"evidence", "show", "DLP.Evidence.1450", "--db", db, "--format", "json"}).out,
            complete);

  const CliResult dry = run_cli(
      {"evidence", "import-portal", dir / "page.txt", "--db", db, "--overwrite", "--dry-run"});
  EXPECT_EQ(dry.code, 0) << dry.err;
  EXPECT_NE(
      dry.err.find("would update DLP.Evidence.1450: content, confidence, ages, genders, sources; "
                   "would remove content, confidence, ages, genders, sources (refused without "
                   "--allow-removals)\n"
                   "mancala: warning: 1 record cites no source: " +
                   dir / "page.txt" + ": DLP.Evidence.1450\n" +
                   "dry run: would import 1 record into " + db +
                   ": 0 added, 1 updated, 0 unchanged; rulesets linked: "),
      std::string::npos)
      << dry.err;
  EXPECT_TRUE(dry.err.ends_with("; nothing written\n")) << dry.err;
  EXPECT_EQ(run_cli({"evidence", "show", "DLP.Evidence.1450", "--db", db, "--format", "json"}).out,
            complete);

  const CliResult allowed = run_cli({"evidence", "import-portal", dir / "page.txt", "--db", db,
                                     "--overwrite", "--allow-removals"});
  EXPECT_EQ(allowed.code, 0) << allowed.err;
  EXPECT_EQ(allowed.err.substr(0, allowed.err.find('\n')),
            "updated DLP.Evidence.1450: content, confidence, ages, genders, sources");
  EXPECT_NE(allowed.err.find("\n  confidence: was 100; now (none)\n"), std::string::npos)
      << allowed.err;
  EXPECT_NE(run_cli({"evidence", "show", "DLP.Evidence.1450", "--db", db, "--format", "json"}).out,
            complete);
  (void)bytes;
}

// A dry run into an archive that does not exist yet creates nothing.
TEST(EvidenceUpdates, ADryRunIntoANewArchiveCreatesNothing) {
  TempDir dir;
  const CliResult dry =
      run_cli({"evidence", "import", seed_evidence_dir(), "--db", dir / "new.db", "--dry-run"});
  EXPECT_EQ(dry.code, 0) << dry.err;
  EXPECT_NE(dry.err.find("would add DLP.Evidence.1450\n"), std::string::npos) << dry.err;
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

// "Reading must work read-only": a search opens the archive read-only, so it leaves the file as
// it was.
TEST(ReadOnlyArchive, ASearchWritesNothing) {
  TempDir dir;
  const std::string db = dir / "a.db";
  ASSERT_EQ(run_cli({"evidence", "import", seed_evidence_dir(), "--db", db}).code, 0);
  ASSERT_FALSE(fs::exists(db + "-wal"));
  const std::string bytes = read_text(db);
  const auto modified = fs::last_write_time(db);
  EXPECT_EQ(run_cli({"evidence", "search", "four", "--db", db}).code, 0);
  EXPECT_EQ(run_cli({"evidence", "summary", "--db", db}).code, 0);
  EXPECT_EQ(read_text(db), bytes);
  EXPECT_EQ(fs::last_write_time(db), modified);
  // The owner's own reader may leave -wal/-shm files (they are the owner's); another user's
  // leaves none (AnotherUsersReadLeavesNothingInTheOwnersWay).
}

// Runs `body` as another, unprivileged user (nobody) in a child process when this test runs as
// root, else in-process; returns the body's exit code. Root may write anything, so a folder or
// file "not writable" can only be shown to root through another user.
template <class Body>
int as_other_user(Body body) {
  if (::geteuid() != 0) return body();
  const pid_t child = ::fork();
  if (child == 0) {
    if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(100);
    ::_exit(body());
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 101;
}

// "An archive in a read-only folder cannot even be searched": it can, and the archive is found.
TEST(ReadOnlyArchive, AnArchiveInAFolderThisUserCannotWriteIsSearched) {
  TempDir dir;
  fs::create_directories(dir / "shelf");
  const std::string db = dir / "shelf/a.db";
  ASSERT_EQ(run_cli({"evidence", "import", seed_evidence_dir(), "--db", db}).code, 0);
  fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::others_read |
                                  fs::perms::others_exec | fs::perms::group_read |
                                  fs::perms::group_exec);
  fs::permissions(dir / "shelf", fs::perms::owner_read | fs::perms::owner_exec |
                                     fs::perms::others_read | fs::perms::others_exec |
                                     fs::perms::group_read | fs::perms::group_exec);
  fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const int code = as_other_user([&] {
    const CliResult r =
        run_cli({"evidence", "search", "--near", "32.5,71.5", "--radius-km", "100", "--db", db});
    if (r.code != 0) return 10;
    if (r.out.find("DLP.Evidence.1450") == std::string::npos) return 11;
    // A checkout in a folder the other user may not enter (mktemp -d's 0700): the import below
    // cannot read the evidence, so only the search is checked.
    // The import also reads the checkout's data (the rulesets it links, the places): in CI's
    // clone, made by mktemp -d, the other user may not enter it either.
    if (::access(seed_evidence_dir().c_str(), R_OK | X_OK) != 0 ||
        ::access(evidence_data_dir().c_str(), R_OK | X_OK) != 0)
      return 0;
    const CliResult written = run_cli({"evidence", "import", seed_evidence_dir(), "--db", db});
    if (written.code != 1) return 12;
    // What is really wrong: the file is not this user's to write.
    if (written.err != "mancala: " + db +
                           ": cannot write to the archive: you may not write the file "
                           "(Permission denied)\n") {
      std::cerr << "import as another user said: " << written.err;  // the child's stderr
      return 13;
    }
    return 0;
  });
  fs::permissions(dir / "shelf", fs::perms::owner_all);
  fs::permissions(db, fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(code, 0);
  EXPECT_FALSE(fs::exists(db + "-wal"));
  EXPECT_FALSE(fs::exists(db + "-shm"));
}

// "After another user only reads the archive, the -wal/-shm files make the owner's next write
// fail": a reader who may not write the file leaves none, and the owner writes.
TEST(ReadOnlyArchive, AnotherUsersReadLeavesNothingInTheOwnersWay) {
  TempDir dir;
  const std::string db = dir / "a.db";
  ASSERT_EQ(run_cli({"evidence", "import", seed_evidence_dir(), "--db", db}).code, 0);
  fs::permissions(dir.path(), fs::perms::all);  // a shared folder: anyone may create files
  fs::permissions(db, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                          fs::perms::others_read);
  const int code = as_other_user([&] {
    return run_cli({"evidence", "search", "four", "--db", db}).code == 0 ? 0 : 10;
  });
  EXPECT_EQ(code, 0);
  EXPECT_FALSE(fs::exists(db + "-wal"));
  EXPECT_FALSE(fs::exists(db + "-shm"));
  write_text(dir / "new.json",
             R"({"records": [{"id": "X.1", "game": "Bao", "type": "Ethnography"}]})");
  const CliResult owner = run_cli({"evidence", "import", dir / "new.json", "--db", db});
  EXPECT_EQ(owner.code, 0) << owner.err;
}

// A process of the archive's owner that keeps it open (its own process: an SQLite connection
// must not cross a fork), so that a run stored meanwhile stays in the -wal file.
class OwnerKeepsTheArchiveOpen {
 public:
  explicit OwnerKeepsTheArchiveOpen(const std::string& db) {
    if (::pipe(ready_) != 0 || ::pipe(finish_) != 0) ADD_FAILURE() << "pipe";
    owner_ = ::fork();
    if (owner_ == 0) {
      sqlite3* connection = nullptr;
      char byte = 0;
      const bool open = sqlite3_open(db.c_str(), &connection) == SQLITE_OK &&
                        sqlite3_exec(connection, "SELECT count(*) FROM sqlite_master", nullptr,
                                     nullptr, nullptr) == SQLITE_OK;
      if (!open || ::write(ready_[1], "x", 1) != 1 || ::read(finish_[0], &byte, 1) < 0) ::_exit(1);
      sqlite3_close(connection);
      ::_exit(0);
    }
    char byte = 0;
    if (::read(ready_[0], &byte, 1) != 1) ADD_FAILURE() << "the owner's process did not start";
  }
  ~OwnerKeepsTheArchiveOpen() {
    if (::write(finish_[1], "x", 1) != 1) ADD_FAILURE() << "write";
    int status = 0;
    ::waitpid(owner_, &status, 0);
    for (const int fd : {ready_[0], ready_[1], finish_[0], finish_[1]}) ::close(fd);
  }
  OwnerKeepsTheArchiveOpen(const OwnerKeepsTheArchiveOpen&) = delete;
  OwnerKeepsTheArchiveOpen& operator=(const OwnerKeepsTheArchiveOpen&) = delete;

 private:
  int ready_[2] = {-1, -1}, finish_[2] = {-1, -1};
  pid_t owner_ = -1;
};

// An archive (in `dir`, a folder only its owner may write) whose run is still in the -wal file,
// while the owner's process keeps it open; the archive and its -wal and -shm files readable by
// all.
void store_a_run_left_in_the_wal(const TempDir& dir, const std::string& db) {
  ASSERT_EQ(run_cli({"simulate", "kalah", "--games", "20", "--db", db}).code, 0);
  ASSERT_GT(fs::file_size(db + "-wal"), 0u) << "the run must still be in the -wal file";
  fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec);
  const auto readable = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                        fs::perms::others_read;
  for (const char* file : {"", "-wal", "-shm"}) fs::permissions(db + file, readable);
}

// What `runs list` tells another user (as_other_user): 0 when it lists the run with no message,
// or no run with exactly `warning`.
int runs_seen_by_another_user(const std::string& db, const std::string& warning) {
  return as_other_user([&] {
    const CliResult r = run_cli({"runs", "list", "--db", db, "--format", "json"});
    if (r.code != 0) return 10;
    if (!warning.empty()) {
      if (r.err != warning) std::cerr << "runs list as another user said: " << r.err;
      return r.err == warning && nlohmann::json::parse(r.out).empty() ? 0 : 11;
    }
    return r.err.empty() && nlohmann::json::parse(r.out).size() == 1 ? 0 : 12;
  });
}

// Issue 21, item 11: "a user without write access does not see a committed run still in the -wal
// file, and gets no warning". The owner's process keeps the archive open (its run stays in the
// -wal file); another user who may read the -wal sees the run, one who may not is warned.
TEST(ReadOnlyArchive, AnotherUserSeesARunStillInTheWalOrIsWarned) {
  TempDir dir;
  const std::string db = dir / "a.db";
  ASSERT_EQ(run_cli({"evidence", "import", evidence_data_dir(), "--db", db}).code, 0);
  OwnerKeepsTheArchiveOpen owner(db);
  store_a_run_left_in_the_wal(dir, db);
  EXPECT_EQ(runs_seen_by_another_user(db, ""), 0) << "the -wal is readable: the run is seen";
  if (::geteuid() == 0) {  // only another user can be kept from reading the -wal
    fs::permissions(db + "-wal", fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_EQ(runs_seen_by_another_user(
                  db, "mancala: warning: " + db +
                          ": changes committed by a process that has not closed the archive are "
                          "in " +
                          db +
                          "-wal, which this user may not read; they are not shown (they are once "
                          "the archive's owner opens it, e.g. 'mancala evidence summary')\n"),
              0);
  }
}

// "The warning says '...are in r.db-wal, which this user may not read' even when the -wal is
// readable and only the -shm file is missing": the warning names the file that kept the changes
// from being read (SQLite reads a -wal read-only only through a -shm file it may read or create).
TEST(ReadOnlyArchive, TheWarningNamesTheShmFileWhenItIsWhatCannotBeRead) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can run the command as another user";
  TempDir dir;
  const std::string db = dir / "a.db";
  ASSERT_EQ(run_cli({"evidence", "import", evidence_data_dir(), "--db", db}).code, 0);
  OwnerKeepsTheArchiveOpen owner(db);
  store_a_run_left_in_the_wal(dir, db);
  const std::string head = "mancala: warning: " + db +
                           ": changes committed by a process that has not closed the archive are "
                           "in " +
                           db + "-wal, which cannot be read without " + db + "-shm";
  const std::string tail =
      "; they are not shown (they are once the archive's owner opens it, e.g. 'mancala evidence "
      "summary')\n";
  fs::permissions(db + "-shm", fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(runs_seen_by_another_user(db, head + ", which this user may not read" + tail), 0);
  fs::remove(db + "-shm");
  EXPECT_EQ(runs_seen_by_another_user(
                db, head + ": it is missing and this user may not create it" + tail),
            0);
}

}  // namespace
}  // namespace mancala::archive::testing
