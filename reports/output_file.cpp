#include "reports/output_file.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "common/error.h"
#include "common/world.h"

namespace mancala::reports {
namespace {

// The mode the file gets: the one it has when it exists, else a new file's (0666 less the
// umask), as the shell's `>` gives; never mkstemp's 0600.
mode_t output_mode(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) return st.st_mode & 07777;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

OutputFile::OutputFile(std::ostream& out, std::string path) : out_(out), path_(std::move(path)) {
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
  const int chmod_result = ::fchmod(fd, output_mode(path_));
  ::close(fd);
  if (chmod_result != 0)
    throw Error(where(path_, "",
                      std::string("cannot write the output file (") + std::strerror(errno) + ")"));
  tmp_ = name;
}

OutputFile::~OutputFile() {
  if (!tmp_.empty()) std::remove(tmp_.c_str());
}

void OutputFile::commit() {
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

}  // namespace mancala::reports
