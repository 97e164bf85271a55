#include "cli/run_support.h"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <set>
#include <sstream>

#include "common/format.h"
#include "common/paths.h"
#include "common/world.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {

void ProgressBar::erase() {
  if (width_ > 0) io_.err << "\r" << std::string(width_, ' ') << "\r" << std::flush;
  width_ = 0;
}

void ProgressBar::update(const std::string& label, uint64_t done, uint64_t total) {
  if (label != label_ && style_ == Style::kBar) erase();
  label_ = label;
  update(done, total);
}

std::string long_duration_text(double seconds) {
  const double hours = seconds / 3600, days = hours / 24, years = days / 365.25;
  if (hours < 48) return "about " + format_number(hours, 0) + " hours";
  if (years < 2) return "about " + format_number(days, 0) + " days";
  return "about " + format_number(years, years < 100 ? 1 : 0) + " years";
}

void ProgressBar::warn_if_long(uint64_t done, uint64_t total) {
  if (estimated_ || done == 0 || done >= total) return;
  const double seconds = watch_.seconds();
  if (seconds < 1) return;
  estimated_ = true;
  const double rate = static_cast<double>(done) / seconds;
  const double whole = static_cast<double>(total) / rate;
  if (whole <= kLongRunSeconds) return;
  erase();
  io_.err << "mancala: warning: " << (label_.empty() ? "" : label_ + ": ") << total
          << " games at about " << format_number(rate, 0) << " a second would take "
          << long_duration_text(whole)
          << "; Ctrl-C or SIGTERM stops the run and keeps the games finished\n";
}

void ProgressBar::update(uint64_t done, uint64_t total) {
  warn_if_long(done, total);
  if (!io_.err_is_terminal || total == 0) return;
  std::ostringstream line;
  if (style_ == Style::kBar) {
    constexpr int kBar = 30;
    const int filled = static_cast<int>(done * kBar / total);
    line << label_ << " [" << std::string(filled, '#') << std::string(kBar - filled, '.') << "] "
         << std::setw(3) << done * 100 / total << "% " << done << "/" << total << " games";
  } else {
    line << label_ << ": " << done << "/" << total << " games (" << done * 100 / total << "%)";
  }
  const std::string text = line.str();
  const size_t pad = style_ == Style::kCount && width_ > text.size() ? width_ - text.size() : 0;
  io_.err << "\r" << text << std::string(pad, ' ') << std::flush;
  width_ = std::max(width_, text.size());
}

std::string Stopwatch::text() const { return format_number(seconds(), 2); }

int interrupted_merge(const std::string& command, Io& io) {
  io.err << "mancala: " << command << ": interrupted by " << InterruptGuard::cause()
         << ": nothing merged, written or stored\n";
  return InterruptGuard::exit_code();
}

archive::Store open_store_to_read(const std::string& path, Io& io) {
  archive::Store store = archive::Store::open(path, archive::Store::Mode::kExisting);
  if (!store.warning().empty()) io.err << "mancala: warning: " << store.warning() << "\n";
  return store;
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
