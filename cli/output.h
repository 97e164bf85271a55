// Where a command's data goes (simulate, merge): stdout, or a file written whole or not at all.
#pragma once

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/cli.h"
#include "common/error.h"
#include "common/world.h"

namespace mancala::cli {

// Where a command's data goes: io.out, or a file (--output) written whole or not at all: the text
// is built in memory, written to "<path>.tmp" and renamed over the path. The temporary file is
// created at once, so an unwritable path fails before any work is done.
class Output {
 public:
  // Checks before any game is played that the file can be written: not a folder, and a
  // temporary file of our own (never a user's "<path>.tmp") can be made beside it.
  Output(Io& io, std::string path) : io_(io), path_(std::move(path)) {
    if (!world::writer()) path_.clear();  // MPI: only rank 0 writes (common/world.h)
    if (path_.empty()) return;
    std::error_code ec;
    if (std::filesystem::is_directory(path_, ec)) {
      throw Error(where(path_, "", "cannot write the output file (it is a folder)"));
    }
    std::string name = path_ + ".mancala-XXXXXX";
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
      throw Error(where(
          path_, "", std::string("cannot write the output file (") + std::strerror(errno) + ")"));
    ::close(fd);
    tmp_ = name;
  }
  ~Output() {
    if (!tmp_.empty()) std::remove(tmp_.c_str());
  }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  std::ostream& stream() { return path_.empty() ? io_.out : buffer_; }
  // Where the data went, for messages: the file, or "stdout".
  std::string destination() const { return path_.empty() ? "stdout" : path_; }

  void commit() {
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

 private:
  Io& io_;
  std::string path_;
  std::string tmp_;
  std::ostringstream buffer_;
};

}  // namespace mancala::cli
