#include "reports/report_builder.h"

#include "simulator/ruleset_io.h"

namespace mancala::reports {

ReportRuleset report_ruleset(const sim::RuleSet& rules) {
  ReportRuleset out{.id = rules.id,
                    .game = rules.game,
                    .name = rules.name,
                    .status = rules.status,
                    .summary = rules.summary,
                    .extends = rules.extends,
                    .rules_hash = sim::rules_hash(rules),
                    .evidence = rules.evidence,
                    .rules = {}};
  for (const sim::FieldInfo& field : sim::rule_fields()) {
    ReportRule rule;
    rule.group = field.group;
    rule.key = field.key;
    const nlohmann::json value = field.get(rules);
    rule.value = value.is_string() ? value.get<std::string>() : value.dump();
    if (const auto it = rules.provenance.find(field.key); it != rules.provenance.end()) {
      if (const auto e = it->second.find("evidence"); e != it->second.end())
        rule.evidence = e->second;
      if (const auto a = it->second.find("assumption"); a != it->second.end())
        rule.assumption = a->second;
    }
    out.rules.push_back(std::move(rule));
  }
  return out;
}

}  // namespace mancala::reports
