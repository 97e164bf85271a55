// Placeholder until the command is implemented.
#include "cli/commands.h"
#include "common/error.h"

namespace mancala::cli {
int cmd_rules(const Args&, Io&) { throw Error("rules: not implemented yet"); }
}  // namespace mancala::cli
