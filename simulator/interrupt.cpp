#include "simulator/interrupt.h"

namespace mancala::sim {
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

}  // namespace mancala::sim
