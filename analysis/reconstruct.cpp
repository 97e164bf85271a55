#include "analysis/reconstruct.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "analysis/compare_builder.h"
#include "analysis/reconstruct_panel.h"
#include "common/error.h"
#include "common/world.h"
#include "simulator/batch.h"

namespace mancala::analysis {
namespace {

// The halving rounds of the skilled stage for k candidates and N games: three rounds (N/4, N/2,
// N games in all) from four candidates on, fewer for fewer candidates or games.
int skilled_rounds(size_t candidates, int64_t games) {
  int rounds = candidates >= 4 ? 3 : candidates >= 2 ? 2 : 1;
  while (rounds > 1 && games < (int64_t{1} << (rounds - 1))) --rounds;
  return rounds;
}

// The skilled games a candidate has played in all after round r (1-based) of `rounds`.
int64_t cumulative_games(int64_t games, int rounds, int round) {
  if (round <= 0) return 0;
  const int64_t divisor = int64_t{1} << (rounds - round);
  return (games + divisor - 1) / divisor;
}

sim::GameTally empty_tally(const sim::RuleSet& rules) {
  sim::GameTally t;
  t.match.enabled = rules.match;
  return t;
}

// Each candidate's tally over the stages of one kind (random, or every skilled round merged).
std::vector<sim::GameTally> tallies(const Reconstruction& r, bool skilled, size_t upto) {
  std::vector<sim::GameTally> out;
  for (const Candidate& c : r.space.candidates) out.push_back(empty_tally(c.rules));
  for (size_t s = 0; s < upto && s < r.stages.size(); ++s) {
    const StageRuns& stage = r.stages[s];
    if (stage.plan.panel > 0 || (stage.plan.round > 0) != skilled) continue;
    // A stage stopped early has runs for its first candidates only.
    for (size_t i = 0; i < stage.runs.size(); ++i)
      out[static_cast<size_t>(stage.plan.candidates[i])].merge(stage.runs[i].tally);
  }
  return out;
}

std::vector<Figures> figures_from(const std::vector<sim::GameTally>& t) {
  std::vector<Figures> out;
  out.reserve(t.size());
  for (const sim::GameTally& tally : t) out.push_back(figures_of(tally));
  return out;
}

// The candidates of `figures` kept after a halving round: the better half by rank, and every
// candidate sharing the rank at the cut.
std::vector<int> better_half(const std::vector<int>& players, const std::vector<Figures>& all) {
  std::vector<Figures> mine(all.size());
  for (int c : players) mine[static_cast<size_t>(c)] = all[static_cast<size_t>(c)];
  std::vector<size_t> order;
  const std::vector<Standing> standings = rank_figures(mine, order);
  const size_t keep = (order.size() + 1) / 2;
  const int cut = standings[order[keep - 1]].rank;
  std::vector<int> kept;
  for (size_t i : order) {
    if (standings[i].rank <= cut) kept.push_back(static_cast<int>(i));
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

// The panel's agents that play a stage of their own (1-based panel indices): all but the skilled
// agent and random play, whose figures the stages before hold.
std::vector<int> panel_stages(const ReconstructSettings& s) {
  std::vector<int> out;
  for (size_t i = 0; i < s.panel.size(); ++i) {
    if (!(s.panel[i] == s.agent) && !(s.panel[i] == sim::AgentSpec(sim::Agent::kRandom)))
      out.push_back(static_cast<int>(i) + 1);
  }
  return out;
}

// The candidates of the last halving round played (empty when none was).
std::vector<int> finalists_of(const Reconstruction& r, size_t upto) {
  for (size_t s = upto; s-- > 0;) {
    if (r.stages[s].plan.round > 0) return r.stages[s].plan.candidates;
  }
  return {};
}

}  // namespace

int64_t panel_games(int64_t games) { return std::max<int64_t>(1, (games + 3) / 4); }

bool StageRuns::partial() const {
  if (runs.size() != plan.candidates.size()) return true;
  return std::any_of(runs.begin(), runs.end(),
                     [](const sim::RunStats& run) { return run.partial; });
}

Reconstruction start_reconstruction(Space space, const ReconstructSettings& settings) {
  if (settings.games < 1) throw Error("reconstruct: --games: must be 1 or more");
  Reconstruction r;
  r.space = std::move(space);
  r.settings = settings;
  return r;
}

std::optional<StagePlan> next_stage(const Reconstruction& r) {
  if (r.pending_merge()) {
    throw Error("reconstruct: stage " + std::to_string(r.stages.back().plan.index) +
                " was played in shards: merge them ('mancala reconstruct --merge') before the "
                "next stage is planned");
  }
  if (r.partial()) {
    throw Error("reconstruct: stage " + std::to_string(r.stages.back().plan.index) +
                " is partial (interrupted): run the search again");
  }
  const ReconstructSettings& s = r.settings;
  const size_t k = r.space.candidates.size();
  StagePlan plan;
  plan.index = static_cast<int>(r.stages.size()) + 1;
  if (r.stages.empty()) {
    plan.round = 0;
    plan.agent = sim::AgentSpec(sim::Agent::kRandom);
    plan.seed = s.seed;
    plan.games = s.games;
    for (size_t i = 0; i < k; ++i) plan.candidates.push_back(static_cast<int>(i));
    return plan;
  }
  if (s.agent == sim::AgentSpec(sim::Agent::kRandom)) return std::nullopt;
  const int rounds = skilled_rounds(k, s.games);
  const StageRuns& last = r.stages.back();
  const int round = last.plan.round + 1;
  if (last.plan.panel > 0 || round > rounds) {
    // The panel: each of its agents with a stage of its own plays the finalists.
    const std::vector<int> panel = panel_stages(s);
    const auto next = std::upper_bound(panel.begin(), panel.end(), last.plan.panel);
    if (next == panel.end()) return std::nullopt;
    plan.round = 0;
    plan.panel = *next;
    plan.agent = s.panel[static_cast<size_t>(*next - 1)];
    plan.seed = independent_seed(s.seed, static_cast<size_t>(rounds + *next - 1));
    plan.games = panel_games(s.games);
    plan.candidates = finalists_of(r, r.stages.size());
    return plan;
  }
  plan.round = round;
  plan.agent = s.agent;
  plan.seed = independent_seed(s.seed, static_cast<size_t>(round - 1));
  plan.games =
      cumulative_games(s.games, rounds, round) - cumulative_games(s.games, rounds, round - 1);
  if (round == 1) {
    for (size_t i = 0; i < k; ++i) plan.candidates.push_back(static_cast<int>(i));
  } else {
    plan.candidates =
        better_half(last.plan.candidates, figures_from(tallies(r, true, r.stages.size())));
  }
  return plan;
}

void play_stage(Reconstruction& r, const StagePlan& plan, const PlayStageOptions& options) {
  StageRuns stage{.plan = plan, .shard = options.shard, .runs = {}};
  sim::BatchOptions batch{.games = plan.games,
                          .seed = plan.seed,
                          .agents = sim::AgentPair(plan.agent),
                          .threads = options.threads,
                          .shard = options.shard,
                          .stop = options.stop,
                          .progress = {}};
  const auto play = [&](size_t i) {
    const Candidate& c = r.space.candidates[static_cast<size_t>(plan.candidates[i])];
    if (options.progress) {
      batch.progress = [&, i](uint64_t done, uint64_t total) {
        options.progress(plan, i, plan.candidates.size(), done, total);
      };
    }
    return sim::simulate_ruleset(c.rules, batch);
  };
  if (!world::distributed()) {
    for (size_t i = 0; i < plan.candidates.size(); ++i) {
      stage.runs.push_back(play(i));
      if (stage.runs.back().partial) break;
    }
  } else {
    // Under mpirun the ranks share the candidates (rank k plays candidates k, k + n, ...: each a
    // whole run, as one process plays it) and then every rank gathers every run, so that each
    // goes on with the same stage: one collective step a stage, not one a candidate.
    const size_t ranks = static_cast<size_t>(world::size());
    const size_t me = static_cast<size_t>(world::rank());
    nlohmann::json mine = nlohmann::json::array();
    {
      const world::LocalBatches local;
      for (size_t i = me; i < plan.candidates.size(); i += ranks)
        mine.push_back(sim::run_stats_to_json(play(i)));
    }
    const std::vector<std::string> all = world::all_gather(mine.dump());
    std::vector<nlohmann::json> by_rank;
    for (const std::string& bytes : all) by_rank.push_back(nlohmann::json::parse(bytes));
    for (size_t i = 0; i < plan.candidates.size(); ++i) {
      stage.runs.push_back(sim::run_stats_from_json(by_rank[i % ranks][i / ranks],
                                                    "rank " + std::to_string(i % ranks)));
      if (stage.runs.back().partial) break;
    }
  }
  r.stages.push_back(std::move(stage));
}

void run_reconstruction(Reconstruction& r, const PlayStageOptions& options) {
  while (const std::optional<StagePlan> plan = next_stage(r)) {
    play_stage(r, *plan, options);
    if (r.partial() || options.shard.count > 1) return;
  }
}

Reconstruction merge_reconstruction_shards(const std::vector<ReconstructShard>& shards) {
  if (shards.empty()) throw Error("reconstruct: --merge: no shard files");
  const ReconstructShard& first = shards.front();
  const Reconstruction& a = first.reconstruction;
  if (a.stages.empty()) throw Error(where(first.origin, "stages", "no stage was played"));
  const StageRuns& a_last = a.stages.back();
  if (a_last.shard.count == 1) {
    throw Error(where(first.origin, "",
                      "stage " + std::to_string(a_last.plan.index) +
                          " is whole, not a shard: there is nothing to merge"));
  }
  for (const ReconstructShard& s : shards) {
    const Reconstruction& b = s.reconstruction;
    const auto differ = [&](const std::string& what) {
      throw Error(where(
          s.origin, "",
          what + " " + first.origin + "'s: shards of different searches or stages do not merge"));
    };
    if (b.space.readings.document != a.space.readings.document) differ("its readings differ from");
    if (b.settings != a.settings) differ("its agent, games or seed differ from");
    if (b.stages.size() != a.stages.size()) differ("its stage differs from");
    for (size_t i = 0; i + 1 < a.stages.size(); ++i) {
      if (b.stages[i].plan != a.stages[i].plan || b.stages[i].runs != a.stages[i].runs)
        differ("its stage " + std::to_string(i + 1) + " differs from");
    }
    if (b.stages.back().plan != a_last.plan) differ("its plan of the last stage differs from");
    if (b.stages.back().shard.count != a_last.shard.count) differ("its shard count differs from");
    if (b.partial()) {
      throw Error(where(s.origin, "",
                        "shard " + std::to_string(b.stages.back().shard.index) + "/" +
                            std::to_string(b.stages.back().shard.count) +
                            " is partial (interrupted): play it again to merge"));
    }
  }
  Reconstruction merged = a;
  StageRuns& stage = merged.stages.back();
  stage.shard = sim::Shard{};
  for (size_t i = 0; i < a_last.plan.candidates.size(); ++i) {
    std::vector<sim::ShardInput> inputs;
    for (const ReconstructShard& s : shards)
      inputs.push_back({s.origin, s.reconstruction.stages.back().runs[i]});
    stage.runs[i] = sim::merge_shards(inputs);
  }
  return merged;
}

// ---- results ----------------------------------------------------------------------------------

const Figures& ReconstructResult::ranked_figures(size_t candidate) const {
  const CandidateResult& c = candidates[candidate];
  return c.skilled.played ? c.skilled : c.random;
}

size_t ReconstructResult::plays_first(size_t candidate) const {
  size_t first = candidate;
  for (int j : candidates[candidate].plays_as) first = std::min(first, static_cast<size_t>(j));
  return first;
}

ReadingCounts reading_counts(const Space& space, const ReconstructResult& result) {
  ReadingCounts n;
  for (const Candidate& c : space.candidates) n.merged += c.same_rules.size();
  for (const Refusal& f : space.refused) ++n.refusals[f.reason];
  for (size_t i = 0; i < result.candidates.size(); ++i) {
    const Figures& f = result.ranked_figures(i);
    if (!f.played) continue;
    ++n.played;
    if (result.repeats(i)) continue;  // one reading with the one it plays exactly as
    ++n.distinct;
    n.text_rule += f.completion == CompletionClass::kTextRule;
    n.undecided += f.completion == CompletionClass::kUndecided;
    n.not_text_rule += f.completion == CompletionClass::kNotTextRule;
    n.source_rule += f.source_completion == CompletionClass::kTextRule;
  }
  if (const int base = base_candidate(space);
      base >= 0 && static_cast<size_t>(base) < result.candidates.size()) {
    n.base_rank = result.candidates[static_cast<size_t>(base)].standing.rank;
    for (const CandidateResult& c : result.candidates)
      n.base_sharing += c.standing.rank == n.base_rank;
  }
  return n;
}

bool ReconstructResult::any_source_rule() const {
  for (size_t i = 0; i < candidates.size(); ++i) {
    const Figures& f = ranked_figures(i);
    if (f.played && f.source_rule.value > 0) return true;
  }
  return false;
}

namespace {

// Whether choice b read as b_alt is void given choice a read as a_alt: wherever both b_alt and
// b's reference are allowed with a = a_alt, the two combinations are one candidate or play
// exactly alike (and there is at least one such place).
bool void_given(const Space& space, const ReconstructResult& out, size_t b, size_t b_alt, size_t a,
                size_t a_alt) {
  const size_t b_ref = space.readings.choices[b].reference;
  if (b_alt == b_ref) return false;
  bool any = false;
  for (size_t index = 0; index < space.candidate_of.size(); ++index) {
    const int x = space.candidate_of[index];
    if (x < 0) continue;
    Pick p = pick_of(space, index);
    if (p[a] != a_alt || p[b] != b_ref) continue;
    p[b] = b_alt;
    const int y = space.candidate_of[combination_index(space, p)];
    if (y < 0) continue;
    any = true;
    const std::vector<int>& alike = out.candidates[static_cast<size_t>(x)].plays_as;
    if (x != y && std::find(alike.begin(), alike.end(), y) == alike.end()) return false;
  }
  return any;
}

// Moves the interactions in which a choice is void given the other to void_left_out.
void leave_out_void(const Space& space, const ReconstructResult& out, Effects& e) {
  std::vector<Interaction> kept;
  for (const Interaction& i : e.interactions) {
    const bool void_cell =
        void_given(space, out, i.choice_b, i.alternative_b, i.choice_a, i.alternative_a) ||
        void_given(space, out, i.choice_a, i.alternative_a, i.choice_b, i.alternative_b);
    (void_cell ? e.void_left_out : kept).push_back(i);
  }
  e.interactions = std::move(kept);
}

}  // namespace

namespace {

// The finalists ranked under each agent of the panel, once every panel stage is played.
PanelResult evaluate_panel(const Reconstruction& r, size_t upto, const ReconstructResult& out,
                           const EffectsLimits& limits) {
  PanelResult p;
  const ReconstructSettings& s = r.settings;
  const std::vector<int> finalists = finalists_of(r, upto);
  if (s.panel.empty() || finalists.empty() || !out.skilled_played) return p;
  const size_t k = r.space.candidates.size();
  std::vector<std::vector<Figures>> figures(s.panel.size());
  for (size_t a = 0; a < s.panel.size(); ++a) {
    std::vector<Figures> all(k);
    if (s.panel[a] == s.agent || s.panel[a] == sim::AgentSpec(sim::Agent::kRandom)) {
      for (size_t i = 0; i < k; ++i)
        all[i] = s.panel[a] == s.agent ? out.candidates[i].skilled : out.candidates[i].random;
    } else {
      const auto stage =
          std::find_if(r.stages.begin(), r.stages.begin() + upto,
                       [&](const StageRuns& x) { return x.plan.panel == static_cast<int>(a) + 1; });
      if (stage == r.stages.begin() + upto || stage->partial()) return p;  // not played yet
      for (size_t i = 0; i < stage->runs.size(); ++i)
        all[static_cast<size_t>(stage->plan.candidates[i])] = figures_of(stage->runs[i].tally);
    }
    // Every agent ranks the same candidates: the finalists.
    for (size_t i = 0; i < k; ++i) {
      if (std::find(finalists.begin(), finalists.end(), static_cast<int>(i)) == finalists.end())
        all[i] = Figures{};
    }
    figures[a] = std::move(all);
  }
  p.agents = s.panel;
  for (int i : finalists) p.finalists.push_back(static_cast<size_t>(i));
  p.figures = std::move(figures);
  p.games = panel_games(s.games);
  for (const std::vector<Figures>& f : p.figures) {
    std::vector<size_t> order;
    std::vector<int> ranks(k, 0);
    const std::vector<Standing> standings = rank_figures(f, order);
    for (size_t i : p.finalists) ranks[i] = standings[i].rank;
    p.ranks.push_back(std::move(ranks));
  }
  const size_t n = p.agents.size();
  p.tau.assign(n, std::vector<std::optional<double>>(n));
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      std::vector<int> ra, rb;
      for (size_t i : p.finalists) {
        ra.push_back(p.ranks[a][i]);
        rb.push_back(p.ranks[b][i]);
      }
      p.tau[a][b] = kendall_tau_b(ra, rb);
    }
  }
  p.robust_rank.assign(k, false);
  for (size_t i : p.finalists) {
    std::vector<int> ranks;
    for (size_t a = 0; a < n; ++a) ranks.push_back(p.ranks[a][i]);
    p.robust_rank[i] = robust_rank(ranks, static_cast<int>(p.finalists.size()));
  }
  for (const std::vector<Figures>& f : p.figures) {
    p.effects.push_back(measure_effects(r.space, f, limits));
    leave_out_void(r.space, out, p.effects.back());
    if (!p.effects.back().complete) return PanelResult{};
  }
  for (size_t m = 0; m < p.effects.front().main.size(); ++m) {
    const Effect& first = p.effects.front().main[m];
    if (first.alternative == r.space.readings.choices[first.choice].reference) {
      p.robust_main.push_back(-1);  // the reference against itself: no effect to judge
      continue;
    }
    std::vector<double> by_agent;
    bool measured = true;
    for (const Effects& e : p.effects) {
      measured = measured && std::isfinite(e.main[m].effect);
      by_agent.push_back(e.main[m].effect);
    }
    p.robust_main.push_back(!measured ? -1 : robust_sign(by_agent) ? 1 : 0);
  }
  return p;
}

}  // namespace

ReconstructResult evaluate_reconstruction(const Reconstruction& r, const std::atomic<bool>* stop) {
  ReconstructResult out;
  const size_t k = r.space.candidates.size();
  // A shard's last stage is part of a stage: its figures would mislead, so it is left out.
  const size_t upto = r.pending_merge() ? r.stages.size() - 1 : r.stages.size();
  const std::vector<Figures> random = figures_from(tallies(r, false, upto));
  const std::vector<Figures> skilled = figures_from(tallies(r, true, upto));
  out.candidates.resize(k);
  for (size_t i = 0; i < k; ++i) {
    out.candidates[i].random = random[i];
    out.candidates[i].skilled = skilled[i];
    out.skilled_played = out.skilled_played || skilled[i].played;
  }
  for (size_t s = 0; s < upto; ++s) {
    if (r.stages[s].plan.panel > 0) continue;  // the panel's stages rank nothing
    for (size_t p = 0; p < r.stages[s].runs.size(); ++p) {
      out.candidates[static_cast<size_t>(r.stages[s].plan.candidates[p])].last_stage =
          r.stages[s].plan.index;
    }
  }
  // Successive halving: candidates that reached a later stage rank above those that left
  // earlier; each group is ranked on its own figures.
  std::map<int, std::vector<size_t>, std::greater<>> by_stage;
  for (size_t i = 0; i < k; ++i) {
    if (out.candidates[i].last_stage > 0) by_stage[out.candidates[i].last_stage].push_back(i);
  }
  std::vector<Figures> ranked(k);
  for (size_t i = 0; i < k; ++i) ranked[i] = out.ranked_figures(i);
  int offset = 0;
  for (const auto& [stage, members] : by_stage) {
    std::vector<Figures> group(k);
    for (size_t i : members) group[i] = ranked[i];
    std::vector<size_t> order;
    const std::vector<Standing> standings = rank_figures(group, order);
    for (size_t i : order) {
      out.candidates[i].standing = standings[i];
      out.candidates[i].standing.rank += offset;
      out.order.push_back(i);
    }
    offset += static_cast<int>(order.size());
  }
  const std::vector<bool> front = pareto_front(ranked);
  for (size_t i = 0; i < k; ++i) out.candidates[i].pareto = front[i];
  // Candidates whose games were the same in every stage they share: grouped by a few counts
  // of their first stage, then compared whole.
  std::vector<std::vector<int>> position(upto, std::vector<int>(k, -1));
  for (size_t s = 0; s < upto; ++s) {
    for (size_t p = 0; p < r.stages[s].plan.candidates.size() && p < r.stages[s].runs.size(); ++p)
      position[s][static_cast<size_t>(r.stages[s].plan.candidates[p])] = static_cast<int>(p);
  }
  if (upto > 0) {
    std::map<std::array<uint64_t, 6>, std::vector<size_t>> groups;
    for (size_t i = 0; i < k; ++i) {
      if (position[0][i] < 0) continue;
      const sim::GameTally& t = r.stages[0].runs[static_cast<size_t>(position[0][i])].tally;
      const uint64_t plies = t.plies.empty() ? 0 : static_cast<uint64_t>(t.plies.max());
      groups[{t.games, t.wins[0], t.wins[1], t.draws, t.ended_by[0], plies}].push_back(i);
    }
    const auto same = [&](size_t i, size_t j) {
      for (size_t s = 0; s < upto; ++s) {
        const int pi = position[s][i], pj = position[s][j];
        if (pi < 0 || pj < 0) continue;
        if (!(r.stages[s].runs[static_cast<size_t>(pi)].tally ==
              r.stages[s].runs[static_cast<size_t>(pj)].tally))
          return false;
      }
      return true;
    };
    for (const auto& [key, members] : groups) {
      for (size_t i : members) {
        for (size_t j : members) {
          if (i != j && same(i, j)) out.candidates[i].plays_as.push_back(static_cast<int>(j));
        }
      }
    }
  }
  const EffectsLimits limits{.stop = stop};
  out.random_effects = measure_effects(r.space, random, limits);
  if (out.skilled_played) out.skilled_effects = measure_effects(r.space, skilled, limits);
  // A choice void given another is left out of that cell's interactions (issue 36, item 3).
  leave_out_void(r.space, out, out.random_effects);
  leave_out_void(r.space, out, out.skilled_effects);
  if (!r.pending_merge() && !r.partial()) {
    out.next = next_stage(r);
    out.complete = !out.next.has_value();
  }
  if (out.effects_complete()) out.panel = evaluate_panel(r, upto, out, limits);
  out.counts = reading_counts(r.space, out);
  return out;
}

Readings readings_for(const std::string& game, const std::string& readings_file,
                      const std::string& hide) {
  if (!hide.empty()) {
    if (game.empty())
      throw UsageError("reconstruct: --hide: give the game or ruleset whose clause to hide");
    return hide_clause(game, hide);
  }
  if (!readings_file.empty()) return load_readings(readings_file);
  const std::string path = default_readings_path(game);
  if (path.empty()) {
    throw Error("reconstruct: " + game + ": no readings file data/readings/" + game +
                ".json (give --readings FILE, or --hide KEY for a leave-one-out)");
  }
  return load_readings(path);
}

ReconstructSettings reconstruct_settings(const std::optional<std::string>& agent,
                                         const Readings& readings) {
  ReconstructSettings s;
  std::string spec = kDefaultReconstructAgent;
  s.agent_reason = "the default: beats random and greedy play in every seed game";
  if (agent) {
    spec = *agent;
    s.agent_reason = "given with --agent";
  } else if (!readings.agent.empty()) {
    spec = readings.agent;
    s.agent_reason = readings.agent_because;
  }
  try {
    s.agent = sim::parse_agent(spec);
  } catch (const UsageError& e) {
    throw UsageError(std::string("reconstruct: ") + e.what());
  }
  return s;
}

}  // namespace mancala::analysis
