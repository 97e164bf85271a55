// Issue 21, items 3, 12 and 13: where a command's output goes when the path is not an ordinary
// file, the disk is full, stdout cannot be written, or an earlier run was killed. The full-disk
// and kill cases run the `mancala` executable as a user would (cli_test_util.h, run_binary).
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <filesystem>

#include "cli_test_util.h"

namespace mancala::cli::testing {
namespace {

namespace fs = std::filesystem;

// A device like the system's null (1, 3) or full (1, 7) device: made in `dir` with mknod when the
// test runs as root, so that a defect can never replace the system's own node; else the system's.
std::string device(const TempDir& dir, const std::string& name, unsigned minor) {
  if (::geteuid() != 0) return "/dev/" + name;
  const std::string path = dir / name;
  if (::mknod(path.c_str(), S_IFCHR | 0666, ::makedev(1, minor)) != 0) return "/dev/" + name;
  return path;
}

struct stat stat_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return st;
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Runs with stdout going to `path`.
ProcessOptions stdout_to(const std::string& path) {
  ProcessOptions options;
  options.stdout_path = path;
  return options;
}

// Runs where any write past `bytes` of a file fails (EFBIG), as on a full disk.
ProcessOptions files_up_to(long long bytes) {
  ProcessOptions options;
  options.file_size_limit = bytes;
  return options;
}

const Args kSmallRun = {"simulate", "kalah", "--games", "20", "--no-store", "--format", "json"};

Args small_run_to(const std::string& path) {
  Args args = kSmallRun;
  args.insert(args.end(), {"--output", path});
  return args;
}

// Issue 21: "-o replaces special files ... a symlink": the link is followed, the file it names
// gets the output, and the link stays a link (a dangling link gets its file made).
TEST(OutputFile, ASymbolicLinkIsFollowedAndStaysALink) {
  TempDir dir;
  const std::string expected = run_cli(kSmallRun).out;
  write_text(dir / "real.json", "old\n");
  fs::create_symlink("real.json", dir / "out.json");
  fs::create_symlink("later.json", dir / "dangling.json");
  for (const char* name : {"out.json", "dangling.json"}) {
    const Result r = run_cli(small_run_to(dir / name));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(dir / name)) << name;
  }
  EXPECT_EQ(read_text(dir / "real.json"), expected);
  EXPECT_EQ(read_text(dir / "later.json"), expected);
  EXPECT_EQ(names_in(dir.path()),
            (std::vector<std::string>{"dangling.json", "later.json", "out.json", "real.json"}));
}

// "... a fifo": written through to its reader, and still a fifo afterwards.
TEST(OutputFile, AFifoIsWrittenThroughAndStaysAFifo) {
  TempDir dir;
  const std::string expected = run_cli(kSmallRun).out;
  ASSERT_LT(expected.size(), 60000u) << "the output must fit the pipe's buffer";
  const std::string fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const Result r = run_cli(small_run_to(fifo));
  EXPECT_EQ(r.code, 0) << r.err;
  std::string got;
  char buffer[4096];
  for (ssize_t n; (n = ::read(reader, buffer, sizeof buffer)) > 0;)
    got.append(buffer, static_cast<size_t>(n));
  ::close(reader);
  EXPECT_EQ(got, expected);
  EXPECT_TRUE(S_ISFIFO(stat_of(fifo).st_mode));
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"pipe"}) << "no temporary left";
}

// "... a device node with a regular 0600 file; run as root, -o /dev/null would replace the
// system's /dev/null": a device is written through and stays the same device.
TEST(OutputFile, ADeviceIsWrittenThroughAndStaysTheDevice) {
  TempDir dir;
  const std::string null = device(dir, "null", 3);
  const struct stat before = stat_of(null);
  for (const Args& args :
       {small_run_to(null),
        Args{"ladder", "kalah", "--agents", "random,greedy", "--games", "4", "--output", null},
        Args{"evidence", "map", "--out", null, "--db", dir / "absent.db"}}) {
    run_cli(args);  // the map fails (no archive): the device must stay all the same
    const struct stat after = stat_of(null);
    EXPECT_TRUE(S_ISCHR(after.st_mode)) << args[0];
    EXPECT_EQ(after.st_rdev, before.st_rdev) << args[0];
    EXPECT_EQ(after.st_ino, before.st_ino) << args[0];
  }
  EXPECT_EQ(run_cli(small_run_to(null)).code, 0);
}

// "Every command exits non-zero when its output cannot be written": a full device says why.
TEST(OutputFile, AFullDeviceIsAFailureWithTheSystemsReason) {
  TempDir dir;
  const std::string full = device(dir, "full", 7);
  expect_error(small_run_to(full), 1,
               "mancala: " + full + ": cannot write the output file (No space left on device)\n");
  EXPECT_TRUE(S_ISCHR(stat_of(full).st_mode));
}

// Issue 21, item 13: "-o /proc/version said 'No such file or directory' though the file exists":
// the message says what failed, the temporary that would replace the file in its folder.
TEST(OutputFile, AFolderThatTakesNoNewFileIsNamedAsWhatFailed) {
  if (!fs::is_regular_file("/proc/version")) GTEST_SKIP() << "no /proc/version here";
  expect_error(small_run_to("/proc/version"), 1,
               "mancala: /proc/version: cannot write the output file (cannot create a temporary "
               "file in /proc: the folder takes no new files)\n");
}

// "Keep an existing file's mode (and owner, where the user may)."
TEST(OutputFile, AnExistingFileKeepsItsModeAndOwner) {
  TempDir dir;
  const std::string file = dir / "out.json";
  write_text(file, "old\n");
  ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
  const bool root = ::geteuid() == 0;
  if (root) {
    ASSERT_EQ(::chown(file.c_str(), 65534, 65534), 0);
  }
  const struct stat before = stat_of(file);
  const Result r = run_cli(small_run_to(file));
  ASSERT_EQ(r.code, 0) << r.err;
  const struct stat after = stat_of(file);
  EXPECT_EQ(after.st_mode & 07777, 0640u);
  EXPECT_EQ(after.st_uid, before.st_uid);
  EXPECT_EQ(after.st_gid, before.st_gid);
  EXPECT_NE(read_text(file), "old\n");
}

// Issue 27, "-o files get the usual mode (0644 under umask 022), not 0600".
TEST(OutputFile, ANewFileGetsTheUsualModeUnderTheUmask) {
  TempDir dir;
  const mode_t previous = ::umask(022);
  const Result r = run_cli(small_run_to(dir / "out.json"));
  ::umask(previous);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(stat_of(dir / "out.json").st_mode & 07777, 0644u);
}

// "Today > /dev/full exits 0": stdout that cannot be written is a failure, named, for a table, a
// trace, a run and the help alike.
TEST(Stdout, AFullDiskIsAFailureNamingStdout) {
  for (const Args& args : {Args{"rules", "list"}, Args{"trace", "kalah", "--seed", "3"},
                           Args{"simulate", "kalah", "--games", "20", "--no-store"},
                           Args{"simulate", "--help"}, Args{"--help"}}) {
    const ProcessResult r = run_binary(args, stdout_to("/dev/full"));
    EXPECT_EQ(r.code, 1) << args[0];
    EXPECT_EQ(r.err.substr(r.err.find("mancala: stdout")),
              "mancala: stdout: cannot write the output (No space left on device)\n")
        << args[0] << ": " << r.err;
  }
}

// A full disk under a regular file (RLIMIT_FSIZE: every write past the limit fails, as on a full
// disk): the command fails naming the file and the reason, the previous file is kept, and no
// temporary is left ("evidence map on a full disk leaves out.svg.tmp"). The map's limit leaves
// room for the archive's -shm file (32 KiB) but not for the map (about 70 KiB).
TEST(OutputFile, AFullDiskKeepsThePreviousFileAndLeavesNoTemporary) {
  TempDir dir;
  const std::string db = dir / "a.db";
  ASSERT_EQ(run_cli({"evidence", "import", "data/evidence", "--db", db}).code, 0);
  // A first map: the archive's reader leaves its -wal and -shm files, as it does for any read.
  ASSERT_EQ(run_cli({"evidence", "map", "--out", dir / "out.svg", "--db", db}).code, 0);
  ASSERT_GT(fs::file_size(dir / "out.svg"), 40000u);
  write_text(dir / "out.json", "previous\n");
  write_text(dir / "out.svg", "previous\n");
  const std::vector<std::string> before = names_in(dir.path());
  const ProcessResult run = run_binary(small_run_to(dir / "out.json"), files_up_to(200));
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.err,
            "mancala: " + dir / "out.json" + ": cannot write the output file (File too large)\n");
  const ProcessResult map =
      run_binary({"evidence", "map", "--out", dir / "out.svg", "--db", db}, files_up_to(40000));
  EXPECT_EQ(map.code, 1);
  EXPECT_EQ(map.err, "mancala: " + dir / "out.svg" + ": cannot write the map (File too large)\n");
  EXPECT_EQ(read_text(dir / "out.json"), "previous\n");
  EXPECT_EQ(read_text(dir / "out.svg"), "previous\n");
  EXPECT_EQ(names_in(dir.path()), before) << "no temporary left";
}

// The temporaries of `name` in `dir` (".<name>.mancala-tmp-<pid>-<n>") of process `pid`.
std::vector<std::string> temporaries_of(const TempDir& dir, const std::string& name, pid_t pid) {
  std::vector<std::string> out;
  const std::string prefix = "." + name + ".mancala-tmp-" + std::to_string(pid) + "-";
  for (const std::string& entry : names_in(dir.path())) {
    if (entry.rfind(prefix, 0) == 0) out.push_back(entry);
  }
  return out;
}

// Waits (up to a minute) until process `pid` has made its temporary for `name` in `dir`.
bool wait_for_temporary(const TempDir& dir, const std::string& name, pid_t pid) {
  for (int i = 0; i < 6000; ++i) {
    if (!temporaries_of(dir, name, pid).empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// Issue 21, item 12: "after SIGKILL, temporaries of -o are never cleaned up (name them so a later
// run can find and remove stale ones, never the file of a run still alive)". Two long runs write
// to the same file; one is killed. The next run removes the killed run's temporary and leaves the
// live run's alone.
TEST(Temporaries, AKilledRunsTemporaryIsRemovedByTheNextRunNeverALiveRuns) {
  TempDir dir, io;
  const Args long_run = {"simulate",  "toguz_kumalak", "--games",
                         "100000000", "--no-store",    "--threads",
                         "1",         "--output",      dir / "out.json"};
  const pid_t killed = start_binary(long_run, {}, io / "k.out", io / "k.err");
  const pid_t alive = start_binary(long_run, {}, io / "a.out", io / "a.err");
  ASSERT_TRUE(wait_for_temporary(dir, "out.json", killed)) << read_text(io / "k.err");
  ASSERT_TRUE(wait_for_temporary(dir, "out.json", alive)) << read_text(io / "a.err");
  ::kill(killed, SIGKILL);
  EXPECT_EQ(finish_binary(killed, io / "k.out", io / "k.err").signal, SIGKILL);
  EXPECT_EQ(temporaries_of(dir, "out.json", killed).size(), 1u) << "SIGKILL cannot clean up";

  const Result next = run_cli(small_run_to(dir / "out.json"));
  EXPECT_EQ(next.code, 0) << next.err;
  EXPECT_TRUE(temporaries_of(dir, "out.json", killed).empty()) << "the killed run's is removed";
  EXPECT_EQ(temporaries_of(dir, "out.json", alive).size(), 1u) << "the live run's is kept";

  ::kill(alive, SIGKILL);
  finish_binary(alive, io / "a.out", io / "a.err");
}

// Item 12, for `report`: its temporary folder of a killed run is removed by the next report into
// the same place, that of a live one never.
TEST(Temporaries, AKilledReportsFolderIsRemovedByTheNextReportNeverALiveOnes) {
  TempDir dir, io;
  const std::string out = dir / "report";
  const Args long_report = {"report",     "toguz_kumalak", "--games", "100000000", "--no-extras",
                            "--no-store", "--threads",     "1",       "--out",     out};
  const pid_t killed = start_binary(long_report, {}, io / "k.out", io / "k.err");
  const pid_t alive = start_binary(long_report, {}, io / "a.out", io / "a.err");
  ASSERT_TRUE(wait_for_temporary(dir, "report", killed)) << read_text(io / "k.err");
  ASSERT_TRUE(wait_for_temporary(dir, "report", alive)) << read_text(io / "a.err");
  ::kill(killed, SIGKILL);
  EXPECT_EQ(finish_binary(killed, io / "k.out", io / "k.err").signal, SIGKILL);
  EXPECT_EQ(temporaries_of(dir, "report", killed).size(), 1u) << "SIGKILL cannot clean up";

  const Result next = run_cli({"report", "kalah", "--games", "20", "--no-extras",
                               "--sensitivity-games", "0", "--no-store", "--out", out});
  EXPECT_EQ(next.code, 0) << next.err;
  EXPECT_TRUE(temporaries_of(dir, "report", killed).empty()) << "the killed run's is removed";
  EXPECT_EQ(temporaries_of(dir, "report", alive).size(), 1u) << "the live run's is kept";
  EXPECT_TRUE(fs::exists(fs::path(out) / "index.html"));

  ::kill(alive, SIGKILL);
  finish_binary(alive, io / "a.out", io / "a.err");
}

}  // namespace
}  // namespace mancala::cli::testing
