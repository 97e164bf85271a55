// Placeholder until the command is implemented.
#include "cli/commands.h"
#include "common/error.h"

namespace mancala::cli {
int cmd_simulate(const Args&, Io&) { throw Error("simulate: not implemented yet"); }
int cmd_merge(const Args&, Io&) { throw Error("merge: not implemented yet"); }
int cmd_runs(const Args&, Io&) { throw Error("runs: not implemented yet"); }
int cmd_bench(const Args&, Io&) { throw Error("bench: not implemented yet"); }
}  // namespace mancala::cli
