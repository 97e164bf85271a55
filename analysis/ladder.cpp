#include "analysis/ladder.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <set>

#include "common/error.h"
#include "common/format.h"
#include "common/paths.h"
#include "common/strict_json.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"
#include "simulator/togyz_notation.h"

namespace mancala::analysis {
namespace {

using nlohmann::json;

// 400 / ln 10: natural-log strength differences to Elo points.
const double kEloPerNat = 400.0 / std::log(10.0);

void check_agents(const std::vector<sim::AgentSpec>& agents, const std::string& context) {
  if (agents.size() < 2) throw Error(where(context, "agents", "a ladder needs 2 agents or more"));
  if (agents.size() > static_cast<size_t>(kMaxLadderAgents)) {
    throw Error(where(context, "agents",
                      "at most " + std::to_string(kMaxLadderAgents) + " agents, got " +
                          std::to_string(agents.size())));
  }
  for (size_t i = 0; i < agents.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (agents[i] == agents[j])
        throw Error(where(context, "agents", agents[i].name() + " given twice"));
    }
  }
}

// Solves for the inverse of a symmetric positive definite matrix (Gauss-Jordan with partial
// pivoting); NaNs when it is singular.
std::vector<std::vector<double>> inverse(std::vector<std::vector<double>> a) {
  const size_t n = a.size();
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0));
  for (size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < n; ++r) {
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    }
    if (!(std::fabs(a[pivot][col]) > 1e-300)) {
      for (auto& row : inv) std::fill(row.begin(), row.end(), kNaN);
      return inv;
    }
    std::swap(a[col], a[pivot]);
    std::swap(inv[col], inv[pivot]);
    const double d = a[col][col];
    for (size_t c = 0; c < n; ++c) {
      a[col][c] /= d;
      inv[col][c] /= d;
    }
    for (size_t r = 0; r < n; ++r) {
      if (r == col || a[r][col] == 0) continue;
      const double f = a[r][col];
      for (size_t c = 0; c < n; ++c) {
        a[r][c] -= f * a[col][c];
        inv[r][c] -= f * inv[col][c];
      }
    }
  }
  return inv;
}

}  // namespace

std::vector<sim::AgentSpec> parse_ladder_agents(const std::string& text,
                                                const std::string& option) {
  std::vector<sim::AgentSpec> agents;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? comma : comma - start);
    sim::AgentSpec spec;
    if (!sim::try_parse_agent(item, spec)) {
      throw UsageError(option + ": '" + item + "' is not an agent (" + sim::agent_list() + ")");
    }
    agents.push_back(spec);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  try {
    check_agents(agents, option);
  } catch (const Error& e) {
    // where(option, "agents", ...) reads "--agents: agents: ..."; keep the option and the reason.
    const std::string what = e.what();
    const std::string prefix = option + ": agents: ";
    throw UsageError(option + ": " +
                     (what.starts_with(prefix) ? what.substr(prefix.size()) : what) +
                     " (give 2 to " + std::to_string(kMaxLadderAgents) +
                     " different agents, separated by commas)");
  }
  return agents;
}

bool Ladder::partial() const {
  if (runs.size() != agents.size() * agents.size()) return true;
  return std::any_of(runs.begin(), runs.end(), [](const sim::RunStats& r) { return r.partial; });
}

Ladder run_ladder(const sim::RuleSet& rules, const LadderOptions& options) {
  check_agents(options.agents, "ladder");
  Ladder ladder{.ruleset = rules.id,
                .agents = options.agents,
                .games = options.games,
                .seed = options.seed,
                .shard = options.shard,
                .runs = {}};
  sim::BatchOptions batch{.games = options.games,
                          .seed = options.seed,
                          .agents = {},
                          .threads = options.threads,
                          .shard = options.shard,
                          .stop = options.stop,
                          .progress = {}};
  for (const sim::AgentSpec& first : options.agents) {
    for (const sim::AgentSpec& second : options.agents) {
      batch.agents = sim::AgentPair(first, second);
      const std::string label = first.name() + "," + second.name();
      if (options.progress) {
        batch.progress = [&](uint64_t done, uint64_t total) {
          options.progress(label, done, total);
        };
      }
      ladder.runs.push_back(sim::simulate_ruleset(rules, batch));
      if (ladder.runs.back().partial) return ladder;
    }
  }
  return ladder;
}

Ladder merge_ladders(const std::vector<LadderShard>& shards) {
  if (shards.empty()) throw Error("ladder: no shard to merge");
  const LadderShard& first = shards.front();
  const std::string& id = first.ladder.ruleset;
  for (const LadderShard& s : shards) {
    const Ladder& l = s.ladder;
    const auto differ = [&](const std::string& what) {
      throw Error(
          where(s.origin, l.ruleset,
                what + " " + first.origin + "'s: shards of different ladders do not merge"));
    };
    if (l.ruleset != id) differ("its ruleset differs from");
    if (l.agents != first.ladder.agents) differ("its agents differ from");
    if (l.games != first.ladder.games) differ("its games per pair differ from");
    if (l.seed != first.ladder.seed) differ("its seed differs from");
    if (l.partial())
      throw Error(where(s.origin, l.ruleset, "the shard is partial (stopped early): run it again"));
  }
  Ladder out;
  out.ruleset = id;
  out.agents = first.ladder.agents;
  out.games = first.ladder.games;
  out.seed = first.ladder.seed;
  const size_t cells = out.agents.size() * out.agents.size();
  for (size_t c = 0; c < cells; ++c) {
    std::vector<sim::ShardInput> inputs;
    for (const LadderShard& s : shards) inputs.push_back({s.origin, s.ladder.runs[c]});
    out.runs.push_back(sim::merge_shards(inputs));
  }
  out.shard = out.runs.front().shard;
  return out;
}

// ---- figures -------------------------------------------------------------------------------

Completion completion_of(const sim::GameTally& tally) {
  Completion c;
  if (tally.games == 0) return c;
  const auto share = [](uint64_t k, uint64_t n) {
    return static_cast<double>(k) / static_cast<double>(n);
  };
  for (int i = 0; i < sim::kCompletions; ++i)
    c.share[i] = share(tally.completed(static_cast<sim::Completion>(i)), tally.games);
  const sim::MatchStats& m = tally.match;
  if (m.enabled) c.rounds = m.round_ended_by[0] + m.round_ended_by[1] + m.round_ended_by[2];
  if (c.rounds > 0) {
    for (int i = 0; i < sim::kCompletions; ++i)
      c.round_share[i] = share(m.round_completed(static_cast<sim::Completion>(i)), c.rounds);
  }
  return c;
}

std::vector<Rating> bradley_terry(const std::vector<std::vector<double>>& wins_in) {
  const size_t k = wins_in.size();
  std::vector<Rating> out(k);
  if (k < 2) return out;
  std::vector<std::vector<double>> w = wins_in;
  for (size_t a = 0; a < k; ++a) {
    for (size_t b = 0; b < k; ++b) {
      if (a != b) w[a][b] += 0.5;  // the virtual draw
    }
  }
  std::vector<double> total(k, 0);
  for (size_t a = 0; a < k; ++a) {
    for (size_t b = 0; b < k; ++b) {
      if (a != b) total[a] += w[a][b];
    }
  }
  // MM (Hunter 2004, "MM algorithms for generalized Bradley-Terry models", Ann. Stat. 32:384-406):
  // pi_a <- W_a / sum_b n_ab / (pi_a + pi_b), then scaled so that pi_0 = 1.
  std::vector<double> pi(k, 1.0);
  for (int iteration = 0; iteration < 100000; ++iteration) {
    std::vector<double> next(k);
    for (size_t a = 0; a < k; ++a) {
      double denominator = 0;
      for (size_t b = 0; b < k; ++b) {
        if (a != b) denominator += (w[a][b] + w[b][a]) / (pi[a] + pi[b]);
      }
      next[a] = total[a] / denominator;
    }
    double change = 0;
    for (size_t a = 0; a < k; ++a) {
      next[a] /= next[0];
      change = std::max(change, std::fabs(std::log(next[a] / pi[a])));
    }
    pi = next;
    if (change < 1e-12) break;
  }
  // Observed information of theta = log pi with theta_0 = 0 fixed.
  std::vector<std::vector<double>> info(k - 1, std::vector<double>(k - 1, 0));
  for (size_t a = 1; a < k; ++a) {
    for (size_t b = 0; b < k; ++b) {
      if (a == b) continue;
      const double p = pi[a] / (pi[a] + pi[b]);
      const double v = (w[a][b] + w[b][a]) * p * (1 - p);
      info[a - 1][a - 1] += v;
      if (b > 0) info[a - 1][b - 1] -= v;
    }
  }
  const auto covariance = inverse(info);
  const double z = stats::z_for_confidence(0.95);
  for (size_t a = 1; a < k; ++a) {
    const double theta = std::log(pi[a]);
    const double se = std::sqrt(covariance[a - 1][a - 1]);
    out[a].elo = kEloPerNat * theta;
    out[a].ci95 = {kEloPerNat * (theta - z * se), kEloPerNat * (theta + z * se)};
  }
  return out;
}

std::vector<size_t> longest_chain(const std::vector<std::vector<bool>>& beats) {
  const size_t k = beats.size();
  if (k == 0) return {};
  // best[mask][last]: the most agents a chain can have from `last` on, having used `mask`.
  std::vector<std::vector<int>> best(size_t{1} << k, std::vector<int>(k, 0));
  for (size_t mask = (size_t{1} << k) - 1; mask > 0; --mask) {
    for (size_t last = 0; last < k; ++last) {
      if (!(mask & (size_t{1} << last))) continue;
      int most = 1;
      for (size_t next = 0; next < k; ++next) {
        if (!(mask & (size_t{1} << next)) && beats[next][last])
          most = std::max(most, 1 + best[mask | (size_t{1} << next)][next]);
      }
      best[mask][last] = most;
    }
  }
  size_t start = 0;
  for (size_t s = 1; s < k; ++s) {
    if (best[size_t{1} << s][s] > best[size_t{1} << start][start]) start = s;
  }
  std::vector<size_t> chain = {start};
  size_t mask = size_t{1} << start;
  int left = best[mask][start];
  while (left > 1) {
    const size_t last = chain.back();
    for (size_t next = 0; next < k; ++next) {
      if (!(mask & (size_t{1} << next)) && beats[next][last] &&
          best[mask | (size_t{1} << next)][next] == left - 1) {
        chain.push_back(next);
        mask |= size_t{1} << next;
        break;
      }
    }
    --left;
  }
  return chain;
}

PairResult LadderFigures::pair(size_t a, size_t b) const {
  for (const PairResult& p : pairs) {
    if (p.a == a && p.b == b) return p;
    if (p.a == b && p.b == a) {
      PairResult r = p;
      std::swap(r.a, r.b);
      std::swap(r.wins_a, r.wins_b);
      r.win_rate_a = stats::wilson_interval(r.wins_a, r.finished());
      r.advantage = stats::first_player_advantage(r.wins_a, r.wins_b, r.draws);
      r.score = 1 - p.score;
      r.score_ci = {1 - p.score_ci.high, 1 - p.score_ci.low};
      return r;
    }
  }
  throw Error("ladder: no games between agents " + std::to_string(a) + " and " + std::to_string(b));
}

std::string default_real_games_path(const std::string& game) {
  if (game != "toguz_kumalak") return "";
  const std::filesystem::path path = data_dir() / "games" / "togyz" / "kazakhstan-2016-2018.jsonl";
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec) ? path.string() : "";
}

RealGames read_togyz_games(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(where(path, "", "cannot read the file"));
  RealGames real;
  real.source = path;
  const sim::Game game(sim::load_ruleset("toguz_kumalak/standard"));
  std::set<std::string> events;
  std::string first_date, last_date;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string context = "line " + std::to_string(number);
    const json record = parse_json_text(line, where(path, context, ""));
    try {
      const json& result = member(record, "result", context);
      const json& notation = member(record, "notation", context);
      if (!result.is_string() || !notation.is_string())
        throw Error(where(context, "result", "result and notation must be strings"));
      const std::string r = result.get<std::string>();
      if (r == "1-0") {
        ++real.wins[0];
      } else if (r == "0-1") {
        ++real.wins[1];
      } else if (r == "1/2-1/2") {
        ++real.draws;
      } else {
        throw Error(where(context, "result", "expected 1-0, 0-1 or 1/2-1/2, got '" + r + "'"));
      }
      const std::vector<sim::NotationMove> moves =
          sim::parse_togyz_notation(notation.get<std::string>());
      real.plies.add(static_cast<int64_t>(moves.size()));
      try {
        if (sim::replay_togyz_notation(game, moves).over) ++real.reached_end;
      } catch (const Error& e) {
        throw Error(where(context, "notation", e.what()));
      }
      ++real.games;
      if (const auto d = record.find("date"); d != record.end() && d->is_string()) {
        const std::string date = d->get<std::string>();
        if (first_date.empty() || date < first_date) first_date = date;
        if (last_date.empty() || date > last_date) last_date = date;
      }
    } catch (const Error& e) {
      throw Error(where(path, "", e.what()));
    }
  }
  if (real.games == 0) throw Error(where(path, "", "no game in the file"));
  real.description = std::to_string(real.games) + " recorded games";
  if (!first_date.empty()) {
    real.description +=
        ", " + (first_date == last_date ? first_date : first_date + "-" + last_date);
  }
  return real;
}

namespace {

// Results as counts: first player's wins, second's, draws.
using ResultCounts = std::array<uint64_t, 3>;

// The total variation distance between two distributions of results.
double result_distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  double distance = 0;
  for (size_t i = 0; i < 3; ++i) distance += std::fabs(a[i] - b[i]) / 2;
  return distance;
}

std::array<double, 3> shares(const ResultCounts& c) {
  const double n = static_cast<double>(c[0] + c[1] + c[2]);
  return {static_cast<double>(c[0]) / n, static_cast<double>(c[1]) / n,
          static_cast<double>(c[2]) / n};
}

// One multinomial resample of n results with the given shares.
std::array<double, 3> resample(const ResultCounts& c, std::mt19937_64& rng) {
  const uint64_t n = c[0] + c[1] + c[2];
  const std::array<double, 3> p = shares(c);
  const uint64_t first = std::binomial_distribution<uint64_t>(n, p[0])(rng);
  const double rest = 1 - p[0];
  const uint64_t second =
      rest <= 0 ? 0
                : std::binomial_distribution<uint64_t>(n - first, std::min(1.0, p[1] / rest))(rng);
  return shares({first, second, n - first - second});
}

// 95% percentile intervals of each level's result distance to the masters, by a parametric
// bootstrap that resamples the masters and every level together (fixed seed: the same figures on
// every run).
std::vector<stats::Interval> distance_intervals(const ResultCounts& masters,
                                                const std::vector<ResultCounts>& levels) {
  constexpr int kReplicates = 2000;
  std::mt19937_64 rng(20261126);
  std::vector<std::vector<double>> draws(levels.size());
  for (int r = 0; r < kReplicates; ++r) {
    const std::array<double, 3> m = resample(masters, rng);
    for (size_t i = 0; i < levels.size(); ++i)
      draws[i].push_back(result_distance(resample(levels[i], rng), m));
  }
  std::vector<stats::Interval> intervals;
  for (std::vector<double>& d : draws) {
    std::sort(d.begin(), d.end());
    intervals.push_back({d[static_cast<size_t>(0.025 * (kReplicates - 1))],
                         d[static_cast<size_t>(0.975 * (kReplicates - 1))]});
  }
  return intervals;
}

}  // namespace

std::vector<sim::AgentSpec> agents_beside_real_games(std::vector<sim::AgentSpec> agents) {
  std::array<bool, 2> parity{};  // [0] odd depth given, [1] even
  int deepest = 0;
  bool unfixed = false;
  for (const sim::AgentSpec& a : agents) {
    if (a.kind == sim::Agent::kAlphaBeta) {
      parity[a.param % 2 == 1 ? 0 : 1] = true;
      deepest = std::max(deepest, a.param);
    }
    unfixed = unfixed || a.kind == sim::Agent::kMcts || a.kind == sim::Agent::kAlphaBetaNodes ||
              a.kind == sim::Agent::kAlphaBetaTime;
  }
  const auto add = [&](const sim::AgentSpec& a) {
    if (agents.size() < static_cast<size_t>(kMaxLadderAgents) &&
        std::find(agents.begin(), agents.end(), a) == agents.end())
      agents.push_back(a);
  };
  if (parity[0] != parity[1] && deepest < sim::kMaxAlphaBetaDepth)
    add(sim::AgentSpec(sim::Agent::kAlphaBeta, deepest + 1));
  if (!unfixed) add(sim::AgentSpec(sim::Agent::kMcts, 100));
  return agents;
}

LadderFigures ladder_figures(const Ladder& ladder, std::optional<RealGames> real) {
  LadderFigures f;
  const size_t k = ladder.size();
  const auto played = [&](size_t first, size_t second) -> const sim::RunStats* {
    const size_t c = first * k + second;
    return c < ladder.runs.size() ? &ladder.runs[c] : nullptr;
  };
  for (size_t a = 0; a < k; ++a) {
    for (size_t b = a + 1; b < k; ++b) {
      PairResult p;
      p.a = a;
      p.b = b;
      for (const auto& [run, a_seat] : {std::pair{played(a, b), 0}, std::pair{played(b, a), 1}}) {
        if (!run) continue;
        const sim::GameTally& t = run->tally;
        p.games += t.games;
        p.wins_a += t.wins[static_cast<size_t>(a_seat)];
        p.wins_b += t.wins[static_cast<size_t>(1 - a_seat)];
        p.draws += t.draws;
        p.unfinished += t.unfinished;
      }
      p.win_rate_a = stats::wilson_interval(p.wins_a, p.finished());
      p.advantage = stats::first_player_advantage(p.wins_a, p.wins_b, p.draws);
      f.pairs.push_back(p);
    }
  }
  // One procedure decides and prints "beats" (PairResult): the score's simultaneous interval.
  const double m = static_cast<double>(f.pairs.size());
  const double confidence = f.score_confidence = 1 - kLadderAlpha / m;
  std::vector<std::vector<bool>> beats(k, std::vector<bool>(k, false));
  std::vector<std::vector<double>> wins(k, std::vector<double>(k, 0));
  for (PairResult& p : f.pairs) {
    const double n = static_cast<double>(p.finished());
    if (p.finished() > 0) {
      p.score = (static_cast<double>(p.wins_a) + 0.5 * static_cast<double>(p.draws)) / n;
      const stats::Interval d =
          stats::first_player_advantage(p.wins_a, p.wins_b, p.draws, confidence).interval;
      p.score_ci = {(1 + d.low) / 2, (1 + d.high) / 2};
      p.significant = d.low > 0 || d.high < 0;
    } else {
      p.score_ci = {0, 1};
    }
    p.p_bonferroni = std::min(1.0, m * p.advantage.p_value);
    if (p.significant) (p.score > 0.5 ? beats[p.a][p.b] : beats[p.b][p.a]) = true;
    wins[p.a][p.b] = static_cast<double>(p.wins_a) + 0.5 * static_cast<double>(p.draws);
    wins[p.b][p.a] = static_cast<double>(p.wins_b) + 0.5 * static_cast<double>(p.draws);
  }
  f.ratings = bradley_terry(wins);
  f.chain = longest_chain(beats);
  for (const PairResult& p : f.pairs) {
    if (p.finished() == 0 || f.ratings[p.a].elo == f.ratings[p.b].elo) continue;
    const bool a_higher = f.ratings[p.a].elo > f.ratings[p.b].elo;
    const size_t high = a_higher ? p.a : p.b, low = a_higher ? p.b : p.a;
    const uint64_t high_wins = a_higher ? p.wins_a : p.wins_b;
    const uint64_t low_wins = a_higher ? p.wins_b : p.wins_a;
    if (high_wins > low_wins) continue;
    f.warnings.push_back("warning: " + ladder.agents[high].name() + " is rated above " +
                         ladder.agents[low].name() + " but does not beat it: of their " +
                         std::to_string(p.finished()) + " finished games it wins " +
                         std::to_string(high_wins) + ", " + ladder.agents[low].name() + " wins " +
                         std::to_string(low_wins) +
                         " (the ratings pool every pair; read the pair's own cells)");
  }
  for (size_t a = 0; a < k; ++a) {
    const sim::RunStats* run = played(a, a);
    if (!run) continue;
    const sim::GameTally& t = run->tally;
    SelfPlay s{
        a, run, stats::first_player_advantage(t.wins[0], t.wins[1], t.draws),
        result_rates(t.wins[0], t.wins[1], t.draws, t.wins[0] + t.wins[1] + t.draws, t.plies),
        completion_of(t)};
    if (ladder.agents[a].kind == sim::Agent::kAlphaBeta) s.fixed_depth = ladder.agents[a].param;
    f.self_play.push_back(s);
  }
  // Fixed-depth levels pooled by the parity of their depth.
  std::array<ResultCounts, 2> by_parity{};  // [0] odd depths, [1] even
  std::array<bool, 2> has_parity{};
  for (const SelfPlay& s : f.self_play) {
    if (s.fixed_depth == 0) continue;
    const size_t p = s.fixed_depth % 2 == 1 ? 0 : 1;
    has_parity[p] = true;
    ++f.parity.levels;
    by_parity[p][0] += s.run->tally.wins[0];
    by_parity[p][1] += s.run->tally.wins[1];
    by_parity[p][2] += s.run->tally.draws;
  }
  const auto finished_games = [](const ResultCounts& c) { return c[0] + c[1] + c[2]; };
  if (has_parity[0] && has_parity[1] && finished_games(by_parity[0]) > 0 &&
      finished_games(by_parity[1]) > 0) {
    const ResultCounts& odd = by_parity[0];
    const ResultCounts& even = by_parity[1];
    f.parity.checked = true;
    f.parity.odd = stats::first_player_advantage(odd[0], odd[1], odd[2]);
    f.parity.even = stats::first_player_advantage(even[0], even[1], even[2]);
    f.parity.difference =
        stats::advantage_difference(odd[0], odd[1], odd[2], even[0], even[1], even[2]);
    if (f.parity.significant()) {
      for (SelfPlay& s : f.self_play) s.parity_artefact = s.fixed_depth > 0;
    }
  }
  if (real) {
    const ResultCounts masters = {real->wins[0], real->wins[1], real->draws};
    std::vector<ResultCounts> levels;
    for (const SelfPlay& s : f.self_play) {
      const sim::GameTally& t = s.run->tally;
      if (t.wins[0] + t.wins[1] + t.draws == 0) continue;
      levels.push_back({t.wins[0], t.wins[1], t.draws});
      f.likeness.push_back({s.agent,
                            result_distance(shares(levels.back()), shares(masters)),
                            t.plies.empty() ? kNaN : t.plies.median(),
                            {}});
    }
    const std::vector<stats::Interval> intervals = distance_intervals(masters, levels);
    size_t nearest = 0;
    for (size_t i = 0; i < f.likeness.size(); ++i) {
      f.likeness[i].ci95 = intervals[i];
      if (f.likeness[i].result_distance < f.likeness[nearest].result_distance) nearest = i;
    }
    if (!f.likeness.empty()) {
      f.nearest_real = f.likeness[nearest].agent;
      bool apart = f.likeness.size() >= 2;
      for (size_t i = 0; i < f.likeness.size(); ++i) {
        if (i != nearest && !(intervals[nearest].high < intervals[i].low)) apart = false;
      }
      if (apart) f.most_like_real = f.nearest_real;
    }
    f.real_rates =
        result_rates(real->wins[0], real->wins[1], real->draws, real->games, real->plies);
    f.real_advantage = stats::first_player_advantage(real->wins[0], real->wins[1], real->draws);
    f.real = std::move(real);
  }
  for (const sim::RunStats& r : ladder.runs) f.run_documents.push_back(sim::run_stats_to_json(r));
  return f;
}

// ---- JSON ------------------------------------------------------------------------------------

namespace {

json interval_json(const stats::Interval& ci) {
  if (!std::isfinite(ci.low) || !std::isfinite(ci.high)) return nullptr;
  return json::array({ci.low, ci.high});
}
json number_json(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }
json rate_json(uint64_t k, uint64_t n) {
  if (n == 0) return {{"value", nullptr}, {"ci95", nullptr}};
  return {{"value", static_cast<double>(k) / static_cast<double>(n)},
          {"ci95", interval_json(stats::wilson_interval(k, n))}};
}
json advantage_json(const stats::Advantage& a, uint64_t n) {
  if (n == 0) return {{"value", nullptr}, {"ci95", nullptr}, {"p_value", nullptr}};
  return {{"value", a.estimate}, {"ci95", interval_json(a.interval)}, {"p_value", a.p_value}};
}
json completion_json(const Completion& c, uint64_t games) {
  if (games == 0) return nullptr;
  json out = json::object();
  for (int i = 0; i < sim::kCompletions; ++i)
    out[sim::completion_name(static_cast<sim::Completion>(i))] = c.share[i];
  return out;
}
// The matches' rounds by completion class; null for single games.
json round_completion_json(const Completion& c) {
  if (c.rounds == 0) return nullptr;
  json out = {{"rounds", c.rounds}};
  for (int i = 0; i < sim::kCompletions; ++i)
    out[sim::completion_name(static_cast<sim::Completion>(i))] = c.round_share[i];
  return out;
}
json plies_json(const stats::IntHistogram& h) {
  if (h.empty()) return {{"mean", nullptr}, {"median", nullptr}};
  return {{"mean", h.mean()}, {"median", h.median()}};
}

std::string shard_text(const sim::Shard& s) {
  return std::to_string(s.index) + "/" + std::to_string(s.count);
}

}  // namespace

bool is_ladder_json(const json& j) {
  return j.is_object() && j.contains("kind") && j["kind"] == "ladder";
}

json ladder_to_json(const Ladder& ladder, const LadderFigures& f) {
  const size_t k = ladder.size();
  json out;
  out["kind"] = "ladder";
  out["ruleset"] = ladder.ruleset;
  out["seed"] = ladder.seed;
  out["games"] = ladder.games;
  out["shard"] = shard_text(ladder.shard);
  out["partial"] = ladder.partial();
  json agents = json::array();
  for (const sim::AgentSpec& a : ladder.agents) agents.push_back(a.name());
  out["agents"] = agents;
  json matrix = json::array();
  for (size_t a = 0; a < k; ++a) {
    json row = json::array();
    for (size_t b = 0; b < k; ++b) {
      if (a == b) {
        row.push_back(nullptr);
        continue;
      }
      const PairResult p = f.pair(a, b);
      const PairResult& stored = f.pair(std::min(a, b), std::max(a, b));
      row.push_back(
          {{"agent", ladder.agents[a].name()},
           {"opponent", ladder.agents[b].name()},
           {"games", p.games},
           {"wins", p.wins_a},
           {"losses", p.wins_b},
           {"draws", p.draws},
           {"unfinished", p.unfinished},
           {"win_rate", rate_json(p.wins_a, p.finished())},
           {"advantage", advantage_json(p.advantage, p.finished())},
           {"score", p.finished() == 0 ? json{{"value", nullptr}, {"ci95_simultaneous", nullptr}}
                                       : json{{"value", p.score},
                                              {"ci95_simultaneous", interval_json(p.score_ci)}}},
           {"p_bonferroni", stored.p_bonferroni},
           {"beats", p.a_beats_b()}});
    }
    matrix.push_back(row);
  }
  out["matrix"] = matrix;
  json ratings = json::array();
  for (size_t a = 0; a < f.ratings.size(); ++a) {
    ratings.push_back({{"agent", ladder.agents[a].name()},
                       {"elo", number_json(f.ratings[a].elo)},
                       {"ci95", a == 0 ? json(nullptr) : interval_json(f.ratings[a].ci95)}});
  }
  out["ratings"] = {{"model", "Bradley-Terry (MM), one virtual draw per pair"},
                    {"scale", "Elo points relative to " + ladder.agents.front().name()},
                    {"agents", ratings}};
  json chain = json::array();
  for (size_t a : f.chain) chain.push_back(ladder.agents[a].name());
  out["warnings"] = f.warnings;
  out["skill_depth"] = {{"depth", f.skill_depth()},
                        {"chain", chain},
                        {"alpha", kLadderAlpha},
                        {"correction", "bonferroni"}};
  json self = json::array();
  for (const SelfPlay& s : f.self_play) {
    const sim::GameTally& t = s.run->tally;
    const uint64_t finished = t.wins[0] + t.wins[1] + t.draws;
    json item = {{"agent", ladder.agents[s.agent].name()},
                 {"games", t.games},
                 {"wins", json::array({t.wins[0], t.wins[1]})},
                 {"draws", t.draws},
                 {"unfinished", t.unfinished},
                 {"first_player_win_rate", rate_json(t.wins[0], finished)},
                 {"second_player_win_rate", rate_json(t.wins[1], finished)},
                 {"draw_rate", rate_json(t.draws, finished)},
                 {"first_player_advantage", advantage_json(s.advantage, finished)},
                 {"plies", plies_json(t.plies)},
                 {"completion", completion_json(s.completion, t.games)},
                 {"round_completion", round_completion_json(s.completion)},
                 {"fixed_depth", s.fixed_depth > 0 ? json(s.fixed_depth) : json(nullptr)},
                 {"depth_parity_artefact", s.parity_artefact}};
    for (const Likeness& l : f.likeness) {
      if (l.agent == s.agent) {
        item["distance_to_real_games"] = l.result_distance;
        item["distance_to_real_games_ci95"] = interval_json(l.ci95);
      }
    }
    self.push_back(item);
  }
  out["self_play"] = self;
  if (f.parity.checked) {
    out["depth_parity"] = {{"odd_depths_advantage", advantage_json(f.parity.odd, 1)},
                           {"even_depths_advantage", advantage_json(f.parity.even, 1)},
                           {"difference", f.parity.difference.estimate},
                           {"difference_ci95", interval_json(f.parity.difference.interval)},
                           {"p_value", f.parity.difference.p_value},
                           {"significant", f.parity.significant()}};
  } else {
    out["depth_parity"] = nullptr;
  }
  if (f.real) {
    const RealGames& r = *f.real;
    out["real_games"] = {
        {"source", std::filesystem::path(r.source).filename().string()},
        {"description", r.description},
        {"games", r.games},
        {"wins", json::array({r.wins[0], r.wins[1]})},
        {"draws", r.draws},
        {"first_player_win_rate", rate_json(r.wins[0], r.games)},
        {"second_player_win_rate", rate_json(r.wins[1], r.games)},
        {"draw_rate", rate_json(r.draws, r.games)},
        {"plies", plies_json(r.plies)},
        {"reached_end", r.reached_end},
        {"nearest", f.nearest_real ? json(ladder.agents[*f.nearest_real].name()) : json(nullptr)},
        {"most_like",
         f.most_like_real ? json(ladder.agents[*f.most_like_real].name()) : json(nullptr)}};
  }
  out["runs"] = f.run_documents;
  return out;
}

Ladder ladder_from_json(const json& j, const std::string& context) {
  if (!is_ladder_json(j))
    throw Error(
        where(context, "kind", "not a ladder (write it with 'mancala ladder --format json')"));
  Ladder l;
  const json& agents = member(j, "agents", context);
  if (!agents.is_array()) throw Error(where(context, "agents", "expected an array of agents"));
  for (const json& a : agents) {
    sim::AgentSpec spec;
    if (!a.is_string() || !sim::try_parse_agent(a.get<std::string>(), spec))
      throw Error(where(context, "agents", "'" + a.dump() + "' is not an agent"));
    l.agents.push_back(spec);
  }
  check_agents(l.agents, context);
  const json& runs = member(j, "runs", context);
  if (!runs.is_array()) throw Error(where(context, "runs", "expected an array of runs"));
  const size_t k = l.agents.size();
  if (runs.empty() || runs.size() > k * k) {
    throw Error(where(context, "runs",
                      "expected " + std::to_string(k * k) + " runs (every ordered pair of " +
                          std::to_string(k) + " agents), got " + std::to_string(runs.size())));
  }
  for (size_t c = 0; c < runs.size(); ++c) {
    sim::RunStats run =
        sim::run_stats_from_json(runs[c], context + ": runs[" + std::to_string(c) + "]");
    const std::string expected = sim::AgentPair(l.agents[c / k], l.agents[c % k]).label();
    const auto wrong = [&](const std::string& what) {
      throw Error(where(context, "runs[" + std::to_string(c) + "]", what));
    };
    if (run.agent != expected)
      wrong("agents " + run.agent + " where the ladder's order needs " + expected);
    if (c == 0) {
      l.ruleset = run.ruleset;
      l.seed = run.seed;
      l.games = run.games_requested;
      l.shard = run.shard;
    } else if (run.ruleset != l.ruleset || run.seed != l.seed || run.games_requested != l.games ||
               !(run.shard == l.shard)) {
      wrong("ruleset, seed, games or shard differ from the first run's");
    }
    if (c + 1 < runs.size() && run.partial) wrong("a partial run before the last");
    l.runs.push_back(std::move(run));
  }
  if (runs.size() < k * k && !l.runs.back().partial)
    throw Error(where(context, "runs",
                      "expected " + std::to_string(k * k) + " runs, got " +
                          std::to_string(runs.size()) + " (and none stopped early)"));
  return l;
}

}  // namespace mancala::analysis
