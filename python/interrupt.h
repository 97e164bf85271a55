// Ctrl-C and progress for the module's long runs (runs.cpp, measure.cpp): a run releases the GIL
// while it plays; its progress callback (on the calling thread, about ten times a second) takes
// the GIL back to ask Python whether a signal came (PyErr_CheckSignals) and to call the Python
// progress callback. A signal sets the flag the engine stops at (BatchOptions::stop and the
// like), as SIGINT does in the command; the caller then raises KeyboardInterrupt with what
// finished.
#pragma once

#include <atomic>
#include <optional>
#include <string>

#include "python/bindings.h"
#include "simulator/agents.h"

namespace mancala::python {

class Interrupt {
 public:
  const std::atomic<bool>* flag() const { return &stop_; }
  // True once a signal stopped the run.
  bool signalled() const { return signalled_; }

  // With the GIL: notes a signal Python's handler has seen (and clears its KeyboardInterrupt:
  // the caller raises one with the results).
  void check() {
    if (PyErr_CheckSignals() != 0) {
      PyErr_Clear();
      signalled_ = true;
      stop_ = true;
    }
  }
  // With the GIL: calls `callback(label, done, total)` unless it is None; an exception it raises
  // stops the run and is raised after it (rethrow).
  void call(const py::object& callback, const std::string& label, uint64_t done, uint64_t total) {
    if (callback.is_none() || failure_) return;
    try {
      callback(label, done, total);
    } catch (py::error_already_set& e) {
      failure_.emplace(std::move(e));
      stop_ = true;
    }
  }
  // check() and call() together, taking the GIL: a progress callback of the engine.
  void tick(const py::object& callback, const std::string& label, uint64_t done, uint64_t total) {
    py::gil_scoped_acquire acquire;
    check();
    call(callback, label, done, total);
  }
  // Raises the progress callback's exception, if it raised one.
  void rethrow() {
    if (failure_) throw std::move(*failure_);
  }

 private:
  std::atomic<bool> stop_{false};
  bool signalled_ = false;
  std::optional<py::error_already_set> failure_;
};

// The agents as --agent SPEC (both) or --agents SPEC1,SPEC2 give them; "" for neither. A bad spec
// is a UsageError "<command>: ...". runs.cpp.
sim::AgentPair agents_of(const std::string& command, const std::string& agent,
                         const std::string& agents);

}  // namespace mancala::python
