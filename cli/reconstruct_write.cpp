#include "cli/reconstruct_write.h"

#include <filesystem>

#include "common/error.h"
#include "common/world.h"
#include "reports/output_file.h"

namespace mancala::cli {
namespace {

// The files among `candidates` that exist in `dir`.
std::vector<std::string> existing_files(const std::string& dir, const analysis::Space& space,
                                        const std::vector<size_t>& candidates) {
  std::vector<std::string> out;
  std::error_code ec;
  for (size_t i : candidates) {
    const std::string file = reading_file(dir, space.candidates[i]);
    if (std::filesystem::exists(std::filesystem::symlink_status(file, ec))) out.push_back(file);
  }
  return out;
}

// "reading_2.json, reading_5.json and 3 more": the names of `files`, at most five.
std::string names_of(const std::vector<std::string>& files) {
  std::string out;
  const size_t shown = std::min<size_t>(files.size(), 5);
  for (size_t i = 0; i < shown; ++i) {
    const bool last = i + 1 == shown && files.size() <= 5;
    out += (i == 0 ? ""
            : last ? " and "
                   : ", ") +
           std::filesystem::path(files[i]).filename().string();
  }
  if (files.size() > 5) out += " and " + std::to_string(files.size() - 5) + " more";
  return out;
}

// The refusal of a folder holding `files`.
std::string refusal(const std::string& dir, const std::vector<std::string>& files,
                    const std::string& which) {
  return "reconstruct: --write: " + dir + " holds " + names_of(files) + ", which this run " +
         which + ": nothing is replaced that the run did not write (write to another folder, " +
         "move " + (files.size() == 1 ? "it" : "them") + ", or give --force to replace " +
         (files.size() == 1 ? "it" : "them") + ")";
}

}  // namespace

std::string reading_file(const std::string& dir, const analysis::Candidate& c) {
  return (std::filesystem::path(dir) / ("reading_" + std::to_string(c.number) + ".json")).string();
}

void check_write_folder(const std::string& dir, const analysis::Space& space,
                        const std::vector<size_t>& candidates, bool force) {
  if (force) return;
  const std::vector<std::string> files = existing_files(dir, space, candidates);
  if (!files.empty()) throw UsageError(refusal(dir, files, "may write"));
}

void write_candidates(const std::string& dir, const analysis::Space& space,
                      const std::vector<size_t>& chosen, bool force, Io& io) {
  if (!world::writer()) return;
  const std::vector<std::string> existing = existing_files(dir, space, chosen);
  if (!force && !existing.empty()) throw Error(refusal(dir, existing, "would write"));
  for (size_t i : chosen) {
    reports::OutputFile out(io.out, reading_file(dir, space.candidates[i]));
    out.stream() << analysis::candidate_ruleset_json(space, space.candidates[i]).dump(2) << "\n";
    out.commit();
  }
  for (const std::string& file : existing) io.err << "reconstruct: replaced " << file << "\n";
}

}  // namespace mancala::cli
