// The mancala command line as a library: tests call run() in-process.
//
// Conventions: data to `out`, messages and progress to `err`; exit 0 on success, 1 on failure,
// 2 on a usage error; errors printed as "mancala: <file>: <record or key>: <what is wrong>".
#pragma once

#include <cstddef>
#include <iosfwd>
#include <streambuf>
#include <string>
#include <vector>

namespace mancala::cli {

using Args = std::vector<std::string>;

struct Io {
  std::ostream& out;
  std::ostream& err;
  bool err_is_terminal = false;  // progress bars only when stderr is a terminal
  bool out_is_terminal = false;  // tables fit the terminal's width (output_width)
};

// The width the text tables of a command fit (the columns that do not fit are left out, with a
// note that --wide shows them): $COLUMNS when it is a whole number from 20 on, else the
// terminal's width when stdout is a terminal, else 100.
std::size_t output_width(const Io& io);

// The executable's stdout: a buffered stream over a file descriptor that remembers why a write
// failed (its errno), so that run() can say so and exit 1 ("mancala ... > /dev/full").
class FdOutput : public std::streambuf {
 public:
  explicit FdOutput(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  ~FdOutput() override { sync(); }
  FdOutput(const FdOutput&) = delete;
  FdOutput& operator=(const FdOutput&) = delete;
  // The errno of the first failed write, 0 while every write succeeded.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  int sync() override;

 private:
  bool drain();

  int fd_;
  int error_ = 0;
  char buffer_[1 << 16];
};

// Runs "mancala ARGS..." (without the program name) and returns the exit code. When `out` cannot
// be written (a full disk, a closed file), says so on `err` ("mancala: stdout: cannot write the
// output (<reason>)") and returns 1 at least.
int run(const Args& args, std::ostream& out, std::ostream& err, bool err_is_terminal = false,
        bool out_is_terminal = false);

}  // namespace mancala::cli
