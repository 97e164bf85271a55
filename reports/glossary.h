// The report's glossary page (issue 39, item 2): the few terms that stay on pages meant for
// historians (reading, witness, the endings' classes, stopping rule, safety bound, stability,
// seats, status), each in the words of docs/terms.md, with an anchor a page can link to.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mancala::reports {

// One term of the glossary: its anchor on the page ("stopping-rule"), the term as pages say it
// and what it means.
struct GlossaryTerm {
  std::string_view id;
  std::string_view term;
  std::string_view meaning;
};

// Every term, in the order of the page (the order of docs/terms.md).
const std::vector<GlossaryTerm>& glossary_terms();

// Where the glossary lives in the report folder.
inline constexpr std::string_view kGlossaryPath = "glossary.html";

// The glossary page's HTML (a link back to the index, then the terms as a definition list).
std::string glossary_page(std::string_view report_title);

// A link to a term of the glossary from a page `depth` folders below the report's root
// (0: the index; 1: rulesets/..., readings/...): "<a href="../glossary.html#reading">text</a>".
std::string glossary_link(std::string_view id, std::string_view text, int depth);

}  // namespace mancala::reports
