// One function per top-level command; each parses its own options (see options.h).
// Each throws mancala::UsageError for a bad command line and mancala::Error for a failure.
#pragma once

#include "cli/cli.h"

namespace mancala::cli {

int cmd_evidence(const Args& args, Io& io);  // cmd_evidence.cpp
int cmd_rules(const Args& args, Io& io);     // cmd_rules.cpp
int cmd_trace(const Args& args, Io& io);     // cmd_play.cpp
int cmd_replay(const Args& args, Io& io);    // cmd_play.cpp
int cmd_simulate(const Args& args, Io& io);  // cmd_simulate.cpp
int cmd_merge(const Args& args, Io& io);     // cmd_simulate.cpp
int cmd_runs(const Args& args, Io& io);      // cmd_runs.cpp
int cmd_bench(const Args& args, Io& io);     // cmd_runs.cpp
int cmd_report(const Args& args, Io& io);    // cmd_report.cpp
int cmd_compare(const Args& args, Io& io);   // cmd_compare.cpp
int cmd_handicap(const Args& args, Io& io);  // cmd_compare.cpp
int cmd_solve(const Args& args, Io& io);     // cmd_solve.cpp
int cmd_ladder(const Args& args, Io& io);    // cmd_ladder.cpp
// cmd_reconstruct.cpp
int cmd_reconstruct(const Args& args, Io& io);

// `mancala serve` and the play-tests saved from it (cmd_serve.cpp).
int cmd_serve(const Args& args, Io& io);
int cmd_playtests(const Args& args, Io& io);

}  // namespace mancala::cli
