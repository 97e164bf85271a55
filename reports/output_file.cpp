#include "reports/output_file.h"

#include "common/file_write.h"
#include "common/world.h"

namespace mancala::reports {

OutputFile::OutputFile(std::ostream& out, std::string path) : out_(out), path_(std::move(path)) {
  if (!world::writer()) path_.clear();  // MPI: only rank 0 writes (common/world.h)
  if (path_.empty()) return;
  file_ = std::make_unique<files::WholeFile>(path_, "output file");
}

OutputFile::~OutputFile() = default;

void OutputFile::commit() {
  if (!file_) return;
  file_->commit(buffer_.str());
  file_.reset();
}

}  // namespace mancala::reports
