// Placeholder until the command is implemented.
#include "cli/commands.h"
#include "common/error.h"

namespace mancala::cli {
int cmd_compare(const Args&, Io&) { throw Error("compare: not implemented yet"); }
int cmd_handicap(const Args&, Io&) { throw Error("handicap: not implemented yet"); }
}  // namespace mancala::cli
