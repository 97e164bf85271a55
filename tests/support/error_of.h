// The message of what a call throws, for tests of exact error messages; shared by every test
// folder (issue 13: tests share helpers).
#pragma once

#include <exception>
#include <string>
#include <utility>

#include "common/error.h"

namespace mancala::test_support {

// The message of the mancala::Error that f() throws, or "(no error)".
template <typename F>
std::string error_of(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// The message of any std::exception that f() throws, or "(no exception)".
template <typename F>
std::string message_of(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(no exception)";
}

}  // namespace mancala::test_support
