#include "analysis/report_model.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

#include "analysis/reconstruct_panel.h"
#include "common/error.h"
#include "common/format.h"
#include "common/suggest.h"
#include "simulator/ending.h"
#include "simulator/ruleset_io.h"
#include "simulator/witness.h"

namespace mancala::analysis {
namespace {

// Seconds since construction as "1.25", for the log lines.
class Timer {
 public:
  std::string text() const {
    return format_number(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(), 2);
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

bool stopped(const sim::BatchOptions& options) { return options.stop && options.stop->load(); }

void log(const ReportHooks& hooks, const std::string& line) {
  if (hooks.log) hooks.log(line);
}

// The games of the report with two or more rulesets, each with its members ordered as 'mancala
// compare --game' orders them: the game's default ruleset first, then by id.
std::vector<GameComparison> comparison_groups(const std::vector<sim::RuleSet>& rulesets) {
  std::vector<GameComparison> groups;
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < rulesets.size(); ++i) {
    const auto [it, fresh] = index.emplace(rulesets[i].game, groups.size());
    if (fresh) groups.push_back({rulesets[i].game, {}, {}});
    groups[it->second].members.push_back(i);
  }
  for (GameComparison& g : groups) {
    std::stable_sort(g.members.begin(), g.members.end(), [&](std::size_t x, std::size_t y) {
      const bool dx = is_default_ruleset(rulesets[x].id), dy = is_default_ruleset(rulesets[y].id);
      if (dx != dy) return dx;
      return rulesets[x].id < rulesets[y].id;
    });
  }
  std::erase_if(groups, [](const GameComparison& g) { return g.members.size() < 2; });
  return groups;
}

// Whether the runs of a group were played with the same seed, agents and N: common random
// numbers.
bool same_draws(const std::vector<sim::RunStats>& runs, const std::vector<std::size_t>& members) {
  const sim::RunStats& first = runs[members.front()];
  return std::all_of(members.begin(), members.end(), [&](std::size_t i) {
    return runs[i].seed == first.seed && runs[i].agent == first.agent &&
           runs[i].games_requested == first.games_requested;
  });
}

void add_comparisons(ReportModel& model, const std::vector<sim::RuleSet>& rulesets,
                     const std::vector<sim::RunStats>& runs) {
  for (GameComparison& g : comparison_groups(rulesets)) {
    std::vector<ComparedRun> compared;
    for (std::size_t i : g.members) compared.push_back({rulesets[i].id, rulesets[i], runs[i]});
    g.comparison = compare_runs(std::move(compared), same_draws(runs, g.members));
    model.comparisons.push_back(std::move(g));
  }
}

}  // namespace

std::string provenance_text(const sim::RuleSet& rules, const std::string& key) {
  const std::optional<sim::Witness> w = sim::witness_of(rules, key);
  return w ? sim::witness_text(*w) : "(default; no provenance)";
}

bool is_family_reading(const sim::RuleSet& rules) {
  return !rules.evidence.empty() &&
         std::all_of(rules.evidence.begin(), rules.evidence.end(), [](const std::string& id) {
           return id.starts_with("DLP.Game.") || id.starts_with("DLP.Ruleset.");
         });
}

bool repeats_another(const std::vector<RulesetSection>& all, std::size_t i) {
  const std::string& named = all[i].entry.ruleset.repeat_of;
  return !named.empty() && std::any_of(all.begin(), all.end(), [&](const RulesetSection& s) {
    return s.entry.ruleset.id == named;
  });
}

void add_neighbours(ReportModel& model) {
  std::vector<RulesetSection>& all = model.rulesets;
  for (RulesetSection& section : all) {
    section.neighbours.clear();
    const RulesetInfo& me = section.entry.ruleset;
    if (me.family) continue;
    // The family's rulesets of the same rows, by their distance in holes per row (then in the
    // report's order): every one at the nearest distances until there are kMinNeighbours.
    std::vector<std::pair<int, std::size_t>> candidates;
    for (std::size_t j = 0; j < all.size(); ++j) {
      const RulesetInfo& other = all[j].entry.ruleset;
      if (other.family && other.rows_per_player == me.rows_per_player && !repeats_another(all, j))
        candidates.emplace_back(std::abs(other.holes_per_row - me.holes_per_row), j);
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      if (k > 0 && candidates[k].first != candidates[k - 1].first &&
          section.neighbours.size() >= kMinNeighbours)
        break;
      section.neighbours.push_back(candidates[k].second);
    }
  }
  const bool mixed =
      std::any_of(all.begin(), all.end(), [](const auto& s) { return s.entry.ruleset.family; }) &&
      std::any_of(all.begin(), all.end(), [](const auto& s) { return !s.entry.ruleset.family; });
  if (mixed) {
    add_regional_neighbours(model, project_record_places());
  } else {
    for (RulesetSection& section : all) section.regional.reset();
  }
}

void add_regional_neighbours(ReportModel& model, const RecordPlaces& places) {
  std::vector<RulesetSection>& all = model.rulesets;
  const auto placed = [&](const std::string& id) -> const RecordPlace* {
    const auto it = places.find(id);
    return it != places.end() && it->second.area ? &it->second : nullptr;
  };
  std::vector<std::size_t> family;
  for (std::size_t j = 0; j < all.size(); ++j)
    if (all[j].entry.ruleset.family && !repeats_another(all, j)) family.push_back(j);
  std::map<std::pair<std::string, std::string>, double> measured;  // by the two record ids
  for (RulesetSection& section : all) {
    section.regional.reset();
    const RulesetInfo& me = section.entry.ruleset;
    if (me.family || family.empty()) continue;
    RegionalTable table;
    table.family = family.size();
    for (const std::string& id : me.evidence) {
      if (const RecordPlace* p = placed(id)) {
        table.places.push_back(p->place);
      } else {
        table.unplaced.push_back(id);
      }
    }
    std::vector<RegionalNeighbour> candidates;
    for (std::size_t j : family) {
      const RulesetInfo& other = all[j].entry.ruleset;
      RegionalNeighbour best{j, std::numeric_limits<double>::infinity(), "", ""};
      bool other_placed = false;
      for (const std::string& theirs : other.evidence) {
        const RecordPlace* q = placed(theirs);
        if (!q) continue;
        other_placed = true;
        for (const std::string& mine : me.evidence) {
          const RecordPlace* p = placed(mine);
          if (!p) continue;
          const auto key = std::make_pair(mine, theirs);
          auto it = measured.find(key);
          if (it == measured.end())
            it =
                measured.emplace(key, archive::distance_between_areas_km(*p->area, *q->area)).first;
          if (it->second < best.km) best = {j, it->second, q->place, p->place};
        }
      }
      if (!other_placed) {
        table.family_unplaced.push_back(j);
      } else if (best.km > kRegionalMaxKm) {
        ++table.beyond;  // also when this ruleset has no placed record: infinitely far
      } else {
        candidates.push_back(std::move(best));
      }
    }
    if (table.places.empty()) table.beyond = 0;  // nothing to measure from: none is "beyond"
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const RegionalNeighbour& a, const RegionalNeighbour& b) { return a.km < b.km; });
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      if (k >= kRegionalNeighbours && candidates[k].km != candidates[k - 1].km) {
        table.not_shown = candidates.size() - k;  // within the cap, past the table's length
        break;
      }
      table.neighbours.push_back(candidates[k]);
    }
    section.regional = std::move(table);
  }
}

RulesetInfo ruleset_info(const sim::RuleSet& rules) {
  RulesetInfo out{.id = rules.id,
                  .game = rules.game,
                  .name = rules.name,
                  .status = rules.status,
                  .summary = rules.summary,
                  .extends = rules.extends,
                  .rules_hash = sim::rules_hash(rules),
                  .evidence = rules.evidence,
                  .rules = {},
                  .inactive = {},
                  .family = is_family_reading(rules),
                  .rows_per_player = rules.rows_per_player,
                  .holes_per_row = rules.holes_per_row,
                  .seats = sim::seat_words(rules),
                  .plays_exactly_as = sim::plays_exactly_as(rules),
                  .repeat_of = {},
                  .stop_winner = sim::stop_winner_sentence(rules)};
  for (const sim::SamePlay& same : out.plays_exactly_as)
    if (same.id == rules.plays_as.id) out.repeat_of = same.id;
  for (const sim::FieldInfo& field : sim::rule_fields()) {
    if (!sim::key_acts(rules, field.key)) {
      out.inactive.push_back(field.key);
      continue;
    }
    RuleInfo rule;
    rule.group = field.group;
    rule.key = field.key;
    const nlohmann::json value = field.get(rules);
    rule.value = value.is_string() ? value.get<std::string>() : value.dump();
    rule.words = sim::rule_value_in_words(field.key, value);
    if (const std::optional<sim::Witness> w = sim::witness_of(rules, field.key)) {
      rule.witness = w->kind;
      rule.shown_as = sim::witness_label(*w);
      rule.text = w->text;
      rule.note = w->note;
    }
    rule.provenance = provenance_text(rules, field.key);
    out.rules.push_back(std::move(rule));
  }
  return out;
}

ReportModel model_from_runs(std::vector<RulesetRun> runs) {
  if (runs.empty()) throw Error("report: no runs to report");
  ReportModel model;
  std::set<std::string> ids;
  for (RulesetRun& run : runs) {
    RunFigures figures = run_figures(run.run);
    if (figures.ruleset != run.ruleset.id) {
      throw Error(where("report", run.ruleset.id,
                        "the run is of another ruleset (" + figures.ruleset + ")"));
    }
    if (!ids.insert(run.ruleset.id).second)
      throw Error(where("report", run.ruleset.id, "given twice"));
    std::optional<Stability> stability = run_stability(run.run, run.ruleset.id);
    Stability verdict = stability ? *stability : stability_of(figures, {});
    model.rulesets.push_back({std::move(run),
                              std::move(figures),
                              {},
                              {},
                              std::nullopt,
                              {},
                              std::nullopt,
                              std::move(verdict),
                              {}});
  }
  add_neighbours(model);
  return model;
}

std::optional<ReportModel> build_report_model(const ReportPlan& plan, const ReportHooks& hooks) {
  sim::BatchOptions batch = plan.batch;
  batch.keep_outcomes = plan.comparisons;  // the comparisons pair the runs game by game
  std::vector<RulesetRun> entries;
  std::vector<sim::RunStats> runs;
  // The sensitivity runs are played with each ruleset's run, so that the run is stored with its
  // stability verdict (analysis/stability.h); an interrupted measurement leaves it unchecked.
  std::vector<std::vector<SensitivityRun>> sensitivity(plan.rulesets.size());
  double sensitivity_seconds = 0;
  sim::BatchOptions sensitivity_options = plan.batch;
  sensitivity_options.progress = nullptr;
  for (std::size_t i = 0; i < plan.rulesets.size(); ++i) {
    const sim::RuleSet& rules = plan.rulesets[i];
    batch.games =
        plan.family_games > 0 && is_family_reading(rules) ? plan.family_games : plan.batch.games;
    batch.progress = [&](std::uint64_t done, std::uint64_t total) {
      if (hooks.progress) hooks.progress(rules.id, done, total);
    };
    const Timer timer;
    sim::RunStats run = sim::simulate_ruleset(rules, batch);
    const std::string seconds = timer.text();
    nlohmann::json json = sim::run_stats_to_json(run);
    if (plan.sensitivity_games > 0 && !run.partial && !stopped(plan.batch)) {
      const auto start = std::chrono::steady_clock::now();
      sensitivity[i] = measure_sensitivity(rules, sensitivity_options, plan.sensitivity_games);
      sensitivity_seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    json["stability"] = stability_to_json(stability_of(run_figures(run), sensitivity[i]));
    RulesetRun entry{ruleset_info(rules), json, std::nullopt};
    if (hooks.played) entry.stored_as = hooks.played(run, json, seconds);
    if (run.partial) return std::nullopt;
    entries.push_back(std::move(entry));
    runs.push_back(std::move(run));
  }
  ReportModel model = model_from_runs(std::move(entries));
  model.family_games = plan.family_games;
  model.family_ladders = plan.family_ladders;

  if (plan.comparisons || plan.handicaps) {
    const Timer timer;
    if (plan.comparisons) add_comparisons(model, plan.rulesets, runs);
    if (plan.handicaps) {
      model.handicaps_measured = true;
      model.handicap_options = plan.handicap;
      for (std::size_t i = 0; i < plan.rulesets.size(); ++i) {
        if (plan.rulesets[i].match)
          model.rulesets[i].handicap = measure_handicaps(plan.rulesets[i], plan.handicap);
      }
    }
    log(hooks, "report: comparisons and handicap curves in " + timer.text() + " s");
  }
  if (plan.sensitivity_games > 0 && !stopped(plan.batch)) {
    // Each threshold that ends games halved and doubled, on every ruleset's page.
    model.sensitivity_games = plan.sensitivity_games;
    for (std::size_t i = 0; i < plan.rulesets.size(); ++i) {
      RulesetSection& section = model.rulesets[i];
      section.sensitivity = std::move(sensitivity[i]);
      section.sensitivity_verdicts =
          sensitivity_verdicts(section.sensitivity, section.entry.ruleset.seats.advantage);
    }
    log(hooks, "report: sensitivity runs (" + std::to_string(plan.sensitivity_games) +
                   " games each) in " + format_number(sensitivity_seconds, 2) + " s");
  }
  if (plan.ladder && !stopped(plan.batch)) {
    // A skill ladder per game, of its default ruleset (else its first in the report).
    const Timer timer;
    LadderOptions options = *plan.ladder;
    options.stop = plan.batch.stop;
    options.progress = [&](const std::string& pair, std::uint64_t done, std::uint64_t total) {
      if (hooks.progress) hooks.progress("ladder " + pair, done, total);
    };
    model.ladder_options = options;
    const std::vector<sim::RuleSet> targets = ladder_rulesets(plan.rulesets, plan.family_ladders);
    for (const sim::RuleSet& rules : targets) {
      const std::string real_path = default_real_games_path(rules.game);
      LadderOptions game_options = options;
      if (!real_path.empty()) game_options.agents = agents_beside_real_games(options.agents);
      Ladder ladder = run_ladder(rules, game_options);
      if (ladder.partial()) return std::nullopt;
      std::optional<RealGames> real;
      if (!real_path.empty()) real = read_togyz_games(real_path);
      LadderFigures figures = ladder_figures(ladder, std::move(real));
      const auto at = std::find_if(plan.rulesets.begin(), plan.rulesets.end(),
                                   [&](const sim::RuleSet& r) { return r.id == rules.id; });
      const auto index = static_cast<std::size_t>(at - plan.rulesets.begin());
      for (const SelfPlay& sp : figures.self_play) {
        const sim::AgentSpec& agent = ladder.agents[sp.agent];
        if (agent.kind == sim::Agent::kRandom || agent.kind == sim::Agent::kGreedy || !sp.run)
          continue;
        const RunFigures f = run_figures(*sp.run);
        model.rulesets[index].skilled.push_back(
            {agent.name(), f.advantage.value, f.games, f.wins[0], f.wins[1], stop_share(f)});
      }
      model.ladders.push_back({index, std::move(ladder), std::move(figures), std::nullopt});
    }
    // Skill depth compared across games over the agents they share (issue 36, item 4).
    std::vector<const Ladder*> all;
    for (const GameLadder& l : model.ladders) all.push_back(&l.ladder);
    model.shared_ladder_agents = shared_agents(all);
    const bool differ = std::any_of(model.ladders.begin(), model.ladders.end(), [&](const auto& l) {
      return l.ladder.agents.size() != model.shared_ladder_agents.size();
    });
    for (GameLadder& l : model.ladders) {
      if (differ && model.shared_ladder_agents.size() >= 2 &&
          l.ladder.agents.size() != model.shared_ladder_agents.size())
        l.shared_depth =
            ladder_figures(sub_ladder(l.ladder, model.shared_ladder_agents)).skill_depth();
    }
    log(hooks, "report: skill ladders (" + std::to_string(targets.size()) +
                   (targets.size() == 1 ? " game, " : " games, ") + std::to_string(options.games) +
                   " games per pair) in " + timer.text() + " s");
  }
  if (plan.readings_games > 0 && !stopped(plan.batch)) {
    // Every reading of each game's source that has a readings file (docs/reconstruct.md).
    const Timer timer;
    model.readings_games = plan.readings_games;
    std::set<std::string> games;
    for (const sim::RuleSet& rules : plan.rulesets) {
      const std::string path = default_readings_path(rules.game);
      if (path.empty() || !games.insert(rules.game).second) continue;
      const Readings readings = load_readings(path);
      const ReconstructSettings settings{
          sim::parse_agent(readings.agent.empty() ? kDefaultReconstructAgent : readings.agent),
          readings.agent.empty() ? "the default" : readings.agent_because, plan.readings_games,
          plan.batch.seed, parse_panel(kReportPanel)};
      Reconstruction r = start_reconstruction(generate_space(readings), settings);
      run_reconstruction(
          r, {.threads = plan.batch.threads, .shard = {}, .stop = plan.batch.stop, .progress = {}});
      if (r.partial()) return std::nullopt;
      ReconstructResult result = evaluate_reconstruction(r);
      Related related =
          find_related(r.space, plan.readings_db, kDefaultRelatedKm, kDefaultRelatedYears);
      model.readings.push_back({std::move(r), std::move(result), std::move(related)});
    }
    log(hooks, "report: readings of " + std::to_string(model.readings.size()) + " sources (" +
                   std::to_string(plan.readings_games) + " games) in " + timer.text() + " s");
  }
  if (stopped(plan.batch)) return std::nullopt;
  return model;
}

std::vector<std::string> report_ruleset_ids(const std::string& game) {
  std::vector<std::string> ids = sim::list_ruleset_ids();
  if (!game.empty()) {
    std::set<std::string> games;
    for (const std::string& id : ids) games.insert(id.substr(0, id.find('/')));
    std::erase_if(ids, [&](const std::string& id) { return !id.starts_with(game + "/"); });
    if (ids.empty()) {
      throw Error(where(sim::rulesets_dir().string(), "--game",
                        "no game '" + game + "'" +
                            did_you_mean(game, {games.begin(), games.end()}) +
                            " (see 'mancala rules list')"));
    }
  }
  std::stable_partition(ids.begin(), ids.end(),
                        [](const std::string& id) { return is_default_ruleset(id); });
  std::stable_sort(ids.begin(), ids.end(), [](const std::string& a, const std::string& b) {
    return a.substr(0, a.find('/')) < b.substr(0, b.find('/'));
  });
  if (ids.empty()) throw Error(where(sim::rulesets_dir().string(), "", "no rulesets to report on"));
  return ids;
}

std::vector<sim::RuleSet> ladder_rulesets(const std::vector<sim::RuleSet>& rulesets) {
  std::vector<sim::RuleSet> targets;
  std::set<std::string> games_seen;
  for (const bool want_default : {true, false}) {
    for (const sim::RuleSet& rules : rulesets) {
      if (games_seen.count(rules.game) || (want_default && !is_default_ruleset(rules.id))) continue;
      games_seen.insert(rules.game);
      targets.push_back(rules);
    }
  }
  return targets;
}

std::vector<sim::RuleSet> ladder_rulesets(const std::vector<sim::RuleSet>& rulesets, bool family) {
  std::vector<sim::RuleSet> targets = ladder_rulesets(rulesets);
  if (!family) std::erase_if(targets, [](const sim::RuleSet& r) { return is_family_reading(r); });
  return targets;
}

}  // namespace mancala::analysis
