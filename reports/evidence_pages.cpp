#include "reports/evidence_pages.h"

#include <algorithm>
#include <cstdio>

#include "reports/html.h"

namespace mancala::reports {
namespace {

// Style rules for the evidence pages, added to html_page's sheet: maps that shrink with the page,
// the quoted source set off, citations that wrap.
constexpr std::string_view kEvidenceStyle = R"(body { max-width: 84em; }
svg.map { max-width: 100%; height: auto; display: block; }
blockquote { margin: 0.5em 0 1em 0; padding: 0.5em 1em; border-left: 4px solid #bbb; background: #f7f7f7; white-space: pre-wrap; }
pre.cite { white-space: pre-wrap; word-break: break-word; background: #f7f7f7; padding: 0.5em; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2em 1em; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.approx { color: #8a4b00; font-weight: 600; }
td.date { white-space: nowrap; }
)";

std::string page_with_style(std::string_view title, std::string_view body) {
  std::string page = html_page(title, body);
  const std::size_t end = page.find("</style>");
  if (end != std::string::npos) page.insert(end, kEvidenceStyle);
  return page;
}

std::string degrees(double value, char positive, char negative) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f\xC2\xB0%c", value < 0 ? -value : value,
                value < 0 ? negative : positive);
  return buffer;
}

std::string km(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.0f km", value);
  return buffer;
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(separator)) + p;
  return out;
}

// The place of a record in words: its coordinates, or its region's approximate position.
std::string place_html(const EvidencePage& p) {
  std::string out = h(p.location.empty() ? std::string("not given") : p.location);
  if (p.latitude) {
    out += " (" + h(degrees(*p.latitude, 'N', 'S') + " " + degrees(*p.longitude, 'E', 'W')) + ")";
  } else if (!p.place_candidates.empty()) {
    out += " \xE2\x80\x94 <span class=\"approx\">uncertain</span>: one of " +
           h(join(p.place_candidates, " or ")) +
           " (outlines on the map). <small>Position from: " + h(p.place_source) + "</small>";
  } else if (!p.place_name.empty() && p.place_outline) {
    out += " \xE2\x80\x94 <span class=\"approx\">approximate</span> position: the region " +
           h(p.place_name) + " (its outline on the map; centre " +
           h(degrees(p.place_latitude, 'N', 'S') + " " + degrees(p.place_longitude, 'E', 'W')) +
           "). <small>Position from: " + h(p.place_source) + "</small>";
  } else if (!p.place_name.empty()) {
    out += " \xE2\x80\x94 <span class=\"approx\">approximate</span> position " +
           h(degrees(p.place_latitude, 'N', 'S') + " " + degrees(p.place_longitude, 'E', 'W')) +
           ", within " + h(km(p.place_radius_km)) + " (the region " + h(p.place_name) +
           "). <small>Position from: " + h(p.place_source) + "</small>";
  } else {
    out += " (no position: not on the map)";
  }
  return out;
}

// "1927" for "1927-01-01 - 1927-12-31" (a whole year), else the date as given.
std::string compact_date(const std::string& date) {
  const size_t dash = date.find(" - ");
  if (dash == std::string::npos) return date;
  const std::string from = date.substr(0, dash), to = date.substr(dash + 3);
  if (from.size() == 10 && to.size() == 10 && from.compare(0, 4, to, 0, 4) == 0 &&
      from.compare(4, 6, "-01-01") == 0 && to.compare(4, 6, "-12-31") == 0)
    return from.substr(0, 4);
  return date;
}

// A date range that may break after its dash, never inside a date.
std::string date_cell(const std::string& date) {
  const size_t dash = date.find(" - ");
  if (dash == std::string::npos)
    return "<span style=\"white-space: nowrap\">" + h(date) + "</span>";
  return "<span style=\"white-space: nowrap\">" + h(date.substr(0, dash)) +
         " -</span> <span style=\"white-space: nowrap\">" + h(date.substr(dash + 3)) + "</span>";
}

}  // namespace

std::string evidence_page_path(std::string_view id) {
  std::string name;
  for (char c : id) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '.' || c == '_' || c == '-';
    name += keep ? c : '_';
  }
  return "evidence/" + name + ".html";
}

std::string evidence_page(const EvidencePage& p,
                          const std::vector<std::pair<std::string, std::string>>& ruleset_pages,
                          std::string_view report_title) {
  std::string b;
  b += "<p><a href=\"../index.html\">\xE2\x86\x90 Report</a> \xC2\xB7 <a "
       "href=\"../index.html#evidence\">All evidence</a></p>\n";
  b += "<h1>" + h(p.id) + ": " + h(p.game_name) + "</h1>\n";
  b += "<dl class=\"facts\">\n";
  b += "<dt>Game</dt><dd>" + h(p.game_name) + "</dd>\n";
  b += "<dt>Type</dt><dd>" + h(p.type) + "</dd>\n";
  b += "<dt>Date</dt><dd>" + h(p.date.empty() ? std::string("undated") : p.date) + "</dd>\n";
  b += "<dt>Place</dt><dd>" + place_html(p) + "</dd>\n";
  // Whose rating it is: the DLP's figure for its records, never the source's (issue 35).
  b += std::string("<dt>") + (p.dlp_confidence ? "DLP confidence" : "Archive confidence") +
       "</dt><dd>" +
       h(p.confidence ? std::to_string(*p.confidence) +
                            (p.dlp_confidence
                                 ? " (the Digital Ludeme Project's rating of the record, 0-100; "
                                   "not the author's)"
                                 : " (this archive's rating of the record, 0-100)")
                      : std::string("not given")) +
       "</dd>\n";
  if (!p.author_doubts.empty())
    b += "<dt>The author's doubts</dt><dd>" + h(p.author_doubts) + "</dd>\n";
  b += "<dt>Sources</dt><dd>";
  if (p.sources.empty()) b += "none recorded";
  for (size_t i = 0; i < p.sources.size(); ++i) {
    b += (i ? "<br />" : "") + h(p.sources[i]);
    if (i < p.sources_as_written.size() && !p.sources_as_written[i].empty())
      b += " <small>(" + std::string(p.dlp_confidence ? "as the DLP records it" : "as written") +
           ": " + h(p.sources_as_written[i]) + ")</small>";
  }
  b += "</dd>\n";
  if (!p.see_also.empty() || !p.see_also_of.empty()) {
    // The same game's record in the other collection, both ways (issue 35, item 7).
    b += "<dt>Same game, other record</dt><dd>";
    std::vector<std::string> shown;
    for (const std::vector<std::string>* list : {&p.see_also, &p.see_also_of}) {
      for (const std::string& other : *list) {
        if (std::find(shown.begin(), shown.end(), other) != shown.end()) continue;
        b += std::string(shown.empty() ? "" : ", ") + "<a href=\"../" +
             h(evidence_page_path(other)) + "\">" + h(other) + "</a>";
        shown.push_back(other);
      }
    }
    b += "</dd>\n";
  }
  if (!p.origin.empty())
    b += "<dt>Origin</dt><dd>" + h(p.origin) + " <small>(as written)</small></dd>\n";
  if (!p.board.empty()) b += "<dt>Board</dt><dd>" + h(p.board) + "</dd>\n";
  if (!p.classification.empty())
    b += "<dt>Classification</dt><dd><code>" + h(p.classification) + "</code></dd>\n";
  if (!p.portal_url.empty()) {
    b += "<dt>DLP portal</dt><dd><a href=\"" + h(p.portal_url) + "\">" +
         h(p.dlp_ruleset ? "DLP ruleset " + std::to_string(*p.dlp_ruleset) + " on the Ludii portal"
                         : std::string("the game on the Ludii portal")) +
         "</a>" + (p.accessed.empty() ? "" : " (accessed " + h(p.accessed) + ")") + "</dd>\n";
  }
  if (!p.credit.empty()) b += "<dt>Written by</dt><dd>" + h(p.credit) + " (DLP)</dd>\n";
  // The ruleset ids, each linked to its page when the report has one.
  const auto linked_ids = [&](const std::vector<std::string>& ids) {
    std::string out;
    for (size_t i = 0; i < ids.size(); ++i) {
      std::string href;
      for (const auto& [id, path] : ruleset_pages) {
        if (id == ids[i]) href = path;
      }
      out += i ? ", " : "";
      out += href.empty() ? "<code>" + h(ids[i]) + "</code>"
                          : "<a href=\"../" + h(href) + "\">" + h(ids[i]) + "</a>";
    }
    return out;
  };
  // One row when the record is cited by every ruleset of its game (the two rows said the same).
  if (!p.rulesets.empty() && p.rulesets == p.game_rulesets) {
    b += "<dt>Rulesets citing it</dt><dd>" + linked_ids(p.rulesets) +
         (p.rulesets.size() == 1 ? " (the game's only ruleset)" : " (every ruleset of the game)");
  } else {
    b += "<dt>Rulesets citing it</dt><dd>" + (p.rulesets.empty() ? "none" : linked_ids(p.rulesets));
    b += "</dd>\n<dt>Rulesets of the game</dt><dd>" +
         (p.game_rulesets.empty() ? "none yet (no reconstruction of this game is executable here)"
                                  : linked_ids(p.game_rulesets));
  }
  b += "</dd>\n</dl>\n";
  if (!p.map_svg.empty()) b += "<figure>\n" + p.map_svg + "\n</figure>\n";
  if (!p.description.empty()) {
    b += "<h2 id=\"description\">Description</h2>\n<p>" + h(p.description) + "</p>\n";
  }
  if (!p.rules.empty()) {
    b += "<h2 id=\"rules\">Rules (a paraphrase)</h2>\n<p>" + h(p.rules) + "</p>\n";
  }
  if (!p.variants.empty()) {
    b += "<h2 id=\"variants\">The DLP's rulesets of this game</h2>\n<ul>\n";
    for (const EvidencePage::Variant& v : p.variants) {
      std::string name = h(v.name);
      if (!v.portal_url.empty()) name = "<a href=\"" + h(v.portal_url) + "\">" + name + "</a>";
      b += "<li>" + name +
           (v.dlp_ruleset ? " (DLP ruleset " + std::to_string(*v.dlp_ruleset) + ")" : "") +
           (v.rules.empty() ? "" : ": " + h(v.rules)) +
           (v.sources.empty() ? "" : " <small>" + h(join(v.sources, "; ")) + "</small>") +
           "</li>\n";
    }
    b += "</ul>\n";
  }
  if (!p.similar.empty()) {
    b += "<h2 id=\"similar\">Similar games</h2>\n<p>The nearest games in the archive by board, "
         "place and date (<code>mancala evidence similar " +
         h(p.game_key) + "</code>):</p>\n<ol>\n";
    for (const EvidencePage::Similar& sim : p.similar) {
      b += "<li><a href=\"../" + h(evidence_page_path(sim.record_id)) + "\">" + h(sim.name) +
           "</a>: " + h(sim.reason) + "</li>\n";
    }
    b += "</ol>\n";
  }
  if (!p.content.empty()) {
    b += "<h2 id=\"content\">The source (quoted)</h2>\n<blockquote>" + h(p.content) +
         "</blockquote>\n";
  }
  if (!p.notes.empty()) b += "<h2 id=\"notes\">Notes</h2>\n<p>" + h(p.notes) + "</p>\n";
  b += "<h2 id=\"cite\">How to cite</h2>\n<p>The works it cites, then the record itself:</p>\n"
       "<pre class=\"cite\">" +
       h(p.cite_text) + "</pre>\n<p>BibTeX (also <code>mancala evidence cite " + h(p.id) +
       " --format bibtex</code>; <code>--format csl-json</code> for Zotero and pandoc):</p>\n"
       "<pre class=\"cite\">" +
       h(p.cite_bibtex) + "</pre>\n";
  return page_with_style(p.id + " \xE2\x80\x94 " + std::string(report_title), b);
}

std::string evidence_index_section(const std::vector<EvidencePage>& pages,
                                   const std::string& map_svg) {
  std::string b = "<h2 id=\"evidence\">Evidence</h2>\n";
  size_t described = 0;
  for (const EvidencePage& p : pages) described += p.type == "Secondary description" ? 1 : 0;
  b += "<p>Every evidence record has a page of its own (citation, place, rules, the quoted "
       "source, the rulesets that cite it). Filled dots: coordinates given; hollow dots: the "
       "centre of a named region, its outline dashed. <a href=\"" +
       std::string(kArchiveIndexPath) + "\">The archive index</a> lists all " +
       std::to_string(pages.size()) + " records by region, " + std::to_string(described) +
       " of them the Digital Ludeme Project's descriptions of sowing games; the table below gives "
       "the curated records.</p>\n";
  if (!map_svg.empty()) b += "<figure>\n" + map_svg + "\n</figure>\n";
  // Inline styles: the index has the report's style sheet, not this file's.
  b += "<div style=\"overflow-x: auto\">\n<table style=\"width: "
       "100%\">\n<thead>\n<tr><th>Record</th>"
       "<th>Game</th><th>Date</th><th>Place</th><th>Sources</th></tr>\n</thead>\n<tbody>\n";
  for (const EvidencePage& p : pages) {
    if (p.type == "Secondary description") continue;
    std::string place = h(p.location);
    if (!p.latitude && !p.place_name.empty())
      place += " <em>(approximate, \xC2\xB1" + h(km(p.place_radius_km)) + ")</em>";
    else if (!p.latitude)
      place += " (no position)";
    b += "<tr><td style=\"min-width: 0\"><a href=\"" + h(evidence_page_path(p.id)) + "\">" +
         h(p.id) + "</a></td><td>" + h(p.game_name) + "<br /><small>" + h(p.type) +
         "</small></td><td>" + date_cell(compact_date(p.date)) + "</td><td>" + place + "</td><td>" +
         h(p.sources.empty() ? std::string("none") : join(p.sources, "; ")) + "</td></tr>\n";
  }
  b += "</tbody>\n</table>\n</div>\n";
  return b;
}

std::string evidence_links_html(const std::vector<std::string>& ids,
                                const std::set<std::string>& with_page, std::string_view prefix) {
  if (ids.empty()) return "none";
  std::string out;
  for (const std::string& id : ids) {
    out += out.empty() ? "" : ", ";
    out += with_page.contains(id) ? "<a href=\"" + h(std::string(prefix) + evidence_page_path(id)) +
                                        "\">" + h(id) + "</a>"
                                  : h(id);
  }
  return out;
}

std::string reconstruction_citation(const std::string& ruleset_id, const std::string& name,
                                    const std::string& status, const std::string& rules_hash,
                                    const std::vector<std::string>& evidence) {
  std::string out = name + " (mancala ruleset " + ruleset_id + ", " + status;
  if (!rules_hash.empty()) out += "; rules hash " + rules_hash;
  out += ")";
  out += evidence.empty() ? ", citing no evidence record."
                          : ", after evidence " + join(evidence, ", ") + ".";
  return out;
}

std::string run_citation(const std::string& ruleset_id, const std::string& rules_hash,
                         const std::string& engine_version, std::uint64_t seed,
                         const std::string& agent, std::int64_t games,
                         std::optional<std::int64_t> run_id,
                         std::optional<std::int64_t> partial_games) {
  const size_t comma = agent.find(',');
  const std::string agents =
      comma == std::string::npos
          ? agent + " agent on both sides"
          : agent.substr(0, comma) + " (P1) against " + agent.substr(comma + 1) + " (P2)";
  // What the statistics cover, and so what reproduces them: the first K games of a partial run.
  const std::int64_t covered = partial_games ? *partial_games : games;
  std::string out = "Simulation of ruleset " + ruleset_id;
  if (!rules_hash.empty()) out += " (rules hash " + rules_hash + ")";
  out += ": " +
         (partial_games ? std::to_string(covered) + " of " + std::to_string(games) +
                              " games (partial: interrupted)"
                        : std::to_string(games) + " games") +
         ", " + agents + ", seed " + std::to_string(seed) + ", mancala engine " + engine_version;
  if (run_id) out += ", archive run " + std::to_string(*run_id);
  out += ". To reproduce: mancala simulate " + ruleset_id + " --games " + std::to_string(covered) +
         " --seed " + std::to_string(seed) +
         (comma == std::string::npos ? " --agent " : " --agents ") + agent + ".";
  return out;
}

}  // namespace mancala::reports
