// The mancala executable: everything lives in mancala::cli.
#include <unistd.h>

#include <iostream>

#include "cli/cli.h"
#include "common/world.h"

int main(int argc, char** argv) {
  mancala::world::init(&argc, &argv);  // MPI build: joins the job's ranks (world.h)
  std::ios::sync_with_stdio(false);
  // stdout through a buffer that keeps the reason a write failed (cli.h, FdOutput).
  mancala::cli::FdOutput stdout_buffer(STDOUT_FILENO);
  std::ostream out(&stdout_buffer);
  const int status = mancala::cli::run(mancala::cli::Args(argv + 1, argv + argc), out, std::cerr,
                                       isatty(STDERR_FILENO) != 0, isatty(STDOUT_FILENO) != 0);
  mancala::world::finalize();
  return status;
}
