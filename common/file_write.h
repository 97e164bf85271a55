// Writing a whole file the way a user expects of `-o FILE` (issue 21, item 3): never replacing
// what is not a regular file, keeping an existing file's mode and owner, leaving no temporary
// behind, and cleaning up the temporaries of runs that were killed (item 12).
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include "common/error.h"

namespace mancala::files {

// The system's reason for the last failure, never "Success" (a failure that set no errno).
inline std::string system_reason(int error) {
  return error == 0 ? std::string("an input/output error") : std::string(std::strerror(error));
}

// What a path that is neither a regular file nor a folder is, for messages: "a character
// device", "a fifo"...
inline std::string file_kind(const std::filesystem::file_status& status) {
  namespace fs = std::filesystem;
  switch (status.type()) {
    case fs::file_type::not_found:
      return "no such file or folder";
    case fs::file_type::regular:
      return "a file";
    case fs::file_type::directory:
      return "a folder";
    case fs::file_type::symlink:
      return "a symbolic link";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::character:
      return "a character device";
    case fs::file_type::fifo:
      return "a fifo";
    case fs::file_type::socket:
      return "a socket";
    case fs::file_type::none:
    case fs::file_type::unknown:
    default:  // and a type of another library's own
      return "not a regular file";
  }
}

// Writes all of `text` to `fd`, retrying short writes; returns 0 or the errno of the failure.
inline int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno == 0 ? EIO : errno;
    }
    if (n == 0) return EIO;
    text.remove_prefix(static_cast<size_t>(n));
  }
  return 0;
}

// The temporaries of this process beside `name` in its folder: ".<name>.mancala-tmp-<pid>-<n>".
// The process id in the name, and an exclusive lock (flock) the process holds on the temporary
// while it lives, let a later run tell a killed run's leftover from a live run's work.
inline std::string temporary_prefix(const std::string& name) {
  return "." + name + ".mancala-tmp-";
}

// Removes the leftovers of killed runs beside `name` in `folder` (files or folders named by
// temporary_prefix): only those whose process is gone AND whose lock nobody holds, so the work of
// a run still alive (even one whose process id this system cannot see) is never touched.
inline void remove_stale_temporaries(const std::filesystem::path& folder, const std::string& name) {
  namespace fs = std::filesystem;
  const std::string prefix = temporary_prefix(name);
  std::error_code ec;
  fs::directory_iterator it(folder.empty() ? fs::path(".") : folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::string entry = it->path().filename().string();
    if (entry.rfind(prefix, 0) != 0) continue;
    const std::string rest = entry.substr(prefix.size());  // "<pid>-<n>"
    const size_t dash = rest.find('-');
    if (dash == 0 || dash == std::string::npos) continue;
    long pid = 0;
    bool digits = true;
    for (size_t i = 0; i < dash; ++i) {
      digits = digits && rest[i] >= '0' && rest[i] <= '9' && pid < 100000000;
      if (digits) pid = pid * 10 + (rest[i] - '0');
    }
    if (!digits || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive, or not ours
    const int fd = ::open(it->path().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) continue;
    const bool unlocked = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    std::error_code ignored;
    if (unlocked) fs::remove_all(it->path(), ignored);
    ::close(fd);
  }
}

// A fresh temporary name beside `target` for this process (see temporary_prefix).
inline std::filesystem::path temporary_beside(const std::filesystem::path& target) {
  static std::atomic<unsigned> counter{0};
  const std::string name = temporary_prefix(target.filename().string()) +
                           std::to_string(::getpid()) + "-" + std::to_string(++counter);
  return target.parent_path() / name;
}

// Whether `path` is a link under /dev or /proc (/dev/stdout, /dev/fd/3, /proc/self/fd/1): the
// system's name for a file this process already has open, written through, never replaced.
inline bool names_an_open_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const std::string absolute = fs::absolute(path, ec).lexically_normal().string();
  return fs::is_symlink(fs::symlink_status(path, ec)) &&
         (absolute.rfind("/dev/", 0) == 0 || absolute.rfind("/proc/", 0) == 0);
}

// `path` with every symbolic link along its last component followed (a dangling link gives the
// path it points to); at most 40 links, like the system.
inline std::filesystem::path follow_links(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  fs::path at = path;
  for (int i = 0; i < 40; ++i) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(at, ec)) || ec) return at;
    const fs::path target = fs::read_symlink(at, ec);
    if (ec) return at;
    at = target.is_absolute() ? target : at.parent_path() / target;
  }
  return at;
}

// A file written whole or not at all, as `-o FILE` promises:
//   - a regular file (or a new one) is written to a temporary beside it and renamed over it, so a
//     failure or a kill leaves the previous file as it was; an existing file keeps its mode, and
//     its owner and group where this user may set them; a new file gets 0666 less the umask;
//   - a symbolic link is followed: the file it names is replaced, the link stays;
//   - a fifo, a device (/dev/null, a terminal) or a name of an open file (/dev/stdout, even when
//     it is a regular file) is written through (appended to), never replaced;
//   - a folder or a socket is refused.
// The constructor checks the destination and creates the temporary, so an unwritable path fails
// before any work is done; the destructor removes the temporary unless commit() put it in place.
// Errors: mancala::Error "<path>: cannot write the <what> (<reason>)".
class WholeFile {
 public:
  WholeFile(std::string path, std::string what = "file")
      : path_(std::move(path)), what_(std::move(what)) {
    struct stat st {};
    const bool found = ::stat(path_.c_str(), &st) == 0;
    if (!found && errno != ENOENT) fail(system_reason(errno));
    if (found && S_ISDIR(st.st_mode)) fail("it is a folder");
    if (found && S_ISSOCK(st.st_mode)) fail("it is a socket");
    if (found && (!S_ISREG(st.st_mode) || names_an_open_file(path_))) {
      // A fifo, a device or /dev/stdout: written through when the data is ready, never replaced.
      if (::access(path_.c_str(), W_OK) != 0) fail(system_reason(errno));
      direct_ = true;
      return;
    }
    if (found) {
      char* real = ::realpath(path_.c_str(), nullptr);
      if (real == nullptr) fail(system_reason(errno));
      target_ = real;
      ::free(real);
      existing_ = true;
      mode_ = st.st_mode & 07777;
      uid_ = st.st_uid;
      gid_ = st.st_gid;
    } else {
      target_ = follow_links(path_);
    }
    remove_stale_temporaries(target_.parent_path(), target_.filename().string());
    tmp_ = temporary_beside(target_);
    // An existing file's content is private until its own mode is set (commit).
    fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing_ ? 0600 : 0666);
    if (fd_ < 0) {
      const int error = errno;
      tmp_.clear();
      fail(temporary_failure(error));
    }
    ::flock(fd_, LOCK_EX);  // held while this process lives (remove_stale_temporaries)
  }
  ~WholeFile() { discard(); }
  WholeFile(const WholeFile&) = delete;
  WholeFile& operator=(const WholeFile&) = delete;

  // Puts `text` in place (see above). Throws mancala::Error; the destination is then unchanged
  // (a fifo or device may have taken part of the text).
  void commit(std::string_view text) {
    if (direct_) {
      const int fd = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY);
      if (fd < 0) fail(system_reason(errno));
      int error = write_all(fd, text);
      if (::close(fd) != 0 && error == 0 && errno != EINTR) error = errno;
      if (error != 0) fail(system_reason(error));
      direct_ = false;
      return;
    }
    if (fd_ < 0) return;
    if (existing_) {
      // The previous file's owner where this user may set it, at least its group, then its mode
      // (after the owner: changing the owner clears set-user-id bits).
      if (::fchown(fd_, uid_, gid_) != 0 && ::fchown(fd_, static_cast<uid_t>(-1), gid_) != 0) {
        // Neither: the file becomes this user's, as any file he writes.
      }
      if (::fchmod(fd_, mode_) != 0) fail(system_reason(errno));
    }
    int error = write_all(fd_, text);
    if (error == 0 && ::fsync(fd_) != 0 && errno != EINVAL && errno != EROFS) error = errno;
    if (error == 0 && ::rename(tmp_.c_str(), target_.c_str()) != 0) error = errno;
    if (error != 0) {
      discard();
      fail(system_reason(error));
    }
    tmp_.clear();
    ::close(fd_);
    fd_ = -1;
  }

  // The temporary file while there is one (tests).
  const std::filesystem::path& temporary() const { return tmp_; }

 private:
  [[noreturn]] void fail(const std::string& reason) const {
    throw Error(where(path_, "", "cannot write the " + what_ + " (" + reason + ")"));
  }
  // Why the temporary beside the file could not be created: the file exists (/proc/version) or
  // its folder does, but the folder takes no new file (ENOENT in /proc) or not from this user.
  std::string temporary_failure(int error) const {
    const std::filesystem::path folder =
        target_.parent_path().empty() ? std::filesystem::path(".") : target_.parent_path();
    std::error_code ec;
    if (error == ENOENT && !std::filesystem::is_directory(folder, ec)) return system_reason(error);
    return "cannot create a temporary file in " + folder.string() + ": " +
           (error == ENOENT ? std::string("the folder takes no new files") : system_reason(error));
  }
  void discard() {
    if (!tmp_.empty()) ::unlink(tmp_.c_str());
    tmp_.clear();
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  std::string path_;  // as given, for messages
  std::string what_;
  std::filesystem::path target_;  // links followed
  std::filesystem::path tmp_;
  int fd_ = -1;
  bool direct_ = false;
  bool existing_ = false;
  mode_t mode_ = 0;
  uid_t uid_ = 0;
  gid_t gid_ = 0;
};

// Writes `text` to `path` whole or not at all (WholeFile).
inline void write_whole_file(const std::string& path, std::string_view text,
                             const std::string& what = "file") {
  WholeFile file(path, what);
  file.commit(text);
}

}  // namespace mancala::files
