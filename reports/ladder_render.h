// The ladder's text, HTML and Markdown forms: the renderings of what analysis/ladder.h computes.
#pragma once

#include <string>

#include "analysis/ladder.h"

namespace mancala::reports {

// Aligned text tables (the command's default output).
std::string ladder_text(const analysis::Ladder& ladder, const analysis::LadderFigures& figures);
// An HTML fragment (headings, tables, the SVG chart of first-player advantage and completion
// against agent strength); `heading_level` 1 for a page of its own, 2 inside a report page.
std::string ladder_html_fragment(const analysis::Ladder& ladder,
                                 const analysis::LadderFigures& figures, int heading_level = 1);
// The same as Markdown (the report's report.md).
std::string ladder_markdown(const analysis::Ladder& ladder, const analysis::LadderFigures& figures);
// One line: "skill depth 3 (random < greedy < alphabeta:2); self-play closest to the masters:
// alphabeta:2".
std::string ladder_summary(const analysis::Ladder& ladder, const analysis::LadderFigures& figures);

}  // namespace mancala::reports
