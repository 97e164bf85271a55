// The bridge from the simulator's types to the report's plain ones (reports/report.h), which
// cannot include the simulator (the simulator links the reports library, not the reverse).
#pragma once

#include "reports/report.h"
#include "simulator/rules.h"

namespace mancala::reports {

// A resolved ruleset as the report shows it: identity, status, evidence, and every rule key of
// sim::rule_fields() in documentation order with its value and provenance (the evidence phrase,
// the assumption, or neither for a default), as 'mancala rules show' prints them.
ReportRuleset report_ruleset(const sim::RuleSet& rules);

}  // namespace mancala::reports
