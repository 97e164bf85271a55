// reconstruct --write DIR [--pick N,M] [--force]: the candidates written as rulesets, and never a
// file replaced that the run did not write (issue 41): a folder holding a file of a name the run
// may write is refused before any game is played, unless --force, which names each file it
// replaces.
#pragma once

#include <string>
#include <vector>

#include "analysis/reconstruct.h"
#include "cli/cli.h"

namespace mancala::cli {

// The file --write writes for a candidate: DIR/reading_<number>.json.
std::string reading_file(const std::string& dir, const analysis::Candidate& c);

// Before any game: the files of `candidates` (indices into the space's candidates: those --pick
// names, else every candidate, since the Pareto front is known only at the end) that already
// exist in `dir`. Throws UsageError "reconstruct: --write: DIR holds reading_2.json, which this
// run may write: ..." naming them (at most five, then how many more) unless `force`.
void check_write_folder(const std::string& dir, const analysis::Space& space,
                        const std::vector<size_t>& candidates, bool force);

// Writes the `chosen` candidates into `dir` (each whole or not at all), checking again first that
// none exists unless `force` (one made while the search ran is refused too, nothing written);
// prints "reconstruct: replaced FILE" for each file --force replaced.
void write_candidates(const std::string& dir, const analysis::Space& space,
                      const std::vector<size_t>& chosen, bool force, Io& io);

}  // namespace mancala::cli
