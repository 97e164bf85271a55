#include "reports/report_folder.h"

#include <fcntl.h>     // AT_FDCWD
#include <stdio.h>     // renameat2, RENAME_EXCHANGE (glibc)
#include <sys/file.h>  // flock
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "common/error.h"
#include "common/file_write.h"
#include "common/world.h"

namespace mancala::reports {

namespace fs = std::filesystem;

ReportFolder::ReportFolder(fs::path out) : out_(std::move(out)) {
  if (out_.filename().empty() && out_.has_parent_path())
    out_ = out_.parent_path();  // "reports/out/" -> "reports/out"
  const auto fail = [&](const std::string& reason) {
    throw Error(where(out_.string(), "", "cannot write the report here (" + reason + ")"));
  };
  std::error_code ec;
  // Renames need the folder's own name and its parent: "." and ".." become real names.
  place_ = fs::absolute(out_, ec).lexically_normal();
  if (ec) fail(ec.message());
  if (place_.filename().empty()) place_ = place_.parent_path();
  if (place_ == place_.root_path()) fail("it is the root folder");
  const fs::file_status status = fs::status(place_, ec);
  if (fs::exists(status)) {
    if (!fs::is_directory(status))
      throw Error(where(out_.string(), "", "exists and is not a folder"));
    const bool ours = fs::exists(place_ / kMarkerFile, ec);
    const bool empty = fs::is_empty(place_, ec);
    if (!ours && !empty) {
      throw Error(where(out_.string(), "",
                        "is a folder that is not a mancala report (no .mancala-report file in it): "
                        "choose another "
                        "folder or empty it"));
    }
  }
  const fs::path parent = place_.parent_path();
  fs::create_directories(parent, ec);
  if (ec) fail(ec.message());
  // The leftovers of killed reports go; a live report's folder is locked (common/file_write.h).
  files::remove_stale_temporaries(parent, place_.filename().string());
  tmp_ = files::temporary_beside(place_);
  if (!fs::create_directory(tmp_, ec) || ec) {
    tmp_.clear();
    fail((ec ? ec : std::make_error_code(std::errc::file_exists)).message());
  }
  lock_fd_ = ::open(tmp_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (lock_fd_ >= 0) ::flock(lock_fd_, LOCK_EX);
}

ReportFolder::~ReportFolder() {
  if (lock_fd_ >= 0) ::close(lock_fd_);
  if (committed_ || tmp_.empty()) return;
  std::error_code ec;
  fs::remove_all(tmp_, ec);
}

void ReportFolder::write(const std::string& path, std::string_view content) {
  if (committed_) throw Error(where(out_.string(), path, "the report is already in place"));
  const fs::path file = tmp_ / path;
  const auto fail = [&](const std::string& reason) {
    throw Error(where(out_.string(), path, "cannot write (" + reason + ")"));
  };
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  if (ec) fail(ec.message());
  std::ofstream stream(file, std::ios::binary | std::ios::trunc);
  if (!stream) fail(std::strerror(errno));
  stream.write(content.data(), static_cast<std::streamsize>(content.size()));
  stream.close();
  if (!stream) fail(std::strerror(errno));
}

void ReportFolder::commit() {
  if (committed_) return;
  if (!world::writer()) return;  // MPI: only rank 0 puts the report in place (common/world.h)
  const auto fail = [&](const std::string& reason) {
    throw Error(where(out_.string(), "", "cannot put the report in place (" + reason + ")"));
  };
  std::error_code ec;
  if (!fs::exists(place_, ec)) {
    fs::rename(tmp_, place_, ec);
    if (ec) fail(ec.message());
    committed_ = true;
    return;
  }
  // Swap the new folder with the previous report in one step; the old one is then at tmp_.
  if (::renameat2(AT_FDCWD, tmp_.c_str(), AT_FDCWD, place_.c_str(), RENAME_EXCHANGE) != 0) {
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) fail(std::strerror(errno));
    // No exchange on this file system: move the old report aside, the new one in, the old one back
    // on failure.
    const fs::path old = tmp_.string() + ".old";
    fs::rename(place_, old, ec);
    if (ec) fail(ec.message());
    fs::rename(tmp_, place_, ec);
    if (ec) {
      std::error_code ignored;
      fs::rename(old, place_, ignored);
      fail(ec.message());
    }
    fs::remove_all(old, ec);
    committed_ = true;
    return;
  }
  committed_ = true;
  fs::remove_all(tmp_, ec);  // the previous report; failing to delete it loses nothing new
}

}  // namespace mancala::reports
