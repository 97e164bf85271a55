// The renderings of a comparison of rule reconstructions (analysis/compare_builder.h computes
// it). docs/compare.md describes the output.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/compare_builder.h"
#include "reports/table.h"

namespace mancala::reports {

// Renderings. text: aligned tables for a terminal; markdown: GitHub tables; csv: one tidy table
// (section, ruleset, versus, statistic, value, ci_low, ci_high, test, statistic_value, p_value,
// p_adjusted, note); json: everything, numbers at full precision (schema in docs/compare.md).
// A table as text no wider than `width` characters (0: no limit): whole columns left out from
// the right (the first `keep` always shown), then a line "(N columns left out to fit W
// characters: a, b; --wide shows them)". Every command-line table of compare and handicap.
std::string fitted_text(const Table& table, std::size_t width, std::size_t keep);

// comparison_text fits its tables to `width` characters (0: no limit), leaving out whole columns
// from the right with a line naming them (docs/compare.md).
std::string comparison_text(const analysis::Comparison& comparison, std::size_t width = 0);
std::string comparison_markdown(const analysis::Comparison& comparison);
std::string comparison_csv(const analysis::Comparison& comparison);
nlohmann::ordered_json comparison_json(const analysis::Comparison& comparison);
// An HTML fragment (sections with headings, tables and SVG charts; no <html> or <body>) that a
// page can embed, its heading levels starting at <h2>; and a whole offline page around it.
// links[i] (when given) is the page of ruleset i: its id links there wherever the page names it.
std::string comparison_html_fragment(const analysis::Comparison& comparison,
                                     const std::vector<std::string>& links = {});
std::string comparison_html_page(const analysis::Comparison& comparison, const std::string& title);

}  // namespace mancala::reports
