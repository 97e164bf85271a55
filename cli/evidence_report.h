// The report's evidence pages (reports/evidence_pages.h) built from the project's evidence:
// data/evidence and data/places imported into an archive in memory, with every ruleset's links,
// so the report needs no archive file and shows the same records wherever it is made.
#pragma once

#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "reports/report.h"

namespace mancala::cli {

struct EvidenceReport {
  std::vector<reports::ReportFile> files;  // evidence/<id>.html, one per record
  std::set<std::string> ids;               // the records with a page
  std::string index_section;               // the index's map and list
};

// `ruleset_pages`: the report's rulesets (id, page path) that a record page links back to.
// Without a data/evidence folder the result is empty. Throws mancala::Error for evidence or
// places files that do not read.
EvidenceReport build_evidence_report(
    const std::vector<std::pair<std::string, std::string>>& ruleset_pages,
    const std::string& report_title);

// Adds to each comparison page of the report (compare/<game>.html) a line linking the evidence
// records its rulesets cite, after its heading; `rulesets` are (ruleset id, game key, evidence
// ids).
void link_comparisons_to_evidence(
    std::vector<reports::ReportFile>& files,
    const std::vector<std::tuple<std::string, std::string, std::vector<std::string>>>& rulesets,
    const std::set<std::string>& with_page);

}  // namespace mancala::cli
