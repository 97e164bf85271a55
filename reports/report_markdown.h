// report.md: the report in Markdown, rendered from the model (analysis/report_model.h): the index
// tables, a section per ruleset, then the comparisons and handicap effects, the sensitivity tables
// and the skill ladders.
#pragma once

#include <string>
#include <vector>

#include "analysis/report_model.h"
#include "reports/report.h"

namespace mancala::reports {

// page_paths[i] is the HTML page of model.rulesets[i] (named in its section).
std::string report_markdown(const analysis::ReportModel& model,
                            const std::vector<std::string>& page_paths,
                            const ReportOptions& options);

}  // namespace mancala::reports
