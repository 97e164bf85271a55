// The mancala executable: everything lives in mancala::cli.
#include <unistd.h>

#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return mancala::cli::run(mancala::cli::Args(argv + 1, argv + argc), std::cout, std::cerr,
                           isatty(STDERR_FILENO) != 0);
}
