// The report's folder, written whole or not at all (docs/report.md, "The folder").
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace mancala::reports {

// The output folder of a report, written whole or not at all.
//
// The constructor checks the destination and creates an empty temporary folder beside it
// (".<name>.mancala-tmp-<pid>-<n>", locked while this process lives, in the same parent, so the
// final rename stays on one file system): an unwritable destination fails at once, before any
// simulation. commit() puts the folder in place: renamed there if the destination does not exist,
// else atomically exchanged with the previous report (renameat2 RENAME_EXCHANGE; two renames where
// the file system lacks it), whose files are then deleted. Until commit() the destination is
// untouched, and the destructor deletes the temporary folder, so a failed or interrupted run leaves
// any previous report as it was.
//
// To delete nothing of the user's, an existing destination is replaced only if it is an empty
// folder or a previous report (it holds the marker file kMarkerFile).
class ReportFolder {
 public:
  static constexpr std::string_view kMarkerFile = ".mancala-report";

  // Throws mancala::Error "<out>: <what is wrong>":
  //   "exists and is not a folder"
  //   "is a folder that is not a mancala report (no .mancala-report file in it): choose another
  //    folder or empty it"  (one line)
  //   "cannot write the report here (<system reason>)"  (also for the root folder)
  explicit ReportFolder(std::filesystem::path out);
  ~ReportFolder();
  ReportFolder(const ReportFolder&) = delete;
  ReportFolder& operator=(const ReportFolder&) = delete;

  // Writes one file (creating its folders) into the temporary folder. Throws mancala::Error
  // "<out>: <path>: cannot write (<system reason>)".
  void write(const std::string& path, std::string_view content);
  // Moves the folder into place (see above). Throws mancala::Error
  // "<out>: cannot put the report in place (<system reason>)"; the destination is then unchanged.
  void commit();

  const std::filesystem::path& destination() const { return out_; }
  const std::filesystem::path& temporary() const { return tmp_; }

 private:
  std::filesystem::path out_;    // as given (for messages)
  std::filesystem::path place_;  // out_ made absolute and normal: where the folder goes
  std::filesystem::path tmp_;
  int lock_fd_ = -1;  // holds the temporary folder's lock while this process lives
  bool committed_ = false;
};

}  // namespace mancala::reports
