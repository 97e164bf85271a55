#include "reports/compare_render.h"

#include <cmath>
#include <sstream>

#include "analysis/paired.h"
#include "common/format.h"
#include "reports/json_numbers.h"
#include "reports/render.h"
#include "simulator/ruleset_io.h"

namespace mancala::reports {
namespace {

using analysis::ComparedRun;
using analysis::Comparison;
using analysis::format_value;
using analysis::kNoValue;
using analysis::Measure;
using analysis::PairComparison;
using analysis::PairTest;
using analysis::RuleDiffRow;
using analysis::RuleValue;
using analysis::StatFormat;
using analysis::StatisticRow;
using nlohmann::json;
using nlohmann::ordered_json;

// ---- numbers ---------------------------------------------------------------------------------

std::string fixed(double x, int decimals) { return format_number(x, decimals); }
std::string letter(std::size_t index) { return analysis::ruleset_letter(index); }

// A p-value: four decimals, or two significant digits in scientific form below 0.0001.
std::string format_p(double p) {
  if (!std::isfinite(p)) return "-";
  if (p >= 1e-4) return fixed(p, 4);
  if (p == 0) return "< 1e-300";  // below the smallest double the normal tail gives
  std::ostringstream out;
  out.precision(1);
  out << std::scientific << p;
  return out.str();
}

ordered_json interval_json(double low, double high) {
  if (!std::isfinite(low) && !std::isfinite(high)) return nullptr;
  return ordered_json::array({number_json(low), number_json(high)});
}

// "53.0% [50.9, 55.2]"; an end that the data cannot give prints as "-".
std::string format_measure(double value, double low, double high, StatFormat format, bool sign) {
  std::string text = format_value(value, format, sign);
  if (!std::isfinite(low) && !std::isfinite(high)) return text;
  if (format == StatFormat::kPercent) {
    const auto end = [&](double x) {
      return std::isfinite(x) ? (sign ? format_signed(100 * x, 1) : fixed(100 * x, 1)) : "-";
    };
    return text + " [" + end(low) + ", " + end(high) + "]";
  }
  const auto end = [&](double x) {
    return std::isfinite(x) ? format_value(x, format, sign) : std::string("-");
  };
  // Percentage points carry their unit once, after the estimate: "+9.3 pp [+5.0, +13.6]".
  if (format == StatFormat::kPoints) text += " pp";
  return text + " [" + end(low) + ", " + end(high) + "]";
}

std::string format_measure(const Measure& m, StatFormat format) {
  return format_measure(m.value, m.low, m.high, format, false);
}

// ---- rendering helpers -----------------------------------------------------------------------

std::string provenance_text(const RuleValue& v) {
  if (v.basis == "default") return "default (no provenance: not set by any file)";
  const bool quoted = v.basis == "source" || v.basis == "paraphrase";
  std::string out = quoted                 ? v.shown_as + ": \"" + v.text + "\""
                    : v.basis == "reading" ? v.shown_as
                                           : v.basis + ": " + v.text;
  if (!v.note.empty()) out += " (note: " + v.note + ")";
  return out;
}

std::string value_text(const json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

std::string header_line(const Comparison& c) {
  const sim::RunStats& first = c.runs.front().run;
  std::string line = "Comparison of " + std::to_string(c.runs.size()) +
                     " rulesets: " + std::to_string(first.games_requested) + " games each, " +
                     first.agent + " agent, ";
  line += c.common_random_numbers
              ? "seed " + std::to_string(first.seed) + " for every ruleset (common random numbers)"
              : "independent seeds (no common random numbers)";
  return line;
}

// The rulesets, one a row; the long names last, so a narrow table drops them first.
Table rulesets_table(const Comparison& c) {
  Table t({{"#", Align::kLeft},
           {"ruleset"},
           {"status"},
           {"seed", Align::kRight},
           {"rules hash"},
           {"name"}});
  for (std::size_t i = 0; i < c.runs.size(); ++i) {
    const ComparedRun& r = c.runs[i];
    t.add_row({letter(i), r.label, r.rules.status, Cell::text(std::to_string(r.run.seed)),
               r.run.rules_hash, r.rules.name});
  }
  return t;
}

// The short name of a statistic in the statistics table, the advantage in the runs' seat words
// ("P1 advantage", or "seat advantage" where every ruleset is simultaneous: sim::seat_words_for).
std::string column_name(const StatisticRow& row, const sim::SeatWords& seats) {
  if (row.key == "first_player_advantage") return seats.column;
  static const std::map<std::string, std::string> names = {
      {"first_player_win_rate", "P1 win rate"},
      {"second_player_win_rate", "P2 win rate"},
      {"first_player_advantage", "P1 advantage"},
      {"ended_by_rule_rate", "ended by a rule"},
      {"ended_by_no_progress_rate", "no-progress (match: stop)"},
      {"unfinished_rate", "unfinished"},
      {"plies_mean", "plies mean"},
      {"plies_median", "plies median"},
      {"plies_p5", "plies 5%"},
      {"plies_p95", "plies 95%"},
      {"plies_sd", "plies sd"},
      {"plies_min", "plies min"},
      {"plies_max", "plies max"},
      {"relay_bound_hits", "relay cuts"},
      {"games_with_relay_bound_hits_rate", "games with a relay cut"},
      {"rounds_mean", "rounds mean"},
      {"rounds_median", "rounds median"},
      {"round_first_mover_win_rate", "rounds won by first mover"},
      {"round_no_progress_rate", "rounds no-progress"}};
  const auto it = names.find(row.key);
  return it == names.end() ? row.name : it->second;
}

// A test's difference with its simultaneous interval: "-2.3 pp [-9.1, +4.2]". The ends printed
// with the digits that show their sign: the mark beside them agrees.
std::string difference_text(const PairTest& test) {
  const double scale = test.format == StatFormat::kNumber ? 1 : 100;
  const bool bounded = std::isfinite(test.interval.low) && std::isfinite(test.interval.high);
  const analysis::PrintedInterval printed =
      analysis::printed_interval(test.estimate, test.interval, scale, 1);
  std::string diff = !bounded ? format_value(test.estimate, test.format, true)
                     : test.format == StatFormat::kPercent ? printed.estimate + "%"
                                                           : printed.estimate;
  if (test.format == StatFormat::kPoints) diff += " pp";
  if (bounded) diff += " [" + printed.low + ", " + printed.high + "]";
  return diff;
}

// The statistics, the most read first.
std::vector<const StatisticRow*> ordered_statistics(const Comparison& c) {
  static const std::vector<std::string> first = {"games",
                                                 "first_player_win_rate",
                                                 "first_player_advantage",
                                                 "draw_rate",
                                                 "plies_mean",
                                                 "plies_median",
                                                 "rounds_mean",
                                                 "rounds_median",
                                                 "unfinished_rate"};
  std::vector<const StatisticRow*> order;
  for (const std::string& key : first) {
    for (const StatisticRow& row : c.statistics)
      if (row.key == key) order.push_back(&row);
  }
  for (const StatisticRow& row : c.statistics) {
    if (std::find(first.begin(), first.end(), row.key) == first.end()) order.push_back(&row);
  }
  return order;
}

// Rulesets in rows, statistics in columns, the most read first (a narrow table keeps them).
Table statistics_table(const Comparison& c) {
  const std::vector<const StatisticRow*> order = ordered_statistics(c);
  std::vector<Column> columns = {{"#", Align::kLeft}};
  for (const StatisticRow* row : order)
    columns.push_back({column_name(*row, c.seats), Align::kRight});
  Table t(columns);
  for (std::size_t i = 0; i < c.runs.size(); ++i) {
    std::vector<Cell> cells = {letter(i)};
    for (const StatisticRow* row : order)
      cells.push_back(Cell::text(format_measure(row->values[i], row->format)));
    t.add_row(cells);
  }
  return t;
}

// The page's statistics table (issue 39, item 1: the 27 columns of statistics_table were 3,573 px
// wide): a row per measure, in statistics_table's order, a column per ruleset; with two
// rulesets, their difference B - A beside them, as the differences table gives it (* when its
// interval excludes 0; "not tested" where it was not).
Table statistics_by_measure_table(const Comparison& c) {
  std::vector<Column> columns = {{"statistic", Align::kLeft}};
  for (std::size_t i = 0; i < c.runs.size(); ++i) columns.push_back({letter(i), Align::kRight});
  const PairComparison* pair = c.pairs.size() == 1 ? &c.pairs.front() : nullptr;
  if (pair) {
    columns.push_back({letter(pair->b) + " - " + letter(pair->a) + " [simult. CI]", Align::kRight});
  }
  Table t(columns);
  // P2's win rate beside P1's (the terminal's table keeps it after the most read columns).
  std::vector<const StatisticRow*> order = ordered_statistics(c);
  const auto key_at = [&](const char* key) {
    return std::find_if(order.begin(), order.end(),
                        [&](const StatisticRow* r) { return r->key == key; });
  };
  if (const auto p2 = key_at("second_player_win_rate"); p2 != order.end()) {
    const StatisticRow* row = *p2;
    order.erase(p2);
    const auto p1 = key_at("first_player_win_rate");
    order.insert(p1 == order.end() ? order.begin() : p1 + 1, row);
  }
  for (const StatisticRow* row : order) {
    std::vector<Cell> cells = {column_name(*row, c.seats)};
    for (std::size_t i = 0; i < c.runs.size(); ++i)
      cells.push_back(Cell::text(format_measure(row->values[i], row->format)));
    if (pair) {
      std::string diff;
      for (const PairTest& test : pair->tests) {
        if (test.key == row->key) diff = difference_text(test) + (test.significant ? " *" : "");
      }
      cells.push_back(Cell::text(diff));
    }
    t.add_row(cells);
  }
  return t;
}

// The values of a key, each once, with the rulesets that have it, the reference's (A's) first.
struct KeyReading {
  std::string value;
  std::vector<std::size_t> rulesets;
};
// `in_words`: each value as a page says it (sim::rule_value_in_words), not as written.
std::vector<KeyReading> readings_of(const RuleDiffRow& row, bool in_words) {
  std::vector<KeyReading> out;
  for (std::size_t i = 0; i < row.values.size(); ++i) {
    const std::string value = in_words ? sim::rule_value_in_words(row.key, row.values[i].value)
                                       : value_text(row.values[i].value);
    auto it =
        std::find_if(out.begin(), out.end(), [&](const KeyReading& r) { return r.value == value; });
    if (it == out.end()) {
      out.push_back({value, {}});
      it = out.end() - 1;
    }
    it->rulesets.push_back(i);
  }
  return out;
}

std::string letters(const std::vector<std::size_t>& rulesets) {
  std::string out;
  for (std::size_t i : rulesets) out += (out.empty() ? "" : ", ") + letter(i);
  return out;
}

// Each differing key once: the reference's (A's) value, and the other values with the rulesets
// that set them.
// `in_words` (the pages, issue 39, item 2): each value in words ("a match stopped after 100
// rounds"), not as the ruleset file writes it ("100"); the key keeps its name, as the ruleset
// pages' rules tables show it.
Table rule_diff_table(const Comparison& c, bool in_words = false) {
  Table t({{"key", Align::kLeft},
           {"A's value (and the rulesets sharing it)", Align::kLeft},
           {"other values: rulesets", Align::kLeft}});
  for (const RuleDiffRow& row : c.rule_diff) {
    const std::vector<KeyReading> readings = readings_of(row, in_words);
    std::string others;
    for (std::size_t k = 1; k < readings.size(); ++k)
      others += (k > 1 ? "; " : "") + readings[k].value + ": " + letters(readings[k].rulesets);
    t.add_row({row.key, readings[0].value + " (" + letters(readings[0].rulesets) + ")", others});
  }
  return t;
}

// The provenance behind each value of each differing key, a line per distinct value and
// provenance: "capture = opposite_empty_next (B): assumption: ...".
std::vector<std::string> rule_provenance_lines(const Comparison& c, bool in_words = false) {
  std::vector<std::string> lines;
  for (const RuleDiffRow& row : c.rule_diff) {
    std::vector<std::pair<std::string, std::vector<std::size_t>>> seen;  // line text -> rulesets
    for (std::size_t i = 0; i < row.values.size(); ++i) {
      const std::string text = (in_words ? sim::rule_value_in_words(row.key, row.values[i].value)
                                         : row.key + " = " + value_text(row.values[i].value)) +
                               " @ " + provenance_text(row.values[i]);
      auto it = std::find_if(seen.begin(), seen.end(),
                             [&](const auto& entry) { return entry.first == text; });
      if (it == seen.end()) {
        seen.push_back({text, {}});
        it = seen.end() - 1;
      }
      it->second.push_back(i);
    }
    for (const auto& [text, rulesets] : seen) {
      const std::size_t at = text.find(" @ ");
      lines.push_back(text.substr(0, at) + " (" + letters(rulesets) + "): " + text.substr(at + 3));
    }
  }
  return lines;
}

// One row per test; the estimate and the verdict first, the test's details after (a narrow
// table drops those).
Table differences_table(const Comparison& c) {
  Table t({{"pair", Align::kLeft},
           {"statistic", Align::kLeft},
           {"difference [simult. CI]", Align::kRight},
           {"sig.", Align::kLeft},
           {"p (Bonferroni)", Align::kRight},
           {"p", Align::kRight},
           {"statistic value", Align::kRight},
           {"test", Align::kLeft},
           {"detail", Align::kLeft}});
  for (const PairComparison& p : c.pairs) {
    const std::string pair = letter(p.b) + " - " + letter(p.a);
    for (const PairTest& test : p.tests) {
      t.add_row({pair, test.name, Cell::text(difference_text(test)), test.significant ? "*" : "",
                 Cell::text(format_p(test.p_adjusted)), Cell::text(format_p(test.p_value)),
                 Cell::text(test.statistic_name + " = " + fixed(test.statistic, 2)), test.test,
                 test.detail});
    }
    for (std::size_t i = 0; i < p.untested.size(); ++i) {
      t.add_row({pair, p.untested[i], "not tested", "", "", "", "", p.untested_reasons[i], ""});
    }
  }
  return t;
}

// Text for a Markdown paragraph, heading or list item.
std::string markdown_text(const std::string& text) { return markdown_escape(text, " "); }

// A wide table in a box that scrolls sideways instead of squeezing its columns (nowrap: keep
// each cell on one line).
std::string scrolling(const std::string& table_html, bool nowrap) {
  return std::string("<div style=\"overflow-x: auto") + (nowrap ? "; white-space: nowrap" : "") +
         "\">\n" + table_html + "</div>";
}

std::vector<std::string> summaries(const Comparison& c) {
  std::vector<std::string> out;
  for (const PairComparison& p : c.pairs) out.push_back(p.summary);
  return out;
}

std::string differences_heading(const Comparison& c) {
  return std::string("Differences (") +
         (c.all_pairs ? "every pair: later minus earlier ruleset, e.g. C - B"
                      : "each ruleset minus the reference A") +
         ") with simultaneous 95% intervals (Bonferroni over " + std::to_string(c.tests_made) +
         " tests: each drawn at " +
         format_number(100 * c.confidence, c.confidence > 0.9995 ? 3 : 2) +
         "%); * = significant: the interval excludes 0";
}

}  // namespace

// A table as text no wider than `width` (0: as wide as it is), keeping its first `keep` columns,
// with a line naming the columns left out.
std::string fitted_text(const Table& t, std::size_t width, std::size_t keep) {
  if (width == 0) return t.to_text();
  std::vector<std::string> dropped;
  std::string out = t.to_text(width, keep, dropped);
  if (!dropped.empty()) {
    std::string names;
    for (const std::string& d : dropped) names += (names.empty() ? "" : ", ") + d;
    out += "(" + std::to_string(dropped.size()) + (dropped.size() == 1 ? " column" : " columns") +
           " left out to fit " + std::to_string(width) + " characters: " + names +
           "; --wide shows them)\n";
  }
  return out;
}

std::string comparison_text(const Comparison& c, std::size_t width) {
  std::string out = header_line(c) + "\n\n";
  out += "Rulesets\n" + fitted_text(rulesets_table(c), width, 2) + "\n";
  out += "Statistics of each ruleset (95% intervals)\n" +
         fitted_text(statistics_table(c), width, 2) + "\n";
  out +=
      "Rule differences (each key that differs once: A's value, and the other values with the "
      "rulesets that set them)\n";
  if (c.rule_diff.empty()) {
    out += "(none: the rulesets resolve to the same rules)\n";
  } else {
    out += fitted_text(rule_diff_table(c), width, 2) + "\nProvenance of each value\n";
    for (const std::string& line : rule_provenance_lines(c)) out += "- " + line + "\n";
  }
  out += "\n" + differences_heading(c) + "\n" + fitted_text(differences_table(c), width, 3) + "\n";
  out += "Summary\n";
  for (const std::string& line : summaries(c)) out += "- " + line + "\n";
  out += "\nNotes\n";
  for (const std::string& note : c.notes) out += "- " + note + "\n";
  return out;
}

std::string comparison_markdown(const Comparison& c) {
  std::string out = "# " + markdown_text(header_line(c)) + "\n\n";
  out += "## Rulesets\n\n" + rulesets_table(c).to_markdown() + "\n";
  out += "## Summary\n\n";
  for (const std::string& line : summaries(c)) out += "- " + markdown_text(line) + "\n";
  out += "\n## Statistics of each ruleset (95% intervals)\n\n" + statistics_table(c).to_markdown() +
         "\n";
  out += "## Rule differences\n\n";
  if (c.rule_diff.empty()) {
    out += "None: the rulesets resolve to the same rules.\n";
  } else {
    out += rule_diff_table(c).to_markdown() + "\nProvenance of each value:\n\n";
    for (const std::string& line : rule_provenance_lines(c))
      out += "- " + markdown_text(line) + "\n";
  }
  out += "\n## " + markdown_text(differences_heading(c)) + "\n\n" +
         differences_table(c).to_markdown() + "\n";
  out += "## Notes\n\n";
  for (const std::string& note : c.notes) out += "- " + markdown_text(note) + "\n";
  return out;
}

std::string comparison_csv(const Comparison& c) {
  Table t({{"section"},
           {"ruleset"},
           {"versus"},
           {"statistic"},
           {"value"},
           {"ci_low"},
           {"ci_high"},
           {"test"},
           {"statistic_value"},
           {"p_value"},
           {"p_adjusted"},
           {"note"}});
  const auto num = [](double x) { return std::isfinite(x) ? Cell::text(json(x).dump()) : Cell(); };
  const auto count = [](uint64_t n) { return Cell::text(std::to_string(n)); };
  // How the runs were made, so the file alone says how to read it.
  t.add_row({"setting", Cell(), Cell(), "common_random_numbers",
             count(c.common_random_numbers ? 1 : 0), Cell(), Cell(), Cell(), Cell(), Cell(), Cell(),
             c.notes.front()});
  t.add_row({"setting", Cell(), Cell(), "tests_made", count(c.tests_made), Cell(), Cell(), Cell(),
             Cell(), Cell(), Cell(),
             "Bonferroni: each interval at 1 - 0.05 / this many tests, p_adjusted = min(1, m p)"});
  for (const ComparedRun& r : c.runs) {
    t.add_row({"run", r.label, Cell(), "seed", Cell::text(std::to_string(r.run.seed)), Cell(),
               Cell(), Cell(), Cell(), Cell(), Cell(),
               r.run.agent + " agent, rules hash " + r.run.rules_hash});
  }
  for (const StatisticRow& row : c.statistics) {
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      const Measure& m = row.values[i];
      t.add_row({"statistic", c.runs[i].label, Cell(), row.key, num(m.value), num(m.low),
                 num(m.high), Cell(), Cell(), Cell(), Cell(),
                 row.interval.empty() ? Cell() : Cell(row.interval + " interval")});
    }
  }
  for (const PairComparison& p : c.pairs) {
    for (const PairTest& test : p.tests) {
      t.add_row({"difference", c.runs[p.b].label, c.runs[p.a].label, test.key, num(test.estimate),
                 num(test.interval.low), num(test.interval.high), test.test, num(test.statistic),
                 num(test.p_value), num(test.p_adjusted),
                 test.interval_method.empty() ? Cell() : Cell(test.interval_method + " interval")});
    }
  }
  for (const RuleDiffRow& row : c.rule_diff) {
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      t.add_row({"rule", c.runs[i].label, Cell(), row.key, value_text(row.values[i].value), Cell(),
                 Cell(), Cell(), Cell(), Cell(), Cell(), provenance_text(row.values[i])});
    }
  }
  for (const PairComparison& p : c.pairs) {
    t.add_row({"summary", c.runs[p.b].label, c.runs[p.a].label, Cell(), Cell(), Cell(), Cell(),
               Cell(), Cell(), Cell(), Cell(), p.summary});
  }
  return t.to_csv();
}

ordered_json comparison_json(const Comparison& c) {
  ordered_json out;
  const sim::RunStats& first = c.runs.front().run;
  out["games"] = first.games_requested;
  out["agent"] = first.agent;
  out["seed"] = first.seed;
  out["common_random_numbers"] = {{"used", c.common_random_numbers}, {"note", c.notes.front()}};
  ordered_json rulesets = ordered_json::array();
  for (std::size_t i = 0; i < c.runs.size(); ++i) {
    const ComparedRun& r = c.runs[i];
    rulesets.push_back({{"letter", letter(i)},
                        {"label", r.label},
                        {"id", r.rules.id},
                        {"name", r.rules.name},
                        {"status", r.rules.status},
                        {"extends", r.rules.extends},
                        {"evidence", r.rules.evidence},
                        {"rules_hash", r.run.rules_hash},
                        {"seed", r.run.seed},
                        {"run", ordered_json::parse(c.run_documents.at(i).dump())}});
  }
  out["rulesets"] = rulesets;
  ordered_json stats = ordered_json::array();
  for (const StatisticRow& row : c.statistics) {
    ordered_json values = ordered_json::array();
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      const Measure& m = row.values[i];
      values.push_back({{"ruleset", c.runs[i].label},
                        {"value", number_json(m.value)},
                        {"ci95", interval_json(m.low, m.high)}});
    }
    stats.push_back(
        {{"key", row.key}, {"name", row.name}, {"interval", row.interval}, {"values", values}});
  }
  out["statistics"] = stats;
  ordered_json diff = ordered_json::array();
  for (const RuleDiffRow& row : c.rule_diff) {
    ordered_json values = ordered_json::array();
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      const RuleValue& v = row.values[i];
      ordered_json entry = {{"ruleset", c.runs[i].label},
                            {"value", ordered_json::parse(v.value.dump())},
                            {"basis", v.basis}};
      if (!v.text.empty()) entry[v.basis] = v.text;
      if (!v.record.empty()) entry["record"] = v.record;
      if (!v.shown_as.empty()) entry["shown_as"] = v.shown_as;
      if (!v.note.empty()) entry["note"] = v.note;
      values.push_back(entry);
    }
    diff.push_back({{"key", row.key}, {"group", row.group}, {"doc", row.doc}, {"values", values}});
  }
  out["rule_diff"] = diff;
  ordered_json pairs = ordered_json::array();
  for (const PairComparison& p : c.pairs) {
    ordered_json tests = ordered_json::array();
    for (const PairTest& t : p.tests) {
      tests.push_back({{"statistic", t.key},
                       {"name", t.name},
                       {"estimate", number_json(t.estimate)},
                       {"ci95", interval_json(t.interval.low, t.interval.high)},
                       {"interval", t.interval_method},
                       {"test", t.test},
                       {"statistic_name", t.statistic_name},
                       {"statistic_value", number_json(t.statistic)},
                       {"p_value", number_json(t.p_value)},
                       {"p_adjusted", number_json(t.p_adjusted)},
                       {"significant", t.significant},
                       {"paired", t.paired},
                       {"detail", t.detail}});
    }
    pairs.push_back({{"a", c.runs[p.a].label},
                     {"b", c.runs[p.b].label},
                     {"differing_keys", p.differing_keys},
                     {"identical_games", p.identical_games},
                     {"tests", tests},
                     {"untested", p.untested},
                     {"untested_reasons", p.untested_reasons},
                     {"summary", p.summary}});
  }
  out["pairs"] = pairs;
  out["multiple_comparisons"] = {{"method", "bonferroni"},
                                 {"tests", c.tests_made},
                                 {"pairs", c.pairs.size()},
                                 {"alpha", c.alpha},
                                 {"confidence", c.confidence}};
  out["summary"] = summaries(c);
  out["notes"] = c.notes;
  return out;
}

std::string comparison_html_fragment(const Comparison& c, const std::vector<std::string>& links) {
  // A ruleset's label as a link to its page, when there is one.
  const auto linked = [&](std::size_t i) {
    const std::string label = html_escape(c.runs[i].label);
    return i < links.size() && !links[i].empty()
               ? "<a href=\"" + html_escape(links[i]) + "\">" + label + "</a>"
               : label;
  };
  std::string out =
      "<section class=\"comparison\">\n<h2>" + html_escape(header_line(c)) + "</h2>\n";
  out += "<h3>Summary</h3>\n<ul>\n";
  for (const std::string& line : summaries(c)) out += "<li>" + html_escape(line) + "</li>\n";
  std::string rulesets = rulesets_table(c).to_html();
  for (std::size_t i = 0; i < c.runs.size(); ++i) {
    const std::string cell = "<td>" + html_escape(c.runs[i].label) + "</td>";
    const std::size_t at = rulesets.find(cell);
    if (at != std::string::npos) rulesets.replace(at, cell.size(), "<td>" + linked(i) + "</td>");
  }
  // The names at least 14em wide (at 800 px the name column was squeezed to a word a line, each
  // row some ten lines tall): a narrow window scrolls the table in its box instead.
  out += "</ul>\n<h3>Rulesets</h3>\n<div class=\"rulesets\">\n" + rulesets + "</div>\n";

  std::vector<std::string> categories;
  for (std::size_t i = 0; i < c.runs.size(); ++i)
    categories.push_back(letter(i) + ": " + c.runs[i].label);
  const auto series = [&](const std::string& key, const std::string& name) {
    BarSeries s{name, {}};
    for (const StatisticRow& row : c.statistics) {
      if (row.key != key) continue;
      for (const Measure& m : row.values) s.values.push_back({m.value, m.low, m.high});
    }
    return s;
  };
  ChartOptions rates;
  rates.title = "Results with 95% intervals";
  rates.x_label = "share of finished games";
  rates.x_min = 0;
  rates.x_max = 1;
  rates.x_percent = true;
  ChartOptions length;
  length.title = "Mean game length with 95% intervals";
  length.x_label = "plies";
  length.x_min = 0;
  out += "<h3>Statistics of each ruleset (95% intervals)</h3>\n" +
         scrolling(statistics_by_measure_table(c).to_html(), true) + "\n";
  if (c.pairs.size() == 1) {
    out += "<p class=\"note\">" +
           html_escape(letter(c.pairs.front().b) + " - " + letter(c.pairs.front().a) +
                       ": the difference where it was tested, with its simultaneous interval (* "
                       "significant: the interval excludes 0); the tests are in the differences "
                       "below.") +
           "</p>\n";
  }
  out += "<figure>" +
         svg_bar_chart(categories,
                       {series("first_player_win_rate", "P1 wins"),
                        series("second_player_win_rate", "P2 wins"), series("draw_rate", "draws")},
                       rates) +
         "</figure>\n";
  out += "<figure>" + svg_bar_chart(categories, {series("plies_mean", "mean plies")}, length) +
         "</figure>\n";
  out += "<h3>Rule differences</h3>\n";
  if (c.rule_diff.empty()) {
    out += "<p>None: the rulesets resolve to the same rules.</p>\n";
  } else {
    out += scrolling(rule_diff_table(c, true).to_html(), false) +
           "\n<p>Provenance of each value:</p>\n<ul>\n";
    for (const std::string& line : rule_provenance_lines(c, true))
      out += "<li>" + html_escape(line) + "</li>\n";
    out += "</ul>\n";
  }
  std::string legend_html;
  for (std::size_t i = 0; i < c.runs.size(); ++i)
    legend_html += (i ? ", " : "") + html_escape(letter(i)) + " = " + linked(i);
  out += "<h3>" + html_escape(differences_heading(c)) + "</h3>\n<p>" + legend_html + "</p>\n" +
         scrolling(differences_table(c).to_html(), false) + "\n";
  out += "<h3>Notes</h3>\n<ul>\n";
  for (const std::string& note : c.notes) out += "<li>" + html_escape(note) + "</li>\n";
  out += "</ul>\n</section>\n";
  return out;
}

std::string comparison_html_page(const Comparison& c, const std::string& title) {
  return html_page(title, "<h1>" + html_escape(title) + "</h1>\n" + comparison_html_fragment(c));
}

}  // namespace mancala::reports
