// What the tests of the `evidence` and `runs` commands share on top of
// tests/archive/archive_test_util.h (a temporary folder, the fixtures, plain SQL on a store): a
// command run in-process, its exit code, stdout and stderr.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "../archive/archive_test_util.h"
#include "cli/cli.h"

namespace mancala::archive::testing {

// The result of one in-process "mancala ..." run.
struct CliResult {
  int code = 0;
  std::string out, err;
};

inline CliResult run_cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = mancala::cli::run(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace mancala::archive::testing
