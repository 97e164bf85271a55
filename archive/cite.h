// Citations of evidence records (issue 14, "Sources"): the works a record cites and the record
// itself as a citable item, as CSL-JSON (what Zotero and pandoc read), BibTeX and plain text.
// docs/archive.md, "Citing", says how each field is written.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "archive/record.h"

namespace mancala::archive {

// The CSL-JSON items for `record`: one per source (from its "csl" object, or a "document" item
// carrying the citation text as its note when only the text is known), then the record itself
// (type "dataset": "Digital Ludeme Project" for DLP.* ids, this toolkit's archive otherwise),
// each with an "id" usable as a citation key. `game` gives the display name and DLP ruleset id.
Json csl_items(const EvidenceRecord& record, const std::optional<Game>& game);

// The items of several records, a work cited by more than one given once (first id kept).
Json csl_items(const std::vector<std::pair<EvidenceRecord, std::optional<Game>>>& records);

// BibTeX entries for CSL items: @article, @book, @incollection, @online or @misc; every value in
// braces with the characters special to (La)TeX escaped; page ranges with "--".
std::string bibtex(const Json& items);

// One plain-text reference per item (author, year, title, container, volume(issue): pages, URL),
// in the items' order, each on its own line.
std::string text_references(const Json& items);

// BibTeX-escapes `text`: \ { } % & $ # _ ^ ~ become their LaTeX forms.
std::string bibtex_escape(const std::string& text);

}  // namespace mancala::archive
