#include "cli/run_support.h"

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
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

Output::Output(Io& io, std::string path) : io_(io), path_(std::move(path)) {
  if (!world::writer()) path_.clear();  // MPI: only rank 0 writes (common/world.h)
  if (path_.empty()) return;
  // Checks before any game is played that the file can be written: not a folder, and a
  // temporary file of our own (never a user's "<path>.tmp") can be made beside it.
  std::error_code ec;
  if (std::filesystem::is_directory(path_, ec)) {
    throw Error(where(path_, "", "cannot write the output file (it is a folder)"));
  }
  std::string name = path_ + ".mancala-XXXXXX";
  const int fd = ::mkstemp(name.data());
  if (fd < 0)
    throw Error(where(path_, "",
                      std::string("cannot write the output file (") + std::strerror(errno) + ")"));
  ::close(fd);
  tmp_ = name;
}

Output::~Output() {
  if (!tmp_.empty()) std::remove(tmp_.c_str());
}

void Output::commit() {
  if (path_.empty()) return;
  {
    std::ofstream out(tmp_, std::ios::binary | std::ios::trunc);
    out << buffer_.str();
    out.close();
    if (!out)
      throw Error(where(
          path_, "", std::string("cannot write the output file (") + std::strerror(errno) + ")"));
  }
  std::error_code ec;
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) throw Error(where(path_, "", "cannot write the output file (" + ec.message() + ")"));
  tmp_.clear();
}

}  // namespace mancala::cli
