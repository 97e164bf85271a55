// The readings files' identifiers in words, for the pages meant for historians (issue 39, item 2).
#pragma once

#include <string>

#include "analysis/reconstruct_readings.h"

namespace mancala::reports {

// A readings file's choice id or alternative name as a page's running text says it (issue 39,
// item 2): the identifiers are words joined by underscores ('one_after_the_other' reads "one
// after the other"). The terminal, CSV and JSON keep the identifiers.
std::string readings_id_in_words(const std::string& id);

// A reading as a reader says it: each choice read otherwise than the base, "choice: alternative",
// separated by semicolons ("no move: mover loses; clockwise privilege: none"); "the base's
// reading" when none is (analysis::pick_label in words).
std::string reading_in_words(const analysis::Readings& readings, const analysis::Pick& pick);

}  // namespace mancala::reports
