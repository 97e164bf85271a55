#include "simulator/solver.h"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <new>
#include <sstream>
#include <string>

#include "common/error.h"
#include "simulator/alphabeta.h"

namespace mancala::sim {
namespace {

// A search value (alphabeta.h: a result is +-kWinScore plus the margin) as the margin.
int margin_of(int v) {
  if (v > kWinScore / 2) return v - kWinScore;
  if (v < -kWinScore / 2) return v + kWinScore;
  return v;
}

// The value of `child` from `p`'s view, searched to the end within (lo, hi).
int child_value(AlphaBeta& ab, const State& child, int p, int lo, int hi) {
  if (child.over) return ab.evaluate(child, p);
  if (child.to_move == p) return ab.search(child, kToTheEnd, lo, hi);
  return -ab.search(child, kToTheEnd, -hi, -lo);
}

[[noreturn]] void too_deep(const Game& game) {
  throw Error(game.rules().id + ": cannot be solved exactly: a line of play runs past " +
              std::to_string(kMaxSolvePlies) + " plies without the game ending (max_plies " +
              std::to_string(game.rules().max_plies) +
              "), deeper than the solver searches (its stack and memory grow with each ply)");
}

}  // namespace

int default_table_mib(long long available_mib) {
  if (available_mib <= 0) return 256;
  const long long quarter = available_mib / 4;
  int mib = 1;
  while (mib < 4096 && 2LL * mib <= quarter) mib *= 2;
  return mib;
}

int default_table_mib(long long available_mib, const RuleSet& rules) {
  // Boards: the ways to share the counters among the holes and two stores, for either mover.
  const int pits = 2 * rules.holes_per_row + 2;
  const double log_positions = std::lgamma(rules.total_counters + pits) -
                               std::lgamma(rules.total_counters + 1) - std::lgamma(pits) +
                               std::log(2.0);
  // Four 16-byte entries a board keep collisions rare.
  const double log_mib = log_positions + std::log(4.0 * 16.0) - std::log(1024.0 * 1024.0);
  int mib = 1;
  while (mib < 16384 && std::log(static_cast<double>(mib)) < log_mib) mib *= 2;
  return std::min(mib, default_table_mib(available_mib));
}

void check_solvable(const RuleSet& rules) {
  const auto refuse = [&](const std::string& why) {
    throw Error(rules.id + ": cannot be solved exactly: " + why);
  };
  if (rules.turns != Turns::kAlternating) {
    refuse(std::string("its turns are simultaneous") +
           (rules.resolution == Resolution::kLockstep ? ""
                                                      : ", resolved in an order drawn at random") +
           " (the solver needs alternating moves)");
  }
  if (rules.match) {
    refuse("it is a match of several rounds, each dealt from the last (the solver plays one game)");
  }
}

namespace {

// `node_budget` (0: none): the search stops once it has visited that many nodes, and
// `over_budget` is set (the result is then incomplete, its bounds still true).
SolveResult solve_with(const Game& game, const State& s, const SolveOptions& options,
                       bool exact_margins, std::chrono::steady_clock::time_point start,
                       bool& mismatch, uint64_t node_budget, bool& over_budget) {
  AlphaBeta ab(game, 0, options.table_bits, exact_margins);
  ab.new_game();
  ab.set_ply_limit(kMaxSolvePlies);
  ab.set_check_every(64);
  std::atomic<bool> stop{false};
  if (node_budget > 0) ab.set_stop(&stop);
  if (options.max_seconds > 0 && options.max_seconds < kNoTimeLimitFrom) {
    ab.set_deadline(start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(options.max_seconds)));
  }
  SolveResult r;
  const int p = s.to_move;
  // From the first player's view (the search's values are the mover's); nothing proven on a side:
  // the margin cannot pass the counters in play.
  const int sign = p == 0 ? 1 : -1;
  const int total = game.rules().total_counters;
  const auto bounds = [&](int lower, int upper, int& low, int& high) {
    const int lo = lower == -kInfinity ? -total : margin_of(lower);
    const int hi = upper == kInfinity ? total : margin_of(upper);
    low = sign > 0 ? lo : -hi;
    high = sign > 0 ? hi : -lo;
  };
  // MTD(f): null-window searches from a first guess (a draw) until the bounds meet.
  int lower = -kInfinity, upper = kInfinity, g = 0;
  if (options.progress || node_budget > 0) {
    auto last = std::chrono::steady_clock::now();
    ab.set_tick([&, last]() mutable {
      if (node_budget > 0 && ab.nodes() >= node_budget) {
        over_budget = true;
        stop.store(true, std::memory_order_relaxed);
      }
      if (!options.progress) return;
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::milliseconds(500)) return;
      last = now;
      SolveProgress progress;
      bounds(lower, upper, progress.lower, progress.upper);
      progress.nodes = ab.nodes();
      progress.seconds = std::chrono::duration<double>(now - start).count();
      options.progress(progress);
    });
  }
  if (s.over) {
    lower = upper = ab.evaluate(s, p);
  }
  while (lower < upper) {
    const int beta = g == lower ? g + 1 : g;
    g = ab.search(s, kToTheEnd, beta - 1, beta);
    if (ab.too_deep()) too_deep(game);
    if (ab.aborted()) break;
    if (g < beta) {
      upper = g;
    } else {
      lower = g;
    }
  }
  r.complete = lower == upper;
  bounds(lower, upper, r.lower, r.upper);
  if (r.complete) {
    r.value = r.lower;
    // The principal variation: from each position, the first move (the table's first) whose
    // value equals the position's; each test is a null-window search on a warm table.
    State pos = s;
    int v = lower;
    MoveList moves;
    while (!pos.over && !ab.aborted()) {
      const int mover = pos.to_move;
      game.legal_moves(pos, moves);
      Move table;
      const bool has_table = ab.table_move(pos, table);
      bool found = false;
      for (int k = -1; k < moves.size && !found; ++k) {
        if (k == -1 && !has_table) continue;
        const Move m = k == -1 ? table : moves[k];
        if (k >= 0 && has_table && m == table) continue;
        State child = pos;
        game.apply(child, m);
        const int cv = child_value(ab, child, mover, v - 1, v + 1);
        if (ab.too_deep()) too_deep(game);
        if (cv != v || ab.aborted()) continue;
        found = true;
        r.pv.push_back(m);
        r.pv_players.push_back(mover);
        v = child.over || child.to_move == mover ? v : -v;
        pos = child;
      }
      if (!found) break;
    }
    if (!r.pv.empty()) {
      r.has_move = true;
      r.best_move = r.pv.front();
    }
  }
  r.nodes = ab.nodes();
  mismatch = ab.margin_mismatch();
  return r;
}

// The search's stack: the recursion goes a frame or two per ply (a few hundred bytes each), to
// kMaxSolvePlies, whatever the process's own stack limit; reserved, not touched, until used.
constexpr size_t kSolverStackBytes = (size_t{64} << 20) + size_t{kMaxSolvePlies} * 4096;

// The first attempt of a solve whose table is larger: this table, for
// options.first_attempt_nodes nodes. A large table costs nothing to make (transposition.h), but
// each huge page a search first touches is zeroed whole: a position near the end, solved in
// 2,518 nodes, took 9 s of the kernel's time in a 4 GiB table and 0.06 s in this one. A search
// that needs more starts again with the whole table, having spent well under a second.
constexpr int kFirstTableBits = 20;  // 16 MiB

SolveResult solve_sized(const Game& game, const State& s, const SolveOptions& options,
                        std::chrono::steady_clock::time_point start, uint64_t node_budget,
                        bool& over_budget) {
  bool mismatch = false;
  const bool exact = AlphaBeta::exact_margins_apply(game.rules());
  SolveResult r = solve_with(game, s, options, exact, start, mismatch, node_budget, over_budget);
  if (exact && mismatch && !over_budget) {
    // A game ended with a winner other than the holder of more counters: search again, valuing
    // a win above any margin.
    const uint64_t nodes = r.nodes;
    uint64_t left = 0;  // what is left of the budget (0: none), at least a node
    if (node_budget > 0) left = node_budget > nodes ? node_budget - nodes : 1;
    r = solve_with(game, s, options, false, start, mismatch, left, over_budget);
    r.nodes += nodes;
  }
  return r;
}

SolveResult solve_here(const Game& game, const State& s, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  bool over_budget = false;
  uint64_t spent = 0;
  if (options.table_bits > kFirstTableBits && options.first_attempt_nodes > 0) {
    SolveOptions first = options;
    first.table_bits = kFirstTableBits;
    SolveResult r = solve_sized(game, s, first, start, options.first_attempt_nodes, over_budget);
    if (!over_budget) {  // solved, or stopped by max_seconds: either way the answer
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      r.table_bits = kFirstTableBits;
      return r;
    }
    spent = r.nodes;
  }
  // The progress shown counts the first attempt's nodes too (they do not start again from 0).
  SolveOptions whole = options;
  if (spent > 0 && options.progress) {
    whole.progress = [&options, spent](const SolveProgress& p) {
      SolveProgress counted = p;
      counted.nodes += spent;
      options.progress(counted);
    };
  }
  SolveResult r = solve_sized(game, s, whole, start, 0, over_budget);
  r.nodes += spent;
  r.table_bits = options.table_bits;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

struct SolveCall {
  const Game* game;
  const State* s;
  const SolveOptions* options;
  SolveResult result;
  std::exception_ptr error;
};

void* solve_thread(void* arg) {
  auto* call = static_cast<SolveCall*>(arg);
  try {
    call->result = solve_here(*call->game, *call->s, *call->options);
  } catch (...) {
    call->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

SolveResult solve(const Game& game, const State& s, const SolveOptions& options) {
  check_solvable(game.rules());
  SolveCall call{&game, &s, &options, {}, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kSolverStackBytes);
  pthread_t thread;
  const int failed = pthread_create(&thread, &attr, solve_thread, &call);
  pthread_attr_destroy(&attr);
  if (failed != 0) throw std::bad_alloc();
  pthread_join(thread, nullptr);
  if (call.error) std::rethrow_exception(call.error);
  return call.result;
}

long long available_memory_mib() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  long long kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib >> 10;
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? (1LL * pages * page) >> 20 : 0;
}

long long machine_memory_mib() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? (1LL * pages * page) >> 20 : 0;
}

void check_solve_limits(double max_seconds, std::optional<int> table_mib) {
  if (!std::isfinite(max_seconds)) {
    std::ostringstream given;
    given << max_seconds;
    throw UsageError(
        "solve: --max-seconds: expected a finite number of seconds (0: no limit), got " +
        given.str());
  }
  if (!(max_seconds >= 0)) throw UsageError("solve: --max-seconds: must be 0 or more");
  if (table_mib && (*table_mib < 1 || *table_mib > 16384 || (*table_mib & (*table_mib - 1)) != 0)) {
    throw UsageError("solve: --table-mib: expected a power of two from 1 to 16384, got " +
                     std::to_string(*table_mib));
  }
}

SolveOptions solve_options(double max_seconds, std::optional<int> table_mib, const RuleSet& rules,
                           int& chosen_mib) {
  check_solve_limits(max_seconds, table_mib);
  chosen_mib = table_mib ? *table_mib : default_table_mib(available_memory_mib(), rules);
  // The table's pages are taken as the search first touches them: one larger than the machine's
  // memory would end in the kernel's out-of-memory kill, not in an error.
  const long long machine_mib = machine_memory_mib();
  if (machine_mib > 0 && chosen_mib > machine_mib) {
    throw Error("solve: --table-mib " + std::to_string(chosen_mib) +
                ": more than this machine's memory (" + std::to_string(machine_mib) + " MiB)");
  }
  SolveOptions options;
  options.max_seconds = max_seconds;
  options.table_bits = 16 + std::countr_zero(static_cast<unsigned>(chosen_mib));
  return options;
}

}  // namespace mancala::sim
