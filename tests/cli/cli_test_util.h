// What the CLI tests share: running a `mancala` command in-process (its exit code, stdout and
// stderr), a temporary folder and small file helpers (the archive tests' ones), and the
// sanitizer switch that scales the game counts down.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>

#include "../archive/archive_test_util.h"
#include "cli/cli.h"

namespace mancala::cli::testing {

using archive::testing::read_text;
using archive::testing::TempDir;  // a fresh folder, removed with its content at the end
using archive::testing::write_text;

// Set in the ASan run (scripts/test.sh): tests play fewer games.
inline const bool kSanitized = std::getenv("MANCALA_SANITIZED") != nullptr;

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

}  // namespace mancala::cli::testing
