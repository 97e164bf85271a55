// The renderings of the handicap effects of a multi-round ruleset (analysis/handicap_builder.h
// measures them). docs/compare.md describes the output.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/handicap_builder.h"

namespace mancala::reports {

// Renderings, as for compare (compare_render.h). The fragment holds the level table, the SVG
// curves (win rate of the handicapped side with its interval, and his holdings after the round,
// by level), the match statistics and the rounds-per-match histogram; headings start at <h2>.
// handicap_text fits its tables to `width` characters as comparison_text does (0: no limit).
std::string handicap_text(const analysis::HandicapResult& result, std::size_t width = 0);
// heading_level: the level of the top heading ("#" repeated); the sections are one level below.
std::string handicap_markdown(const analysis::HandicapResult& result, int heading_level = 1);
std::string handicap_csv(const analysis::HandicapResult& result);
nlohmann::ordered_json handicap_json(const analysis::HandicapResult& result);
std::string handicap_html_fragment(const analysis::HandicapResult& result);
std::string handicap_html_page(const analysis::HandicapResult& result, const std::string& title);

}  // namespace mancala::reports
