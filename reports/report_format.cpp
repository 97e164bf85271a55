#include "reports/report_format.h"

#include <cmath>

#include "common/format.h"

namespace mancala::reports {

std::string percent(double fraction, int decimals) {
  if (!std::isfinite(fraction)) return std::string(kDash);
  return format_number(100 * fraction, decimals) + "%";
}

// "52.9% [52.2, 53.6]"
std::string rate_text(const Rate& r, int decimals) {
  if (!std::isfinite(r.value)) return std::string(kDash);
  std::string out = percent(r.value, decimals);
  if (std::isfinite(r.low) && std::isfinite(r.high)) {
    out += " [" + format_number(100 * r.low, decimals) + ", " +
           format_number(100 * r.high, decimals) + "]";
  }
  return out;
}

std::string signed_points(double fraction) {
  const std::string text = format_number(100 * fraction, 1);
  return (text[0] == '-' || text == "0.0") ? text : "+" + text;
}

// The first-player advantage in percentage points: "+8.2 pp [+6.8, +9.5]".
std::string advantage_text(const Rate& r) {
  if (!std::isfinite(r.value)) return std::string(kDash);
  std::string out = signed_points(r.value) + " pp";
  if (std::isfinite(r.low) && std::isfinite(r.high))
    out += " [" + signed_points(r.low) + ", " + signed_points(r.high) + "]";
  return out;
}

std::string advantage_text(const Rate& r, const analysis::Stability& s) {
  std::string out = s.verdict == "unstable" ? analysis::stability_text(s)
                    : s.verdict == "unchecked"
                        ? advantage_text(r) + "; " + analysis::stability_text(s)
                        : advantage_text(r);
  if (s.rests_on_stops) out += "; rests on stops";
  return out;
}

std::string stability_sentence(const analysis::Stability& s, bool match,
                               const std::string& advantage) {
  const std::string units = match ? "rounds of the matches" : "games";
  std::string out;
  if (s.verdict == "unchecked") {
    out = "Stability not checked: the stopping thresholds were not varied.";
  } else if (s.verdict == "no_stop") {
    out =
        "No stopping rule ends any game: there is no threshold to vary, and the figure stands "
        "alone.";
  } else {
    const std::string range = signed_points(s.low) + " to " + signed_points(s.high) + " pp";
    out = s.verdict == "unstable"
              ? "Unstable: the " + advantage + " " + analysis::stability_text(s) +
                    " over the sensitivity runs (" + std::to_string(s.variant_games) +
                    (match ? " matches" : " games") + " each), so it is not a finding."
              : "Stable: the " + advantage + " keeps its sign in every sensitivity run (" + range +
                    ", " + std::to_string(s.variant_games) + (match ? " matches" : " games") +
                    " each), and no paired change reverses it.";
  }
  if (s.rests_on_stops)
    out += " It rests on stops: " + percent(s.stop_share, 0) + " of the " + units +
           " were ended by a stopping rule or the safety bound.";
  return out;
}

std::string skilled_sentence(const std::vector<analysis::SkilledSelfPlay>& skilled) {
  if (skilled.empty()) return "";
  std::vector<std::string> parts;
  for (const analysis::SkilledSelfPlay& s : skilled) parts.push_back(analysis::skilled_text(s));
  return "Beside it, not merged into it (the verdict is of random play): the skill ladder's " +
         joined(parts, "; ") + ".";
}

std::string number_text(double value, int decimals) {
  return std::isfinite(value) ? format_number(value, decimals) : std::string(kDash);
}

std::string metric_text(const analysis::MetricValue& v) {
  if (!v.kept && v.info->kind != sim::MetricKind::kOutcome) return "not kept";
  switch (v.info->format) {
    case sim::MetricFormat::kShare:
      return rate_text(v.estimate, v.info->decimals);
    case sim::MetricFormat::kPoints:
      return advantage_text(v.estimate);
    case sim::MetricFormat::kNumber:
      return mean_text(v.estimate, v.info->decimals);
  }
  return std::string(kDash);
}

std::string games_text(const RunFigures& f) {
  return std::to_string(f.games) +
         (f.partial ? " of " + std::to_string(f.games_requested) + " (partial)" : "");
}

std::string completion_text(const RunFigures& f) {
  if (f.games == 0) return std::string(kDash);
  std::string text =
      (f.text_minority() ? "\xE2\x9A\xA0 " : "") + rate_text(f.completion.text) +
      "\nsource's rule: " + percent(f.completion.share_of(sim::Completion::kSourceRule).value);
  if (f.match)
    text += "\n" + rounds_line(f.match->round_text.value, f.match->round_text_minority());
  return text;
}

std::string stopping_rule_note(const RunFigures& f) {
  if (f.games == 0) return "";
  const auto pct = [](double x) { return format_number(100 * x, 0) + "%"; };
  std::vector<std::string> parts;
  const int stopped = static_cast<int>(sim::Completion::kStoppingRule);
  if (f.stopped_majority()) {
    parts.push_back(pct(f.completion.share[stopped].value) + " of the " +
                    (f.match ? "matches" : "games") +
                    " are stopped by a stopping rule of the reconstruction, not ended by a rule "
                    "of the game");
  }
  if (f.match && f.match->rounds_stopped_majority()) {
    parts.push_back(pct(f.match->round_completion[stopped].value) +
                    " of the matches' rounds are stopped by the no-progress rule");
  }
  if (parts.empty()) return "";
  return "\xE2\x9A\xA0 The figures rest on stopping rules: " + joined(parts, ", and ") + ".";
}

std::string rounds_line(double share, bool mark) {
  return "rounds: " + std::string(mark ? "\xE2\x9A\xA0 " : "") + percent(share);
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : std::string(separator)) + item;
  return out;
}

// How a game, a match or a round (`what`) ended. A match never ends by the no-progress rule (a
// round does, and the match goes on), so matches counted under "no_progress" come only from runs
// stored before stop_after_rounds had its own name, which counted the matches it stopped there.
std::string end_label(const std::string& name, const std::string& what, std::uint64_t count) {
  if (name == "rule") return "by a rule of the " + std::string(what == "match" ? "game" : what);
  if (name == "no_progress")
    return what == "match" && count > 0
               ? "by a stopping rule of the reconstruction (no_progress: stored before "
                 "stop_after_rounds had its own name)"
               : "by the no-progress rule (a stopping rule of the reconstruction)";
  if (name == "stop_after_rounds")
    return "by the reconstruction's stop after a number of rounds (stop_after_rounds)";
  if (name == "safety_bound")
    return what == "round" ? "cut off at the safety bound"
                           : "cut off at the safety bound (unfinished)";
  return name;
}

std::string status_meaning(const std::string& status) {
  // docs/rules-format.md, "Status".
  if (status == "observed") return "rules seen played or codified, with no stopping rule added";
  if (status == "described")
    return "a written statement of the whole game followed closely, with no stopping rule added";
  if (status == "reconstructed")
    return "gaps the evidence leaves filled by assumption, or results resting on an added "
           "stopping rule";
  return "";
}

// "0.431 [0.424, 0.445]": a mean or share with its interval, `decimals` digits.
std::string mean_text(const Rate& r, int decimals) {
  if (!std::isfinite(r.value)) return std::string(kDash);
  std::string out = format_number(r.value, decimals);
  if (std::isfinite(r.low) && std::isfinite(r.high))
    out += " [" + format_number(r.low, decimals) + ", " + format_number(r.high, decimals) + "]";
  return out;
}

// A run's agents in words: "random agent on both sides", or "alphabeta:3 (P1) against random
// (P2)" when the seats play different agents (the run's "agent" label: "SPEC" or "SPEC1,SPEC2").
std::string agents_text(const std::string& label) {
  const std::size_t comma = label.find(',');
  if (comma == std::string::npos) return label + " agent on both sides";
  return label.substr(0, comma) + " (P1) against " + label.substr(comma + 1) + " (P2)";
}

// The seats' agents of a label, for runs.csv.
std::string seat_agent(const std::string& label, int seat) {
  const std::size_t comma = label.find(',');
  if (comma == std::string::npos) return label;
  return seat == 0 ? label.substr(0, comma) : label.substr(comma + 1);
}

// A JSON number, or null when not finite.
nlohmann::json json_number(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string game_display_name(std::string_view game) {
  std::string out;
  bool start = true;
  for (char c : game) {
    if (c == '_' || c == '-') {
      out += ' ';
      start = true;
    } else {
      out += start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      start = false;
    }
  }
  return out;
}

}  // namespace mancala::reports
