// The helpers every test module shares (issue 13: "put them in one test-support header"): the
// sanitizer switch, exact error texts, readable names for parameterised cases, a temporary folder,
// whole-file reads and writes, and an environment variable set for one scope. Module helpers build
// on it: tests/simulator/board_test_util.h (hand-made positions), tests/archive/archive_test_util.h
// (fixtures, plain SQL).
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "common/error.h"

namespace mancala::test_support {

// True in the sanitizer run (MANCALA_SANITIZED=1): heavy loops scale down there, never skip
// (scripts/test.sh leaves out only the agents' strength sweep, which the sanitizers cannot change).
inline bool sanitized() {
  const char* env = std::getenv("MANCALA_SANITIZED");
  return env != nullptr && std::string(env) == "1";
}

// sanitized(), read once.
inline const bool kSanitized = sanitized();

// n, or n / divisor (at least 1) under the sanitizers.
inline int scaled(int n, int divisor = 10) { return sanitized() ? std::max(1, n / divisor) : n; }

// The text of the E that `f` throws, or `none` when it returns: for checks of exact messages. An
// exception of another type goes on to the test, which then fails.
template <class E = std::exception, class F>
std::string thrown_message(F&& f, const std::string& none = "(no exception)") {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return none;
}

// The message of the mancala::Error that `f` throws, or "(no error)".
template <class F>
std::string error_of(F&& f) {
  return thrown_message<Error>(f, "(no error)");
}

// A parameterised case named by its string parameter (a ruleset id, ...), every character
// that GoogleTest refuses in a name turned into '_'.
inline std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

// A fresh folder under the system temp folder ("mancala-<label>-XXXXXX"), removed with everything
// in it at the end.
class TempDir {
 public:
  explicit TempDir(const std::string& label = "test") {
    std::string pattern =
        (std::filesystem::temp_directory_path() / ("mancala-" + label + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Writes `text` to `path` (its folders made as needed), replacing what was there.
inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

// The whole of a file; empty when it cannot be read.
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Sets an environment variable for one scope, then gives it back the value it had (or unsets it).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) previous_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (previous_)
      ::setenv(name_, previous_->c_str(), 1);
    else
      ::unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> previous_;
};

}  // namespace mancala::test_support
