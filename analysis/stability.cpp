#include "analysis/stability.h"

#include <algorithm>
#include <cmath>

#include "analysis/paired.h"
#include "common/error.h"
#include "common/format.h"

namespace mancala::analysis {
namespace {

constexpr double kConfidence = 0.95;

// -1, 0 or +1.
int sign_of(double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

nlohmann::json number(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}

double read_number(const nlohmann::json& j, const char* key, const std::string& context) {
  if (!j.contains(key)) throw Error(where(context, std::string("stability: ") + key, "missing"));
  const nlohmann::json& v = j[key];
  if (v.is_null()) return kNaN;
  if (!v.is_number())
    throw Error(where(context, std::string("stability: ") + key, "expected a number or null"));
  return v.get<double>();
}

// Whether the threshold `key` is one the sensitivity runs vary.
bool known_threshold(const std::string& key) {
  return key == "no_progress_turns" || key == "stop_after_rounds" || key == "max_rounds" ||
         key == "max_plies";
}

}  // namespace

// The stops (docs/terms.md, "Endings", class 4): a stopping rule and the safety bound.
constexpr int kStopped = static_cast<int>(sim::Completion::kStoppingRule);
constexpr int kBound = static_cast<int>(sim::Completion::kSafetyBound);

double stop_share(const RunFigures& run) {
  if (run.match) {
    const MatchFigures& m = *run.match;
    if (m.rounds_recorded == 0) return kNaN;
    return static_cast<double>(m.round_completion_count[kStopped] +
                               m.round_completion_count[kBound]) /
           static_cast<double>(m.rounds_recorded);
  }
  if (run.games == 0) return kNaN;
  return static_cast<double>(run.completion.games[kStopped] + run.completion.games[kBound]) /
         static_cast<double>(run.games);
}

bool any_stop(const RunFigures& run) {
  if (run.completion.games[kStopped] + run.completion.games[kBound] > 0) return true;
  return run.match &&
         run.match->round_completion_count[kStopped] + run.match->round_completion_count[kBound] >
             0;
}

Stability decide_stability(double figure, bool stopped, double share, double as_set,
                           const std::optional<std::vector<StabilityVariant>>& variants,
                           std::uint64_t variant_games) {
  Stability s;
  s.figure = figure;
  s.stop_share = share;
  s.rests_on_stops = std::isfinite(share) && share > 0.5;
  if (!variants) return s;  // unchecked
  s.as_set = as_set;
  s.variants = *variants;
  s.variant_games = variant_games;
  const auto widen = [&](double x) {
    if (!std::isfinite(x)) return;
    s.low = std::isfinite(s.low) ? std::min(s.low, x) : x;
    s.high = std::isfinite(s.high) ? std::max(s.high, x) : x;
  };
  widen(figure);
  widen(as_set);
  for (const StabilityVariant& v : s.variants) widen(v.estimate);
  if (!stopped) {
    s.verdict = "no_stop";
    return s;
  }
  const int base = sign_of(as_set);
  for (const StabilityVariant& v : s.variants) {
    const int mine = sign_of(v.estimate);
    // On the other side of 0 from the run as set; with the run as set at exactly 0, a variant
    // on one side with another on the other.
    bool against = base != 0 ? mine == -base
                             : mine != 0 && std::any_of(s.variants.begin(), s.variants.end(),
                                                        [&](const StabilityVariant& w) {
                                                          return sign_of(w.estimate) == -mine;
                                                        });
    // A paired change beyond the noise that carries the figure over 0.
    const bool beyond = v.change_low > 0 || v.change_high < 0;
    const bool reverses =
        beyond && sign_of(figure) != 0 && sign_of(figure + v.change) == -sign_of(figure);
    if ((against || reverses) &&
        std::find(s.depends_on.begin(), s.depends_on.end(), v.key) == s.depends_on.end())
      s.depends_on.push_back(v.key);
  }
  s.verdict = s.depends_on.empty() ? "stable" : "unstable";
  return s;
}

Stability stability_of(const RunFigures& run, const std::vector<SensitivityRun>& runs) {
  const double figure = run.advantage.value;
  const bool stopped = any_stop(run);
  const double share = stop_share(run);
  if (runs.empty()) return decide_stability(figure, stopped, share, kNaN, std::nullopt, 0);
  const sim::RunStats& base = runs.front().stats;
  std::vector<StabilityVariant> variants;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const sim::RunStats& changed = runs[i].stats;
    if (base.partial || changed.partial || !pairable(base.tally, changed.tally))
      return decide_stability(figure, stopped, share, kNaN, std::nullopt, 0);
    const stats::TestedDifference d =
        paired_advantage(base.tally.outcomes, changed.tally.outcomes, kConfidence);
    variants.push_back({runs[i].key, runs[i].setting, runs[i].value,
                        runs[i].figures.advantage.value, d.estimate, d.interval.low,
                        d.interval.high});
  }
  return decide_stability(figure, stopped, share, runs.front().figures.advantage.value, variants,
                          base.tally.games);
}

std::string threshold_words(const std::string& key) {
  if (key == "no_progress_turns") return "the no-progress rule";
  if (key == "stop_after_rounds") return "the round limit";
  if (key == "max_rounds") return "the safety bound on rounds";
  if (key == "max_plies") return "the safety bound on plies";
  return key;
}

std::string stability_text(const Stability& s) {
  if (s.verdict == "unchecked") return "stability not checked";
  if (s.verdict != "unstable") return "";
  std::string rules;
  for (std::size_t k = 0; k < s.depends_on.size(); ++k) {
    if (k > 0) rules += k + 1 == s.depends_on.size() ? " and " : ", ";
    rules += threshold_words(s.depends_on[k]);
  }
  return "depends on " + rules + ": " + format_signed(100 * s.low, 1) + " to " +
         format_signed(100 * s.high, 1) + " pp";
}

std::string skilled_text(const SkilledSelfPlay& s) {
  return s.agent + " self-play: " + format_signed(100 * s.advantage, 1) + " pp (P1 wins " +
         std::to_string(s.p1_wins) + " of " + std::to_string(s.games) + "; " +
         format_number(100 * s.stop_share, 0) + "% ended by a stop)";
}

std::string stability_summary(const Stability& s) {
  const std::string words = s.verdict == "unstable"    ? stability_text(s)
                            : s.verdict == "unchecked" ? "not checked"
                            : s.verdict == "no_stop"   ? "no stopping rule"
                                                       : "stable";
  return s.rests_on_stops ? words + "; rests on stops" : words;
}

nlohmann::json stability_to_json(const Stability& s) {
  nlohmann::json variants = nlohmann::json::array();
  for (const StabilityVariant& v : s.variants) {
    variants.push_back({{"key", v.key},
                        {"setting", v.setting},
                        {"value", v.value},
                        {"estimate", number(v.estimate)},
                        {"change", number(v.change)},
                        {"change_ci95", std::isfinite(v.change_low)
                                            ? nlohmann::json::array({v.change_low, v.change_high})
                                            : nlohmann::json(nullptr)}});
  }
  return {{"verdict", s.verdict},
          {"figure", "first_player_advantage"},
          {"text", stability_text(s)},
          {"as_set", number(s.as_set)},
          {"depends_on", s.depends_on},
          {"low", number(s.low)},
          {"high", number(s.high)},
          {"variant_games", s.variant_games},
          {"variants", variants},
          {"rests_on_stops", s.rests_on_stops},
          {"stop_share", number(s.stop_share)}};
}

Stability stability_from_json(const nlohmann::json& j, const std::string& context) {
  const auto bad = [&](const std::string& key, const std::string& what) {
    return Error(where(context, "stability" + (key.empty() ? "" : ": " + key), what));
  };
  if (!j.is_object()) throw bad("", "expected an object");
  Stability s;
  if (!j.contains("verdict") || !j["verdict"].is_string())
    throw bad("verdict", "expected a string");
  s.verdict = j["verdict"].get<std::string>();
  const std::vector<std::string>& keys = stability_keys();
  if (std::find(keys.begin(), keys.end(), s.verdict) == keys.end())
    throw bad("verdict", "'" + s.verdict + "' is not stable, unstable, no_stop or unchecked");
  if (!j.contains("depends_on") || !j["depends_on"].is_array())
    throw bad("depends_on", "expected an array");
  for (const nlohmann::json& k : j["depends_on"]) {
    if (!k.is_string() || !known_threshold(k.get<std::string>()))
      throw bad("depends_on", "expected threshold keys");
    s.depends_on.push_back(k.get<std::string>());
  }
  if (s.verdict == "unstable" && s.depends_on.empty())
    throw bad("depends_on", "empty for an unstable figure");
  s.as_set = read_number(j, "as_set", context);
  s.low = read_number(j, "low", context);
  s.high = read_number(j, "high", context);
  s.stop_share = read_number(j, "stop_share", context);
  if (!j.contains("rests_on_stops") || !j["rests_on_stops"].is_boolean())
    throw bad("rests_on_stops", "expected true or false");
  s.rests_on_stops = j["rests_on_stops"].get<bool>();
  if (!j.contains("variant_games") || !j["variant_games"].is_number_unsigned())
    throw bad("variant_games", "expected a count");
  s.variant_games = j["variant_games"].get<std::uint64_t>();
  if (!j.contains("variants") || !j["variants"].is_array())
    throw bad("variants", "expected an array");
  for (const nlohmann::json& v : j["variants"]) {
    if (!v.is_object() || !v.contains("key") || !v["key"].is_string() || !v.contains("setting") ||
        !v["setting"].is_string() || !v.contains("value") || !v["value"].is_number_integer())
      throw bad("variants", "expected objects with key, setting and value");
    StabilityVariant w{v["key"].get<std::string>(), v["setting"].get<std::string>(),
                       v["value"].get<long long>()};
    w.estimate = read_number(v, "estimate", context);
    w.change = read_number(v, "change", context);
    if (v.contains("change_ci95") && v["change_ci95"].is_array() && v["change_ci95"].size() == 2 &&
        v["change_ci95"][0].is_number() && v["change_ci95"][1].is_number()) {
      w.change_low = v["change_ci95"][0].get<double>();
      w.change_high = v["change_ci95"][1].get<double>();
    }
    s.variants.push_back(std::move(w));
  }
  return s;
}

std::optional<Stability> run_stability(const nlohmann::json& run, const std::string& context) {
  if (!run.is_object() || !run.contains("stability")) return std::nullopt;
  Stability s = stability_from_json(run["stability"], context);
  if (run.contains("first_player_advantage") && run["first_player_advantage"].is_object() &&
      run["first_player_advantage"].contains("value") &&
      run["first_player_advantage"]["value"].is_number())
    s.figure = run["first_player_advantage"]["value"].get<double>();
  return s;
}

Stability stored_stability(const nlohmann::json& run, const std::string& context) {
  if (std::optional<Stability> s = run_stability(run, context)) return *s;
  return stability_of(run_figures(run), {});
}

}  // namespace mancala::analysis
