// Placeholder until the command is implemented.
#include "cli/commands.h"
#include "common/error.h"

namespace mancala::cli {
int cmd_evidence(const Args&, Io&) { throw Error("evidence: not implemented yet"); }
}  // namespace mancala::cli
