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

// `record` with each source that another source names as the same work (its same_work list
// holds this source's citation) replaced by that source: the DLP's "Das-Gupta 1926a: 147-148."
// becomes the curated Das-Gupta 1926 article, so that a bibliography gives the work once, in its
// fullest form. `works`: the sources that name others (Store::same_work_sources).
EvidenceRecord with_same_works(EvidenceRecord record, const std::vector<Source>& works);

// The items of several records, a work cited by more than one given once (first id kept).
Json csl_items(const std::vector<std::pair<EvidenceRecord, std::optional<Game>>>& records);

// BibTeX entries for CSL items: @article, @book, @incollection or @misc, keyed by bibtex_key of
// the item's id; every value in braces with the characters special to (La)TeX escaped
// (bibtex_escape), titles in a second pair of braces (their capitals kept), a name part holding
// a comma or the word "and" in braces (one author stays one), the URL and DOI percent-encoded
// where needed (bibtex_verbatim); page ranges with "--". Nothing in a value can end its field.
std::string bibtex(const Json& items);

// One plain-text reference per item (author, year, title, container, volume(issue): pages, URL),
// in the items' order, each on its own line.
std::string text_references(const Json& items);

// BibTeX-escapes `text`: \ { } % & $ # _ ^ ~ < > become their LaTeX forms (braces as
// \textbraceleft{} and \textbraceright{}: BibTeX counts escaped braces too), a line break or tab
// one space.
std::string bibtex_escape(const std::string& text);

// A URL or DOI for a verbatim BibTeX field: { } \, spaces and control characters
// percent-encoded (%7B ...), which a URL means the same way.
std::string bibtex_verbatim(const std::string& text);

// A citation key: letters, digits and - _ . : / + kept, every other character '_'.
std::string bibtex_key(const std::string& id);

}  // namespace mancala::archive
