// Escaping for XML/HTML text and a self-contained HTML page.
#pragma once

#include <string>
#include <string_view>

namespace mancala::reports {

// Text made safe for XML (SVG) and HTML, in element content and in quoted attribute values:
// & < > " ' become &amp; &lt; &gt; &quot; &#39;. Bytes that are not valid UTF-8 and characters XML
// 1.0 forbids even escaped (control characters other than tab, newline and carriage return,
// U+FFFE, U+FFFF) become U+FFFD, so the output always parses.
std::string xml_escape(std::string_view text);

// The same rules as xml_escape (they are also right for HTML text and attribute values).
std::string html_escape(std::string_view text);
// html_escape, short for the page writers' many uses.
inline std::string h(std::string_view text) { return html_escape(text); }

// Number of Unicode characters in UTF-8 text (an invalid byte counts as one), the width used to
// align plain-text tables.
std::size_t display_width(std::string_view text);

// A complete HTML5 document: <!DOCTYPE html>, UTF-8, the escaped title, a small embedded style
// sheet (readable tables with right-aligned numbers, charts that shrink to the page width) and
// body_html inserted as is (the caller escapes its text). No script, no external asset, no web
// font: the page opens offline in any browser. Apart from the doctype line, the page is also
// well-formed XML when body_html is (void elements are written <meta ... />).
std::string html_page(std::string_view title, std::string_view body_html);

}  // namespace mancala::reports
