// The report's archive index (issue 23, "Where a historian looks"): every game of the archive,
// grouped by the world region its records lie in, each record linking to its page. Declared in
// reports/evidence_pages.h; reports/evidence_report.cpp fills the pages and adds the file.
#include <algorithm>
#include <map>

#include "reports/evidence_pages.h"
#include "reports/html.h"

namespace mancala::reports {
namespace {

constexpr std::string_view kArchiveStyle = R"(body { max-width: 84em; }
nav.regions { columns: 16em; margin: 0.5em 0 1.5em 0; }
nav.regions a { display: block; }
div.wide { overflow-x: auto; }
td.date, td.board { white-space: nowrap; }
)";

// The year or years of a date range as the pages show it ("1939", "1575-01-01 - 1599-12-31").
std::string short_date(const std::string& date) {
  const size_t dash = date.find(" - ");
  if (dash == std::string::npos) return date;
  const std::string from = date.substr(0, dash), to = date.substr(dash + 3);
  auto year = [](const std::string& d) {
    const size_t cut = d.find('-', 1);
    const std::string y = cut == std::string::npos ? d : d.substr(0, cut);
    return d.ends_with(" BCE") && !y.ends_with(" BCE") ? y + " BCE" : y;
  };
  return year(from) == year(to) ? year(from) : year(from) + " - " + year(to);
}

std::string anchor(const std::string& region) {
  std::string out = "region-";
  for (const char c : region) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    out += keep ? c : '-';
  }
  return out;
}

}  // namespace

std::string archive_index_page(const std::vector<EvidencePage>& pages,
                               std::string_view report_title) {
  constexpr const char* kUnplaced = "No position";
  std::map<std::string, std::vector<const EvidencePage*>> by_region;
  for (const EvidencePage& p : pages) {
    if (p.regions.empty()) by_region[kUnplaced].push_back(&p);
    for (const std::string& region : p.regions) by_region[region].push_back(&p);
  }
  std::vector<std::string> regions;
  for (const auto& [region, list] : by_region)
    if (region != kUnplaced) regions.push_back(region);
  if (by_region.contains(kUnplaced)) regions.push_back(kUnplaced);
  size_t games = 0;
  {
    std::vector<std::string> keys;
    for (const EvidencePage& p : pages) keys.push_back(p.game_key);
    std::sort(keys.begin(), keys.end());
    games = static_cast<size_t>(std::unique(keys.begin(), keys.end()) - keys.begin());
  }

  std::string b;
  b += "<p><a href=\"index.html\">\xE2\x86\x90 Report</a> \xC2\xB7 <a "
       "href=\"index.html#evidence\">Evidence map</a></p>\n";
  b += "<h1>The archive: " + std::to_string(games) + " games, " + std::to_string(pages.size()) +
       " evidence records</h1>\n";
  b += "<p>Every game of the archive, grouped by the world region (the UN geoscheme's, as the "
       "Digital Ludeme Project draws them) in which its records lie: a record's coordinates, or "
       "the centre of the region it names; a record of an uncertain place is listed under each "
       "region one of its candidates lies in. Records without a position come last. Each record "
       "links to its page (board, place, date, sources, similar games, how to cite).</p>\n";
  b += "<nav class=\"regions\">\n";
  for (const std::string& region : regions) {
    b += "<a href=\"#" + anchor(region) + "\">" + h(region) + " (" +
         std::to_string(by_region[region].size()) + ")</a>\n";
  }
  b += "</nav>\n";
  for (const std::string& region : regions) {
    std::vector<const EvidencePage*> list = by_region[region];
    std::stable_sort(list.begin(), list.end(), [](const EvidencePage* x, const EvidencePage* y) {
      if (x->game_name != y->game_name) return x->game_name < y->game_name;
      return x->id < y->id;
    });
    b += "<h2 id=\"" + anchor(region) + "\">" + h(region) + "</h2>\n";
    b += "<div class=\"wide\">\n<table>\n<thead>\n<tr><th>Game</th><th>Record</th><th>Board</th>"
         "<th>Place</th><th>Date</th><th>Type</th></tr>\n</thead>\n<tbody>\n";
    std::string previous;
    for (const EvidencePage* p : list) {
      const std::string game = p->game_name == previous ? "" : h(p->game_name);
      previous = p->game_name;
      b += "<tr><td>" + game + "</td><td><a href=\"" + h(evidence_page_path(p->id)) + "\">" +
           h(p->id) + "</a></td><td class=\"board\">" +
           h(p->board_short.empty() ? std::string("-") : p->board_short) + "</td><td>" +
           h(p->location.empty() ? std::string("-") : p->location) + "</td><td class=\"date\">" +
           h(p->date.empty() ? std::string("undated") : short_date(p->date)) + "</td><td>" +
           h(p->type) + "</td></tr>\n";
    }
    b += "</tbody>\n</table>\n</div>\n";
  }
  std::string page = html_page("The archive \xE2\x80\x94 " + std::string(report_title), b);
  const std::size_t end = page.find("</style>");
  if (end != std::string::npos) page.insert(end, kArchiveStyle);
  return page;
}

}  // namespace mancala::reports
