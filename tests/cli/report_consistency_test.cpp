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
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "../reports/xml_check.h"
#include "cli_test_util.h"
#include "common/format.h"
#include "reports/html.h"
#include "simulator/ruleset_io.h"

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

}  // namespace
}  // namespace mancala::cli
