#include "reports/glossary.h"

#include "reports/html.h"
#include "reports/report_pages.h"

namespace mancala::reports {

const std::vector<GlossaryTerm>& glossary_terms() {
  static const std::vector<GlossaryTerm> terms = {
      {"reading", "reading",
       "One way of taking an ambiguous text: a ruleset, or a candidate of a reconstruction. "
       "Readings are ranked by how they play, never by how likely each is to be what the source "
       "meant; readings that play exactly alike are one reading, counted once."},
      {"seed-games", "seed games and the family",
       "The seed games are those of the curated sources, each read from its primary source (and "
       "Kalah, a modern game kept as a control); the family is the readings of the Digital "
       "Ludeme Project's rules paraphrases, one or more per game of its library."},
      {"witness", "witness",
       "Whose words a rule choice rests on: a primary source in its own words (shown as author, "
       "year and page), the Digital Ludeme Project's modern paraphrase (\"DLP paraphrase\"), "
       "another ruleset's reading, or nobody: an assumption, the reconstruction's own choice, "
       "with its reason, where the evidence is silent."},
      {"text-rule", "ended by the text's rule",
       "The game ended by a rule some text gives: the source's rule (stated in a primary "
       "source's own words) or the paraphrase's rule (taken from the DLP paraphrase or from "
       "another reading). The source's rule's share is shown beside it."},
      {"assumed-rule", "ended by an assumed rule",
       "The game ended by a rule of the game that the reconstruction assumes, no text giving it."},
      {"stopping-rule", "stopping rule",
       "A rule the reconstruction adds so that play ends: the no-progress rule (a round ended "
       "after so many turns without capture), or a limit on the rounds of a match. A game it "
       "ended was stopped, not ended by a rule of the game; its winner rule has a witness of its "
       "own."},
      {"safety-bound", "safety bound",
       "The most moves of a round, or rounds of a match, the simulation plays: a game still going "
       "then is left unfinished, with no winner."},
      {"rests-on-stops", "rests on stops",
       "Said of a figure when more than half of the games (of a match: of its rounds) were "
       "stopped by a stopping rule or the safety bound: it describes the reconstruction's "
       "additions more than the game."},
      {"stability", "stability",
       "Whether a headline figure holds when each stopping threshold of the ruleset is halved "
       "and doubled: stable (the figure alone), unstable (\"depends on ...\", with the range over "
       "the variants), or \"stability not checked\" when the variants were not played."},
      {"advantage", "first-player advantage and seat advantage",
       "P(P1 wins) minus P(P2 wins), P1 being who moves first in the first round, in percentage "
       "points. Where every turn is simultaneous nobody moves first: the players are seat 1 and "
       "seat 2, and the figure is the seat advantage."},
      {"status", "status: observed, described, reconstructed",
       "Observed: the rules as players play them, recorded by someone who saw them played or "
       "taken from the codified rules they follow, with no stopping rule added; described: a "
       "written statement of the whole game, followed closely, with no stopping rule added; "
       "reconstructed: everything else, an ethnographer's account whose gaps the reconstruction "
       "fills, a variant resting on an assumption, or a ruleset whose results rest on a "
       "stopping rule it adds."},
  };
  return terms;
}

std::string glossary_page(std::string_view report_title) {
  std::string body =
      "<p><a href=\"index.html\">\xE2\x86\x90 All rulesets</a></p>\n<h1>Terms "
      "used in this report</h1>\n<p>The few terms the pages keep, in the words "
      "of the project's vocabulary (docs/terms.md).</p>\n<dl>\n";
  for (const GlossaryTerm& t : glossary_terms())
    body += "<dt id=\"" + html_escape(t.id) + "\"><strong>" + html_escape(t.term) +
            "</strong></dt>\n<dd>" + html_escape(t.meaning) + "</dd>\n";
  body += "</dl>\n";
  return report_page(std::string("Terms \xE2\x80\x94 ") + std::string(report_title), body);
}

std::string glossary_link(std::string_view id, std::string_view text, int depth) {
  std::string href;
  for (int i = 0; i < depth; ++i) href += "../";
  href += std::string(kGlossaryPath) + "#" + std::string(id);
  return "<a href=\"" + html_escape(href) + "\">" + html_escape(text) + "</a>";
}

}  // namespace mancala::reports
