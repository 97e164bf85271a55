// Placeholder until the command is implemented.
#include "cli/commands.h"
#include "common/error.h"

namespace mancala::cli {
int cmd_report(const Args&, Io&) { throw Error("report: not implemented yet"); }
}  // namespace mancala::cli
