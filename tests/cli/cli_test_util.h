// What the CLI tests share, on top of tests/test_support.h (temporary folder, file helpers, the
// sanitizer switch): running a `mancala` command in-process (its exit code, stdout and stderr),
// checking a refused command, an interrupted one, and output that must not depend on threads.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "../test_binary.h"
#include "../test_support.h"
#include "cli/cli.h"

namespace mancala::cli::testing {

using test_support::read_text;
using test_support::TempDir;  // a fresh folder, removed with its content at the end
using test_support::write_text;

// Set in the ASan run (scripts/test.sh): tests play fewer games.
using test_support::kSanitized;

// The words of `line`, split at spaces, as a command line: words("simulate kalah --games 10").
inline Args words(const std::string& line) {
  Args out;
  std::istringstream in(line);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

struct Result {
  int code = 0;
  std::string out, err;
};

// `terminal`: run as if stderr were a terminal (progress lines drawn).
inline Result run_cli(const Args& args, bool terminal = false) {
  std::ostringstream out, err;
  Result r;
  r.code = run(args, out, err, terminal);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// Runs `args` and checks the exit code and the whole of stderr (a refused command line or input).
inline void expect_error(const Args& args, int code, const std::string& err) {
  std::string command = "mancala";
  for (const std::string& a : args) command += " " + a;
  const Result r = run_cli(args);
  EXPECT_EQ(r.code, code) << command;
  EXPECT_EQ(r.err, err) << command;
}

// Runs `args` with --threads 1 and with --threads 2 and checks that both succeed and print the
// same ("the results do not depend on it"); returns what they printed.
inline std::string output_of_1_and_2_threads(const Args& args) {
  Args one = args, two = args;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "2"});
  const Result a = run_cli(one), b = run_cli(two);
  EXPECT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(b.code, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
  return a.out;
}

// Signals that reached the test's own handler while run_cli_interrupted waited (0 expected).
inline std::atomic<int> g_stray_signals{0};
extern "C" inline void count_stray_signal(int) { ++g_stray_signals; }

// Runs `args` on a thread and, 200 ms after the command has put its own handler in place, sends
// `signal` to the process; returns what the command did. Until then a handler of the test counts
// the signal (in g_stray_signals, checked to stay 0) instead of letting it kill the test.
inline Result run_cli_interrupted(const Args& args, int signal) {
  g_stray_signals = 0;
  struct sigaction mine {
  }, previous{};
  mine.sa_handler = count_stray_signal;
  sigemptyset(&mine.sa_mask);
  sigaction(signal, &mine, &previous);
  Result r;
  std::thread command([&] { r = run_cli(args); });
  for (int i = 0; i < 2000; ++i) {  // until the command has put its handler in place of ours
    struct sigaction now {};
    sigaction(signal, nullptr, &now);
    if (now.sa_handler != count_stray_signal) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  // Long enough for the first games to finish: under the sanitizers (MANCALA_SANITIZED, set by
  // scripts/test.sh --deep) on a loaded machine, 200 ms passed before the first Toguz Kumalak
  // game was counted and the partial run had nothing to store.
  std::this_thread::sleep_for(
      std::chrono::milliseconds(std::getenv("MANCALA_SANITIZED") ? 2000 : 200));
  raise(signal);
  command.join();
  sigaction(signal, &previous, nullptr);
  EXPECT_EQ(g_stray_signals, 0);
  return r;
}

// What simulate stopped by a signal reports: exit `code` (130, 143), its first ruleset
// (toguz_kumalak/standard) partial and stored as run 1, and "interrupted" naming `cause`.
inline void expect_partial_simulate(const Result& r, int code, const std::string& cause) {
  EXPECT_EQ(r.code, code) << r.err;
  EXPECT_TRUE(std::regex_search(r.err, std::regex("simulate: toguz_kumalak/standard: [0-9]+ games "
                                                  "in [0-9.]+ s \\(partial\\), stored as run 1\n"
                                                  "mancala: simulate: interrupted: the statistics "
                                                  "cover the games completed before " +
                                                  cause + "\n$")))
      << r.err;
}

// Running the built `mancala` executable in its own process (tests/test_binary.h).
using test_support::finish_binary;
using test_support::kMancalaBinary;
using test_support::ProcessOptions;
using test_support::ProcessResult;
using test_support::run_binary;
using test_support::start_binary;

}  // namespace mancala::cli::testing
