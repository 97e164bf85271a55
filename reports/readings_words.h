// The readings files' identifiers in words, for the pages meant for historians (issue 39, item 2).
#pragma once

#include <string>

#include "analysis/reconstruct.h"
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

// A count with its noun agreeing: "1 game", "6 games".
std::string plural(size_t n, const std::string& one, const std::string& many);

// How a search was played, one sentence: the seed, the games a candidate plays in a stage, the
// skilled agent and why, each stage's agent and games. `in_words` (the readings pages, issue 39,
// item 4): "Played with random seed 1, at most 100 games a candidate in a stage; the skilled
// agent: alpha-beta search 2 plies deep (...)", the agents by what they do; else as the terminal
// says it: "Played (seed 1, --games 100; skilled agent alphabeta:2: ...)".
std::string played_sentence(const analysis::Reconstruction& r, bool in_words);

}  // namespace mancala::reports
