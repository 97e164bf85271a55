// Issue 20, "An end-to-end consistency test of the artifacts": a small report (five rulesets of
// four games, a few thousand games, with its comparison page, handicap curves, sensitivity
// tables and skill ladders) is made once, and every number a reader sees in index.html, the
// ruleset pages, report.md, runs.csv and runs.json is checked against the runs and against an
// independent recomputation: rates and intervals recomputed here from the runs' counts (Wilson's
// formula written out below, not the library's), completion from the runs' ended_by counts, the
// sensitivity rows against separate `mancala simulate` runs of a ruleset file with the changed
// threshold, and every statistic of runs.csv by its name (a renamed or unknown statistic fails).
// And the property: every test the report prints is marked significant exactly when its printed
// interval excludes 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "../reports/xml_check.h"
#include "cli_test_util.h"
#include "common/format.h"
#include "reports/html.h"
#include "reports/readings_words.h"
#include "simulator/agents.h"
#include "simulator/ruleset_io.h"
#include "simulator/seat_words.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using testing::kSanitized;
using testing::read_text;
using testing::Result;
using testing::run_cli;
using testing::TempDir;
using testing::write_text;

const std::string kConsistencyGames = kSanitized ? "300" : "2000";
const std::string kSensitivityGames = kSanitized ? "100" : "400";
const std::vector<std::string> kRulesets = {"kalah", "otep", "khutka_boia",
                                            "khutka_boia/opposite_capture", "sonka"};

// ---- independent recomputation -----------------------------------------------------------------

// Wilson's score interval, written out (Wilson 1927), z for 95%.
std::pair<double, double> wilson(double k, double n) {
  const double z = 1.959963984540054, z2 = z * z;
  const double centre = (k + z2 / 2) / (n + z2);
  const double half = z / (n + z2) * std::sqrt(k * (n - k) / n + z2 / 4);
  return {k == 0 ? 0.0 : centre - half, k == n ? 1.0 : centre + half};
}
// "51.8% [47.4, 56.1]" as the report writes a share with its interval. A share is a fraction
// first, then a percentage (249 of 400 is 0.6225, which prints 62.2 where 24900 / 400 prints 62.3).
std::string share_text(double k, double n) {
  if (n == 0) return "\xE2\x80\x93";
  const auto [lo, hi] = wilson(k, n);
  return format_number(100 * (k / n), 1) + "% [" + format_number(100 * lo, 1) + ", " +
         format_number(100 * hi, 1) + "]";
}
std::string pp(double x) { return format_signed(100 * x, 1); }

// What a reader should see of one run, from its JSON counts alone. `own`: the games a rule of the
// game ended (ended_by.rule), split by the class of that rule (docs/terms.md, "Endings": source,
// paraphrase, assumed); `text` the first two together. The same for a match's rounds.
struct Expected {
  std::string id, name;
  double games = 0, w1 = 0, w2 = 0, draws = 0, unfinished = 0, own = 0, stopping = 0, bound = 0;
  double source = 0, paraphrase = 0, assumed = 0, text = 0;
  double plies_mean = 0;
  bool match = false;
  double rounds = 0, rounds_own = 0;
  double rounds_source = 0, rounds_paraphrase = 0, rounds_assumed = 0, rounds_text = 0;
  json run;
  double finished() const { return w1 + w2 + draws; }
};

// The classes each ruleset's endings can take, read by hand from its files' provenance of the
// keys that end a round (no_move, end_on_*) and a match (match_end, holes_out): {games, rounds}
// as a string of the classes allowed, s(ource), p(araphrase), a(ssumed).
const std::map<std::string, std::pair<std::string, std::string>> kEndingClasses = {
    {"kalah/standard", {"p", ""}},     // no_move, end_on_empty_side: the DLP's
    {"otep/beaton_1939", {"pa", ""}},  // end_on_empty_side the DLP's; no_move (pass) ours
    // match_end, holes_out and no_move ("Play continues until all of the counters have been
    // captured."): the DLP's
    {"khutka_boia/das_gupta_1926", {"p", "p"}},
    {"khutka_boia/opposite_capture", {"p", "p"}},  // as its base
    // match_end, holes_out: ours; no_move: "When all the pebbles are home" (Vanoverbergh)
    {"sonka/vanoverbergh_1927", {"a", "s"}},
};

Expected expected_of(const json& run) {
  Expected e;
  e.run = run;
  e.id = run["ruleset"];
  e.games = run["games"];
  e.w1 = run["wins"][0];
  e.w2 = run["wins"][1];
  e.draws = run["draws"];
  e.unfinished = run["unfinished"];
  const json& ended = run["ended_by"];
  e.own = ended["rule"]["games"];
  e.stopping =
      ended["no_progress"]["games"].get<double>() +
      (ended.contains("stop_after_rounds") ? ended["stop_after_rounds"]["games"].get<double>()
                                           : 0.0);
  e.bound = ended["safety_bound"]["games"];
  const json& completion = run["completion"];
  e.source = completion["source_rule"]["games"];
  e.paraphrase = completion["paraphrase_rule"]["games"];
  e.assumed = completion["assumed_rule"]["games"];
  e.text = e.source + e.paraphrase;
  EXPECT_EQ(e.source + e.paraphrase + e.assumed, e.own) << e.id;
  const auto allowed = [&](const std::string& classes, double s, double p, double a) {
    EXPECT_TRUE(s == 0 || classes.find('s') != std::string::npos) << e.id << " " << s;
    EXPECT_TRUE(p == 0 || classes.find('p') != std::string::npos) << e.id << " " << p;
    EXPECT_TRUE(a == 0 || classes.find('a') != std::string::npos) << e.id << " " << a;
  };
  const auto known = kEndingClasses.find(e.id);
  if (known != kEndingClasses.end())
    allowed(known->second.first, e.source, e.paraphrase, e.assumed);
  // The mean length from the histogram's counts.
  const json& h = run["plies"]["histogram"];
  double sum = 0, n = 0;
  for (std::size_t i = 0; i < h["counts"].size(); ++i) {
    sum += (h["first"].get<double>() + static_cast<double>(i)) * h["counts"][i].get<double>();
    n += h["counts"][i].get<double>();
  }
  e.plies_mean = sum / n;
  e.match = run.contains("rounds");
  if (e.match) {
    e.rounds = run["round_results"]["rounds"];
    e.rounds_own = run["round_ended_by"]["rule"]["rounds"];
    const json& rc = run["round_completion"];
    e.rounds_source = rc["source_rule"]["rounds"];
    e.rounds_paraphrase = rc["paraphrase_rule"]["rounds"];
    e.rounds_assumed = rc["assumed_rule"]["rounds"];
    e.rounds_text = e.rounds_source + e.rounds_paraphrase;
    EXPECT_EQ(e.rounds_source + e.rounds_paraphrase + e.rounds_assumed, e.rounds_own) << e.id;
    if (known != kEndingClasses.end())
      allowed(known->second.second, e.rounds_source, e.rounds_paraphrase, e.rounds_assumed);
  }
  return e;
}

// The stability verdict of the run's advantage by the rule of docs/report.md, "Stability",
// recomputed from the counts and the variants its JSON lists: the share ended by a stop (of a
// match: of its rounds), the key, and the range over the figure, the run as set and the variants.
struct ExpectedStability {
  std::string verdict, text;
  bool rests_on_stops = false;
  double stop_share = 0, low = 0, high = 0;
};

ExpectedStability expected_stability(const Expected& e) {
  ExpectedStability out;
  const json& s = e.run["stability"];
  out.stop_share = e.match ? 1.0 - e.rounds_own / e.rounds : (e.stopping + e.bound) / e.games;
  out.rests_on_stops = out.stop_share > 0.5;
  const bool any_stop = e.stopping + e.bound > 0 || (e.match && e.rounds_own < e.rounds);
  const double figure = (e.w1 - e.w2) / e.finished();
  out.low = out.high = figure;
  const auto widen = [&](double x) {
    out.low = std::min(out.low, x), out.high = std::max(out.high, x);
  };
  widen(s["as_set"].get<double>());
  const auto sign = [](double x) { return x > 0 ? 1 : x < 0 ? -1 : 0; };
  const std::map<std::string, std::string> words = {{"no_progress_turns", "the no-progress rule"},
                                                    {"stop_after_rounds", "the round limit"},
                                                    {"max_rounds", "the safety bound on rounds"},
                                                    {"max_plies", "the safety bound on plies"}};
  // docs/report.md, "unstable": a variant on the other side of 0 from the run as set (with the
  // run as set exactly 0, variants on both sides); a paired change beyond the noise that gives
  // the figure the other sign (a figure of exactly 0 has none to reverse).
  const int as_set = sign(s["as_set"].get<double>());
  std::set<int> variant_signs;
  for (const json& v : s["variants"]) variant_signs.insert(sign(v["estimate"].get<double>()));
  std::vector<std::string> culprits;
  for (const json& v : s["variants"]) {
    const double estimate = v["estimate"].get<double>(), change = v["change"].get<double>();
    widen(estimate);
    const int mine = sign(estimate);
    const bool against =
        as_set != 0 ? mine == -as_set : mine != 0 && variant_signs.count(-mine) > 0;
    const bool beyond =
        v["change_ci95"][0].get<double>() > 0 || v["change_ci95"][1].get<double>() < 0;
    const bool reverses = beyond && sign(figure) != 0 && sign(figure + change) == -sign(figure);
    const std::string w = words.at(v["key"].get<std::string>());
    if ((against || reverses) && std::find(culprits.begin(), culprits.end(), w) == culprits.end())
      culprits.push_back(w);
  }
  out.verdict = !any_stop ? "no_stop" : culprits.empty() ? "stable" : "unstable";
  if (out.verdict == "unstable") {
    std::string rules;
    for (std::size_t k = 0; k < culprits.size(); ++k)
      rules += (k == 0 ? "" : k + 1 == culprits.size() ? " and " : ", ") + culprits[k];
    out.text = "depends on " + rules + ": " + pp(out.low) + " to " + pp(out.high) + " pp";
  }
  return out;
}

// The index's completion cell: the text's rule's share, marked when under half; the source's
// rule's; for matches the rounds' text's rule, each line after `separator`.
std::string text_cell(const Expected& e, const std::string& separator) {
  std::string cell = (2 * e.text < e.games ? "\xE2\x9A\xA0 " : "") + share_text(e.text, e.games) +
                     separator + "source's rule: " + format_number(100 * (e.source / e.games), 1) +
                     "%";
  if (e.match) {
    cell += separator +
            "rounds: " + std::string(2 * e.rounds_text < e.rounds ? "\xE2\x9A\xA0 " : "") +
            format_number(100 * (e.rounds_text / e.rounds), 1) + "%";
  }
  return cell;
}

// The index's advantage cell: an unstable figure as its verdict alone, "; rests on stops" after.
std::string advantage_cell(const Expected& e) {
  const ExpectedStability st = expected_stability(e);
  const json& adv = e.run["first_player_advantage"];
  const std::string cell = st.verdict == "unstable"
                               ? st.text
                               : pp((e.w1 - e.w2) / e.finished()) + " pp [" + pp(adv["ci95"][0]) +
                                     ", " + pp(adv["ci95"][1]) + "]";
  return st.rests_on_stops ? cell + "; rests on stops" : cell;
}

// ---- reading the artifacts ---------------------------------------------------------------------

// An element's text with its descendants', in document order as far as the checker keeps it (its
// own text first).
std::string text_of(const xml_check::Element& e) {
  std::string out = e.text;
  for (const xml_check::Element& c : e.children) out += text_of(c);
  return out;
}

// The rows of an HTML table as column name -> cell text (group heading rows left out), with the
// first cell's link when it has one under "href".
std::vector<std::map<std::string, std::string>> table_rows(const xml_check::Element& table) {
  std::vector<std::string> names;
  for (const xml_check::Element* th : xml_check::find_all(table, "th")) {
    if (th->attributes.count("colspan")) continue;
    names.push_back(text_of(*th));
  }
  std::vector<std::map<std::string, std::string>> rows;
  for (const xml_check::Element* tr : xml_check::find_all(table, "tr")) {
    std::vector<const xml_check::Element*> cells;
    for (const xml_check::Element& c : tr->children)
      if (c.name == "td") cells.push_back(&c);
    if (cells.size() != names.size()) continue;
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < cells.size(); ++i) row[names[i]] = text_of(*cells[i]);
    for (const xml_check::Element* a : xml_check::find_all(*cells[0], "a"))
      row["href"] = a->attributes.at("href");
    rows.push_back(row);
  }
  return rows;
}

// The rows of runs.csv (RFC 4180: quoted fields, CRLF) as column name -> field.
std::vector<std::map<std::string, std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> lines(1);
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      lines.back().push_back(field);
      field.clear();
    } else if (c == '\r') {
    } else if (c == '\n') {
      lines.back().push_back(field);
      field.clear();
      lines.emplace_back();
    } else {
      field += c;
    }
  }
  lines.pop_back();
  std::vector<std::map<std::string, std::string>> rows;
  for (std::size_t r = 1; r < lines.size(); ++r) {
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < lines[0].size(); ++i) row[lines[0][i]] = lines[r].at(i);
    rows.push_back(row);
  }
  return rows;
}

// A ruleset's page under out/: rulesets/<id with / as .>.html.
std::string page_of(const std::string& id) {
  std::string name = id;
  std::replace(name.begin(), name.end(), '/', '.');
  return "rulesets/" + name + ".html";
}

// What a chart (an inline <svg>) states as text: its title and each mark's tooltip, in order.
struct ChartText {
  std::string title;
  std::vector<std::string> tooltips;
};
std::vector<ChartText> charts_of(const xml_check::Element& page) {
  std::vector<ChartText> out;
  for (const xml_check::Element* svg : xml_check::find_all(page, "svg")) {
    ChartText chart;
    for (const xml_check::Element& c : svg->children) {
      if (c.name == "title" && chart.title.empty()) chart.title = c.text;
      if (c.name != "rect" && c.name != "circle") continue;
      for (const xml_check::Element& t : c.children)
        if (t.name == "title") chart.tooltips.push_back(t.text);
    }
    out.push_back(chart);
  }
  return out;
}
// The tooltips of the page's chart titled `title` (a failure naming the page when it has none).
std::vector<std::string> chart_tooltips(const xml_check::Element& page, const std::string& where,
                                        const std::string& title) {
  for (const ChartText& c : charts_of(page))
    if (c.title == title) return c.tooltips;
  ADD_FAILURE() << where << ": no chart titled '" << title << "'";
  return {};
}
// A share as a chart's tooltip states it, recomputed: "51.8% (interval 47.4% to 56.1%)".
std::string chart_share(double k, double n) {
  const auto [lo, hi] = wilson(k, n);
  return format_number(100 * (k / n), 1) + "% (interval " + format_number(100 * lo, 1) + "% to " +
         format_number(100 * hi, 1) + "%)";
}

// The report, made once for the whole suite.
class ReportConsistency : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    Args args = {"report"};
    args.insert(args.end(), kRulesets.begin(), kRulesets.end());
    const Args rest = {"--games",
                       kConsistencyGames,
                       "--sensitivity-games",
                       kSensitivityGames,
                       "--handicap-rounds",
                       "60",
                       "--ladder",
                       "--ladder-games",
                       "4",
                       "--no-store",
                       "--out",
                       *dir_ / "out"};
    args.insert(args.end(), rest.begin(), rest.end());
    const Result r = run_cli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    const json runs = json::parse(read_text(*dir_ / "out/runs.json"));
    for (const json& run : runs["runs"]) {
      Expected e = expected_of(run);
      expected_[e.id] = e;
    }
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::string file(const std::string& path) { return read_text(*dir_ / ("out/" + path)); }

  static TempDir* dir_;
  static std::map<std::string, Expected> expected_;
};
TempDir* ReportConsistency::dir_ = nullptr;
std::map<std::string, Expected> ReportConsistency::expected_;

// The index's row of every ruleset: each figure recomputed from the run's counts.
TEST_F(ReportConsistency, EveryFigureOfTheIndexIsTheRunsRecomputed) {
  ASSERT_EQ(expected_.size(), kRulesets.size());
  const xml_check::Element page = xml_check::parse(file("index.html"));
  const xml_check::Element* index = nullptr;
  for (const xml_check::Element* t : xml_check::find_all(page, "table"))
    if (t->attributes.count("class") && t->attributes.at("class") == "index") index = t;
  ASSERT_NE(index, nullptr);
  int checked = 0;
  for (const auto& row : table_rows(*index)) {
    const std::string href = row.at("href");  // rulesets/<id with / as .>.html
    std::string id = href.substr(9, href.size() - 14);
    std::replace(id.begin(), id.end(), '.', '/');
    ASSERT_TRUE(expected_.count(id)) << id;
    const Expected& e = expected_.at(id);
    EXPECT_EQ(row.at("Games"), format_number(e.games, 0)) << id;
    EXPECT_EQ(row.at("P1 wins"), share_text(e.w1, e.finished())) << id;
    EXPECT_EQ(row.at("P2 wins"), share_text(e.w2, e.finished())) << id;
    EXPECT_EQ(row.at("Draws"), share_text(e.draws, e.finished())) << id;
    EXPECT_EQ(row.at("P1 advantage"), advantage_cell(e)) << id;
    EXPECT_EQ(row.at("Mean plies"), format_number(e.plies_mean, 1)) << id;
    // Completion: the text's rule (the source's and the paraphrase's), the source's alone, and
    // for matches the rounds' text's rule too.
    EXPECT_EQ(row.at("Ended by the text's rule"), text_cell(e, "")) << id;
    EXPECT_EQ(row.at("Unfinished"), format_number(100 * (e.unfinished / e.games), 2) + "%") << id;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(kRulesets.size()));
}

// Every row of every ruleset page's results table (P1's, P2's, the draws' and the advantage's),
// and the outcome chart beside it: each bar's tooltip states the same share as the table, both
// recomputed from the run's counts. A chart or a row showing the other player's figure fails,
// naming the page, the row and the figure.
TEST_F(ReportConsistency, EveryResultsRowAndTheOutcomeChartAreTheRunsRecomputed) {
  for (const auto& entry : expected_) {
    // Named, not a structured binding: clang (the --deep build) cannot capture a binding in a
    // lambda before C++20's P1091 support, which it lacks.
    const std::string& id = entry.first;
    const auto& e = entry.second;
    const std::string where = page_of(id);
    const xml_check::Element page = xml_check::parse(file(where));
    struct Want {
      double k;
      std::string chart_name;
    };
    // The rows by their players' labels ("first player (P1) wins", "seat 2 (P2) wins", "draws").
    const auto want_of = [&](const std::string& outcome) -> std::optional<Want> {
      if (outcome == "draws") return Want{e.draws, "draws"};
      if (!outcome.ends_with(" wins")) return std::nullopt;
      if (outcome.find("(P1)") != std::string::npos) return Want{e.w1, "P1 wins"};
      if (outcome.find("(P2)") != std::string::npos) return Want{e.w2, "P2 wins"};
      return std::nullopt;
    };
    std::set<std::string> rows_seen;
    bool advantage = false;
    for (const xml_check::Element* t : xml_check::find_all(page, "table")) {
      for (const auto& row : table_rows(*t)) {
        if (!row.count("Outcome") || !row.count("Share of finished games [95% CI]")) continue;
        const std::string outcome = row.at("Outcome");
        const std::string share = row.at("Share of finished games [95% CI]");
        if (outcome.find("advantage") != std::string::npos) {
          EXPECT_EQ(share, advantage_cell(e))
              << where << ": row '" << outcome << "': the advantage";
          advantage = true;
          continue;
        }
        const std::optional<Want> want = want_of(outcome);
        if (!want) {
          ADD_FAILURE() << where << ": a results row this test does not know: " << outcome;
          continue;
        }
        rows_seen.insert(want->chart_name);
        EXPECT_EQ(row.at("Games"), format_number(want->k, 0))
            << where << ": row '" << outcome << "': games";
        EXPECT_EQ(share, share_text(want->k, e.finished()))
            << where << ": row '" << outcome << "': share of finished games";
      }
    }
    EXPECT_EQ(rows_seen, (std::set<std::string>{"P1 wins", "P2 wins", "draws"})) << where;
    EXPECT_TRUE(advantage) << where << ": no advantage row";
    // The chart: a bar per outcome, in the table's order.
    const std::vector<std::string> tips = chart_tooltips(page, where, "Outcomes of finished games");
    const std::vector<std::string> expected_tips = {
        "P1 wins, share: " + chart_share(e.w1, e.finished()),
        "P2 wins, share: " + chart_share(e.w2, e.finished()),
        "draws, share: " + chart_share(e.draws, e.finished())};
    ASSERT_EQ(tips.size(), expected_tips.size()) << where << ": chart 'Outcomes of finished games'";
    for (std::size_t i = 0; i < tips.size(); ++i) {
      EXPECT_EQ(tips[i], expected_tips[i])
          << where << ": chart 'Outcomes of finished games': bar " << i + 1;
    }
  }
}

// The comparison page (compare/khutka_boia.html): each ruleset's row of the statistics table (its
// games, P1's, P2's and the draws' shares, the advantage), the bars of its results chart and the
// 'A vs B' detail of the differences' win-rate rows, all recomputed from the runs' counts (the
// comparison plays the report's runs: same seed and games). A P1/P2 swap in the table, the chart
// or a difference fails, naming the page, the row and the figure.
TEST_F(ReportConsistency, EveryComparisonRowAndItsChartAreTheRunsRecomputed) {
  const std::string where = "compare/khutka_boia.html";
  const xml_check::Element page = xml_check::parse(file(where));
  const std::vector<std::string> ids = {"khutka_boia/das_gupta_1926",
                                        "khutka_boia/opposite_capture"};
  std::map<std::string, std::string> letters;  // "A" -> id, from the rulesets table
  std::vector<std::map<std::string, std::string>> stats_rows, difference_rows;
  // The statistics table has a row per statistic and a column per ruleset (issue 39, item 1):
  // read back as a row per ruleset, "#" its letter.
  std::map<std::string, std::map<std::string, std::string>> by_letter;
  for (const xml_check::Element* t : xml_check::find_all(page, "table")) {
    for (const auto& row : table_rows(*t)) {
      if (row.count("rules hash")) letters[row.at("#")] = row.at("ruleset");
      if (row.count("statistic") && row.count("A")) {
        for (const auto& [column, value] : row) {
          if (column.size() == 1) by_letter[column][row.at("statistic")] = value;
        }
      }
      if (row.count("difference [simult. CI]")) difference_rows.push_back(row);
    }
  }
  for (auto& [letter, row] : by_letter) {
    row["#"] = letter;
    stats_rows.push_back(row);
  }
  ASSERT_EQ(letters.size(), ids.size()) << where << ": the rulesets table";
  ASSERT_EQ(stats_rows.size(), ids.size()) << where << ": the statistics table";
  std::vector<std::string> expected_tips;
  for (const auto& row : stats_rows) {
    const std::string letter = row.at("#"), id = letters.at(letter);
    ASSERT_TRUE(expected_.count(id)) << where << ": " << id;
    const Expected& e = expected_.at(id);
    const std::string at = where + ": statistics row " + letter + " (" + id + ")";
    EXPECT_EQ(row.at("games"), format_number(e.games, 0)) << at << ": games";
    EXPECT_EQ(row.at("P1 win rate"), share_text(e.w1, e.finished())) << at << ": P1 win rate";
    EXPECT_EQ(row.at("P2 win rate"), share_text(e.w2, e.finished())) << at << ": P2 win rate";
    EXPECT_EQ(row.at("draw rate"), share_text(e.draws, e.finished())) << at << ": draw rate";
    const json& adv = e.run["first_player_advantage"];
    EXPECT_EQ(row.at("P1 advantage"), pp((e.w1 - e.w2) / e.finished()) + " pp [" +
                                          pp(adv["ci95"][0]) + ", " + pp(adv["ci95"][1]) + "]")
        << at << ": P1 advantage";
    const std::string category = letter + ": " + id;
    expected_tips.push_back(category + ", P1 wins: " + chart_share(e.w1, e.finished()));
    expected_tips.push_back(category + ", P2 wins: " + chart_share(e.w2, e.finished()));
    expected_tips.push_back(category + ", draws: " + chart_share(e.draws, e.finished()));
  }
  const std::vector<std::string> tips = chart_tooltips(page, where, "Results with 95% intervals");
  ASSERT_EQ(tips.size(), expected_tips.size()) << where << ": chart 'Results with 95% intervals'";
  for (std::size_t i = 0; i < tips.size(); ++i)
    EXPECT_EQ(tips[i], expected_tips[i])
        << where << ": chart 'Results with 95% intervals': bar " << i + 1;
  // The differences' detail: "B's share vs A's".
  const auto pct = [](double k, double n) { return format_number(100 * (k / n), 1) + "%"; };
  int details = 0;
  for (const auto& row : difference_rows) {
    const std::string pair = row.at("pair");  // "B - A"
    const Expected& b = expected_.at(letters.at(pair.substr(0, 1)));
    const Expected& a = expected_.at(letters.at(pair.substr(4, 1)));
    const std::string at = where + ": differences row '" + pair + ", " + row.at("statistic") + "'";
    if (row.at("statistic") == "P1 win rate") {
      EXPECT_EQ(row.at("detail"), pct(b.w1, b.finished()) + " vs " + pct(a.w1, a.finished()))
          << at << ": detail";
      ++details;
    } else if (row.at("statistic") == "P2 win rate") {
      EXPECT_EQ(row.at("detail"), pct(b.w2, b.finished()) + " vs " + pct(a.w2, a.finished()))
          << at << ": detail";
      ++details;
    }
  }
  EXPECT_EQ(details, 2) << where << ": the differences' win-rate rows";
}

// The mean of a histogram as run JSON writes one ({"first": x, "counts": [...]}).
double histogram_mean(const json& h) {
  double sum = 0, n = 0;
  for (std::size_t i = 0; i < h["counts"].size(); ++i) {
    sum += (h["first"].get<double>() + static_cast<double>(i)) * h["counts"][i].get<double>();
    n += h["counts"][i].get<double>();
  }
  return sum / n;
}
// A share as the handicap tables print it: share_text, "-" over nothing.
std::string handicap_share(double k, double n) { return n == 0 ? "-" : share_text(k, n); }

// The rulesets of the report that are played as matches, with their ruleset page's round tables.
const std::vector<std::string> kMatchRulesets = {
    "khutka_boia/das_gupta_1926", "khutka_boia/opposite_capture", "sonka/vanoverbergh_1927"};

// Each match ruleset's page, the rounds' tables: the results of the rounds (first mover's and the
// other's), the round win rate by handicap level (P1's and P2's) and by holes in play and perks,
// and the chart of the handicap levels, each from the run's counts of runs.json.
TEST_F(ReportConsistency, EveryRoundAndHandicapRowOfARulesetPageIsTheRunsRecomputed) {
  for (const std::string& id : kMatchRulesets) {
    ASSERT_TRUE(expected_.count(id)) << id;
    const Expected& e = expected_.at(id);
    const json& run = e.run;
    const std::string where = page_of(id);
    const xml_check::Element page = xml_check::parse(file(where));
    const json& rr = run["round_results"];
    const double recorded = rr["rounds"], unfinished = rr["unfinished"];
    const auto pct = [](double k, double n) { return format_number(100 * (k / n), 1) + "%"; };
    int round_rows = 0, level_rows = 0, state_rows = 0;
    for (const xml_check::Element* t : xml_check::find_all(page, "table")) {
      for (const auto& row : table_rows(*t)) {
        if (row.count("Rounds") && row.count("Count") && row.count("Share")) {
          const std::string what = row.at("Rounds"), at = where + ": rounds row '" + what + "'";
          ++round_rows;
          if (what == "recorded") {
            EXPECT_EQ(row.at("Count"), format_number(recorded, 0)) << at;
          } else if (what == "won by the round's first mover") {
            EXPECT_EQ(row.at("Count"), rr["first_mover_wins"].dump()) << at;
            EXPECT_EQ(row.at("Share"), share_text(rr["first_mover_wins"], recorded - unfinished))
                << at << ": share";
          } else if (what == "won by the other player") {
            EXPECT_EQ(row.at("Count"), rr["second_mover_wins"].dump()) << at;
            EXPECT_EQ(row.at("Share"), pct(rr["second_mover_wins"], recorded)) << at << ": share";
          } else if (what == "won") {
            const double won =
                rr["first_mover_wins"].get<double>() + rr["second_mover_wins"].get<double>();
            EXPECT_EQ(row.at("Count"), format_number(won, 0)) << at;
            EXPECT_EQ(row.at("Share"), pct(won, recorded)) << at << ": share";
          } else if (what == "drawn") {
            EXPECT_EQ(row.at("Count"), rr["draws"].dump()) << at;
            EXPECT_EQ(row.at("Share"), pct(rr["draws"], recorded)) << at << ": share";
          } else if (what == "unfinished (safety bound)") {
            EXPECT_EQ(row.at("Count"), rr["unfinished"].dump()) << at;
            EXPECT_EQ(row.at("Share"), pct(unfinished, recorded)) << at << ": share";
          } else if (what != "first-mover advantage") {
            ADD_FAILURE() << at << ": a row this test does not know";
          }
        }
        // By level: "P2 +4 holes (-4)" .. "even (0)" .. "P1 +4 holes (4)".
        if (row.count("Holes in play, P1 minus P2")) {
          const std::string label = row.at("Holes in play, P1 minus P2");
          std::string level = label.substr(label.rfind('(') + 1);
          level = level.substr(level.starts_with('+') ? 1 : 0);
          level.pop_back();  // the closing parenthesis
          const json* found = nullptr;
          for (const json& l : run["handicap"])
            if (std::to_string(l["holes_difference"].get<int>()) == level) found = &l;
          const std::string at = where + ": handicap row '" + label + "'";
          ASSERT_NE(found, nullptr) << at << ": no such level in the run";
          const json& l = *found;
          const double finished = l["rounds"].get<double>() - l["unfinished"].get<double>();
          EXPECT_EQ(row.at("Rounds"), l["rounds"].dump()) << at << ": rounds";
          EXPECT_EQ(row.at("P1 win rate [95% CI]"), handicap_share(l["wins"][0], finished))
              << at << ": P1 win rate";
          EXPECT_EQ(row.at("P2 win rate [95% CI]"), handicap_share(l["wins"][1], finished))
              << at << ": P2 win rate";
          ++level_rows;
        }
        if (row.count("Holes in play (P1 v P2) and perks")) {
          const std::string label = row.at("Holes in play (P1 v P2) and perks");
          std::vector<const json*> found;
          for (const json& st : run["handicap_states"]) {
            std::string want =
                st["holes_in_play"][0].dump() + " v " + st["holes_in_play"][1].dump();
            if (!st["tribute_to"].is_null())
              want += "; P" + st["tribute_to"].dump() + " receives the 1-4 tribute";
            if (!st["bha"].is_null()) want += "; P" + st["bha"].dump() + " has a bha";
            if (!st["favoured"].is_null())
              want += "; P" + st["favoured"].dump() + " favoured by the previous round's win";
            if (want == label) found.push_back(&st);
          }
          const std::string at = where + ": handicap state row '" + label + "'";
          ASSERT_EQ(found.size(), 1u) << at << ": states of the run with this label";
          const json& st = *found[0];
          const double finished = st["rounds"].get<double>() - st["unfinished"].get<double>();
          EXPECT_EQ(row.at("Rounds"), st["rounds"].dump()) << at << ": rounds";
          EXPECT_EQ(row.at("P1 win rate [95% CI]"), handicap_share(st["wins"][0], finished))
              << at << ": P1 win rate";
          EXPECT_EQ(row.at("P2 win rate [95% CI]"), handicap_share(st["wins"][1], finished))
              << at << ": P2 win rate";
          ++state_rows;
        }
      }
    }
    EXPECT_GE(round_rows, 4) << where << ": the rounds' results table";
    EXPECT_EQ(level_rows, static_cast<int>(run["handicap"].size())) << where << ": levels";
    EXPECT_EQ(state_rows, static_cast<int>(run["handicap_states"].size())) << where << ": states";
    // The chart of the levels: P1's points, then P2's, each level's share of its finished rounds.
    std::vector<std::string> expected_tips;
    for (int player = 0; player < 2; ++player) {
      for (const json& l : run["handicap"]) {
        const double finished = l["rounds"].get<double>() - l["unfinished"].get<double>();
        if (finished == 0) continue;
        expected_tips.push_back(std::string(player == 0 ? "P1" : "P2") +
                                " wins the round, P1's holes in play minus P2's when the round "
                                "was dealt " +
                                l["holes_difference"].dump() + ": " +
                                chart_share(l["wins"][player], finished));
      }
    }
    const std::vector<std::string> tips = chart_tooltips(page, where, "Round win rate by handicap");
    ASSERT_EQ(tips.size(), expected_tips.size()) << where << ": chart 'Round win rate by handicap'";
    for (std::size_t i = 0; i < tips.size(); ++i)
      EXPECT_EQ(tips[i], expected_tips[i])
          << where << ": chart 'Round win rate by handicap': point " << i + 1;
  }
}

// The handicap curves of each match ruleset's page (its 'Handicap effects' section: the rounds
// dealt at each level and the whole matches), their two charts and runs.csv's handicap_curves
// rows, against a separate `mancala handicap` of the ruleset with the report's seed and rounds:
// its counts, with the shares and their intervals recomputed here.
TEST_F(ReportConsistency, HandicapCurvesAreASeparateHandicapRunRecomputed) {
  const auto csv = csv_rows(file("runs.csv"));
  for (const std::string& id : kMatchRulesets) {
    const Result r = run_cli({"handicap", id, "--games", "60", "--seed", "1", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json h = json::parse(r.out);
    const std::string where = page_of(id);
    const xml_check::Element page = xml_check::parse(file(where));
    const xml_check::Element* section = nullptr;
    for (const xml_check::Element* s : xml_check::find_all(page, "section"))
      if (s->attributes.count("class") && s->attributes.at("class") == "handicap") section = s;
    ASSERT_NE(section, nullptr) << where << ": no handicap section";
    std::map<std::string, json> levels;  // deficit -> the separate run's level
    for (const json& l : h["levels"]) levels[l["deficit"].dump()] = l;
    int level_rows = 0, match_rows = 0;
    for (const xml_check::Element* t : xml_check::find_all(*section, "table")) {
      for (const auto& row : table_rows(*t)) {
        if (row.count("deficit")) {
          const std::string d = row.at("deficit"), at = where + ": handicap level " + d;
          ASSERT_TRUE(levels.count(d)) << at << ": not a level of the separate run";
          const json& l = levels.at(d);
          const double rounds = l["rounds"], finished = rounds - l["unfinished"].get<double>();
          EXPECT_EQ(row.at("holdings (h vs o)"),
                    l["holdings"][0].dump() + " vs " + l["holdings"][1].dump())
              << at << ": holdings";
          EXPECT_EQ(row.at("rounds"), l["rounds"].dump()) << at << ": rounds";
          EXPECT_EQ(row.at("h win rate [95% CI]"), handicap_share(l["wins"], finished))
              << at << ": h win rate";
          EXPECT_EQ(row.at("draws"), handicap_share(l["draws"], finished)) << at << ": draws";
          EXPECT_EQ(row.at("no-progress"), handicap_share(l["no_progress"], rounds))
              << at << ": no-progress";
          EXPECT_EQ(row.at("unfinished"), handicap_share(l["unfinished"], rounds))
              << at << ": unfinished";
          EXPECT_TRUE(row.at("plies mean [95% CI]")
                          .starts_with(format_number(histogram_mean(l["plies"]), 1) + " ["))
              << at << ": plies mean: " << row.at("plies mean [95% CI]");
          EXPECT_EQ(row.at("handicap dealt to h"), l["handicap"].get<std::string>()) << at;
          ++level_rows;
        }
        if (row.count("statistic") && row.count("value")) {
          const json& m = h["matches"];
          const double matches = m["matches"];
          const json& re = m["rounds_ended_by"];
          const double rounds = re["rule"].get<double>() + re["no_progress"].get<double>() +
                                re["safety_bound"].get<double>();
          const std::map<std::string, std::string> want = {
              {"matches", m["matches"].dump()},
              {"matches ended by a rule of the game (match end)",
               handicap_share(m["ended_by"]["rule"], matches)},
              {"matches ended by the stopping rule (stop after rounds)",
               handicap_share(m["ended_by"]["stopping_rule"], matches)},
              {"matches stopped by the safety bound",
               handicap_share(m["ended_by"]["safety_bound"], matches)},
              {"matches with a round ended by the no-progress rule",
               handicap_share(m["with_no_progress_round"], matches)},
              {"rounds ended by a rule of the game", handicap_share(re["rule"], rounds)},
              {"rounds ended by the no-progress rule", handicap_share(re["no_progress"], rounds)},
              {"rounds stopped by the safety bound", handicap_share(re["safety_bound"], rounds)},
              {"round's loser wins the next round (overtakes)",
               handicap_share(m["loser_won_next"], m["transitions"])},
              {"pairs of consecutive decided rounds", m["transitions"].dump()},
              {"rounds dealt from unequal holdings", m["rounds_from_unequal_holdings"].dump()}};
          const std::string statistic = row.at("statistic");
          if (!want.count(statistic)) continue;  // the rounds' distribution, the verdict
          EXPECT_EQ(row.at("value"), want.at(statistic))
              << where << ": whole matches row '" << statistic << "'";
          ++match_rows;
        }
      }
    }
    EXPECT_EQ(level_rows, static_cast<int>(levels.size())) << where << ": handicap levels";
    EXPECT_EQ(match_rows, 11) << where << ": whole matches rows";
    // The win-rate chart: a point per level with finished rounds.
    std::vector<std::string> expected_tips;
    for (const json& l : h["levels"]) {
      const double finished = l["rounds"].get<double>() - l["unfinished"].get<double>();
      if (finished > 0)
        expected_tips.push_back(l["deficit"].dump() + ": " + chart_share(l["wins"], finished));
    }
    const std::string chart = "Win rate of the handicapped side by level, with 95% intervals";
    const std::vector<std::string> tips = chart_tooltips(*section, where, chart);
    ASSERT_EQ(tips.size(), expected_tips.size()) << where << ": chart '" << chart << "'";
    for (std::size_t i = 0; i < tips.size(); ++i)
      EXPECT_TRUE(tips[i].ends_with(" " + expected_tips[i]))
          << where << ": chart '" << chart << "': point " << i + 1 << ": " << tips[i]
          << ", expected it to end with " << expected_tips[i];
    // runs.csv's rows of the same curves.
    int csv_checked = 0;
    for (const auto& row : csv) {
      if (row.at("part") != "handicap_curves" || row.at("ruleset") != id) continue;
      const std::string stat = row.at("statistic"), state = row.at("state");
      const std::string at =
          "runs.csv: " + id + " " + stat + " level " + row.at("level") + " " + state;
      if (stat == "handicap_loser_wins_next_rate") {
        const json& m = h["matches"];
        EXPECT_NEAR(std::stod(row.at("value")),
                    m["loser_won_next"].get<double>() / m["transitions"].get<double>(), 1e-12)
            << at;
        const auto [lo, hi] = wilson(m["loser_won_next"], m["transitions"]);
        EXPECT_NEAR(std::stod(row.at("ci_low")), lo, 1e-9) << at;
        EXPECT_NEAR(std::stod(row.at("ci_high")), hi, 1e-9) << at;
        ++csv_checked;
        continue;
      }
      if (!levels.count(row.at("level"))) continue;  // the matches' behind-change mean
      const json& l = levels.at(row.at("level"));
      const double finished = l["rounds"].get<double>() - l["unfinished"].get<double>();
      double k = -1;
      if (stat == "handicap_curve_rounds") {
        EXPECT_EQ(row.at("value"), l["rounds"].dump()) << at;
      } else if (stat == "handicap_curve_win_rate") {
        k = state == "handicapped" ? l["wins"].get<double>() : l["losses"].get<double>();
      } else if (stat == "handicap_curve_draw_rate") {
        k = l["draws"];
      } else if (stat == "handicap_curve_plies_mean") {
        EXPECT_NEAR(std::stod(row.at("value")), histogram_mean(l["plies"]), 1e-9) << at;
      }
      if (k >= 0 && finished > 0) {
        EXPECT_NEAR(std::stod(row.at("value")), k / finished, 1e-12) << at;
        const auto [lo, hi] = wilson(k, finished);
        EXPECT_NEAR(std::stod(row.at("ci_low")), lo, 1e-9) << at;
        EXPECT_NEAR(std::stod(row.at("ci_high")), hi, 1e-9) << at;
      }
      ++csv_checked;
    }
    EXPECT_GE(csv_checked, static_cast<int>(5 * levels.size())) << "runs.csv: " << id;
  }
}

// report.md's index tables say the same: each ruleset's row from its games to its unfinished
// share (brackets escaped as Markdown), and the completion table of its section.
TEST_F(ReportConsistency, ReportMdsTablesAreTheRunsRecomputed) {
  const std::string md = file("report.md");
  const auto escaped = [](const std::string& text) {
    std::string out;
    for (char c : text) out += (c == '[' || c == ']') ? std::string("\\") + c : std::string(1, c);
    return out;
  };
  int checked = 0;
  for (const auto& [id, e] : expected_) {
    const std::string own = text_cell(e, "<br>");
    const std::string row = " | " + format_number(e.games, 0) + " | " + escaped(own) + " | " +
                            escaped(share_text(e.w1, e.finished())) + " | " +
                            escaped(share_text(e.w2, e.finished())) + " | " +
                            escaped(share_text(e.draws, e.finished())) + " | " +
                            escaped(advantage_cell(e)) + " | " + format_number(e.plies_mean, 1) +
                            " | " + format_number(100 * (e.unfinished / e.games), 2) + "% |\n";
    EXPECT_NE(md.find(row), std::string::npos) << id << ": " << row;
    for (const auto& [words, k] : std::vector<std::pair<std::string, double>>{
             {"ended by the source's rule", e.source},
             {"ended by the paraphrase's rule", e.paraphrase},
             {"ended by an assumed rule", e.assumed},
             {"stopped by a stopping rule", e.stopping},
             {"unfinished (safety bound)", e.bound}}) {
      EXPECT_NE(md.find("| " + words + " | " + format_number(k, 0) + " | " +
                        escaped(share_text(k, e.games)) + " |"),
                std::string::npos)
          << id << ": " << words;
    }
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(kRulesets.size()));
}

// Every ruleset page: its results and completion tables from the run's counts, and every rule
// key's provenance exactly as `mancala rules show` prints it.
TEST_F(ReportConsistency, EachRulesetPageShowsItsRunAndItsProvenanceAsRulesShow) {
  for (const auto& [id, e] : expected_) {
    std::string name = id;
    std::replace(name.begin(), name.end(), '/', '.');
    const std::string html = file("rulesets/" + name + ".html");
    const xml_check::Element page = xml_check::parse(html);
    if (sim::seat_words(sim::load_ruleset(id)).simultaneous) {
      // Issue 35's Done means: "The page of sonka/vanoverbergh_1927 has no 'first-player'/'first
      // mover' wording": nobody moves first in a round whose every turn is simultaneous.
      std::string text = xml_check::all_text(page);
      for (size_t at; (at = text.find("nobody moves first")) != std::string::npos;)
        text.erase(at, std::string("nobody moves first").size());
      for (const char* words : {"first-player", "first player", "first mover", "moves first"})
        EXPECT_EQ(text.find(words), std::string::npos) << id << ": '" << words << "'";
    }
    bool results = false, completion = false;
    for (const xml_check::Element* t : xml_check::find_all(page, "table")) {
      for (const auto& row : table_rows(*t)) {
        // Issue 35 item 8: Sonka after Vanoverbergh (every turn simultaneous) says seat 1.
        const std::string p1 =
            id == "sonka/vanoverbergh_1927" ? "seat 1 (P1) wins" : "first player (P1) wins";
        if (row.count("Outcome") && row.at("Outcome") == p1) {
          EXPECT_EQ(row.at("Share of finished games [95% CI]"), share_text(e.w1, e.finished()));
          results = true;
        }
        // The completion table: each ending class in its words (docs/terms.md, "Endings").
        const std::map<std::string, std::pair<double, double>> classes = {
            {"ended by the source's rule", {e.source, e.rounds_source}},
            {"ended by the paraphrase's rule", {e.paraphrase, e.rounds_paraphrase}},
            {"ended by an assumed rule", {e.assumed, e.rounds_assumed}}};
        if (row.count("How it ended") && classes.count(row.at("How it ended")) &&
            row.count(e.match ? "Matches" : "Games")) {
          const auto [k, rounds_k] = classes.at(row.at("How it ended"));
          const std::string unit = e.match ? "matches" : "games";
          EXPECT_EQ(row.at(e.match ? "Matches" : "Games"), format_number(k, 0)) << id;
          EXPECT_EQ(row.at("Share of all " + unit + " [95% CI]"), share_text(k, e.games)) << id;
          if (e.match) {
            EXPECT_EQ(row.at("Share of all rounds [95% CI]"), share_text(rounds_k, e.rounds)) << id;
          }
          completion = true;
        }
      }
    }
    EXPECT_TRUE(results && completion) << id;
    // Beside the results, and in report.md's section: the figures rest on stopping rules when
    // half or more of the games (matches), or of the matches' rounds, end by one.
    const double rounds_stopped =
        e.match ? e.run["round_ended_by"]["no_progress"]["rounds"].get<double>() : 0;
    std::vector<std::string> parts;
    if (2 * e.stopping >= e.games) {
      parts.push_back(format_number(100 * (e.stopping / e.games), 0) + "% of the " +
                      (e.match ? "matches" : "games") +
                      " are stopped by a stopping rule of the reconstruction, not ended by a rule "
                      "of the game");
    }
    if (e.match && 2 * rounds_stopped >= e.rounds) {
      parts.push_back(format_number(100 * (rounds_stopped / e.rounds), 0) +
                      "% of the matches' rounds are stopped by the no-progress rule");
    }
    const std::size_t results_at = html.find("<h2 id=\"results\">");
    const std::size_t rests_at = html.find("The figures rest on stopping rules");
    if (parts.empty()) {
      EXPECT_EQ(rests_at, std::string::npos) << id;
    } else {
      std::string sentence = "\xE2\x9A\xA0 The figures rest on stopping rules: " + parts[0];
      if (parts.size() > 1) sentence += ", and " + parts[1];
      sentence += ".";
      EXPECT_NE(html.find(reports::html_escape(sentence)), std::string::npos) << id << sentence;
      EXPECT_GT(rests_at, results_at) << id;
      EXPECT_LT(rests_at, html.find("<h2 id=\"length\">")) << id;
      const std::string md = file("report.md");
      const std::size_t section = md.find("\n`" + id + "` (");
      ASSERT_NE(section, std::string::npos) << id;
      const std::size_t at = md.find(sentence, section);
      ASSERT_NE(at, std::string::npos) << id;
      EXPECT_LT(at, md.find("Plies per ", section)) << id;  // before the section's tables end
    }
    // Provenance: each line of `rules show` after the key's value.
    const Result shown = run_cli({"rules", "show", id});
    ASSERT_EQ(shown.code, 0);
    std::istringstream lines(shown.out);
    int keys = 0;
    for (std::string line; std::getline(lines, line);) {
      static const std::regex key_line(
          R"(^  (\S+)\s+\S+\s+(\(default; no provenance\)|.+: ".*|as read in .*|assumption: .*)$)");
      std::smatch m;
      if (!std::regex_match(line, m, key_line)) continue;
      ++keys;
      EXPECT_NE(html.find(reports::html_escape(m[2].str())), std::string::npos)
          << id << ": " << m[1] << ": " << m[2];
    }
    EXPECT_GT(keys, 30) << id;
  }
}

// Issue 35, item 2: "keys that cannot change play in that ruleset (tuzdyk keys on Otep) are not
// shown on pages". Each ruleset page's rules tables hold exactly the keys the field table's
// conditions leave acting (sim::acting_keys), and its note names every other key as not shown;
// on Otep's page, by hand: no tuzdyk (tuzdyk_count), no capture by count (capture_counts), no
// match (next_starter), while capture_facing acts with its capture of the opposite pair.
TEST_F(ReportConsistency, EachRulesetPageShowsOnlyTheKeysThatCanChangeItsPlay) {
  for (const auto& [id, e] : expected_) {
    std::string name = id;
    std::replace(name.begin(), name.end(), '/', '.');
    const std::string html = file("rulesets/" + name + ".html");
    const xml_check::Element page = xml_check::parse(html);
    std::vector<std::string> shown;
    for (const xml_check::Element* t : xml_check::find_all(page, "table"))
      for (const auto& row : table_rows(*t))
        if (row.count("Rule") && row.count("Provenance")) shown.push_back(row.at("Rule"));
    const sim::RuleSet rules = sim::load_ruleset(id);
    EXPECT_EQ(shown, sim::acting_keys(rules)) << id;
    std::vector<std::string> hidden;
    for (const sim::FieldInfo& f : sim::rule_fields())
      if (std::find(shown.begin(), shown.end(), f.key) == shown.end()) hidden.push_back(f.key);
    std::string list;
    for (const std::string& k : hidden) list += (list.empty() ? "" : ", ") + k;
    if (hidden.empty()) continue;
    EXPECT_NE(html.find(reports::html_escape(
                  "Not shown: the " + std::to_string(hidden.size()) +
                  " keys the field table's conditions leave without effect in this ruleset "
                  "(`mancala rules keys`): " +
                  list + ".")),
              std::string::npos)
        << id;
    if (id == "otep/beaton_1939") {
      for (const char* key : {"tuzdyk_count", "capture_counts", "next_starter"})
        EXPECT_EQ(std::count(shown.begin(), shown.end(), key), 0) << key;
      EXPECT_EQ(std::count(shown.begin(), shown.end(), "capture_facing"), 1);
    }
  }
}

// Issue 35, item 3: Das-Gupta's ending read so, "such matches are stops whose winner rule the
// source states, and the page says so": under the completion table of Khutka Boia's page and in
// its section of report.md; Sonka's stopped matches go to the holder of more as Vanoverbergh
// says; no such sentence where no match can be stopped (Kalah, Otep: single games).
TEST_F(ReportConsistency, APageSaysWhoWinsAStoppedMatchAndOnWhoseWords) {
  const std::map<std::string, std::string> sentence = {
      {"khutka_boia/das_gupta_1926",
       "Matches stopped after 100 rounds (the reconstruction's stop_after_rounds) are stops whose "
       "winner rule the source states: the player holding more counters then wins (Das-Gupta "
       "1926: 147-148)."},
      {"khutka_boia/opposite_capture",  // as its base
       "Matches stopped after 100 rounds (the reconstruction's stop_after_rounds) are stops whose "
       "winner rule the source states: the player holding more counters then wins (Das-Gupta "
       "1926: 147-148)."},
      {"sonka/vanoverbergh_1927",
       "Matches stopped after 10 rounds (the reconstruction's stop_after_rounds) are stops whose "
       "winner rule the source states: the player holding more counters then wins (Vanoverbergh "
       "1927: 236-237)."}};
  const std::string md = file("report.md");
  for (const auto& [id, e] : expected_) {
    std::string name = id;
    std::replace(name.begin(), name.end(), '/', '.');
    const std::string html = file("rulesets/" + name + ".html");
    const auto it = sentence.find(id);
    if (it == sentence.end()) {
      if (!e.match) {
        EXPECT_EQ(html.find("Matches stopped after"), std::string::npos) << id;
      }
      continue;
    }
    const std::size_t at = html.find(reports::html_escape(it->second));
    EXPECT_NE(at, std::string::npos) << id;
    EXPECT_GT(at, html.find("<h2 id=\"endings\">")) << id;
    EXPECT_NE(md.find(it->second), std::string::npos) << id;
  }
}

// runs.csv: every statistic of every run by its name, recomputed from the run's counts (or read
// from its JSON where the run states it); a statistic the test does not know (a renamed one)
// fails, and so does one it expects and does not find.
TEST_F(ReportConsistency, EveryStatisticOfRunsCsvIsTheRunsRecomputed) {
  const auto rows = csv_rows(file("runs.csv"));
  std::map<std::string, std::set<std::string>> seen;  // ruleset -> statistics of part "run"
  const auto number = [](const std::string& s) { return s.empty() ? NAN : std::stod(s); };
  for (const auto& row : rows) {
    if (row.at("part") != "run") continue;
    const std::string id = row.at("ruleset"), stat = row.at("statistic");
    ASSERT_TRUE(expected_.count(id)) << id;
    const Expected& e = expected_.at(id);
    const json& run = e.run;
    seen[id].insert(stat);
    const double value = number(row.at("value")), low = number(row.at("ci_low")),
                 high = number(row.at("ci_high"));
    const std::string player = row.at("player"), state = row.at("state"), round = row.at("round");
    const auto share = [&](double k, double n) {
      EXPECT_NEAR(value, k / n, 1e-12) << id << " " << stat << " " << state << player;
      const auto [lo, hi] = wilson(k, n);
      EXPECT_NEAR(low, lo, 1e-9) << id << " " << stat;
      EXPECT_NEAR(high, hi, 1e-9) << id << " " << stat;
    };
    const auto stated = [&](const json& estimate) {  // {"value", "ci95"} as the run states it
      if (estimate["value"].is_null()) {
        EXPECT_TRUE(std::isnan(value)) << id << " " << stat;
        return;
      }
      EXPECT_NEAR(value, estimate["value"].get<double>(), 1e-12) << id << " " << stat;
      if (estimate["ci95"].is_array()) {
        EXPECT_NEAR(low, estimate["ci95"][0].get<double>(), 1e-12) << id << " " << stat;
        EXPECT_NEAR(high, estimate["ci95"][1].get<double>(), 1e-12) << id << " " << stat;
      }
    };
    const std::map<std::string, double> completion = {{"source_rule", e.source},
                                                      {"paraphrase_rule", e.paraphrase},
                                                      {"assumed_rule", e.assumed},
                                                      {"stopping_rule", e.stopping},
                                                      {"safety_bound", e.bound}};
    if (stat == "games") {
      EXPECT_EQ(value, e.games);
    } else if (stat == "games_requested") {
      EXPECT_EQ(value, run["games_requested"].get<double>());
    } else if (stat == "partial") {
      EXPECT_EQ(value, 0);
    } else if (stat == "wins") {
      EXPECT_EQ(value, player == "1" ? e.w1 : e.w2);
    } else if (stat == "draws") {
      EXPECT_EQ(value, e.draws);
    } else if (stat == "unfinished") {
      EXPECT_EQ(value, e.unfinished);
    } else if (stat == "win_rate") {
      share(player == "1" ? e.w1 : e.w2, e.finished());
    } else if (stat == "draw_rate") {
      share(e.draws, e.finished());
    } else if (stat == "unfinished_rate") {
      share(e.unfinished, e.games);
    } else if (stat == "first_player_advantage") {
      EXPECT_NEAR(value, (e.w1 - e.w2) / e.finished(), 1e-12) << id;
      stated(run["first_player_advantage"]);
    } else if (stat == "first_player_advantage_stability") {
      const ExpectedStability st = expected_stability(e);
      EXPECT_EQ(state, st.verdict) << id;
      EXPECT_TRUE(std::isnan(value)) << id;
      EXPECT_NEAR(low, st.low, 1e-12) << id;
      EXPECT_NEAR(high, st.high, 1e-12) << id;
    } else if (stat == "rests_on_stops") {
      EXPECT_EQ(value, expected_stability(e).rests_on_stops ? 1 : 0) << id;
    } else if (stat == "stop_share") {
      EXPECT_NEAR(value, expected_stability(e).stop_share, 1e-12) << id;
    } else if (stat == "first_player_advantage_p_value") {
      EXPECT_NEAR(value, run["first_player_advantage"]["p_value"].get<double>(), 1e-12);
    } else if (stat == "ended_by_share" && round.empty()) {
      EXPECT_NEAR(value, run["ended_by"][state]["games"].get<double>() / e.games, 1e-12) << state;
    } else if (stat == "ended_by_share") {
      EXPECT_NEAR(value, run["round_ended_by"][state]["rounds"].get<double>() / e.rounds, 1e-12);
    } else if (stat == "completion" && round.empty()) {
      share(completion.at(state), e.games);
    } else if (stat == "completion") {
      const std::map<std::string, double> rounds = {
          {"source_rule", e.rounds_source},
          {"paraphrase_rule", e.rounds_paraphrase},
          {"assumed_rule", e.rounds_assumed},
          {"stopping_rule", run["round_ended_by"]["no_progress"]["rounds"].get<double>()},
          {"safety_bound", run["round_ended_by"]["safety_bound"]["rounds"].get<double>()}};
      share(rounds.at(state), e.rounds);
    } else if (stat == "plies_mean") {
      EXPECT_NEAR(value, e.plies_mean, 1e-9);
    } else if (stat.starts_with("plies_") || stat.starts_with("rounds_") ||
               stat.starts_with("turns_")) {
      const std::string what = stat.substr(0, stat.find('_'));
      const std::string key = stat.substr(stat.find('_') + 1);
      const json& d = what == "plies"    ? run["plies"]
                      : what == "rounds" ? run["rounds"]
                                         : run["metrics"]["duration"]["turns"];
      if (stat == "rounds_recorded") {
        EXPECT_EQ(value, e.rounds);
      } else {
        EXPECT_NEAR(value, d[key].get<double>(), 1e-9) << id << " " << stat;
      }
    } else if (stat == "relay_bound_hits") {
      EXPECT_EQ(value, run["relay_bound_hits"]["moves"].get<double>());
    } else if (stat == "games_with_relay_bound_hits") {
      EXPECT_EQ(value, run["relay_bound_hits"]["games"].get<double>());
    } else if (stat == "balance") {
      EXPECT_NEAR(value, 1 - std::fabs(e.w1 - e.w2) / e.finished(), 1e-12) << id;
      stated(run["metrics"]["balance"]);
    } else if (stat == "drawishness") {
      share(e.draws, e.finished());
    } else if (stat == "decisiveness" || stat == "lead_changes" || stat == "drama" ||
               stat == "stability" || stat == "snowball") {
      stated(run["metrics"][stat]);
    } else if (stat == "first_mover_win_rate") {
      const json& r = run["round_results"];
      share(r["first_mover_wins"].get<double>(),
            r["rounds"].get<double>() - r["unfinished"].get<double>());
    } else if (stat == "first_mover_advantage") {
      stated(run["round_first_mover_advantage"]);
    } else if (stat == "handicap_rounds" || stat == "handicap_win_rate") {
      bool found = false;
      for (const json& level : run["handicap"]) {
        if (std::to_string(level["holes_difference"].get<int>()) != row.at("level")) continue;
        found = true;
        if (stat == "handicap_rounds") {
          EXPECT_EQ(value, level["rounds"].get<double>());
        } else {
          stated(level["win_rate"][std::stoi(player) - 1]);
        }
      }
      EXPECT_TRUE(found) << id << " level " << row.at("level");
    } else if (stat == "handicap_state_rounds" || stat == "handicap_state_win_rate") {
      bool found = false;
      for (const json& st : run["handicap_states"]) {
        const auto holder = [](const json& p) { return p.is_null() ? "" : p.dump(); };
        if (st["holes_in_play"][0].dump() != row.at("holes_p1") ||
            st["holes_in_play"][1].dump() != row.at("holes_p2") ||
            holder(st["tribute_to"]) != row.at("tribute_to") ||
            holder(st["bha"]) != row.at("bha") || holder(st["favoured"]) != row.at("favoured"))
          continue;
        found = true;
        if (stat == "handicap_state_rounds") {
          EXPECT_EQ(value, st["rounds"].get<double>());
        } else {
          stated(st["win_rate"][std::stoi(player) - 1]);
        }
      }
      EXPECT_TRUE(found) << id << " state " << row.at("holes_p1") << "v" << row.at("holes_p2");
    } else {
      ADD_FAILURE() << id << ": runs.csv has a statistic this test does not know: " << stat;
    }
  }
  // Every statistic a reader relies on is there, under its name.
  for (const auto& [id, e] : expected_) {
    for (const char* stat :
         {"games", "wins", "win_rate", "draw_rate", "first_player_advantage", "completion",
          "plies_mean", "balance", "drawishness", "decisiveness", "lead_changes", "drama",
          "stability", "first_player_advantage_stability", "rests_on_stops"}) {
      EXPECT_TRUE(seen[id].count(stat)) << id << " lacks " << stat;
    }
    if (e.match) {
      for (const char* stat :
           {"snowball", "rounds_recorded", "first_mover_win_rate", "handicap_state_win_rate"})
        EXPECT_TRUE(seen[id].count(stat)) << id << " lacks " << stat;
    }
  }
  // The ladders and the handicap curves are in it too.
  std::set<std::string> parts;
  for (const auto& row : rows) parts.insert(row.at("part"));
  EXPECT_EQ(parts, (std::set<std::string>{"run", "handicap_curves", "ladder"}));
  const json runs = json::parse(file("runs.json"));
  EXPECT_EQ(runs["ladders"].size(), 4u) << "one ladder per game";
}

// Each game's skill ladder, self-play at each level: the completion cells of the ruleset page's
// self-play table, the ladder's JSON (runs.json) and runs.csv's ladder rows all say what the
// ladder's own runs' ended_by counts say (a stop after a number of rounds is a stopping rule, as
// everywhere), with the rounds' shares for matches. Sonka's matches stop after 10 rounds.
TEST_F(ReportConsistency, LadderSelfPlayCompletionIsTheLadderRunsEndedBy) {
  const json runs = json::parse(file("runs.json"));
  const auto csv = csv_rows(file("runs.csv"));
  const auto pct = [](double k, double n) { return format_number(100 * (k / n), 1) + "%"; };
  int checked = 0, stopped_after_rounds = 0;
  for (const json& ladder : runs["ladders"]) {
    const std::string id = ladder["ruleset"];
    std::string name = id;
    std::replace(name.begin(), name.end(), '/', '.');
    const xml_check::Element page = xml_check::parse(file("rulesets/" + name + ".html"));
    std::vector<std::map<std::string, std::string>> rows;
    for (const xml_check::Element* s : xml_check::find_all(page, "section")) {
      if (!s->attributes.count("id") || s->attributes.at("id") != "skill-ladder") continue;
      for (const xml_check::Element* t : xml_check::find_all(*s, "table")) {
        const auto r = table_rows(*t);
        if (!r.empty() && r.front().count("stopping rule")) rows = r;
      }
    }
    ASSERT_FALSE(rows.empty()) << id;
    const std::size_t k = ladder["agents"].size();
    for (std::size_t a = 0; a < k; ++a) {
      const std::string agent = ladder["agents"][a];
      const json& run = ladder["runs"][a * k + a];
      const Expected e = expected_of(run);
      double rounds_stopped = 0, rounds_bound = 0;
      if (e.match) {
        rounds_stopped = run["round_ended_by"]["no_progress"]["rounds"];
        rounds_bound = run["round_ended_by"]["safety_bound"]["rounds"];
      }
      const auto cell = [&](double games, double rounds, bool own) {
        std::string text =
            (own && 2 * games < e.games ? "\xE2\x9A\xA0 " : "") + pct(games, e.games);
        if (e.match) {
          text += "rounds: " + std::string(own && 2 * rounds < e.rounds ? "\xE2\x9A\xA0 " : "") +
                  pct(rounds, e.rounds);
        }
        return text;
      };
      const auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& r) {
        return r.at("agent") == agent || r.at("agent") == agent + " \xE2\x80\xA0";
      });
      ASSERT_NE(row, rows.end()) << id << " " << agent;
      EXPECT_EQ(row->at("text's rule"), cell(e.text, e.rounds_text, true)) << id << " " << agent;
      EXPECT_EQ(row->at("of it the source's"), cell(e.source, e.rounds_source, false)) << id;
      EXPECT_EQ(row->at("assumed rule"), cell(e.assumed, e.rounds_assumed, false)) << id;
      EXPECT_EQ(row->at("stopping rule"), cell(e.stopping, rounds_stopped, false)) << id << agent;
      EXPECT_EQ(row->at("safety bound"), cell(e.bound, rounds_bound, false)) << id << " " << agent;
      // The ladder's JSON.
      const json& self = ladder["self_play"][a];
      EXPECT_EQ(self["agent"], agent);
      EXPECT_NEAR(self["completion"]["source_rule"].get<double>(), e.source / e.games, 1e-12);
      EXPECT_NEAR(self["completion"]["paraphrase_rule"].get<double>(), e.paraphrase / e.games,
                  1e-12);
      EXPECT_NEAR(self["completion"]["assumed_rule"].get<double>(), e.assumed / e.games, 1e-12);
      EXPECT_NEAR(self["completion"]["stopping_rule"].get<double>(), e.stopping / e.games, 1e-12)
          << id << " " << agent;
      EXPECT_NEAR(self["completion"]["safety_bound"].get<double>(), e.bound / e.games, 1e-12);
      if (e.match) {
        EXPECT_NEAR(self["round_completion"]["stopping_rule"].get<double>(),
                    rounds_stopped / e.rounds, 1e-12);
      } else {
        EXPECT_TRUE(self["round_completion"].is_null());
      }
      // runs.csv's ladder rows of the same run.
      const std::map<std::string, double> completion = {{"source_rule", e.source},
                                                        {"paraphrase_rule", e.paraphrase},
                                                        {"assumed_rule", e.assumed},
                                                        {"stopping_rule", e.stopping},
                                                        {"safety_bound", e.bound}};
      int stated = 0;
      for (const auto& r : csv) {
        if (r.at("part") != "ladder" || r.at("ruleset") != id || r.at("agent_p1") != agent ||
            r.at("agent_p2") != agent || r.at("statistic") != "completion" ||
            !r.at("round").empty())
          continue;
        EXPECT_NEAR(std::stod(r.at("value")), completion.at(r.at("state")) / e.games, 1e-12)
            << id << " " << agent << " " << r.at("state");
        ++stated;
      }
      EXPECT_EQ(stated, 5) << id << " " << agent;
      const json& ended = run["ended_by"];
      if (ended.contains("stop_after_rounds") && ended["stop_after_rounds"]["games"] > 0)
        ++stopped_after_rounds;
      ++checked;
    }
  }
  EXPECT_GE(checked, 12);
  EXPECT_GT(stopped_after_rounds, 0) << "no ladder of matches stopped after a number of rounds";
}

// Each game's skill ladder on its ruleset page: every self-play row's results (games, P1's, P2's
// and the draws' shares, the advantage, the mean length) from that level's own run, and every
// head-to-head cell's score from the two runs of the pair (each agent in each seat, a draw
// counting half), all recomputed from the ladder's runs in runs.json.
TEST_F(ReportConsistency, EveryLadderRowIsTheLadderRunsRecomputed) {
  const json runs = json::parse(file("runs.json"));
  int self_rows = 0, cells = 0;
  for (const json& ladder : runs["ladders"]) {
    const std::string id = ladder["ruleset"];
    const std::string where = page_of(id) + ": skill ladder";
    const xml_check::Element page = xml_check::parse(file(page_of(id)));
    std::vector<std::map<std::string, std::string>> self, matrix;
    for (const xml_check::Element* s : xml_check::find_all(page, "section")) {
      if (!s->attributes.count("id") || s->attributes.at("id") != "skill-ladder") continue;
      for (const xml_check::Element* t : xml_check::find_all(*s, "table")) {
        const auto r = table_rows(*t);
        if (r.empty()) continue;
        // The results' table (the endings are a table of their own, issue 39, item 1).
        if (r.front().count("plies mean")) self = r;
        if (r.front().count("vs " + ladder["agents"][0].get<std::string>())) matrix = r;
      }
    }
    ASSERT_FALSE(self.empty()) << where << ": no self-play table";
    ASSERT_FALSE(matrix.empty()) << where << ": no head-to-head table";
    const std::size_t k = ladder["agents"].size();
    const auto row_of = [&](const std::vector<std::map<std::string, std::string>>& rows,
                            const std::string& agent) {
      return std::find_if(rows.begin(), rows.end(), [&](const auto& r) {
        return r.at("agent") == agent || r.at("agent") == agent + " \xE2\x80\xA0";
      });
    };
    for (std::size_t a = 0; a < k; ++a) {
      const std::string agent = ladder["agents"][a];
      const Expected e = expected_of(ladder["runs"][a * k + a]);
      const auto row = row_of(self, agent);
      const std::string at = where + ": self-play row '" + agent + "'";
      ASSERT_NE(row, self.end()) << at << ": missing";
      EXPECT_EQ(row->at("games"), format_number(e.games, 0)) << at << ": games";
      EXPECT_EQ(row->at("P1 wins"), handicap_share(e.w1, e.finished())) << at << ": P1 wins";
      EXPECT_EQ(row->at("P2 wins"), handicap_share(e.w2, e.finished())) << at << ": P2 wins";
      EXPECT_EQ(row->at("draws"), handicap_share(e.draws, e.finished())) << at << ": draws";
      const json& adv = e.run["first_player_advantage"];
      // Its column in the ruleset's seat words: "seat advantage" for Sonka (issue 35, item 8).
      const std::string adv_column = sim::seat_words(sim::load_ruleset(id)).column + " [95% CI]";
      EXPECT_EQ(row->at(adv_column), pp((e.w1 - e.w2) / e.finished()) + " pp [" +
                                         pp(adv["ci95"][0]) + ", " + pp(adv["ci95"][1]) + "]")
          << at << ": " << adv_column;
      EXPECT_EQ(row->at("plies mean"), format_number(e.plies_mean, 1)) << at << ": plies mean";
      ++self_rows;
      // Head to head: a's score against b over both seats.
      const auto mrow = row_of(matrix, agent);
      ASSERT_NE(mrow, matrix.end()) << where << ": head-to-head row '" << agent << "'";
      for (std::size_t b = 0; b < k; ++b) {
        if (a == b) continue;
        const json& first = ladder["runs"][a * k + b];   // a as P1
        const json& second = ladder["runs"][b * k + a];  // a as P2
        const double wins = first["wins"][0].get<double>() + second["wins"][1].get<double>();
        const double draws = first["draws"].get<double>() + second["draws"].get<double>();
        const double finished =
            wins + draws + first["wins"][1].get<double>() + second["wins"][0].get<double>();
        const std::string column = "vs " + ladder["agents"][b].get<std::string>();
        const std::string cell = mrow->at(column);
        EXPECT_TRUE(
            cell.starts_with(format_number(100 * ((wins + draws / 2) / finished), 1) + "% ["))
            << where << ": head-to-head row '" << agent << "', column '" << column
            << "': the score: " << cell;
        ++cells;
      }
    }
  }
  EXPECT_GE(self_rows, 12);
  EXPECT_GE(cells, 24);
}

// Each sensitivity row against a separate `mancala simulate` of a ruleset file that sets the
// threshold: the same seed and games give the same figures.
TEST_F(ReportConsistency, SensitivityRowsAreSeparateSimulateRunsWithTheChangedThreshold) {
  int checked = 0;
  for (const std::string& id :
       {std::string("otep/beaton_1939"), std::string("khutka_boia/das_gupta_1926")}) {
    std::string name = id;
    std::replace(name.begin(), name.end(), '/', '.');
    const xml_check::Element page = xml_check::parse(file("rulesets/" + name + ".html"));
    const xml_check::Element* section = nullptr;
    for (const xml_check::Element* s : xml_check::find_all(page, "section"))
      if (s->attributes.count("id") && s->attributes.at("id") == "sensitivity") section = s;
    ASSERT_NE(section, nullptr) << id;
    const auto rows = table_rows(*xml_check::find_all(*section, "table").at(0));
    ASSERT_GE(rows.size(), 3u) << id;
    for (const auto& row : rows) {
      const std::string key = row.at("threshold");
      std::string target = id;
      if (key != "(all as set)") {
        target = *dir_ / (name + "." + key + "." + row.at("value") + ".json");
        write_text(target, json{{"name", "sensitivity check"},
                                {"status", "reconstructed"},
                                {"extends", id},
                                {"summary", "the threshold changed"},
                                {"rules", {{key, std::stoi(row.at("value"))}}},
                                {"provenance", {{key, {{"assumption", "sensitivity check"}}}}}}
                               .dump());
      }
      const Result r = run_cli({"simulate", target, "--games", kSensitivityGames, "--seed", "1",
                                "--format", "json", "--no-store"});
      ASSERT_EQ(r.code, 0) << r.err;
      const Expected e = expected_of(json::parse(r.out));
      const auto pct = [](double k, double n) { return format_number(100 * (k / n), 1) + "%"; };
      EXPECT_EQ(row.at("P1 wins"), pct(e.w1, e.finished())) << id << " " << key;
      EXPECT_EQ(row.at("P1 advantage"), pp((e.w1 - e.w2) / e.finished()) + " pp") << id << key;
      EXPECT_EQ(row.at("draws"), pct(e.draws, e.finished())) << id << " " << key;
      EXPECT_EQ(row.at("mean plies"), format_number(e.plies_mean, 1)) << id << " " << key;
      EXPECT_EQ(row.at("ended by a rule of the game"), pct(e.own, e.games)) << id << " " << key;
      EXPECT_EQ(row.at("stopped by a stopping rule"), pct(e.stopping, e.games)) << id << " " << key;
      EXPECT_EQ(row.at("unfinished (safety bound)"), pct(e.bound, e.games)) << id << " " << key;
      if (e.match) {
        EXPECT_EQ(row.at("rounds ended by a rule of the game"), pct(e.rounds_own, e.rounds))
            << id << key;
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 8);
}

// "significant" holds exactly when the printed interval excludes zero: in the comparison page's
// differences table (the mark) and in every summary line and sensitivity verdict (the words).
TEST_F(ReportConsistency, SignificantExactlyWhenThePrintedIntervalExcludesZero) {
  const std::regex ends(R"(\[([-+]?[0-9.]+), ([-+]?[0-9.]+)\])");
  const xml_check::Element page = xml_check::parse(file("compare/khutka_boia.html"));
  int marks = 0;
  for (const xml_check::Element* t : xml_check::find_all(page, "table")) {
    for (const auto& row : table_rows(*t)) {
      if (!row.count("sig.")) continue;
      const std::string diff = row.at("difference [simult. CI]");
      std::smatch m;
      if (!std::regex_search(diff, m, ends)) continue;  // "not tested"
      const bool excludes = std::stod(m[1]) > 0 || std::stod(m[2]) < 0;
      EXPECT_EQ(row.at("sig.") == "*", excludes) << row.at("statistic") << ": " << diff;
      ++marks;
    }
  }
  EXPECT_GE(marks, 6);
  // The words: "(simultaneous 95% CI a to b[: not significant])" and the sensitivity verdicts'
  // "95% CI a to b".
  const std::regex clause(
      R"((?:simultaneous )?95% CI ([-+]?[0-9.]+) to ([-+]?[0-9.]+)(: not significant)?)");
  int clauses = 0;
  for (const std::string& path :
       {std::string("report.md"), std::string("compare/khutka_boia.html")}) {
    const std::string text = file(path);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), clause);
         it != std::sregex_iterator(); ++it) {
      const std::smatch& m = *it;
      const bool excludes = std::stod(m[1]) > 0 || std::stod(m[2]) < 0;
      if (m.str().starts_with("simultaneous")) {
        EXPECT_EQ(!m[3].matched, excludes) << path << ": " << m.str();
      }
      ++clauses;
    }
  }
  EXPECT_GE(clauses, 4);
  // A verdict says the figures depend on a threshold exactly when one of its intervals excludes 0.
  const std::string md = file("report.md");
  std::istringstream lines(md);
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with("- ") || line.find("95% CI") == std::string::npos ||
        line.find("(change ") == std::string::npos)
      continue;
    bool any = false;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), clause);
         it != std::sregex_iterator(); ++it)
      any = any || std::stod((*it)[1]) > 0 || std::stod((*it)[2]) < 0;
    EXPECT_EQ(line.find("the figures depend on this threshold") != std::string::npos, any) << line;
  }
}

// ---- the readings pages (issue 36, item 5) -----------------------------------------------------

// The readings of Otep (single games) and Sonka (matches, readings that play alike) in a report of
// their own (--readings), and the same searches re-run by `mancala reconstruct GAME --format json
// --runs` with the report's seed, games and panel: the two processes share no model object, so
// every figure the readings pages and the index's readings lines show is read against that JSON,
// and where the runs' counts give it, recomputed here from the runs.
const std::vector<std::string> kReadingsGames = {"otep", "sonka"};
const std::string kReadingsPlayed = "8";  // --readings-games, and reconstruct's --games
// The panel the report's readings are ranked under (its pages say which: "The panel (...)").
const std::string kReadingsPanel = "alphabeta:1,alphabeta:2";

class ReadingsConsistency : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    Args args = {"report"};
    args.insert(args.end(), kReadingsGames.begin(), kReadingsGames.end());
    const Args rest = {
        "--games", "20",         "--no-store",       "--no-extras",   "--sensitivity-games",
        "0",       "--readings", "--readings-games", kReadingsPlayed, "--threads",
        "2",       "--out",      *dir_ / "out"};
    args.insert(args.end(), rest.begin(), rest.end());
    const Result r = run_cli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    for (const std::string& game : kReadingsGames) {
      const std::string json_path = *dir_ / (game + ".json");
      const Result again =
          run_cli({"reconstruct", game, "--games", kReadingsPlayed, "--panel", kReadingsPanel,
                   "--threads", "2", "--format", "json", "--runs", "-o", json_path});
      ASSERT_EQ(again.code, 0) << again.err;
      searches_[game] = json::parse(read_text(json_path));
    }
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::string file(const std::string& path) { return read_text(*dir_ / ("out/" + path)); }

  static TempDir* dir_;
  static std::map<std::string, json> searches_;
};
TempDir* ReadingsConsistency::dir_ = nullptr;
std::map<std::string, json> ReadingsConsistency::searches_;

// A criterion's figure as the ranked table prints it (compact: completion in %, one decimal;
// balance and decisiveness two; drama one; duration none), "-" when the JSON has none.
std::string readings_figure(const std::string& metric, const json& e) {
  if (e.is_null() || e["value"].is_null()) return "-";
  const bool share = metric == "completion";
  const int d = share ? 1 : metric == "drama" ? 1 : metric == "duration" ? 0 : 2;
  const double s = share ? 100 : 1;
  std::string out = format_number(s * e["value"].get<double>(), d) + (share ? "%" : "");
  if (!e["ci95"][0].is_null() && !e["ci95"][1].is_null())
    out += " [" + format_number(s * e["ci95"][0].get<double>(), d) + ", " +
           format_number(s * e["ci95"][1].get<double>(), d) + "]";
  return out;
}
// An effect as the effects' sentences print it: "+93.8 pp [+85.0, +100.0]", "+0.203 [...]".
std::string readings_effect(const std::string& metric, double x, double lo, double hi) {
  const bool share = metric == "completion";
  const int d = share ? 1 : metric == "drama" ? 2 : metric == "duration" ? 1 : 3;
  const double s = share ? 100 : 1;
  return format_signed(s * x, d) + (share ? " pp" : "") + " [" + format_signed(s * lo, d) + ", " +
         format_signed(s * hi, d) + "]";
}
const std::map<std::string, std::string> kCriterionNames = {{"completion", "text's rule"},
                                                            {"balance", "balance"},
                                                            {"decisiveness", "decisiveness"},
                                                            {"drama", "drama"},
                                                            {"duration", "duration"}};

// One candidate's counts summed over the runs its ranked figures come from: the skilled agent's
// stages where it played one, else random play's (stage 1).
struct ReadingRuns {
  double games = 0, text = 0, stopping = 0, bound = 0, w1 = 0, w2 = 0, draws = 0, plies = 0;
};
ReadingRuns reading_runs(const json& search, int number) {
  ReadingRuns skilled, random;
  for (const json& stage : search["stages"]) {
    const std::string kind = stage["kind"];
    if (kind == "panel") continue;
    ReadingRuns& into = kind == "skilled" ? skilled : random;
    for (std::size_t p = 0; p < stage["candidates"].size(); ++p) {
      if (stage["candidates"][p].get<int>() != number) continue;
      const json& run = stage["runs"][p];
      const json& c = run["completion"];
      into.games += run["games"].get<double>();
      into.text +=
          c["source_rule"]["games"].get<double>() + c["paraphrase_rule"]["games"].get<double>();
      into.stopping += c["stopping_rule"]["games"].get<double>();
      into.bound += c["safety_bound"]["games"].get<double>();
      into.w1 += run["wins"][0].get<double>();
      into.w2 += run["wins"][1].get<double>();
      into.draws += run["draws"].get<double>();
      const json& h = run["plies"]["histogram"];
      for (std::size_t i = 0; i < h["counts"].size(); ++i)
        into.plies +=
            (h["first"].get<double>() + static_cast<double>(i)) * h["counts"][i].get<double>();
    }
  }
  return skilled.games > 0 ? skilled : random;
}
std::string reading_share(double k, double n) { return format_number(100 * (k / n), 1) + "%"; }

// Every row of each readings page's ranked table: its rank, the reading in words, each
// criterion's figure, the stopping and bound shares, the games, the front and 'plays as', against
// the re-run's JSON; the text's-rule share with Wilson's interval (for single games, where the
// ranked share is the text's rule's), the stopping and bound shares, the games, the balance and
// the mean length recomputed from the candidate's own runs. And the panel's table: each
// finalist's rank under each agent and its robust mark, and Kendall's tau-b between the agents,
// recomputed here from those ranks. A failure names the page, the row (#candidate) and the figure.
TEST_F(ReadingsConsistency, EveryRankedRowAndPanelRankIsTheSearchRecomputed) {
  for (const std::string& game : kReadingsGames) {
    const std::string where = "readings/" + game + ".html";
    const json& search = searches_.at(game);
    const bool matches = game == "sonka";
    std::map<int, const json*> by_number;
    std::size_t candidates = 0;
    for (const json& c : search["candidates"]) {
      if (!c["excluded"].is_null()) continue;  // a combination rules check refuses
      by_number[c["number"].get<int>()] = &c;
      ++candidates;
    }
    std::map<std::string, std::string> reference;  // choice -> its base reading
    for (const json& ch : search["choices"])
      for (const json& a : ch["alternatives"])
        if (a["reference"].get<bool>()) reference[ch["id"]] = a["name"];
    const xml_check::Element page = xml_check::parse(file(where));
    int rows = 0, panel_rows = 0;
    std::map<std::string, std::map<int, int>> panel_ranks;  // agent -> candidate -> rank
    for (const xml_check::Element* t : xml_check::find_all(page, "table")) {
      for (const auto& row : table_rows(*t)) {
        if (!row.count("#") || !row.count("rank")) continue;
        const int number = std::stoi(row.at("#"));
        const std::string at = where + ": row #" + row.at("#") + ": ";
        ASSERT_TRUE(by_number.count(number)) << at << "no such candidate in the re-run";
        const json& c = *by_number.at(number);
        EXPECT_EQ(row.at("rank"), std::to_string(c["rank"].get<int>())) << at << "rank";
        if (!row.count("reading")) {  // the panel's table
          ++panel_rows;
          for (const std::string agent : search["panel"]) {
            ASSERT_TRUE(row.count(agent)) << at << "no column " << agent;
            EXPECT_EQ(row.at(agent), std::to_string(c["panel_ranks"][agent].get<int>()))
                << at << "rank under " << agent;
            panel_ranks[agent][number] = std::stoi(row.at(agent));
          }
          EXPECT_EQ(row.at("robust"), c["panel_robust_rank"].get<bool>() ? "R" : "")
              << at << "robust";
          continue;
        }
        ++rows;
        std::string reading;
        for (const json& ch : search["choices"]) {
          const std::string id = ch["id"], alt = c["choices"][id];
          if (alt == reference.at(id)) continue;
          reading += (reading.empty() ? "" : "; ") + reports::readings_id_in_words(id) + ": " +
                     reports::readings_id_in_words(alt);
        }
        EXPECT_EQ(row.at("reading"), reading.empty() ? "the base's reading" : reading)
            << at << "reading";
        const bool skilled = c["games"].get<double>() > 0;
        const json& f = skilled ? c : c["random_play"];
        EXPECT_EQ(row.at("text's rule"), readings_figure("completion", f["completion"]["ranked"]))
            << at << "text's rule";
        for (const std::string metric : {"balance", "decisiveness", "drama", "duration"})
          EXPECT_EQ(row.at(metric), readings_figure(metric, f["metrics"][metric])) << at << metric;
        // From the candidate's own runs.
        const ReadingRuns runs = reading_runs(search, number);
        EXPECT_EQ(row.at("games"), format_number(runs.games, 0)) << at << "games";
        EXPECT_EQ(row.at("stopping"), reading_share(runs.stopping, runs.games)) << at << "stopping";
        EXPECT_EQ(row.at("bound"), reading_share(runs.bound, runs.games)) << at << "bound";
        const double finished = runs.w1 + runs.w2 + runs.draws;
        if (finished > 0) {
          EXPECT_NEAR(f["metrics"]["balance"]["value"].get<double>(),
                      1 - std::abs(runs.w1 - runs.w2) / finished, 1e-12)
              << at << "balance from the runs' wins";
        }
        EXPECT_NEAR(f["metrics"]["duration"]["value"].get<double>(), runs.plies / runs.games, 1e-9)
            << at << "duration from the runs' lengths";
        if (!matches) {  // single games: the ranked share is the text's rule's
          EXPECT_EQ(row.at("text's rule"), share_text(runs.text, runs.games))
              << at << "text's rule with Wilson's interval from the runs";
        }
        EXPECT_EQ(row.at("front"), c["pareto"].get<bool>() ? "yes" : "") << at << "front";
        std::string same;
        for (const json& j : c["plays_as"])
          same += (same.empty() ? "#" : ", #") + std::to_string(j.get<int>());
        EXPECT_EQ(row.at("plays as"), same) << at << "plays as";
      }
    }
    EXPECT_EQ(rows, static_cast<int>(candidates)) << where << ": ranked rows";
    EXPECT_EQ(panel_rows, static_cast<int>(search["panel_result"]["finalists"].size()))
        << where << ": panel rows";
    // Kendall's tau-b between each two agents, from the ranks the page shows.
    const std::vector<std::string> agents = search["panel"];
    for (std::size_t a = 0; a < agents.size(); ++a) {
      for (std::size_t b = a + 1; b < agents.size(); ++b) {
        const std::map<int, int>& x = panel_ranks[agents[a]];
        const std::map<int, int>& y = panel_ranks[agents[b]];
        double concordant = 0, discordant = 0, tied_x = 0, tied_y = 0;
        for (auto i = x.begin(); i != x.end(); ++i) {
          for (auto j = std::next(i); j != x.end(); ++j) {
            const int dx = i->second - j->second, dy = y.at(i->first) - y.at(j->first);
            if (dx == 0 && dy == 0) continue;
            if (dx == 0)
              ++tied_x;
            else if (dy == 0)
              ++tied_y;
            else
              (dx > 0) == (dy > 0) ? ++concordant : ++discordant;
          }
        }
        const double n1 = concordant + discordant + tied_x, n2 = concordant + discordant + tied_y;
        const std::string said =
            agents[a] + " and " + agents[b] + " " +
            (n1 == 0 || n2 == 0 ? std::string("undefined")
                                : format_signed((concordant - discordant) / std::sqrt(n1 * n2), 2));
        EXPECT_NE(file(where).find(said), std::string::npos)
            << where << ": the panel's agreement: Kendall's tau-b '" << said << "'";
      }
    }
  }
}

// The sentences above each readings page's tables (how many readings end by the text's rule,
// are undecided or end otherwise, each distinct reading counted once; the base's rank and how
// many share it), each 'Largest effect on ...' sentence under the ranked agent, and the index's
// readings line, recomputed from the re-run's candidates and spreads (their counts made here, not
// read from the JSON's own totals).
TEST_F(ReadingsConsistency,
       TheSummaryCountsTheLargestEffectsAndTheIndexLineAreTheSearchRecomputed) {
  const std::string index = file("index.html");
  for (const std::string& game : kReadingsGames) {
    const std::string where = "readings/" + game + ".html";
    const std::string page = file(where);
    const json& search = searches_.at(game);
    // The candidates (the combinations rules check refuses left out, counted) and the space's
    // size, the product of the choices' alternatives.
    std::vector<const json*> cands;
    double refused = 0, generated = 1;
    for (const json& c : search["candidates"]) {
      if (c["excluded"].is_null())
        cands.push_back(&c);
      else
        ++refused;
    }
    for (const json& ch : search["choices"])
      generated *= static_cast<double>(ch["alternatives"].size());
    // Each candidate's class from its ranked share's interval (docs/reconstruct.md: the text's
    // rule when the interval lies above one half, another ending when below, else undecided).
    double played = 0, distinct = 0, text = 0, undecided = 0, other = 0, source = 0;
    for (const json* cp : cands) {
      const json& c = *cp;
      const bool skilled = c["games"].get<double>() > 0;
      const json& f = skilled ? c : c["random_play"];
      if (f["games"].get<double>() == 0) continue;
      ++played;
      bool repeats = false;
      for (const json& j : c["plays_as"])
        repeats = repeats || j.get<int>() < c["number"].get<int>();
      if (repeats) continue;
      ++distinct;
      const json& ci = f["completion"]["ranked"]["ci95"];
      const std::string cls = ci[0].get<double>() > 0.5   ? "text_rule"
                              : ci[1].get<double>() < 0.5 ? "assumed_or_stop"
                                                          : "undecided";
      EXPECT_EQ(f["completion"]["class"], cls) << where << ": #" << c["number"] << ": class";
      text += cls == "text_rule";
      undecided += cls == "undecided";
      other += cls == "assumed_or_stop";
      source += f["completion"]["source_class"] == "text_rule";
    }
    const double repeated = played - distinct;
    // The page names the ranking's agent in words (issue 39, item 4).
    const std::string agent = search["agent"];
    const std::string agent_words = agent == "random"
                                        ? std::string("random play")
                                        : sim::agent_in_words(sim::parse_agent(agent));
    const std::string under =
        "Under " + agent_words + ", " + format_number(text, 0) + " of " +
        format_number(distinct, 0) +
        (repeated > 0 ? " distinct readings (" + format_number(repeated, 0) +
                            " more play exactly as an earlier one and are counted with it)"
                      : " candidates") +
        " end by the text's rule";
    EXPECT_NE(page.find(reports::html_escape(under)), std::string::npos)
        << where << ": '" << under << "'";
    const std::string rest =
        ", " + format_number(undecided, 0) + (undecided == 1 ? " is" : " are") + " undecided and " +
        format_number(other, 0) + (other == 1 ? " ends" : " end") + " mostly by an assumed rule";
    EXPECT_NE(page.find(reports::html_escape(rest)), std::string::npos)
        << where << ": '" << rest << "'";
    // The base: its rank, of the candidates played, shared by those of the same rank.
    const int base = search["base_candidate"].get<int>();
    int base_rank = 0, sharing = 0;
    for (const json* c : cands)
      if ((*c)["number"].get<int>() == base) base_rank = (*c)["rank"].get<int>();
    for (const json* c : cands) sharing += (*c)["rank"].get<int>() == base_rank;
    const std::string base_line =
        "ranks " + std::to_string(base_rank) + " of " + format_number(played, 0) +
        (sharing > 1 ? " (shared by " + std::to_string(sharing) + ")" : "") + ".";
    EXPECT_NE(page.find(reports::html_escape(base_line)), std::string::npos)
        << where << ": the base's line: '" << base_line << "'";
    // The largest effect on each criterion: the largest spread under the ranked agent.
    std::string completion_sentence;
    for (const auto& [metric, name] : kCriterionNames) {
      const json* largest = nullptr;
      for (const json& s : search["spreads"]) {
        if (s["metric"] != metric || s["agent"] != agent || s["spread"].is_null()) continue;
        if (!largest || s["spread"].get<double>() > (*largest)["spread"].get<double>())
          largest = &s;
      }
      if (!largest) continue;
      const json& s = *largest;
      const double lo = s["ci95"][0], hi = s["ci95"][1];
      const std::string sentence =
          s["spread"].get<double>() == 0
              ? "No choice changes " + name +
                    ": every two readings of every choice give the same value."
              : "Largest effect on " + name + ": " + reports::readings_id_in_words(s["choice"]) +
                    " (" + reports::readings_id_in_words(s["to"]) + " rather than " +
                    reports::readings_id_in_words(s["from"]) + ": " +
                    readings_effect(metric, s["spread"], lo, hi) +
                    (lo > 0 || hi < 0 ? "" : ", the interval holds zero") + ").";
      EXPECT_NE(page.find("<p>" + reports::html_escape(sentence) + "</p>"), std::string::npos)
          << where << ": the largest effect on " << name << ": '" << sentence << "'";
      if (metric == "completion") completion_sentence = sentence;
    }
    // The index's line: the space, the distinct readings, the endings, the same sentence.
    double merged = 0;
    for (const json* c : cands) merged += static_cast<double>((*c)["same_rules_as"].size());
    std::string line = std::to_string(cands.size()) + " candidates (" +
                       format_number(generated, 0) + " combinations, " + format_number(refused, 0) +
                       " refused by rules check, " + format_number(merged, 0) + " merged)";
    if (repeated > 0)
      line += ", " + format_number(distinct, 0) + " distinct readings (" +
              format_number(repeated, 0) + " play exactly as another)";
    line += "; under " + agent + ", " + format_number(text, 0) + " of " +
            format_number(distinct, 0) + " end by the text's rule (";
    bool any_source = false;
    for (const json* cp : cands) {
      const json& c = *cp;
      const json& f = c["games"].get<double>() > 0 ? c : c["random_play"];
      any_source = any_source || f["completion"]["source_rule"]["value"].get<double>() > 0;
    }
    line += any_source ? format_number(source, 0) + " by the source's rule"
                       : std::string("none of its readings has an ending the source states");
    line += ")";
    if (!completion_sentence.empty()) {
      std::string clause = completion_sentence;
      clause[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(clause[0])));
      clause.pop_back();  // the full stop
      line += "; " + clause;
    }
    const std::string linked = "<a href=\"" + where + "\">Readings of " +
                               (game == "otep" ? std::string("Otep") : std::string("Sonka")) +
                               "</a>: " + reports::html_escape(line) + "</li>";
    EXPECT_NE(index.find(linked), std::string::npos)
        << "index.html: the readings line of " << game << ": '" << line << "'";
  }
}

// Each readings page's effects: every row of the spreads' tables (the ranked agent's, then random
// play's: the two readings of a choice farthest apart on a criterion) and every cell of the main
// effects' table (the effect with its interval, * exactly when the interval excludes 0, R when
// its sign is the same under every agent of the panel), against the re-run's JSON.
TEST_F(ReadingsConsistency, EveryEffectRowIsTheSearchRecomputed) {
  for (const std::string& game : kReadingsGames) {
    const std::string where = "readings/" + game + ".html";
    const json& search = searches_.at(game);
    const std::string ranked = search["agent"];
    const auto words = [](const json& id) { return reports::readings_id_in_words(id); };
    const xml_check::Element page = xml_check::parse(file(where));
    std::vector<std::string> spread_agents = {ranked, "random"};  // the tables' order
    std::size_t spread_table = 0;
    int spread_rows = 0, effect_cells = 0;
    for (const xml_check::Element* t : xml_check::find_all(page, "table")) {
      const auto rows = table_rows(*t);
      if (rows.empty()) continue;
      if (rows.front().count("effect [95% CI]")) {
        ASSERT_LT(spread_table, spread_agents.size()) << where << ": a spreads table too many";
        const std::string agent = spread_agents[spread_table++];
        std::size_t expected_rows = 0;
        for (const json& x : search["spreads"]) expected_rows += x["agent"] == agent;
        EXPECT_EQ(rows.size(), expected_rows) << where << ": the spreads under " << agent;
        for (const auto& row : rows) {
          const std::string at = where + ": spreads under " + agent + ": row '" + row.at("choice") +
                                 ", " + row.at("criterion") + "': ";
          const json* found = nullptr;
          for (const json& x : search["spreads"]) {
            if (x["agent"] == agent && words(x["choice"]) == row.at("choice") &&
                kCriterionNames.at(x["metric"]) == row.at("criterion") &&
                words(x["from"]) == row.at("from") && words(x["to"]) == row.at("to"))
              found = &x;
          }
          ASSERT_NE(found, nullptr) << at << "no such spread in the re-run";
          const json& x = *found;
          EXPECT_EQ(row.at("effect [95% CI]"),
                    x["spread"].is_null()
                        ? "-"
                        : readings_effect(x["metric"], x["spread"], x["ci95"][0], x["ci95"][1]))
              << at << "effect";
          ++spread_rows;
        }
        continue;
      }
      if (!rows.front().count("alternative") || !rows.front().count("text's rule")) continue;
      for (const auto& row : rows) {  // the main effects, the ranked agent's
        for (const auto& [metric, name] : kCriterionNames) {
          const std::string at = where + ": main effects: row '" + row.at("choice") + ": " +
                                 row.at("alternative") + "': " + name;
          const json* found = nullptr;
          for (const json& x : search["effects"]) {
            if (x["agent"] == ranked && x["metric"] == metric &&
                words(x["choice"]) == row.at("choice") &&
                words(x["alternative"]) == row.at("alternative"))
              found = &x;
          }
          ASSERT_NE(found, nullptr) << at << ": no such effect in the re-run";
          const json& x = *found;
          const double lo = x["ci95"][0], hi = x["ci95"][1];
          const bool robust = x["panel_robust"].is_boolean() && x["panel_robust"].get<bool>();
          EXPECT_EQ(row.at(name), readings_effect(metric, x["effect"], lo, hi) +
                                      (lo > 0 || hi < 0 ? " *" : "") + (robust ? " R" : ""))
              << at;
          ++effect_cells;
        }
      }
    }
    EXPECT_EQ(spread_table, spread_agents.size()) << where << ": spreads tables";
    EXPECT_GT(spread_rows, 0) << where;
    EXPECT_GT(effect_cells, 0) << where;
  }
}

// Issue 35, item 8, on the index and the comparison page: the index's advantage chart and note
// name the seat advantage for Sonka after Vanoverbergh (every turn simultaneous) and the
// first-player advantage for the others; Sonka's page (its sensitivity and ladder tables) has no
// "P1 advantage" column; Khutka Boia's comparison (alternating) keeps its first player.
TEST_F(ReportConsistency, TheIndexAndComparisonsSayEachRulesetsAdvantageInItsSeatWords) {
  const std::string both = reports::html_escape("first-player advantage (the seat advantage for " +
                                                sim::load_ruleset("sonka/vanoverbergh_1927").name +
                                                ", whose every turn is simultaneous)");
  const std::string index = file("index.html");
  EXPECT_NE(index.find("Bars: " + both + "; whiskers"), std::string::npos) << both;
  EXPECT_NE(index.find("the " + both + " is P(P1 wins) minus P(P2 wins)"), std::string::npos);
  EXPECT_EQ(index.find("(first-player or seat advantage)"), std::string::npos);
  const std::string sonka = file("rulesets/sonka.vanoverbergh_1927.html");
  EXPECT_EQ(sonka.find("P1 advantage"), std::string::npos);
  EXPECT_NE(sonka.find(">seat advantage</th>"), std::string::npos);           // sensitivity
  EXPECT_NE(sonka.find(">seat advantage [95% CI]</th>"), std::string::npos);  // ladder
  const std::string khutka = file("compare/khutka_boia.html");
  EXPECT_NE(khutka.find("first-player advantage"), std::string::npos);
  EXPECT_NE(khutka.find("rounds won by first mover"), std::string::npos);
  EXPECT_EQ(khutka.find("seat advantage"), std::string::npos);
}

}  // namespace
}  // namespace mancala::cli
