// "Did you mean...?" for names a user mistypes (issue 27): the known spellings nearest to an
// unknown one, by edit distance on the folded names (archive/text.h fold_name), so case, spaces,
// hyphens and underscores never count as differences.
#pragma once

#include <string>
#include <vector>

namespace mancala {

// The spellings among `known` nearest to `wanted`: those within an edit distance of a third of
// its length (at least 2), or that begin with it; nearest first (ties in `known`'s order), at most
// `limit`, each once. Empty when none is near.
std::vector<std::string> nearest_spellings(const std::string& wanted,
                                           const std::vector<std::string>& known, size_t limit = 3);

// "; did you mean a, b or c?" for the nearest spellings, or "" when there are none.
std::string did_you_mean(const std::string& wanted, const std::vector<std::string>& known);

}  // namespace mancala
