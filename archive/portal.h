// Reads the text of the Digital Ludeme Project portal's evidence pages (as saved from a
// browser) into evidence records.
//
// Two kinds of page: "Evidence for GAME" (the game comes from the title) and "Evidence in
// REGION" (each record has a "Game" field and the region is its location unless a Location
// field says otherwise). Page furniture (menus, addresses) is ignored: a record starts at a
// line "Id ..." and runs over the field lines that follow ("Type", "Location", "Game", "Date",
// "Rules", "Content", "Confidence", "Spaces", "Ages", "Social status", "Genders", "Source");
// a line that starts with no field name continues the field before it, and a blank line ends
// the record. Any field but Id may be absent. The page's "N pieces of evidence found." is
// checked against the records read.
#pragma once

#include <string>
#include <vector>

#include "archive/record.h"

namespace mancala::archive {

// Parses one page. `file` is used in messages only. Throws ArchiveError
// "<file>: <record id>: <field>: <what is wrong>" (or "<file>: line N: ..." before a record).
std::vector<EvidenceRecord> parse_portal_page(const std::string& text, const std::string& file);

}  // namespace mancala::archive
