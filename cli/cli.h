// The mancala command line as a library: tests call run() in-process.
//
// Conventions: data to `out`, messages and progress to `err`; exit 0 on success, 1 on failure,
// 2 on a usage error; errors printed as "mancala: <file>: <record or key>: <what is wrong>".
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace mancala::cli {

using Args = std::vector<std::string>;

struct Io {
  std::ostream& out;
  std::ostream& err;
  bool err_is_terminal = false;  // progress bars only when stderr is a terminal
};

// Runs "mancala ARGS..." (without the program name) and returns the exit code.
int run(const Args& args, std::ostream& out, std::ostream& err, bool err_is_terminal = false);

}  // namespace mancala::cli
