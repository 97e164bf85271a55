// Placeholder until the command is implemented.
#include "cli/commands.h"
#include "common/error.h"

namespace mancala::cli {
int cmd_trace(const Args&, Io&) { throw Error("trace: not implemented yet"); }
int cmd_replay(const Args&, Io&) { throw Error("replay: not implemented yet"); }
}  // namespace mancala::cli
