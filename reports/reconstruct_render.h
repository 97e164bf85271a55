// The renderings of a reconstruction search (analysis/reconstruct.h computes it): aligned text, the
// JSON of the model, a tidy CSV and an offline HTML page, "Readings of <game>". docs/reconstruct.md
// describes them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "analysis/reconstruct.h"

namespace mancala::reports {

// What a ranking of readings is (docs/terms.md, "Readings and their order"): every ranked table
// (the readings pages, `reconstruct`'s text) says it in this sentence.
inline constexpr std::string_view kRankingMeaning =
    "The order is by how a reading plays (completion, balance, decisiveness, drama, duration), "
    "not by how likely it is to be what the source meant.";

// Everything a rendering reads.
struct ReconstructView {
  const analysis::Reconstruction& reconstruction;
  const analysis::ReconstructResult& result;
  const analysis::Related& related;
  bool with_runs = false;  // the JSON carries every stage's runs (always when not complete)
};

// The game's name for titles (game_display_name: "khutka_boia" -> "Khutka Boia").
std::string reconstruct_game_name(const analysis::Reconstruction& r);

// Text tables for a terminal, fitted to `width` characters (0: no limit; columns left out from
// the right are named under the table); `top` candidates of the ranking (0: all).
// The sentence on the choice with the largest effect on `criterion` under `effects`, as the
// readings page and reconstruct's text print it ("Largest effect on text's rule: no_move
// (mover_loses rather than pass: +95.4 pp [+94.4, +96.5]).", or "No choice changes ...");
// empty when no effect of it is known. The index's readings line quotes the same sentence.
// `in_words`: the readings file's identifiers said in words, as the pages say them (the terminal
// keeps the identifiers).
std::string largest_effect_sentence(const ReconstructView& view, const analysis::Effects& effects,
                                    analysis::Criterion criterion, bool in_words);

std::string reconstruct_text(const ReconstructView& view, std::size_t width, std::size_t top);
// One tidy table, one row per value: game, candidate, agent, statistic, metric, state, choice,
// alternative, choice_b, alternative_b, value, ci_low, ci_high (docs/reconstruct.md).
std::string reconstruct_csv(const ReconstructView& view);
// An HTML fragment (headings from <h2>): the choice points with their phrases, the ranked
// candidates, the effects as SVG charts and tables; and a whole offline page around it, with
// `links_html` (a report's links back to its other pages) above the title, "Readings of
// <game_name>" (empty: the name made from the game's key, reconstruct_game_name; the report
// gives the archive's spelling, issue 39).
std::string reconstruct_html_fragment(const ReconstructView& view);
std::string reconstruct_html_page(const ReconstructView& view, const std::string& links_html = "",
                                  const std::string& game_name = "");
// "json" (analysis::reconstruction_json_text), "csv", "html" or the text.
std::string render_reconstruction(const ReconstructView& view, const std::string& format,
                                  std::size_t width, std::size_t top);

}  // namespace mancala::reports
