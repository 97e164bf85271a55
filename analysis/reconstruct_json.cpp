// The JSON of a reconstruction (docs/reconstruct.md): written from the model, read back from the
// readings, settings and runs alone (every figure is recomputed).
#include <cmath>
#include <map>

#include "analysis/reconstruct.h"
#include "analysis/reconstruct_panel.h"
#include "common/error.h"
#include "common/strict_json.h"
#include "simulator/ruleset_io.h"

namespace mancala::analysis {
namespace {

using nlohmann::json;

json number(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

json interval_json(double low, double high) {
  if (!std::isfinite(low) || !std::isfinite(high)) return nullptr;
  return json::array({low, high});
}

json estimate_json(const stats::Estimate& e) {
  if (std::isnan(e.value)) return nullptr;
  return {{"value", e.value}, {"ci95", interval_json(e.low, e.high)}};
}

json figures_json(const Figures& f) {
  json completion = {{"class", completion_class_key(f.completion)},
                     {"source_class", completion_class_key(f.source_completion)},
                     {"text_rule", estimate_json(f.text_rule)},
                     {"ranked", estimate_json(f[Criterion::kCompletion])},
                     {"source_rule", estimate_json(f.source_rule)},
                     {"assumed_rule", estimate_json(f.assumed_rule)},
                     {"stopping_rule", estimate_json(f.stopping_rule)},
                     {"safety_bound", estimate_json(f.safety_bound)},
                     {"rounds_stopping_rule", estimate_json(f.rounds_stopping_rule)}};
  json metrics = json::object();
  for (const CriterionInfo& c : criteria()) {
    if (c.id != Criterion::kCompletion) metrics[c.key] = estimate_json(f[c.id]);
  }
  return {{"games", f.games}, {"completion", completion}, {"metrics", metrics}};
}

json plan_json(const Reconstruction& r, const StagePlan& p) {
  json numbers = json::array();
  for (int c : p.candidates) numbers.push_back(r.space.candidates[static_cast<size_t>(c)].number);
  return {{"index", p.index},
          {"round", p.round},
          {"kind", p.panel > 0    ? "panel"
                   : p.round == 0 ? "random"
                                  : "skilled"},
          {"agent", p.agent.name()},
          {"seed", p.seed},
          {"games", p.games},
          {"candidates", numbers}};
}

json effects_json(const Space& space, const Effects& effects, const std::string& agent) {
  const auto& choices = space.readings.choices;
  json main = json::array(), spreads = json::array(), interactions = json::array();
  for (const Effect& e : effects.main) {
    const Choice& c = choices[e.choice];
    main.push_back({{"agent", agent},
                    {"choice", c.id},
                    {"alternative", c.alternatives[e.alternative].name},
                    {"metric", criterion_info(e.criterion).key},
                    {"reference", e.alternative == c.reference},
                    {"effect", number(e.effect)},
                    {"ci95", interval_json(e.ci95.low, e.ci95.high)},
                    {"pairs", e.pairs}});
  }
  for (const Spread& s : effects.spreads) {
    const Choice& c = choices[s.choice];
    spreads.push_back({{"agent", agent},
                       {"choice", c.id},
                       {"metric", criterion_info(s.criterion).key},
                       {"spread", number(s.spread)},
                       {"from", c.alternatives[s.low].name},
                       {"to", c.alternatives[s.high].name},
                       {"ci95", interval_json(s.ci95.low, s.ci95.high)}});
  }
  for (const Interaction& i : effects.interactions) {
    const Choice& a = choices[i.choice_a];
    const Choice& b = choices[i.choice_b];
    const size_t tested = effects.interactions_tested[static_cast<size_t>(i.criterion)];
    interactions.push_back({{"agent", agent},
                            {"choice_a", a.id},
                            {"alternative_a", a.alternatives[i.alternative_a].name},
                            {"choice_b", b.id},
                            {"alternative_b", b.alternatives[i.alternative_b].name},
                            {"metric", criterion_info(i.criterion).key},
                            {"effect", number(i.effect)},
                            {"ci", interval_json(i.ci.low, i.ci.high)},
                            {"interval", "simultaneous 95% over the " + std::to_string(tested) +
                                             " interactions tested for this metric (Bonferroni)"},
                            {"pairs", i.pairs}});
  }
  json left_out = json::array();
  for (const Interaction& i : effects.void_left_out) {
    const Choice& a = choices[i.choice_a];
    const Choice& b = choices[i.choice_b];
    left_out.push_back({{"agent", agent},
                        {"choice_a", a.id},
                        {"alternative_a", a.alternatives[i.alternative_a].name},
                        {"choice_b", b.id},
                        {"alternative_b", b.alternatives[i.alternative_b].name},
                        {"metric", criterion_info(i.criterion).key},
                        {"because",
                         "a choice void given the other: its readings play exactly "
                         "alike there"}});
  }
  return {{"main", main},
          {"spreads", spreads},
          {"interactions", interactions},
          {"interactions_left_out", left_out}};
}

// The panel's rankings of the finalists: agents, games, finalists, and the agreement of each pair
// of agents (Kendall's tau-b); null without a panel played.
json panel_json(const Space& space, const PanelResult& p) {
  if (!p.played()) return nullptr;
  json agents = json::array(), finalists = json::array(), agreement = json::array();
  for (const sim::AgentSpec& a : p.agents) agents.push_back(a.name());
  for (size_t i : p.finalists) finalists.push_back(space.candidates[i].number);
  size_t robust = 0;
  for (size_t i : p.finalists) robust += p.robust_rank[i];
  for (size_t a = 0; a < p.agents.size(); ++a) {
    for (size_t b = a + 1; b < p.agents.size(); ++b) {
      agreement.push_back({{"a", p.agents[a].name()},
                           {"b", p.agents[b].name()},
                           {"kendall_tau_b", p.tau[a][b] ? json(*p.tau[a][b]) : json(nullptr)}});
    }
  }
  return {{"agents", agents},       {"games", p.games},       {"finalists", finalists},
          {"robust_ranks", robust}, {"agreement", agreement}, {"meaning", kPanelAgreementMeaning}};
}

int64_t integer(const json& j, const std::string& key, const std::string& context, int64_t low) {
  const json& v = member(j, key, context);
  if (!v.is_number_integer() || v.get<int64_t>() < low)
    throw Error(where(context, key, "expected an integer of at least " + std::to_string(low)));
  return v.get<int64_t>();
}

uint64_t unsigned_integer(const json& j, const std::string& key, const std::string& context) {
  const json& v = member(j, key, context);
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer() && v.get<int64_t>() >= 0)
    return static_cast<uint64_t>(v.get<int64_t>());
  throw Error(where(context, key, "expected a whole number of at least 0"));
}

std::string text(const json& j, const std::string& key, const std::string& context) {
  const json& v = member(j, key, context);
  if (!v.is_string()) throw Error(where(context, key, "expected a string"));
  return v.get<std::string>();
}

}  // namespace

bool is_reconstruction_json(const json& j) {
  return j.is_object() && j.contains("kind") && j["kind"] == "reconstruct";
}

json reconstruction_to_json(const Reconstruction& r, const ReconstructResult& result,
                            const Related& related, bool with_runs) {
  const Space& space = r.space;
  json out;
  out["kind"] = "reconstruct";
  out["engine_version"] = MANCALA_VERSION;
  out["game"] = space.readings.game;
  out["base"] = space.base.id;
  out["base_rules_hash"] = sim::rules_hash(space.base);
  out["readings_origin"] = space.readings.origin;
  out["agent"] = r.settings.agent.name();
  out["agent_reason"] = r.settings.agent_reason;
  out["games"] = r.settings.games;
  out["seed"] = r.settings.seed;
  json panel_agents = json::array();
  for (const sim::AgentSpec& a : r.settings.panel) panel_agents.push_back(a.name());
  out["panel"] = panel_agents;
  out["complete"] = result.complete;
  out["partial"] = r.partial() || !result.effects_complete();
  out["pending_merge"] = r.pending_merge();
  out["next_stage"] = result.next ? plan_json(r, *result.next) : json(nullptr);

  const ReadingCounts& n = result.counts;
  json refusals = json::array();
  for (const auto& [reason, count] : n.refusals)
    refusals.push_back({{"reason", reason}, {"combinations", count}});
  out["space"] = {{"generated", space.generated},
                  {"refused", space.refused.size()},
                  {"merged", n.merged},
                  {"candidates", space.candidates.size()},
                  {"refusals", refusals},
                  {"distinct", n.distinct},
                  {"ending_by_text_rule", n.text_rule},
                  {"ending_by_source_rule", n.source_rule},
                  {"any_source_rule", result.any_source_rule()}};
  const int base = base_candidate(space);
  out["base_candidate"] =
      base < 0 ? json(nullptr) : json(space.candidates[static_cast<size_t>(base)].number);
  out["base_rank"] = base < 0 || result.candidates[static_cast<size_t>(base)].standing.rank == 0
                         ? json(nullptr)
                         : json(result.candidates[static_cast<size_t>(base)].standing.rank);

  json choices = json::array();
  for (size_t c = 0; c < space.readings.choices.size(); ++c) {
    const Choice& choice = space.readings.choices[c];
    json alternatives = json::array();
    for (size_t a = 0; a < choice.alternatives.size(); ++a) {
      const Alternative& alt = choice.alternatives[a];
      const Commonness& common = related.commonness.at(c).at(a);
      alternatives.push_back(
          {{"name", alt.name},
           {"rules", alt.rules},
           {"because", alt.because},
           {"witness", alt.witness.kind.empty() ? json(nullptr) : sim::witness_json(alt.witness)},
           {"reference", a == choice.reference},
           {"related", related.rulesets.empty()
                           ? json(nullptr)
                           : json{{"matching", common.matching}, {"of", common.related}}}});
    }
    choices.push_back({{"id", choice.id},
                       {"phrase", choice.phrase},
                       {"witness", sim::witness_json(choice.witness)},
                       {"reference", choice.alternatives[choice.reference].name},
                       {"alternatives", alternatives}});
  }
  out["choices"] = choices;
  out["related"] = related_to_json(related);

  const std::string ranked_agent =
      result.skilled_played ? r.settings.agent.name() : std::string("random");
  json candidates = json::array();
  std::vector<size_t> listed = result.order;
  for (size_t i = 0; i < space.candidates.size(); ++i) {
    if (std::find(listed.begin(), listed.end(), i) == listed.end()) listed.push_back(i);
  }
  for (size_t i : listed) {
    const Candidate& c = space.candidates[i];
    const CandidateResult& cr = result.candidates[i];
    json same = json::array();
    for (const Pick& p : c.same_rules) same.push_back(pick_json(space.readings, p));
    json plays_as = json::array();
    for (int j : cr.plays_as) plays_as.push_back(space.candidates[static_cast<size_t>(j)].number);
    // The reading it repeats (the first that plays exactly as it), null for a distinct one.
    const json repeats =
        result.repeats(i) ? json(space.candidates[result.plays_first(i)].number) : json(nullptr);
    const Figures& f = result.ranked_figures(i);
    json behind = json::object();
    for (const CriterionInfo& k : criteria())
      behind[k.key] = cr.standing.behind[static_cast<size_t>(k.id)];
    json entry = {{"number", c.number},
                  {"rank", cr.standing.rank > 0 ? json(cr.standing.rank) : json(nullptr)},
                  {"choices", pick_json(space.readings, c.pick)},
                  {"label", pick_label(space.readings, c.pick)},
                  {"same_rules_as", same},
                  {"rules_hash", c.rules_hash},
                  {"agent", ranked_agent},
                  {"last_stage", cr.last_stage},
                  {"pareto", cr.pareto},
                  {"behind", behind},
                  {"plays_as", plays_as},
                  {"repeats", repeats},
                  {"excluded", nullptr}};
    const json fig = figures_json(f);
    entry["games"] = fig["games"];
    entry["completion"] = fig["completion"];
    entry["metrics"] = fig["metrics"];
    entry["random_play"] = figures_json(cr.random);
    json panel_ranks = nullptr;
    if (result.panel.played() && result.panel.ranks.front()[i] > 0) {
      panel_ranks = json::object();
      for (size_t a = 0; a < result.panel.agents.size(); ++a)
        panel_ranks[result.panel.agents[a].name()] = result.panel.ranks[a][i];
    }
    entry["panel_ranks"] = panel_ranks;
    entry["panel_robust_rank"] =
        panel_ranks.is_null() ? json(nullptr) : json(bool(result.panel.robust_rank[i]));
    candidates.push_back(entry);
  }
  for (const Refusal& f : space.refused) {
    candidates.push_back({{"number", nullptr},
                          {"rank", nullptr},
                          {"choices", pick_json(space.readings, f.pick)},
                          {"label", pick_label(space.readings, f.pick)},
                          {"rules_hash", nullptr},
                          {"games", 0},
                          {"completion", nullptr},
                          {"metrics", nullptr},
                          {"excluded", "rules check refuses it: " + f.reason}});
  }
  out["candidates"] = candidates;

  json effects = json::array(), spreads = json::array(), interactions = json::array(),
       interactions_left_out = json::array();
  const auto add = [&](const Effects& e, const std::string& agent) {
    const json j = effects_json(space, e, agent);
    for (const json& x : j["main"]) effects.push_back(x);
    for (const json& x : j["spreads"]) spreads.push_back(x);
    for (const json& x : j["interactions"]) interactions.push_back(x);
    for (const json& x : j["interactions_left_out"]) interactions_left_out.push_back(x);
  };
  if (result.skilled_played) add(result.skilled_effects, r.settings.agent.name());
  if (result.panel.played()) {  // the ranked agent's main effects: robust across the panel?
    for (size_t m = 0; m < result.panel.robust_main.size() && m < effects.size(); ++m) {
      const int robust = result.panel.robust_main[m];
      effects[m]["panel_robust"] = robust < 0 ? json(nullptr) : json(robust == 1);
    }
  }
  add(result.random_effects, "random");
  out["effects"] = effects;
  out["spreads"] = spreads;
  out["interactions"] = interactions;
  out["interactions_left_out"] = interactions_left_out;

  json stages = json::array();
  for (const StageRuns& s : r.stages) {
    json stage = plan_json(r, s.plan);
    stage["shard"] = {{"index", s.shard.index}, {"count", s.shard.count}};
    stage["partial"] = s.partial();
    if (with_runs) {
      json runs = json::array();
      for (const sim::RunStats& run : s.runs) runs.push_back(sim::run_stats_to_json(run));
      stage["runs"] = runs;
    }
    stages.push_back(stage);
  }
  out["panel_result"] = panel_json(space, result.panel);
  out["readings"] = space.readings.document;
  out["stages"] = stages;
  return out;
}

std::string reconstruction_json_text(const json& j) {
  if (!j.is_object() || !j.contains("stages")) return j.dump(2) + "\n";
  json head = j;
  head.erase("stages");
  std::string text = head.dump(2);
  std::string stages = ",\n  \"stages\": [";
  for (size_t i = 0; i < j["stages"].size(); ++i)
    stages += std::string(i == 0 ? "" : ",") + "\n    " + j["stages"][i].dump();
  stages += j["stages"].empty() ? "]" : "\n  ]";
  text.insert(text.size() - 2, stages);
  return text + "\n";
}

Reconstruction reconstruction_from_json(const json& j, const std::string& context) {
  if (!is_reconstruction_json(j))
    throw Error(where(context, "kind", "not the JSON of 'mancala reconstruct'"));
  const std::string origin = text(j, "readings_origin", context);
  Readings readings = readings_from_json(member(j, "readings", context), origin);
  ReconstructSettings settings;
  const std::string agent = text(j, "agent", context);
  if (!sim::try_parse_agent(agent, settings.agent))
    throw Error(where(context, "agent", "'" + agent + "' is not an agent"));
  settings.agent_reason = text(j, "agent_reason", context);
  settings.games = integer(j, "games", context, 1);
  settings.seed = unsigned_integer(j, "seed", context);
  if (j.contains("panel")) {  // absent in a search written before the panel: none
    const json& panel = j["panel"];
    if (!panel.is_array()) throw Error(where(context, "panel", "expected an array of agents"));
    for (const json& a : panel) {
      sim::AgentSpec spec;
      if (!a.is_string() || !sim::try_parse_agent(a.get<std::string>(), spec))
        throw Error(where(context, "panel", a.dump() + " is not an agent"));
      settings.panel.push_back(spec);
    }
  }
  Reconstruction r = start_reconstruction(generate_space(readings), settings);
  std::map<int, int> index_of;  // candidate number -> index
  for (size_t i = 0; i < r.space.candidates.size(); ++i)
    index_of[r.space.candidates[i].number] = static_cast<int>(i);
  const json& stages = member(j, "stages", context);
  if (!stages.is_array()) throw Error(where(context, "stages", "expected an array"));
  for (size_t s = 0; s < stages.size(); ++s) {
    const std::string at = where(context, "stages[" + std::to_string(s) + "]", "");
    if (r.pending_merge() || r.partial())
      throw Error(where(at, "", "follows a stage that is a shard or partial"));
    const std::optional<StagePlan> expected = next_stage(r);
    if (!expected) throw Error(where(at, "", "the search was complete before this stage"));
    StageRuns stage;
    stage.plan = *expected;
    const json& sj = stages[s];
    const json& numbers = member(sj, "candidates", at);
    std::vector<int> listed;
    if (numbers.is_array()) {
      for (const json& n : numbers) {
        const auto it = n.is_number_integer() ? index_of.find(n.get<int>()) : index_of.end();
        listed.push_back(it == index_of.end() ? -1 : it->second);
      }
    }
    if (integer(sj, "index", at, 1) != expected->index ||
        integer(sj, "games", at, 1) != expected->games || listed != expected->candidates ||
        text(sj, "agent", at) != expected->agent.name() ||
        unsigned_integer(sj, "seed", at) != expected->seed) {
      throw Error(where(at, "",
                        "its plan is not the one the stages before it give (the file was "
                        "edited, or written by another version)"));
    }
    const json& shard = member(sj, "shard", at);
    stage.shard.index = static_cast<int>(integer(shard, "index", where(at, "shard", ""), 1));
    stage.shard.count = static_cast<int>(integer(shard, "count", where(at, "shard", ""), 1));
    if (stage.shard.index > stage.shard.count)
      throw Error(where(at, "shard", "expected index <= count"));
    if (!sj.contains("runs")) {
      throw Error(where(at, "runs",
                        "missing: the file holds the results only (a complete search written "
                        "without --runs), not the runs to go on from"));
    }
    const json& runs = sj["runs"];
    if (!runs.is_array() || runs.size() > stage.plan.candidates.size())
      throw Error(where(at, "runs", "expected an array of at most one run per candidate"));
    for (size_t i = 0; i < runs.size(); ++i) {
      const std::string run_at = where(at, "runs[" + std::to_string(i) + "]", "");
      sim::RunStats run = sim::run_stats_from_json(runs[i], run_at);
      const Candidate& c = r.space.candidates[static_cast<size_t>(stage.plan.candidates[i])];
      if (run.ruleset != c.rules.id)
        throw Error(where(run_at, "ruleset", run.ruleset + " is not candidate " + c.rules.id));
      if (run.rules_hash != c.rules_hash) {
        throw Error(where(run_at, "rules_hash",
                          c.rules.id + " now resolves to other rules (" + c.rules_hash +
                              ") than the run played (" + run.rules_hash +
                              "): a ruleset changed since; play the search again"));
      }
      if (run.agent != stage.plan.agent.name() || run.seed != stage.plan.seed ||
          run.games_requested != stage.plan.games || !(run.shard == stage.shard)) {
        throw Error(where(run_at, "", "the run is not the stage's (agent, seed, games or shard)"));
      }
      if (i + 1 < runs.size() && run.partial)
        throw Error(where(run_at, "partial", "only the last run of a stage may be partial"));
      stage.runs.push_back(std::move(run));
    }
    r.stages.push_back(std::move(stage));
  }
  return r;
}

}  // namespace mancala::analysis
