#include "cli/run_support.h"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "common/paths.h"
#include "common/world.h"

namespace mancala::cli {
namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};

extern "C" void on_interrupt(int signal) {
  g_signal.store(signal, std::memory_order_relaxed);
  g_interrupted.store(true, std::memory_order_relaxed);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_interrupted.store(false);
  g_signal.store(0);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_int_);
  sigaction(SIGTERM, &action, &previous_term_);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &previous_int_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
}

const std::atomic<bool>& InterruptGuard::interrupted() { return g_interrupted; }

std::string InterruptGuard::cause() { return g_signal.load() == SIGTERM ? "SIGTERM" : "Ctrl-C"; }

int InterruptGuard::exit_code() { return 128 + (g_signal.load() == SIGTERM ? SIGTERM : SIGINT); }

ProgressBar::~ProgressBar() {
  if (drawn_) io_.err << "\r" << std::string(width_, ' ') << "\r" << std::flush;
}

void ProgressBar::update(uint64_t done, uint64_t total) {
  if (!io_.err_is_terminal || total == 0) return;
  constexpr int kBar = 30;
  const int filled = static_cast<int>(done * kBar / total);
  std::ostringstream line;
  line << label_ << " [" << std::string(filled, '#') << std::string(kBar - filled, '.') << "] "
       << std::setw(3) << done * 100 / total << "% " << done << "/" << total << " games";
  const std::string text = line.str();
  width_ = std::max(width_, text.size());
  io_.err << "\r" << text << std::flush;
  drawn_ = true;
}

archive::RunRecord run_record(const sim::RunStats& run, const nlohmann::json& stats) {
  archive::RunRecord record;
  record.ruleset = run.ruleset;
  record.rules_hash = run.rules_hash;
  record.engine_version = run.engine_version;
  record.agent = run.agent;
  record.seed = run.seed;
  record.games = run.games_requested;
  record.partial = run.partial;
  record.stats_json = stats.dump();
  return record;
}

std::optional<archive::Store> open_store_for_runs(const std::string& command,
                                                  const po::variables_map& vm) {
  if (vm.count("no-store")) {
    if (vm.count("db")) throw UsageError(command + ": give --db or --no-store, not both");
    return std::nullopt;
  }
  if (!world::writer()) return std::nullopt;  // MPI: only rank 0 stores (common/world.h)
  return archive::Store::open(default_db_path(vm.count("db") ? vm["db"].as<std::string>() : ""));
}

}  // namespace mancala::cli
