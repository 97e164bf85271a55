#include "reports/reconstruct_render.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "analysis/reconstruct_panel.h"
#include "archive/listing.h"
#include "common/text.h"
#include "reports/compare_render.h"
#include "reports/readings_words.h"
#include "reports/render.h"
#include "reports/report.h"
#include "simulator/agents.h"

namespace mancala::reports {
namespace {

using analysis::Choice;
using analysis::Criterion;
using analysis::CriterionInfo;
using analysis::Figures;

// Decimals of a criterion's figure (completion as a percentage); `compact` for the terminal.
int decimals_of(Criterion c, bool compact = false) {
  switch (c) {
    case Criterion::kCompletion:
      return 1;
    case Criterion::kBalance:
    case Criterion::kDecisiveness:
      return compact ? 2 : 3;
    case Criterion::kDrama:
      return compact ? 1 : 2;
    case Criterion::kDuration:
      return compact ? 0 : 1;
  }
  return 3;
}

double scale_of(Criterion c) { return c == Criterion::kCompletion ? 100 : 1; }

// "99.1% [98.2, 99.6]", "0.876 [0.850, 0.900]", "-" when undefined.
std::string figure_text(Criterion c, const stats::Estimate& e, bool compact = false) {
  if (std::isnan(e.value)) return "-";
  const double s = scale_of(c);
  const int d = decimals_of(c, compact);
  std::string out = format_number(e.value * s, d) + (c == Criterion::kCompletion ? "%" : "");
  if (std::isfinite(e.low) && std::isfinite(e.high))
    out += " [" + format_number(e.low * s, d) + ", " + format_number(e.high * s, d) + "]";
  return out;
}

std::string share_text(const stats::Estimate& e) {
  return std::isnan(e.value) ? "-" : format_number(e.value * 100, 1) + "%";
}

// An effect: "+94.2 pp [+91.0, +97.4]" on completion, "-0.081 [-0.120, -0.042]" on balance.
std::string effect_text(Criterion c, double effect, const stats::Interval& ci,
                        bool compact = false) {
  if (std::isnan(effect)) return "-";
  const double s = scale_of(c);
  const int d = decimals_of(c, compact);
  const std::string unit = c == Criterion::kCompletion ? " pp" : "";
  std::string out = format_signed(effect * s, d) + unit;
  if (std::isfinite(ci.low) && std::isfinite(ci.high))
    out += " [" + format_signed(ci.low * s, d) + ", " + format_signed(ci.high * s, d) + "]";
  return out;
}

// `in_words`: as a page says it ("alpha-beta search 2 plies deep", "random play").
std::string ranked_agent(const ReconstructView& v, bool in_words = false) {
  if (!v.result.skilled_played) return in_words ? "random play" : "random";
  const sim::AgentSpec& agent = v.reconstruction.settings.agent;
  return in_words ? sim::agent_in_words(agent) : agent.name();
}

const analysis::Effects& ranked_effects(const ReconstructView& v) {
  return v.result.skilled_played ? v.result.skilled_effects : v.result.random_effects;
}

// The sentences above every rendering: the space, the stages, the verdict on completion and the
// choice with the largest effect on it. `in_words` (the page, issue 39, item 4): how it was
// played in words, the agents by what they do, no command-line flag.
std::vector<std::string> summary_lines(const ReconstructView& v, bool in_words = false) {
  const analysis::Reconstruction& r = v.reconstruction;
  const analysis::Space& space = r.space;
  // Every count is the model's (analysis::ReadingCounts); this only says them.
  const analysis::ReadingCounts& n = v.result.counts;
  std::vector<std::string> lines;
  std::string refused = plural(space.refused.size(), "refused", "refused") + " by rules check";
  if (!n.refusals.empty()) {
    refused += " (";
    bool first = true;
    for (const auto& [reason, count] : n.refusals) {
      refused += (first ? "" : "; ") + std::to_string(count) + ": " + reason;
      first = false;
    }
    refused += ")";
  }
  lines.push_back(plural(space.generated, "combination", "combinations") + " of " +
                  plural(space.readings.choices.size(), "choice point", "choice points") + ": " +
                  refused + ", " + std::to_string(n.merged) +
                  " merged with an earlier one of the same rules: " +
                  plural(space.candidates.size(), "candidate", "candidates") + ".");
  lines.push_back(played_sentence(r, in_words));
  if (r.partial()) {
    lines.push_back("Interrupted: the figures cover the games played before the stop.");
  } else if (r.pending_merge()) {
    lines.push_back(
        "The last stage is one shard: merge its shards with 'mancala reconstruct "
        "--merge' before anything is read from it.");
  } else if (!v.result.complete && v.result.next) {
    lines.push_back("Not complete: stage " + std::to_string(v.result.next->index) +
                    " is next ('mancala reconstruct --resume FILE' plays it).");
  }
  const size_t played = n.distinct, repeats = n.repeats(), own = n.text_rule,
               source = n.source_rule, undecided = n.undecided, stopping = n.not_text_rule;
  if (played > 0) {
    lines.push_back(
        "Under " + ranked_agent(v, in_words) + ", " + std::to_string(own) + " of " +
        std::to_string(played) +
        (repeats > 0 ? " distinct readings (" + std::to_string(repeats) +
                           " more play exactly as an earlier one and are counted with it)"
                     : " candidates") +
        " end by the text's rule (the source's rule or the paraphrase's rule: the 95% interval of "
        "the share ended by it lies above one half), " +
        std::to_string(undecided) + (undecided == 1 ? " is" : " are") + " undecided and " +
        std::to_string(stopping) + (stopping == 1 ? " ends" : " end") +
        " mostly by an assumed rule, a stopping rule of the reconstruction or the safety bound. " +
        (v.result.any_source_rule()
             ? std::to_string(source) + " of them end" + (source == 1 ? "s" : "") +
                   " mostly by the source's rule alone (an ending a primary source's own words "
                   "state)."
             : std::string("None of the readings has an ending the source states: every ending "
                           "by the text's rule is the paraphrase's rule or another reading's.")));
  }
  const int base = analysis::base_candidate(space);
  if (played > 0 && base >= 0) {
    lines.push_back(
        "The base reconstruction (#" +
        std::to_string(space.candidates[static_cast<size_t>(base)].number) +
        ", every choice read as " + space.base.id + " reads it) ranks " +
        std::to_string(n.base_rank) + " of " + std::to_string(n.played) +
        (n.base_sharing > 1 ? " (shared by " + std::to_string(n.base_sharing) + ")" : "") + ".");
  }
  return lines;
}

}  // namespace

std::string largest_effect_sentence(const ReconstructView& v, const analysis::Effects& e,
                                    Criterion criterion, bool in_words) {
  const auto said = [in_words](const std::string& id) {
    return in_words ? readings_id_in_words(id) : id;
  };
  const analysis::Spread* largest = analysis::largest_spread(e, criterion);
  if (!largest) return "";
  const std::string name = analysis::criterion_info(criterion).name;
  if (largest->spread == 0)
    return "No choice changes " + name +
           ": every two readings of every choice give the same value.";
  const Choice& c = v.reconstruction.space.readings.choices[largest->choice];
  return "Largest effect on " + name + ": " + said(c.id) + " (" +
         said(c.alternatives[largest->high].name) + " rather than " +
         said(c.alternatives[largest->low].name) + ": " +
         effect_text(criterion, largest->spread, largest->ci95) +
         (largest->significant ? "" : ", the interval holds zero") + ").";
}

namespace {

// Which ambiguity changes the game, criterion by criterion, and which changes nothing
// detectable.
// `in_words`: the page's lines, the readings file's identifiers said in words (the terminal keeps
// them, as the readings file spells them).
std::vector<std::string> effect_lines(const ReconstructView& v, const analysis::Effects& e,
                                      bool in_words) {
  const auto said = [in_words](const std::string& id) {
    return in_words ? readings_id_in_words(id) : id;
  };
  if (!e.complete) {
    return {
        "Not measured: the run was stopped (Ctrl-C or SIGTERM) while the effects were being "
        "computed; the ranking is complete."};
  }
  const auto& choices = v.reconstruction.space.readings.choices;
  std::vector<std::string> lines;
  std::vector<bool> matters(choices.size(), false);
  for (const CriterionInfo& k : analysis::criteria()) {
    for (const analysis::Spread& s : e.spreads) {
      if (s.criterion == k.id && !std::isnan(s.spread) && s.significant) matters[s.choice] = true;
    }
    const std::string line = largest_effect_sentence(v, e, k.id, in_words);
    if (!line.empty()) lines.push_back(line);
  }
  std::string none;
  for (size_t c = 0; c < choices.size(); ++c) {
    if (!matters[c]) none += (none.empty() ? "" : ", ") + said(choices[c].id);
  }
  if (!e.spreads.empty()) {
    lines.push_back(none.empty() ? "Every choice point changes at least one criterion detectably."
                                 : "No detectable effect on any criterion (every interval holds "
                                   "zero): " +
                                       none + ".");
  }
  return lines;
}

std::string ranking_note() {
  return std::string(kRankingMeaning) +
         " Ranked by completion first (text's rule, then undecided, then assumed rule or stop: "
         "judged on the interval of the share ended by the source's rule or the paraphrase's "
         "rule together), then within each group of candidates tied so far by how many of them "
         "are better with intervals that do not overlap, criterion by criterion: text's-rule "
         "share, "
         "balance, decisiveness (lower is better), drama, duration (shorter is better). Tied "
         "candidates share a rank. Candidates left out of a later halving round rank below "
         "those kept. front: on the Pareto front of the five criteria. plays as: the readings it "
         "plays exactly as (the same games), with which it is one reading, counted once.";
}

std::string related_text(const ReconstructView& v, size_t c, size_t a) {
  if (!v.related.empty_because.empty()) return "";
  const analysis::Commonness& k = v.related.commonness.at(c).at(a);
  if (k.related == 0) return "none states it";
  return std::to_string(k.matching) + " of " + std::to_string(k.related);
}

std::string related_note(const ReconstructView& v) {
  std::string out = "Related games (evidence within " +
                    std::to_string(static_cast<int>(v.related.radius_km)) + " km and " +
                    std::to_string(v.related.years) + " years of the base's): ";
  if (!v.related.empty_because.empty()) return out + v.related.empty_because + ".";
  std::string names;
  for (const analysis::RelatedRuleset& r : v.related.rulesets) {
    names += (names.empty() ? "" : ", ") + r.ruleset + " (" + format_number(r.distance_km, 0) +
             " km, " + r.evidence + ")";
  }
  return out + names +
         "; 'related' counts, of those whose rules state the choice's keys, the ones that read "
         "the phrase as the alternative (a column beside the ranking, not part of it).";
}

// The ranking, best first: `top` candidates (0: all), the figures compact (the terminal and the
// page), the readings in a column of their own on the page (the terminal lists them below).
Table ranking_table(const ReconstructView& v, size_t top, bool with_reading) {
  std::vector<Column> columns = {{"rank"}, {"#"}};
  if (with_reading) columns.push_back({"reading"});
  for (const CriterionInfo& c : analysis::criteria()) columns.push_back({c.name});
  for (const char* name : {"stopping", "bound", "games", "front"}) columns.push_back({name});
  if (with_reading) columns.push_back({"plays as"});
  Table t(std::move(columns));
  size_t shown = 0;
  for (size_t i : v.result.order) {
    if (top > 0 && shown++ >= top) break;
    const Figures& f = v.result.ranked_figures(i);
    const analysis::CandidateResult& cr = v.result.candidates[i];
    const analysis::Candidate& c = v.reconstruction.space.candidates[i];
    std::vector<Cell> row = {Cell::integer(cr.standing.rank), Cell::integer(c.number)};
    if (with_reading) row.emplace_back(reading_in_words(v.reconstruction.space.readings, c.pick));
    for (const CriterionInfo& k : analysis::criteria())
      row.emplace_back(figure_text(k.id, f[k.id], true));
    row.emplace_back(share_text(f.stopping_rule));
    row.emplace_back(share_text(f.safety_bound));
    row.push_back(Cell::integer(static_cast<int64_t>(f.games)));
    row.emplace_back(cr.pareto ? "yes" : "");
    if (with_reading) {
      std::string same;
      for (int j : cr.plays_as)
        same += (same.empty() ? "#" : ", #") +
                std::to_string(v.reconstruction.space.candidates[static_cast<size_t>(j)].number);
      row.emplace_back(same);
    }
    t.add_row(std::move(row));
  }
  return t;
}

Table spreads_table(const ReconstructView& v, const analysis::Effects& e) {
  Table t({{"choice"}, {"criterion"}, {"from"}, {"to"}, {"effect [95% CI]"}});
  const auto& choices = v.reconstruction.space.readings.choices;
  std::vector<const analysis::Spread*> spreads;
  for (const analysis::Spread& s : e.spreads) spreads.push_back(&s);
  // Completion first, then by size within each criterion.
  std::stable_sort(spreads.begin(), spreads.end(),
                   [](const analysis::Spread* a, const analysis::Spread* b) {
                     if (a->criterion != b->criterion) return a->criterion < b->criterion;
                     const double x = std::isnan(a->spread) ? -1 : a->spread;
                     const double y = std::isnan(b->spread) ? -1 : b->spread;
                     return x > y;
                   });
  for (const analysis::Spread* s : spreads) {
    const Choice& c = choices[s->choice];
    t.add_row({readings_id_in_words(c.id), analysis::criterion_info(s->criterion).name,
               readings_id_in_words(c.alternatives[s->low].name),
               readings_id_in_words(c.alternatives[s->high].name),
               effect_text(s->criterion, s->spread, s->ci95)});
  }
  return t;
}

Table main_effects_table(const ReconstructView& v, const analysis::Effects& e, bool compact) {
  // The ranked agent's effects carry the panel's verdict: R when robust across the panel.
  const analysis::PanelResult& panel = v.result.panel;
  const bool marked = panel.played() && &e == &v.result.skilled_effects;
  std::vector<Column> columns = {{"choice"}, {"alternative"}};
  for (const CriterionInfo& c : analysis::criteria()) columns.push_back({c.name});
  Table t(std::move(columns));
  const auto& choices = v.reconstruction.space.readings.choices;
  for (size_t c = 0; c < choices.size(); ++c) {
    for (size_t a = 0; a < choices[c].alternatives.size(); ++a) {
      if (a == choices[c].reference) continue;
      // The terminal's table keeps the readings file's identifiers; the page
      // says them in words.
      std::vector<Cell> row = {compact ? choices[c].id : readings_id_in_words(choices[c].id),
                               compact ? choices[c].alternatives[a].name
                                       : readings_id_in_words(choices[c].alternatives[a].name)};
      for (const CriterionInfo& k : analysis::criteria()) {
        const auto it = std::find_if(e.main.begin(), e.main.end(), [&](const analysis::Effect& x) {
          return x.choice == c && x.alternative == a && x.criterion == k.id;
        });
        const size_t m = static_cast<size_t>(it - e.main.begin());
        const bool robust = marked && m < panel.robust_main.size() && panel.robust_main[m] == 1;
        row.emplace_back(it == e.main.end()
                             ? "-"
                             : effect_text(k.id, it->effect, it->ci95, compact) +
                                   (it->significant ? " *" : "") + (robust ? " R" : ""));
      }
      t.add_row(std::move(row));
    }
  }
  return t;
}

Table interactions_table(const ReconstructView& v, const analysis::Effects& e) {
  Table t({{"criterion"}, {"reading a"}, {"reading b"}, {"interaction [simultaneous 95% CI]"}});
  const auto& choices = v.reconstruction.space.readings.choices;
  for (const analysis::Interaction& i : e.interactions) {
    t.add_row({analysis::criterion_info(i.criterion).name,
               readings_id_in_words(choices[i.choice_a].id) + ": " +
                   readings_id_in_words(choices[i.choice_a].alternatives[i.alternative_a].name),
               readings_id_in_words(choices[i.choice_b].id) + ": " +
                   readings_id_in_words(choices[i.choice_b].alternatives[i.alternative_b].name),
               effect_text(i.criterion, i.effect, i.ci)});
  }
  return t;
}

// The interactions left out because a choice is void given the other, said so; empty without.
std::string void_note(const analysis::Effects& e) {
  if (e.void_left_out.empty()) return "";
  return " " + std::to_string(e.void_left_out.size()) +
         (e.void_left_out.size() == 1 ? " interaction is" : " interactions are") +
         " left out: in each a choice is void given the other (its readings play exactly alike "
         "there), so the figure would only be the other choice's effect.";
}

std::string interactions_note(const analysis::Effects& e) {
  const auto& tested = e.interactions_tested;
  if (std::all_of(tested.begin(), tested.end(), [](size_t n) { return n == 0; }))
    return "Two-way interactions: none was tested." + void_note(e);
  // Each criterion's interval is corrected over that criterion's own tests.
  std::string over;
  if (std::all_of(tested.begin(), tested.end(), [&](size_t n) { return n == tested.front(); })) {
    over = "the " + archive::count_of(tested.front(), "interaction") + " tested for each criterion";
  } else {
    for (std::size_t c = 0; c < analysis::kCriteria; ++c) {
      over += std::string(c == 0 ? "" : ", ") +
              analysis::criterion_info(static_cast<analysis::Criterion>(c)).name + " " +
              std::to_string(tested[c]);
    }
    over = "each criterion's own tests: " + over;
  }
  return "Two-way interactions: each alternative pair against both references, averaged over "
         "the other choices; shown when the simultaneous 95% interval (Bonferroni over " +
         over + ") excludes zero, at most the ten largest per criterion." + void_note(e);
}

// The panel's sentences: which agents ranked the finalists with how many games, how many ranks
// are robust, and the agreement of each pair of agents with what it means. Empty without a panel.
std::vector<std::string> panel_lines(const ReconstructView& v) {
  const analysis::PanelResult& p = v.result.panel;
  if (!p.played()) return {};
  const analysis::ReconstructSettings& s = v.reconstruction.settings;
  std::string agents, games;
  for (const sim::AgentSpec& a : p.agents) {
    agents += (agents.empty() ? "" : ", ") + a.name();
    const int64_t n = a == s.agent                               ? s.games
                      : a == sim::AgentSpec(sim::Agent::kRandom) ? s.games
                                                                 : p.games;
    games += (games.empty() ? "" : ", ") + a.name() + " " + std::to_string(n);
  }
  size_t robust = 0;
  for (size_t i : p.finalists) robust += p.robust_rank[i];
  std::vector<std::string> lines;
  lines.push_back("The panel (" + agents + ") ranks the " + std::to_string(p.finalists.size()) +
                  " finalists (the candidates of the last halving round) on the same criteria, "
                  "each agent on its own games (" +
                  games + " games a finalist); " + std::to_string(robust) + " of " +
                  std::to_string(p.finalists.size()) +
                  " ranks are robust (R: in the same quarter of the finalists under every "
                  "agent).");
  std::string agreement;
  for (size_t a = 0; a < p.agents.size(); ++a) {
    for (size_t b = a + 1; b < p.agents.size(); ++b) {
      agreement += (agreement.empty() ? "" : "; ") + p.agents[a].name() + " and " +
                   p.agents[b].name() + " " +
                   (p.tau[a][b] ? format_signed(*p.tau[a][b], 2) : std::string("undefined"));
    }
  }
  lines.push_back("Agreement of the panel's rankings (Kendall's tau-b over the finalists): " +
                  agreement + ". " + analysis::kPanelAgreementMeaning);
  return lines;
}

// Each finalist's rank under each agent of the panel, in the order of the ranking.
Table panel_table(const ReconstructView& v, size_t top) {
  const analysis::PanelResult& p = v.result.panel;
  std::vector<Column> columns = {{"rank"}, {"#"}};
  for (const sim::AgentSpec& a : p.agents) columns.push_back({a.name()});
  columns.push_back({"robust"});
  Table t(std::move(columns));
  size_t shown = 0;
  for (size_t i : v.result.order) {
    if (std::find(p.finalists.begin(), p.finalists.end(), i) == p.finalists.end()) continue;
    if (top > 0 && shown++ >= top) break;
    std::vector<Cell> row = {Cell::integer(v.result.candidates[i].standing.rank),
                             Cell::integer(v.reconstruction.space.candidates[i].number)};
    for (size_t a = 0; a < p.agents.size(); ++a) row.push_back(Cell::integer(p.ranks[a][i]));
    row.emplace_back(p.robust_rank[i] ? "R" : "");
    t.add_row(std::move(row));
  }
  return t;
}

std::string robust_effects_note(const ReconstructView& v) {
  if (!v.result.panel.played()) return "";
  return "R: the effect has the same sign under every agent of the panel, measured among the "
         "finalists.";
}

// One bar chart of the main effects on a criterion (alternative vs reference, with intervals).
std::string effects_chart(const ReconstructView& v, const analysis::Effects& e,
                          const CriterionInfo& k, const std::string& agent) {
  std::vector<std::string> categories;
  BarSeries series{.name = k.name, .values = {}};
  const auto& choices = v.reconstruction.space.readings.choices;
  for (const analysis::Effect& x : e.main) {
    if (x.criterion != k.id || x.alternative == choices[x.choice].reference) continue;
    categories.push_back(readings_id_in_words(choices[x.choice].id) + ": " +
                         readings_id_in_words(choices[x.choice].alternatives[x.alternative].name));
    const double s = scale_of(k.id);
    series.values.push_back({x.effect * s, x.ci95.low * s, x.ci95.high * s});
  }
  ChartOptions options;
  options.title = std::string("Effect on ") + k.name + " (" + agent + ")";
  options.x_label = k.id == Criterion::kCompletion ? "percentage points, against the base's reading"
                    : std::string(k.unit).empty()
                        ? "against the base's reading"
                        : std::string(k.unit) + ", against the base's reading";
  return svg_bar_chart(categories, {series}, options);
}

}  // namespace

std::string reconstruct_game_name(const analysis::Reconstruction& r) {
  return game_display_name(r.space.readings.game);
}

std::string reconstruct_text(const ReconstructView& v, std::size_t width, std::size_t top) {
  std::ostringstream out;
  const analysis::Space& space = v.reconstruction.space;
  out << "Readings of " << reconstruct_game_name(v.reconstruction) << " (" << space.readings.origin
      << "; base " << space.base.id << ")\n\n";
  for (const std::string& line : summary_lines(v)) out << line << "\n";
  out << "\nChoice points (base: the base's reading; related: of the related games' rulesets, "
         "how many read the phrase so)\n";
  for (size_t c = 0; c < space.readings.choices.size(); ++c) {
    const Choice& choice = space.readings.choices[c];
    out << "  " << choice.id << ": " << sim::witness_text(choice.witness) << "\n";
    for (size_t a = 0; a < choice.alternatives.size(); ++a) {
      const analysis::Alternative& alt = choice.alternatives[a];
      const std::string related = related_text(v, c, a);
      out << "    " << alt.name << (a == choice.reference ? " (base)" : "")
          << (related.empty() ? "" : " [related " + related + "]") << ": " << alt.because << "\n";
    }
  }
  out << related_note(v) << "\n";
  if (!v.result.order.empty()) {
    const size_t n = v.result.order.size();
    out << "\nRanking under " << ranked_agent(v)
        << (top > 0 && top < n ? " (the first " + std::to_string(top) + " of " + std::to_string(n) +
                                     "; --top 0 shows all)"
                               : "")
        << "\n"
        << fitted_text(ranking_table(v, top, false), width, 3);
    size_t shown = 0;
    for (size_t i : v.result.order) {
      if (top > 0 && shown++ >= top) break;
      const analysis::Candidate& c = space.candidates[i];
      out << "  #" << c.number << ": " << analysis::pick_label(space.readings, c.pick);
      if (!c.same_rules.empty())
        out << " (the same rules as " << c.same_rules.size() << " other combination"
            << (c.same_rules.size() == 1 ? "" : "s") << ")";
      if (!v.result.candidates[i].plays_as.empty()) {
        out << " (plays exactly as";
        for (int j : v.result.candidates[i].plays_as)
          out << " #" << space.candidates[static_cast<size_t>(j)].number;
        out << ")";
      }
      out << "\n";
    }
    out << ranking_note() << "\n";
    if (v.result.panel.played()) {
      out << "\nRanks under the panel\n";
      for (const std::string& line : panel_lines(v)) out << line << "\n";
      out << fitted_text(panel_table(v, top), width, 2);
    }
    const analysis::Effects& e = ranked_effects(v);
    out << "\nEffects of the choices under " << ranked_agent(v) << "\n";
    for (const std::string& line : effect_lines(v, e, false)) out << line << "\n";
    out << "\nMain effects: each reading against the base's, averaged over the other choices "
           "where both are allowed (95% intervals; * excludes zero)"
        << (v.result.panel.played() ? ". " + robust_effects_note(v) : "") << "\n"
        << fitted_text(main_effects_table(v, e, true), width, 2) << interactions_note(e) << "\n";
    const auto& choices = space.readings.choices;
    for (const analysis::Interaction& i : e.interactions) {
      out << "  " << analysis::criterion_info(i.criterion).name << ": " << choices[i.choice_a].id
          << "=" << choices[i.choice_a].alternatives[i.alternative_a].name << " with "
          << choices[i.choice_b].id << "=" << choices[i.choice_b].alternatives[i.alternative_b].name
          << ": " << effect_text(i.criterion, i.effect, i.ci) << "\n";
    }
  }
  if (!space.readings.left_out.empty()) {
    out << "\nLeft out of the choices\n";
    for (const analysis::LeftOut& l : space.readings.left_out)
      out << "  " << l.what << ": " << l.because << "\n";
  }
  return out.str();
}

std::string reconstruct_csv(const ReconstructView& v) {
  Table t({{"game"},
           {"candidate"},
           {"agent"},
           {"statistic"},
           {"metric"},
           {"state"},
           {"choice"},
           {"alternative"},
           {"choice_b"},
           {"alternative_b"},
           {"value"},
           {"ci_low"},
           {"ci_high"}});
  const analysis::Space& space = v.reconstruction.space;
  const std::string game = space.readings.game;
  const auto full = [](double x) { return std::isfinite(x) ? Cell::number(x, 17) : Cell(); };
  const auto row = [&](Cell candidate, const std::string& agent, const std::string& statistic,
                       const std::string& metric, const std::string& state,
                       const std::string& choice, const std::string& alternative,
                       const std::string& choice_b, const std::string& alternative_b, double value,
                       double low, double high) {
    t.add_row({game, std::move(candidate), agent, statistic, metric, state, choice, alternative,
               choice_b, alternative_b, full(value), full(low), full(high)});
  };
  const std::string skilled = v.reconstruction.settings.agent.name();
  for (size_t i : v.result.order) {
    const analysis::Candidate& c = space.candidates[i];
    const analysis::CandidateResult& cr = v.result.candidates[i];
    const Cell number = Cell::integer(c.number);
    row(number, "", "rank", "", "", "", "", "", "", cr.standing.rank, NAN, NAN);
    row(number, "", "pareto_front", "", "", "", "", "", "", cr.pareto ? 1 : 0, NAN, NAN);
    row(number, "", "last_stage", "", "", "", "", "", "", cr.last_stage, NAN, NAN);
    if (v.result.repeats(i))  // it plays exactly as this earlier reading: one reading
      row(number, "", "repeats", "", "", "", "", "", "",
          space.candidates[v.result.plays_first(i)].number, NAN, NAN);
    for (size_t ch = 0; ch < space.readings.choices.size(); ++ch) {
      const Choice& choice = space.readings.choices[ch];
      row(number, "", "reading", "", "", choice.id, choice.alternatives[c.pick[ch]].name, "", "",
          NAN, NAN, NAN);
    }
    const analysis::PanelResult& panel = v.result.panel;
    if (panel.played() && panel.ranks.front()[i] > 0) {  // a finalist: its rank under each agent
      for (size_t a = 0; a < panel.agents.size(); ++a)
        row(number, panel.agents[a].name(), "panel_rank", "", "", "", "", "", "", panel.ranks[a][i],
            NAN, NAN);
      row(number, "", "panel_robust_rank", "", "", "", "", "", "", panel.robust_rank[i] ? 1 : 0,
          NAN, NAN);
    }
    for (const CriterionInfo& k : analysis::criteria())
      row(number, "", "behind", k.key, "", "", "", "", "",
          cr.standing.behind[static_cast<size_t>(k.id)], NAN, NAN);
    for (const auto& [agent, f] :
         {std::pair<std::string, const Figures*>{"random", &cr.random}, {skilled, &cr.skilled}}) {
      if (!f->played) continue;
      row(number, agent, "games", "", "", "", "", "", "", static_cast<double>(f->games), NAN, NAN);
      row(number, agent, "completion", "", "text_rule", "", "", "", "", f->text_rule.value,
          f->text_rule.low, f->text_rule.high);
      row(number, agent, "completion", "", "ranked", "", "", "", "", f->criteria[0].value,
          f->criteria[0].low, f->criteria[0].high);
      row(number, agent, "completion", "", "source_rule", "", "", "", "", f->source_rule.value,
          f->source_rule.low, f->source_rule.high);
      row(number, agent, "completion", "", "assumed_rule", "", "", "", "", f->assumed_rule.value,
          f->assumed_rule.low, f->assumed_rule.high);
      row(number, agent, "completion", "", "stopping_rule", "", "", "", "", f->stopping_rule.value,
          f->stopping_rule.low, f->stopping_rule.high);
      row(number, agent, "completion", "", "safety_bound", "", "", "", "", f->safety_bound.value,
          f->safety_bound.low, f->safety_bound.high);
      if (!std::isnan(f->rounds_stopping_rule.value))
        row(number, agent, "round_completion", "", "stopping_rule", "", "", "", "",
            f->rounds_stopping_rule.value, f->rounds_stopping_rule.low,
            f->rounds_stopping_rule.high);
      for (const CriterionInfo& k : analysis::criteria()) {
        if (k.id == Criterion::kCompletion) continue;
        const stats::Estimate& e = (*f)[k.id];
        row(number, agent, k.key, "", "", "", "", "", "", e.value, e.low, e.high);
      }
    }
  }
  for (const auto& [reason, count] : v.result.counts.refusals)
    row(Cell(), "", "refused_combinations", "", reason, "", "", "", "", static_cast<double>(count),
        NAN, NAN);
  const auto effects = [&](const analysis::Effects& e, const std::string& agent) {
    const auto& choices = space.readings.choices;
    for (const analysis::Effect& x : e.main) {
      if (x.alternative == choices[x.choice].reference) continue;
      row(Cell(), agent, "effect", analysis::criterion_info(x.criterion).key, "",
          choices[x.choice].id, choices[x.choice].alternatives[x.alternative].name, "", "",
          x.effect, x.ci95.low, x.ci95.high);
    }
    for (const analysis::Spread& s : e.spreads) {
      row(Cell(), agent, "spread", analysis::criterion_info(s.criterion).key, "",
          choices[s.choice].id, choices[s.choice].alternatives[s.high].name, "",
          choices[s.choice].alternatives[s.low].name, s.spread, s.ci95.low, s.ci95.high);
    }
    for (const analysis::Interaction& i : e.interactions) {
      row(Cell(), agent, "interaction", analysis::criterion_info(i.criterion).key, "",
          choices[i.choice_a].id, choices[i.choice_a].alternatives[i.alternative_a].name,
          choices[i.choice_b].id, choices[i.choice_b].alternatives[i.alternative_b].name, i.effect,
          i.ci.low, i.ci.high);
    }
    for (const analysis::Interaction& i : e.void_left_out) {  // a void choice: no figure
      row(Cell(), agent, "interaction_left_out_void", analysis::criterion_info(i.criterion).key, "",
          choices[i.choice_a].id, choices[i.choice_a].alternatives[i.alternative_a].name,
          choices[i.choice_b].id, choices[i.choice_b].alternatives[i.alternative_b].name, NAN, NAN,
          NAN);
    }
  };
  if (v.result.skilled_played) effects(v.result.skilled_effects, skilled);
  effects(v.result.random_effects, "random");
  const analysis::PanelResult& panel = v.result.panel;
  if (panel.played()) {
    // The agreement of each pair of the panel's rankings (the second agent as the state), and
    // which of the skilled agent's main effects keep their sign under every agent.
    for (size_t a = 0; a < panel.agents.size(); ++a) {
      for (size_t b = a + 1; b < panel.agents.size(); ++b)
        row(Cell(), panel.agents[a].name(), "panel_kendall_tau_b", "", panel.agents[b].name(), "",
            "", "", "", panel.tau[a][b] ? *panel.tau[a][b] : NAN, NAN, NAN);
    }
    const auto& choices = space.readings.choices;
    const auto& main = v.result.skilled_effects.main;
    for (size_t m = 0; m < main.size() && m < panel.robust_main.size(); ++m) {
      if (panel.robust_main[m] < 0) continue;
      const analysis::Effect& x = main[m];
      row(Cell(), skilled, "panel_robust_effect", analysis::criterion_info(x.criterion).key, "",
          choices[x.choice].id, choices[x.choice].alternatives[x.alternative].name, "", "",
          panel.robust_main[m], NAN, NAN);
    }
  }
  if (v.related.empty_because.empty()) {
    for (size_t c = 0; c < space.readings.choices.size(); ++c) {
      for (size_t a = 0; a < space.readings.choices[c].alternatives.size(); ++a) {
        const analysis::Commonness& k = v.related.commonness[c][a];
        row(Cell(), "", "related_matching", "", "", space.readings.choices[c].id,
            space.readings.choices[c].alternatives[a].name, "", "", k.matching, NAN, NAN);
      }
    }
    row(Cell(), "", "related_rulesets", "", "", "", "", "", "",
        static_cast<double>(v.related.rulesets.size()), NAN, NAN);
  }
  return t.to_csv();
}

std::string reconstruct_html_fragment(const ReconstructView& v) {
  std::ostringstream out;
  const analysis::Space& space = v.reconstruction.space;
  out << "<p>The base reconstruction, <code>" << html_escape(space.base.id)
      << "</code>, reads each choice point below as the alternative marked \"the base's "
         "reading\".</p>\n";
  for (const std::string& line : summary_lines(v, true))
    out << "<p>" << html_escape(line) << "</p>\n";
  out << "<h2 id=\"choices\">Choice points</h2>\n";
  for (size_t c = 0; c < space.readings.choices.size(); ++c) {
    const Choice& choice = space.readings.choices[c];
    out << "<h3>" << html_escape(readings_id_in_words(choice.id)) << "</h3>\n<blockquote>"
        << html_escape(choice.phrase) << "</blockquote>\n<p class=\"witness\">"
        << html_escape(sim::witness_label(choice.witness)) << "</p>\n<ul>\n";
    for (size_t a = 0; a < choice.alternatives.size(); ++a) {
      const analysis::Alternative& alt = choice.alternatives[a];
      out << "<li><strong>" << html_escape(readings_id_in_words(alt.name)) << "</strong>"
          << (a == choice.reference ? " (the base's reading)" : "") << ": "
          << html_escape(alt.because)
          << (alt.because.empty() || alt.because.back() == '.' ? "" : ".");  // a sentence
      if (!alt.witness.kind.empty())
        out << " " << html_escape(sim::witness_label(alt.witness)) << ": &#8220;"
            << html_escape(alt.witness.text) << "&#8221;.";
      const std::string related = related_text(v, c, a);
      if (!related.empty()) out << " Related games reading it so: " << html_escape(related) << ".";
      out << "</li>\n";
    }
    out << "</ul>\n";
  }
  out << "<p>" << html_escape(related_note(v)) << "</p>\n";
  if (!space.readings.left_out.empty()) {
    out << "<p>Left out of the choices:</p>\n<ul>\n";
    for (const analysis::LeftOut& l : space.readings.left_out)
      out << "<li>" << html_escape(l.what) << ": " << html_escape(l.because) << "</li>\n";
    out << "</ul>\n";
  }
  if (!v.result.order.empty()) {
    out << "<h2 id=\"ranking\">Ranked candidates (" << html_escape(ranked_agent(v, true))
        << ")</h2>\n"
        << "<p>" << html_escape(ranking_note()) << "</p>\n"
        << "<div class=\"ranking\">\n"
        << ranking_table(v, 0, true).to_html() << "</div>\n";
    if (v.result.panel.played()) {
      out << "<h2 id=\"panel\">Ranks under the panel</h2>\n";
      for (const std::string& line : panel_lines(v)) out << "<p>" << html_escape(line) << "</p>\n";
      out << "<div style=\"overflow-x: auto\">\n" << panel_table(v, 0).to_html() << "</div>\n";
    }
    const analysis::Effects& e = ranked_effects(v);
    out << "<h2 id=\"effects\">Effects of the choices (" << html_escape(ranked_agent(v, true))
        << ")</h2>\n";
    for (const std::string& line : effect_lines(v, e, true))
      out << "<p>" << html_escape(line) << "</p>\n";
    out << "<p>Each reading against the base's, averaged over every combination of the "
           "other choices in which both are allowed, with 95% intervals (the runs taken as "
           "independent; they share their random numbers, which makes the intervals "
           "conservative).</p>\n";
    for (const CriterionInfo& k : analysis::criteria())
      out << effects_chart(v, e, k, ranked_agent(v, true)) << "\n";
    out << "<h3>The two readings farthest apart</h3>\n"
        << spreads_table(v, e).to_html() << "<h3>Main effects</h3>\n";
    if (v.result.panel.played()) out << "<p>" << html_escape(robust_effects_note(v)) << "</p>\n";
    out << main_effects_table(v, e, false).to_html() << "<h3>Interactions</h3>\n<p>"
        << html_escape(interactions_note(e)) << "</p>\n";
    if (!e.interactions.empty()) out << interactions_table(v, e).to_html();
    if (v.result.skilled_played) {
      out << "<h3>Under random play</h3>\n" << spreads_table(v, v.result.random_effects).to_html();
    }
  }
  return out.str();
}

std::string reconstruct_html_page(const ReconstructView& v, const std::string& links_html,
                                  const std::string& game_name) {
  const std::string title =
      "Readings of " + (game_name.empty() ? reconstruct_game_name(v.reconstruction) : game_name);
  return html_page(
      title, links_html + "<h1>" + html_escape(title) + "</h1>\n" + reconstruct_html_fragment(v));
}

std::string render_reconstruction(const ReconstructView& v, const std::string& format,
                                  std::size_t width, std::size_t top) {
  if (format == "json") {
    const bool runs = v.with_runs || !v.result.complete;
    return analysis::reconstruction_json_text(
        analysis::reconstruction_to_json(v.reconstruction, v.result, v.related, runs));
  }
  if (format == "csv") return reconstruct_csv(v);
  if (format == "html") return reconstruct_html_page(v);
  return printable(reconstruct_text(v, width, top));  // the phrases and reasons of a file
}

}  // namespace mancala::reports
