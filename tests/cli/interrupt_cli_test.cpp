// Issue 21 item 4: Ctrl-C and SIGTERM during a deep search. The command runs in a child process
// (as a user runs it), receives the signal while its search agents think, and must end within
// about a second, storing nothing when no game had finished and the finished games otherwise.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "../test_support.h"
#include "archive/store.h"
#include "cli/cli.h"

namespace mancala::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct Stopped {
  int code = -1;       // the exit code, or -1 when the child did not exit by itself
  double seconds = 0;  // from the signal to the exit
  std::string err;     // what the command wrote to stderr
  std::string out;     // and to stdout
};

// Runs `args` in a child process, sends `signal` after `wait`, and waits (at most a minute) for
// the child to exit.
Stopped run_and_signal(const Args& args, int signal, std::chrono::milliseconds wait) {
  int pipe_fds[2];
  EXPECT_EQ(pipe(pipe_fds), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    close(pipe_fds[0]);
    std::ostringstream out, err;
    const int code = run(args, out, err);
    // stderr, a NUL (no output holds one: issue 41), then stdout.
    const std::string text = err.str() + std::string(1, '\0') + out.str();
    if (write(pipe_fds[1], text.data(), text.size()) < 0) _exit(99);
    _exit(code);
  }
  close(pipe_fds[1]);
  std::this_thread::sleep_for(wait);
  kill(pid, signal);
  const auto sent = Clock::now();
  Stopped result;
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (Clock::now() - sent > std::chrono::seconds(60)) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - sent).count();
  if (WIFEXITED(status)) result.code = WEXITSTATUS(status);
  char buffer[4096];
  for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    result.err.append(buffer, static_cast<size_t>(n));
  close(pipe_fds[0]);
  if (const size_t nul = result.err.find('\0'); nul != std::string::npos) {
    result.out = result.err.substr(nul + 1);
    result.err.resize(nul);
  }
  return result;
}

// Within a second of the signal on a quiet machine; the bound leaves room for a loaded one and
// the sanitizers (before the fix: 9 minutes for alphabeta:64, 20 s for mcts:5000).
constexpr double kPromptly = 5.0;

TEST(Interrupt, SigtermInsideAnAlphaBetaSearchEndsTheRunAtOnceAndStoresNothing) {
  test_support::TempDir dir("interrupt");
  const std::string db = dir / "runs.db";
  const Stopped s = run_and_signal({"simulate", "toguz_kumalak", "--agent", "alphabeta:64",
                                    "--games", "4", "--threads", "1", "--db", db},
                                   SIGTERM, std::chrono::milliseconds(1500));
  EXPECT_EQ(s.code, 128 + SIGTERM) << s.err;
  EXPECT_LT(s.seconds, kPromptly);
  EXPECT_NE(s.err.find("simulate: toguz_kumalak/standard: interrupted before any game finished: "
                       "nothing stored\n"),
            std::string::npos)
      << s.err;
  EXPECT_NE(s.err.find("mancala: simulate: interrupted by SIGTERM before any game finished: "
                       "nothing was written or stored\n"),
            std::string::npos)
      << s.err;
  EXPECT_TRUE(archive::Store::open(db).list_runs().empty());
}

TEST(Interrupt, CtrlCInsideAnMctsSearchEndsTheRunAtOnceAndStoresNothing) {
  test_support::TempDir dir("interrupt");
  const std::string db = dir / "runs.db";
  const Stopped s = run_and_signal(
      {"simulate", "otep", "--agent", "mcts:5000000", "--games", "2", "--threads", "2", "--db", db},
      SIGINT, std::chrono::milliseconds(1500));
  EXPECT_EQ(s.code, 128 + SIGINT) << s.err;
  EXPECT_LT(s.seconds, kPromptly);
  EXPECT_NE(s.err.find("interrupted by Ctrl-C before any game finished"), std::string::npos)
      << s.err;
  EXPECT_TRUE(archive::Store::open(db).list_runs().empty());
}

// "report ... Ctrl-C after 2 s prints '0 games ... (partial), stored as run 1'": a report
// interrupted before any game of a ruleset finished stores no run of it, and says so, as simulate
// does; no report is written.
TEST(Interrupt, AReportInterruptedBeforeAnyGameFinishedStoresNoRun) {
  test_support::TempDir dir("interrupt");
  const std::string db = dir / "runs.db", out = dir / "r";
  const struct {
    const char* agent;
    int signal;
  } cases[] = {{"mcts:5000000", SIGINT}, {"alphabeta:64", SIGTERM}};
  for (const auto& c : cases) {
    const Stopped s = run_and_signal({"report", "toguz_kumalak", "--games", "2", "--agent", c.agent,
                                      "--no-extras", "--threads", "1", "--out", out, "--db", db},
                                     c.signal, std::chrono::milliseconds(1500));
    EXPECT_EQ(s.code, 128 + c.signal) << c.agent << ": " << s.err;
    EXPECT_LT(s.seconds, kPromptly) << c.agent;
    EXPECT_NE(s.err.find("report: toguz_kumalak/standard: interrupted before any game finished: "
                         "nothing stored\n"),
              std::string::npos)
        << c.agent << ": " << s.err;
    EXPECT_EQ(s.err.find("stored as run"), std::string::npos) << c.agent << ": " << s.err;
    EXPECT_NE(
        s.err.find("mancala: report: interrupted: no report written; " + out + " is as it was\n"),
        std::string::npos)
        << c.agent << ": " << s.err;
    EXPECT_TRUE(archive::Store::open(db).list_runs().empty()) << c.agent;
    EXPECT_FALSE(std::filesystem::exists(out)) << c.agent;
  }
}

// Games finished before the signal are kept (a partial run), those cut inside are not counted.
// alphabeta:3 plays a Kalah game in milliseconds, so games finish before the signal even on a
// machine shared by many jobs (alphabeta:6 finished none in 2.5 s at a fifth of a core).
TEST(Interrupt, GamesFinishedBeforeTheSignalAreStoredAsAPartialRun) {
  test_support::TempDir dir("interrupt");
  const std::string db = dir / "runs.db";
  const Stopped s =
      run_and_signal({"simulate", "kalah", "--agent", "alphabeta:3", "--games", "100000",
                      "--threads", "2", "--db", db},
                     SIGTERM, std::chrono::milliseconds(test_support::sanitized() ? 6000 : 2500));
  EXPECT_EQ(s.code, 128 + SIGTERM) << s.err;
  EXPECT_LT(s.seconds, kPromptly);
  const auto runs = archive::Store::open(db).list_runs();
  ASSERT_EQ(runs.size(), 1u) << s.err;
  EXPECT_TRUE(runs[0].partial);
  const int64_t played = nlohmann::json::parse(runs[0].stats_json).at("games").get<int64_t>();
  EXPECT_GT(played, 0);
  EXPECT_LT(played, 100000);
}

// Issue 41: compare, handicap and bench put no handler in place, so SIGTERM (a batch scheduler's
// stop) ended them at once with no output and exit 143. Each stops within a second now, printing
// what finished: the comparison's played games, the handicap levels' rounds, the speed measured.
TEST(Interrupt, CompareHandicapAndBenchStopAtSigtermPrintingWhatFinished) {
  const auto wait = std::chrono::milliseconds(test_support::sanitized() ? 4000 : 1500);
  const Stopped compare = run_and_signal(
      {"compare", "kalah", "kalah/empty_capture", "--games", "1000000000", "--threads", "2"},
      SIGTERM, wait);
  EXPECT_EQ(compare.code, 128 + SIGTERM) << compare.err;
  EXPECT_LT(compare.seconds, kPromptly);
  EXPECT_NE(compare.err.find("compare: kalah/standard: "), std::string::npos) << compare.err;
  EXPECT_NE(compare.err.find(" of 1000000000 games (partial)\n"), std::string::npos) << compare.err;
  EXPECT_NE(compare.err.find("mancala: compare: interrupted by SIGTERM before two rulesets "
                             "finished: nothing compared\n"),
            std::string::npos)
      << compare.err;

  const Stopped handicap = run_and_signal(
      {"handicap", "khutka_boia", "--games", "1000000000", "--threads", "2"}, SIGTERM, wait);
  EXPECT_EQ(handicap.code, 128 + SIGTERM) << handicap.err;
  EXPECT_LT(handicap.seconds, kPromptly);
  EXPECT_NE(handicap.err.find("mancala: handicap: interrupted by SIGTERM: the figures cover the "
                              "rounds completed before it"),
            std::string::npos)
      << handicap.err;
  EXPECT_FALSE(handicap.out.empty()) << handicap.err;

  const Stopped bench =
      run_and_signal({"bench", "kalah", "--games", "1000000000", "--threads", "1"}, SIGTERM, wait);
  EXPECT_EQ(bench.code, 128 + SIGTERM) << bench.err;
  EXPECT_LT(bench.seconds, kPromptly);
  EXPECT_NE(bench.out.find("kalah/standard"), std::string::npos) << bench.out << bench.err;
  EXPECT_NE(bench.err.find("mancala: bench: interrupted by SIGTERM: the measurements made before "
                           "it are shown"),
            std::string::npos)
      << bench.err;
}

// Issue 41: "--games 1000000000000 (290 days) is accepted without a word". Still accepted (a
// batch job may mean it), with a warning once a second of play tells the speed.
TEST(Interrupt, ARunEstimatedOverADayIsWarnedOfOnceItsSpeedIsKnown) {
  const Stopped s = run_and_signal(
      {"simulate", "kalah", "--games", "1000000000000", "--threads", "1", "--no-store"}, SIGTERM,
      std::chrono::milliseconds(test_support::sanitized() ? 5000 : 2500));
  EXPECT_EQ(s.code, 128 + SIGTERM) << s.err;
  EXPECT_NE(s.err.find("mancala: warning: kalah/standard: 1000000000000 games at about "),
            std::string::npos)
      << s.err;
  EXPECT_NE(s.err.find(" a second would take about "), std::string::npos) << s.err;
  EXPECT_NE(s.err.find("; Ctrl-C or SIGTERM stops the run and keeps the games finished\n"),
            std::string::npos)
      << s.err;
}

}  // namespace
}  // namespace mancala::cli
