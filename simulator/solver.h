// The exact solver: the value of a position under perfect play by both players, for the rulesets
// whose games are finite trees of deterministic, alternating moves (one round, no chance).
//
// The value is the first player's final margin: the counters he ends the game with minus the
// other's, when both play to win and then to win by as much as they can (AlphaBeta's terminal
// values, alphabeta.h: a win outranks any margin). In every ruleset where the holder of more
// counters wins, that is simply the margin both play to maximise and minimise.
//
// Search: AlphaBeta to the end of the game (no horizon) with a large transposition table, driven
// by MTD(f): a sequence of null-window searches that close in on the value from a first guess,
// each reusing what the table learnt in the ones before. Positions are told apart by their
// Zobrist key, which includes the ply only within 64 plies of max_plies (zobrist.h): a game that
// could run that long is beyond exact solving here anyway.
//
// Where AlphaBeta::exact_margins_apply accepts the ruleset (no rule reads the stores before the
// end or names a winner whatever the counters: Kalah, Toguz Kumalak played out), the search runs
// in its exact-margin mode (alphabeta.h): the table is keyed without the stores and holds values
// relative to the counters captured, a node is cut when the counters left on the board cannot
// bring its value into the window, a child's table entry can end its parent before any child is
// searched (enhanced transposition cut-offs), moves that give another move are tried from the
// last hole back, and the table has four slots per key, the costliest results kept. Should a game
// nevertheless end with a winner other than the holder of more counters, the solver searches
// again in the default mode. Kalah(6,4) then takes about 280 million nodes (docs/agents.md).
//
// With a time limit the solver stops when it runs out and reports the bounds proven so far. The
// limit counts from the call, the transposition table's setup included.
//
// Depth: the search calls itself once per ply, so a line of play as long as a ruleset's max_plies
// allows (up to 60,000) would overflow the process's stack (it did near ply 30,500). The search
// runs on a thread of its own whose stack holds kMaxSolvePlies plies, and follows lines that far
// at most; a ruleset whose lines run longer without the game ending is refused when the search
// first reaches that depth (a game that long is beyond exact solving anyway). Kalah and Toguz
// boards with the usual max_plies 5000 have lines past 4096 plies (cycles of sowing round the
// board), so the bound sits above it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "simulator/engine.h"

namespace mancala::sim {

// Throws mancala::Error "<ruleset id>: cannot be solved exactly: <why>" for a ruleset the solver
// cannot solve: simultaneous turns (with their random resolutions), matches of several rounds.
void check_solvable(const RuleSet& rules);

// The deepest line the solver follows, in plies from the position solved (see above).
constexpr int kMaxSolvePlies = 8192;
// A time limit from this many seconds on (about 31 years) is no limit.
constexpr double kNoTimeLimitFrom = 1e9;

// What the solver has proven so far, for a progress display.
struct SolveProgress {
  int lower = 0, upper = 0;  // bounds on player 1's margin (as SolveResult)
  uint64_t nodes = 0;
  double seconds = 0;
};

// The table `solve` uses when none is given: a quarter of `available_mib` (the memory the system
// can give without swapping), at most 4096 MiB (standard Kalah(6,4) then solves in minutes), as a
// power of two of MiB, at least 1; 256 MiB when it is unknown (0 or less).
int default_table_mib(long long available_mib);
// The same, no larger than a game of `rules` needs: four entries for each way to share its
// counters among its holes and two stores, either player to move, as a power of two of MiB (a
// small board solves at once instead of first touching gigabytes).
int default_table_mib(long long available_mib, const RuleSet& rules);

// The memory the system can give without swapping, in MiB (MemAvailable in /proc/meminfo, else
// the free pages), and the machine's memory; 0 when unknown.
long long available_memory_mib();
long long machine_memory_mib();

struct SolveOptions {
  double max_seconds = 0;  // 0, or kNoTimeLimitFrom and more: no limit; finite, 0 or more
  int table_bits = 24;     // 2^bits entries of 16 bytes (24: 256 MiB)
  // Called on the solving thread about twice a second while the search runs.
  std::function<void(const SolveProgress&)> progress;
  // A table larger than 2^20 entries (16 MiB) is first tried at that size, for this many nodes:
  // most positions near the end are solved there at once, without touching the large table's
  // pages (solver.cpp, kFirstTableBits); a search that needs more starts again with the whole
  // table. 0: the whole table at once.
  uint64_t first_attempt_nodes = uint64_t{1} << 22;
};

struct SolveResult {
  bool complete = false;        // false: stopped at max_seconds; only the bounds are known
  int value = 0;                // first player's margin under perfect play (when complete)
  int lower = 0, upper = 0;     // what is proven about it (equal to value when complete)
  bool has_move = false;        // false when the position is already over
  Move best_move;               // of the player to move
  std::vector<Move> pv;         // the principal variation from the position, to the end
  std::vector<int> pv_players;  // who plays each move of pv
  uint64_t nodes = 0;
  double seconds = 0;
  int table_bits = 0;  // the table the answer came from (options.table_bits, or the first's 20)
};

// Solves `s` (a position of `game`, whose ruleset check_solvable accepts). Throws mancala::Error
// "<ruleset id>: cannot be solved exactly: a line of play runs past 8192 plies ..." when the
// search reaches kMaxSolvePlies, and std::bad_alloc when the table's memory cannot be had.
SolveResult solve(const Game& game, const State& s, const SolveOptions& options);

// `solve --max-seconds S [--table-mib M]` for `rules` (the Python module's solve too): the time
// limit, and the table of M MiB (default: default_table_mib of the memory available), whose size
// `chosen_mib` receives. Throws UsageError "solve: --max-seconds: expected a finite number of
// seconds (0: no limit), got inf", "solve: --max-seconds: must be 0 or more", "solve:
// --table-mib: expected a power of two from 1 to 16384, got 3", and Error "solve: --table-mib M:
// more than this machine's memory (N MiB)".
SolveOptions solve_options(double max_seconds, std::optional<int> table_mib, const RuleSet& rules,
                           int& chosen_mib);
// Its UsageErrors alone, before the ruleset is read.
void check_solve_limits(double max_seconds, std::optional<int> table_mib);

}  // namespace mancala::sim
