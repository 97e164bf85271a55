// Running a `mancala` command in-process for the CLI tests: its exit code, stdout and stderr.
#pragma once

#include <sstream>
#include <string>

#include "cli/cli.h"

namespace mancala::cli::testing {

struct Result {
  int code = 0;
  std::string out, err;
};

inline Result run_cli(const Args& args) {
  std::ostringstream out, err;
  Result r;
  r.code = run(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace mancala::cli::testing
