#include "archive/cite.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <string_view>

#include "archive/dates.h"
#include "common/text.h"

namespace mancala::archive {
namespace {

std::string year_of(const Json& item) {
  const auto it = item.find("issued");
  if (it == item.end() || !it->contains("date-parts")) return "";
  const Json& parts = (*it)["date-parts"];
  if (!parts.is_array() || parts.empty() || !parts[0].is_array() || parts[0].empty()) return "";
  return parts[0][0].is_number_integer() ? std::to_string(parts[0][0].get<int64_t>()) : "";
}

std::string string_of(const Json& item, const char* key) {
  const auto it = item.find(key);
  if (it == item.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<int64_t>());
  return "";
}

// A citation key from the first author's family name (ASCII letters only) and the year.
std::string author_key(const Json& csl) {
  std::string key;
  if (auto authors = csl.find("author"); authors != csl.end() && !authors->empty()) {
    const Json& first = (*authors)[0];
    const std::string family =
        first.contains("family") ? string_of(first, "family") : string_of(first, "literal");
    for (char c : family) {
      if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) key += c;
    }
  }
  if (key.empty()) return "";
  return key + year_of(csl);
}

std::string record_title(const EvidenceRecord& r, const std::optional<Game>& game) {
  std::string title = game ? game->name : r.game;
  title += ": " + r.type;
  if (!r.location.empty()) title += ", " + r.location;
  if (r.date_from) {
    const std::string from = display_date(*r.date_from), to = display_date(*r.date_to);
    const std::string y1 = from.substr(0, from.find('-', 1)), y2 = to.substr(0, to.find('-', 1));
    title += ", " + (from == to || y1 == y2 ? y1 : y1 + "-" + y2);
  }
  return title;
}

bool is_dlp(const std::string& id) { return id.rfind("DLP.", 0) == 0; }

// Whether a BibTeX name part must be kept in one brace group: a comma or the word "and" (in any
// case) at brace level 0 would split or reorder the name list, and "others" would be "et al.".
bool splits_bibtex_names(const std::string& part) {
  if (part.find(',') != std::string::npos) return true;
  std::string lower;
  for (char c : part) lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  if (lower == "others") return true;  // "and others" would be read as "et al."
  for (size_t at = lower.find("and"); at != std::string::npos; at = lower.find("and", at + 1)) {
    const bool starts = at == 0 || lower[at - 1] == ' ' || lower[at - 1] == '\t' ||
                        lower[at - 1] == '~' || lower[at - 1] == '-';
    const bool ends = at + 3 == lower.size() || lower[at + 3] == ' ' || lower[at + 3] == '\t' ||
                      lower[at + 3] == '~' || lower[at + 3] == '-';
    if (starts && ends) return true;
  }
  return false;
}

// A name part for BibTeX: escaped, and in braces when it would otherwise split the list.
std::string bibtex_name_part(const std::string& part) {
  const std::string escaped = bibtex_escape(part);
  return splits_bibtex_names(part) ? "{" + escaped + "}" : escaped;
}

// Straight quote marks after a digit (minutes and seconds of coordinates, 32°34'58.69"N) become
// primes, so citeproc's smart quotes leave them as written.
std::string primes_in_coordinates(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool after_digit = i > 0 && text[i - 1] >= '0' && text[i - 1] <= '9';
    if (after_digit && text[i] == '\'') {
      out += "\u2032";
    } else if (after_digit && text[i] == '"') {
      out += "\u2033";
    } else {
      out += text[i];
    }
  }
  return out;
}

// The note of a source known only by its citation text; the text follows it.
constexpr std::string_view kKnownOnly = "Known only as this citation: ";

// The text of a citation without its closing full stop ("DLP evidence." -> "DLP evidence").
std::string without_full_stop(std::string text) {
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  return text;
}

std::string names(const Json& list, const char* separator, bool bib) {
  std::string out;
  for (const Json& n : list) {
    std::string name;
    if (n.contains("literal")) {
      name = bib ? "{" + bibtex_escape(string_of(n, "literal")) + "}" : string_of(n, "literal");
    } else {
      const std::string family = string_of(n, "family"), given = string_of(n, "given");
      name = bib ? bibtex_name_part(family) : family;
      if (!given.empty()) name += ", " + (bib ? bibtex_name_part(given) : given);
    }
    out += (out.empty() ? "" : separator) + name;
  }
  return out;
}

std::string pages_bib(std::string pages) {
  std::string out;
  for (size_t i = 0; i < pages.size(); ++i) {
    // A single hyphen or an en dash (U+2013) between page numbers becomes "--".
    if (pages[i] == '-' && (i + 1 >= pages.size() || pages[i + 1] != '-') &&
        (i == 0 || pages[i - 1] != '-')) {
      out += "--";
    } else if (pages.compare(i, 3, "\xE2\x80\x93") == 0) {
      out += "--";
      i += 2;
    } else {
      out += pages[i];
    }
  }
  return out;
}

}  // namespace

std::string bibtex_escape(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      // BibTeX counts every brace, escaped or not: a brace of the text is a command, so the
      // field's own braces stay the only ones and nothing can close it early.
      case '{':
        out += "\\textbraceleft{}";
        break;
      case '}':
        out += "\\textbraceright{}";
        break;
      case '%':
      case '&':
      case '$':
      case '#':
      case '_':
        out += '\\';
        out += c;
        break;
      case '^':
        out += "\\^{}";
        break;
      case '~':
        out += "\\~{}";
        break;
      case '<':
        out += "\\textless{}";
        break;
      case '>':
        out += "\\textgreater{}";
        break;
      case '\r':
      case '\n':
      case '\t':
        // A line break would end a paragraph (a blank line) or a comment: one space instead.
        if (out.empty() || out.back() != ' ') out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string bibtex_verbatim(const std::string& text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '{' || c == '}' || c == '\\' || byte <= ' ' || byte == 0x7F) {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string bibtex_key(const std::string& id) {
  std::string out;
  for (const char c : id) {
    const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_' || c == '.' || c == ':' || c == '/' || c == '+';
    out += keep ? c : '_';
  }
  return out.empty() ? "item" : out;
}

EvidenceRecord with_same_works(EvidenceRecord record, const std::vector<Source>& works) {
  for (Source& source : record.sources) {
    for (const Source& work : works) {
      if (std::find(work.same_work.begin(), work.same_work.end(), source.citation) !=
          work.same_work.end()) {
        source = work;
        break;
      }
    }
  }
  return record;
}

Json csl_items(const EvidenceRecord& r, const std::optional<Game>& game) {
  Json items = Json::array();
  for (size_t i = 0; i < r.sources.size(); ++i) {
    const Source& s = r.sources[i];
    Json item;
    std::string key = s.csl.empty() ? "" : author_key(s.csl);
    if (key.empty()) key = r.id + "-source" + std::to_string(i + 1);
    item["id"] = key;
    if (s.csl.empty()) {
      // Only the citation text is known: it is the title (a reference that is only a note
      // renders as a bare "n.d."), and the note says so.
      item["type"] = "document";
      item["title"] = without_full_stop(s.citation);
      item["note"] = std::string(kKnownOnly) + s.citation;
    } else {
      for (const auto& [k, v] : s.csl.items()) item[k] = v;
      // A work whose title is not known: no placeholder goes into a title field (a reader would
      // take it for the title, and pandoc prints "In [title not given]"); the note says so, and
      // names the pages, which styles print for no untitled document.
      if (!item.contains("title") && !item.contains("container-title")) {
        std::string note = string_of(item, "note");
        const std::string page = string_of(item, "page");
        if (note.find("title") == std::string::npos)
          note += std::string(note.empty() ? "" : " ") + "The title is not known.";
        if (!page.empty() && note.find(page) == std::string::npos)
          note += " Cited at pages " + page + ".";
        item["note"] = note;
      }
    }
    items.push_back(std::move(item));
  }
  Json self;
  self["id"] = r.id;
  self["type"] = "dataset";
  self["title"] = primes_in_coordinates(record_title(r, game));
  self["genre"] = "Evidence record";
  self["number"] = r.id;
  if (!r.portal_url.empty()) self["URL"] = r.portal_url;
  if (r.accessed) {
    self["accessed"] =
        Json{{"date-parts", {{r.accessed->year, r.accessed->month, r.accessed->day}}}};
  }
  if (is_dlp(r.id)) {
    self["author"] = Json::array({Json{{"literal", "Digital Ludeme Project"}}});
    self["publisher"] =
        "Digital Ludeme Project, Data Science and Knowledge Engineering, Maastricht University";
    std::string note = (r.type == "Secondary description" ? "Ludii portal game description "
                                                          : "Ludii portal evidence record ") +
                       r.id;
    const std::optional<int> ruleset = r.dlp_ruleset ? r.dlp_ruleset
                                       : game        ? game->dlp_ruleset
                                                     : std::nullopt;
    if (ruleset) note += "; DLP ruleset " + std::to_string(*ruleset);
    self["note"] = note;
  } else {
    self["author"] = Json::array({Json{{"literal", "mancala toolkit evidence archive"}}});
    self["publisher"] = "mancala toolkit, data/evidence";
    self["note"] = "A record of the toolkit's own scheme (" + r.id + "), not of the DLP";
  }
  items.push_back(std::move(self));
  return items;
}

Json csl_items(const std::vector<std::pair<EvidenceRecord, std::optional<Game>>>& records) {
  Json out = Json::array();
  std::set<std::string> ids, works;
  for (const auto& [record, game] : records) {
    for (Json& item : csl_items(record, game)) {
      // The same work cited by two records: same CSL item (or same citation text).
      Json without_id = item;
      without_id.erase("id");
      if (!works.insert(without_id.dump()).second) continue;
      std::string id = item["id"].get<std::string>();
      for (char suffix = 'a'; ids.contains(id) && suffix <= 'z'; ++suffix)
        id = item["id"].get<std::string>() + suffix;
      ids.insert(id);
      item["id"] = id;
      out.push_back(std::move(item));
    }
  }
  return out;
}

std::string bibtex(const Json& items) {
  std::string out;
  for (const Json& item : items) {
    const std::string type = string_of(item, "type");
    std::string entry = "misc";
    if (type == "article-journal" || type == "article-magazine" || type == "article-newspaper")
      entry = "article";
    else if (type == "book")
      entry = "book";
    else if (type == "chapter")
      entry = "incollection";
    std::vector<std::pair<std::string, std::string>> fields;
    auto add = [&](const char* name, const std::string& value) {
      if (!value.empty()) fields.emplace_back(name, value);
    };
    if (item.contains("author")) add("author", names(item["author"], " and ", true));
    if (item.contains("editor")) add("editor", names(item["editor"], " and ", true));
    // Titles in a second pair of braces: styles that lower-case titles keep their proper nouns.
    const auto protect = [](const std::string& text) {
      return text.empty() ? text : "{" + bibtex_escape(text) + "}";
    };
    add("title", protect(string_of(item, "title")));
    const std::string container = protect(string_of(item, "container-title"));
    add(entry == "article"        ? "journal"
        : entry == "incollection" ? "booktitle"
                                  : "howpublished",
        container);
    add("year", year_of(item));
    add("volume", bibtex_escape(string_of(item, "volume")));
    add("number", bibtex_escape(string_of(item, entry == "misc" ? "number" : "issue")));
    if (entry != "misc" && item.contains("number") && !item.contains("issue"))
      add("number", bibtex_escape(string_of(item, "number")));
    add("pages", bibtex_escape(pages_bib(string_of(item, "page"))));
    // A corporate name in braces: "Data Science and Knowledge Engineering" would otherwise be
    // split at "and" by BibTeX's name-list rules, which biblatex and pandoc apply to publisher.
    add(entry == "misc" ? "organization" : "publisher", protect(string_of(item, "publisher")));
    add("address", bibtex_escape(string_of(item, "publisher-place")));
    // Read verbatim by biblatex and \url{}: percent-encoded where a character would break the
    // field.
    add("doi", bibtex_verbatim(string_of(item, "DOI")));
    add("url", bibtex_verbatim(string_of(item, "URL")));
    if (const auto it = item.find("accessed");
        it != item.end() && (*it)["date-parts"][0].size() == 3) {
      const Json& d = (*it)["date-parts"][0];
      char date[32];
      std::snprintf(date, sizeof date, "%04d-%02d-%02d", d[0].get<int>(), d[1].get<int>(),
                    d[2].get<int>());
      add("urldate", date);
    }
    std::string note = string_of(item, "note");
    if (!string_of(item, "genre").empty() && entry == "misc") {
      fields.emplace_back("type", bibtex_escape(string_of(item, "genre")));
    }
    add("note", bibtex_escape(note));
    out += "@" + entry + "{" + bibtex_key(string_of(item, "id")) + ",\n";
    for (size_t i = 0; i < fields.size(); ++i) {
      out += "  " + fields[i].first + " = {" + fields[i].second + "}" +
             (i + 1 < fields.size() ? "," : "") + "\n";
    }
    out += "}\n";
  }
  return out;
}

std::string text_references(const Json& items) {
  std::string out;
  for (const Json& item : items) {
    const std::string type = string_of(item, "type");
    std::string line;
    if (!item.contains("author") && string_of(item, "note").starts_with(kKnownOnly)) {
      line = string_of(item, "note").substr(kKnownOnly.size());  // known only as text: as written
    } else if (!item.contains("title") && !item.contains("author")) {
      line = string_of(item, "note");
    } else {
      if (item.contains("author")) line += names(item["author"], "; ", false) + " ";
      const std::string year = year_of(item);
      line += "(" + (year.empty() ? std::string("n.d.") : year) + ").";
      if (item.contains("title")) line += " " + string_of(item, "title");
      if (type == "dataset" && item.contains("number"))
        line += " [" + string_of(item, "genre") + " " + string_of(item, "number") + "]";
      if (item.contains("title")) line += ".";
      const std::string container = string_of(item, "container-title");
      if (container.empty() && item.contains("page") && item.contains("title"))
        line += " Pp. " + string_of(item, "page") + ".";
      if (const std::string c = container; !c.empty()) {
        line += " " + c;
        if (const std::string v = string_of(item, "volume"); !v.empty()) line += " " + v;
        if (const std::string i = string_of(item, "issue"); !i.empty()) line += "(" + i + ")";
        if (const std::string p = string_of(item, "page"); !p.empty()) line += ": " + p;
        line += ".";
      }
      if (const std::string p = string_of(item, "publisher"); !p.empty()) line += " " + p + ".";
      if (const std::string u = string_of(item, "URL"); !u.empty()) {
        line += " " + u;
        if (const auto it = item.find("accessed"); it != item.end()) {
          const Json& d = (*it)["date-parts"][0];
          char date[32];
          std::snprintf(date, sizeof date, " (accessed %04d-%02d-%02d)", d[0].get<int>(),
                        d.size() > 1 ? d[1].get<int>() : 1, d.size() > 2 ? d[2].get<int>() : 1);
          line += date;
        }
        line += ".";
      }
      if (type == "dataset" || !item.contains("title")) {
        if (const std::string n = string_of(item, "note"); !n.empty())
          line += " " + n + (n.back() == '.' ? "" : ".");
      }
    }
    // One reference a line, whatever the fields hold (issue 41: a citation's line break split a
    // reference in two): line breaks and tabs as spaces, control characters escaped.
    out += printable_line(line) + "\n";
  }
  return out;
}

}  // namespace mancala::archive
