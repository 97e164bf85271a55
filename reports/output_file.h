// Where a command's data goes: a stream (stdout), or a file written whole or not at all.
#pragma once

#include <memory>
#include <ostream>
#include <sstream>
#include <string>

namespace mancala::files {
class WholeFile;
}

namespace mancala::reports {

// The data goes to `out` when `path` is empty, else to the file `path`, written whole or not at
// all (common/file_write.h: a regular file is replaced atomically keeping its mode and owner, a
// fifo or device is written through, a folder refused). The text is built in memory; the
// destination is checked and the temporary file made at once, so an unwritable path fails before
// any work is done. Under MPI only rank 0 writes (common/world.h).
class OutputFile {
 public:
  // Throws mancala::Error "<path>: cannot write the output file (<reason>)".
  OutputFile(std::ostream& out, std::string path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream() { return path_.empty() ? out_ : buffer_; }
  // Where the data went, for messages: the file, or "stdout".
  std::string destination() const { return path_.empty() ? "stdout" : path_; }
  // Writes the file (nothing for a stream). Throws mancala::Error as the constructor.
  void commit();

 private:
  std::ostream& out_;
  std::string path_;
  std::unique_ptr<files::WholeFile> file_;
  std::ostringstream buffer_;
};

}  // namespace mancala::reports
