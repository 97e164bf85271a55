// Running the built `mancala` executable as a user would, in its own process (its stdout, limits
// and signals its own): for the tests of a command, and for any test that needs a command's output
// without linking the command line (tests/CMakeLists.txt links each test executable with its own
// module only). tests/test_binary.cpp, compiled into every test executable, gives the path.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "test_support.h"

namespace mancala::test_support {

// The built `mancala` executable (tests/CMakeLists.txt), for tests that run a command as a user
// would: in its own process, with its own stdout, limits and signals.
// The `mancala` executable of this build (tests/test_binary.cpp, the one file given its path).
const char* mancala_binary_path();
inline const char* const kMancalaBinary = mancala_binary_path();

// How to run the executable: stdout to `stdout_path` (a file, a device; default: captured), a
// limit on the size of any file it writes (RLIMIT_FSIZE, SIGXFSZ ignored: a write past it fails
// with EFBIG, as on a full disk), and a folder to run in.
struct ProcessOptions {
  std::string stdout_path;
  long long file_size_limit = -1;
  std::string cwd;
};

struct ProcessResult {
  int code = -1;    // exit code, -1 when killed by a signal
  int signal = 0;   // the signal that killed it, 0 when it exited
  std::string out;  // captured stdout (empty when stdout_path was given)
  std::string err;
};

// Starts `mancala ARGS...` in its own process; returns its process id. stdout and stderr go to
// `out_file` and `err_file`.
inline pid_t start_binary(const std::vector<std::string>& args, const ProcessOptions& options,
                          const std::string& out_file, const std::string& err_file) {
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  const std::string out = options.stdout_path.empty() ? out_file : options.stdout_path;
  const int out_fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err_fd = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out_fd < 0 || err_fd < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0) ::_exit(120);
  if (!options.cwd.empty() && ::chdir(options.cwd.c_str()) != 0) ::_exit(121);
  if (options.file_size_limit >= 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{static_cast<rlim_t>(options.file_size_limit),
                       static_cast<rlim_t>(options.file_size_limit)};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(122);
  }
  std::vector<char*> argv{const_cast<char*>(kMancalaBinary)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execv(kMancalaBinary, argv.data());
  ::_exit(123);
}

// Waits for a process started by start_binary and collects what it wrote.
inline ProcessResult finish_binary(pid_t pid, const std::string& out_file,
                                   const std::string& err_file) {
  ProcessResult r;
  int status = 0;
  if (::waitpid(pid, &status, 0) == pid) {
    if (WIFEXITED(status)) r.code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  }
  r.out = read_text(out_file);
  r.err = read_text(err_file);
  return r;
}

// Runs `mancala ARGS...` as a user would, to its end.
inline ProcessResult run_binary(const std::vector<std::string>& args,
                                const ProcessOptions& options = {}) {
  TempDir io("process");
  const pid_t pid = start_binary(args, options, io / "stdout", io / "stderr");
  return finish_binary(pid, io / "stdout", io / "stderr");
}

}  // namespace mancala::test_support
