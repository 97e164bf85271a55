#include "reports/reconstruct_report.h"

#include <cctype>
#include <cmath>
#include <string_view>

#include "common/error.h"
#include "common/format.h"
#include "reports/glossary.h"
#include "reports/html.h"
#include "reports/readings_words.h"
#include "reports/report_index.h"

namespace mancala::reports {
namespace {

// Inserts `html` before the closing </body> of `file`; throws mancala::Error naming `what` when
// the page has none.
void insert_before_body_end(ReportFile& file, const std::string& html, const std::string& what) {
  const std::size_t at = file.content.rfind("</body>");
  if (at == std::string::npos)
    throw Error(where("report", file.path, "no </body> to add " + what + " before"));
  file.content.insert(at, html);
}

// Links the first mention of `phrase` in the page's text after its heading to the glossary's
// term `id` (issue 39, item 2: "linked where they appear"); nothing when the page never says it.
void link_first_mention(std::string& page, const std::string& phrase, std::string_view id) {
  const std::size_t heading = page.find("</h1>");
  if (heading == std::string::npos) return;
  for (std::size_t at = page.find(phrase, heading); at != std::string::npos;
       at = page.find(phrase, at + phrase.size())) {
    // Only in running text: not inside a tag (an attribute, a chart's label).
    const std::size_t open = page.rfind('<', at), close = page.rfind('>', at);
    if (open != std::string::npos && (close == std::string::npos || close < open)) continue;
    page.replace(at, phrase.size(), glossary_link(id, phrase, 1));
    return;
  }
}

}  // namespace

std::string readings_page_path(const std::string& game) { return "readings/" + game + ".html"; }

std::string reconstruct_summary(const ReconstructView& v) {
  const analysis::Space& space = v.reconstruction.space;
  const analysis::ReadingCounts& n = v.result.counts;  // the model's counts, only said here
  std::string out = std::to_string(space.candidates.size()) + " candidates (" +
                    std::to_string(space.generated) + " combinations, " +
                    std::to_string(space.refused.size()) + " refused by rules check, " +
                    std::to_string(n.merged) + " merged)";
  const std::string agent =
      v.result.skilled_played ? v.reconstruction.settings.agent.name() : std::string("random play");
  // Readings that play exactly alike are one reading, counted once (docs/terms.md).
  const size_t played = n.played, distinct = n.distinct;
  if (distinct < played)
    out += ", " + std::to_string(distinct) + " distinct readings (" +
           std::to_string(played - distinct) + " play exactly as another)";
  out += "; under " + agent + ", " + std::to_string(n.text_rule) + " of " +
         std::to_string(distinct) + " end by the text's rule (" +
         (v.result.any_source_rule()
              ? std::to_string(n.source_rule) + " by the source's rule"
              : std::string("none of its readings has an ending the source states")) +
         ")";
  const analysis::Effects& e =
      v.result.skilled_played ? v.result.skilled_effects : v.result.random_effects;
  // The readings page's own sentence (one model, the same words), lower-cased as a clause.
  std::string largest = largest_effect_sentence(v, e, analysis::Criterion::kCompletion, true);
  if (!largest.empty()) {
    largest[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(largest[0])));
    if (largest.ends_with('.')) largest.pop_back();
    out += "; " + largest;
  }
  return out;
}

void add_readings_to_report(std::vector<ReportFile>& report, const std::vector<ReadingsPage>& pages,
                            const ReportOptions& options) {
  if (pages.empty()) return;
  std::vector<ReportFile> files = report;  // all or nothing
  if (!find_report_file(files, "index.html")) throw Error("report: index.html: missing");
  std::vector<ReportFile> added;  // appended at the end: pointers into `files` stay valid
  std::string items, markdown;
  for (const ReadingsPage& p : pages) {
    const ReconstructView view{p.reconstruction, p.result, p.related};
    const std::string game = p.reconstruction.space.readings.game;
    const std::string name = game_name(options, game);
    const std::string path = readings_page_path(game);
    const std::string& base = p.reconstruction.space.base.id;
    ReportFile* base_page = find_report_file(files, ruleset_page_path(base));
    // Back to the index, as the ruleset pages link, and to the base reconstruction's page.
    std::string links =
        "<p><a href=\"../index.html\">\xE2\x86\x90 All rulesets</a> \xC2\xB7 <a "
        "href=\"../index.html#readings\">Readings of the sources</a> \xC2\xB7 " +
        glossary_link("reading", "Terms", 1);
    if (base_page) {
      links += " \xC2\xB7 base reconstruction: <a href=\"../" +
               html_escape(ruleset_page_path(base)) + "\">" + html_escape(base) + "</a>";
    }
    links += "</p>\n";
    std::string html = reconstruct_html_page(view, links, name);
    link_first_mention(html, "stopping rule", "stopping-rule");
    link_first_mention(html, "safety bound", "safety-bound");
    added.push_back({path, std::move(html)});
    const std::string summary = reconstruct_summary(view);
    items += "<li><a href=\"" + html_escape(path) + "\">Readings of " + html_escape(name) +
             "</a>: " + html_escape(summary) + "</li>\n";
    markdown += "- Readings of " + name + ": " + summary + "\n";
    if (ReportFile* page = base_page) {
      insert_before_body_end(*page,
                             "<p class=\"note\">Every reading of the source, played and ranked: "
                             "<a href=\"../" +
                                 html_escape(path) + "\">Readings of " + html_escape(name) +
                                 "</a>.</p>\n",
                             "the readings link");
    }
  }
  ReportFile& index = *find_report_file(files, "index.html");
  const std::string section =
      "<section class=\"readings\">\n<h2 id=\"readings\">Readings of the sources</h2>\n<p>Every "
      "reading each source's words allow, played under random and skilled agents, ranked, and "
      "each ambiguity's effect measured.</p>\n"
      "<ul>\n" +
      items + "</ul>\n</section>\n";
  // Where the index keeps their place (before the family), else at its end.
  if (const std::size_t at = index.content.find(kReadingsMarker); at != std::string::npos)
    index.content.replace(at, kReadingsMarker.size(), section);
  else
    insert_before_body_end(index, section, "the readings");
  if (ReportFile* md = find_report_file(files, "report.md"))
    md->content += "\n## Readings of the sources\n\n" + markdown;
  for (ReportFile& file : added) files.push_back(std::move(file));
  report = std::move(files);
}

}  // namespace mancala::reports
