#include "reports/html.h"

#include <cstdint>

namespace mancala::reports {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8

// Length of the valid UTF-8 sequence starting at text[i] and its code point, or 0 if invalid
// (overlong forms, surrogates and values past U+10FFFF are invalid).
std::size_t decode_utf8(std::string_view text, std::size_t i, std::uint32_t& code_point) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  }
  std::size_t length = 0;
  std::uint32_t min_value = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    code_point = lead & 0x1F;
    min_value = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    code_point = lead & 0x0F;
    min_value = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    code_point = lead & 0x07;
    min_value = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(i + k) & 0x3F);
  }
  if (code_point < min_value || code_point > 0x10FFFF) return 0;
  if (code_point >= 0xD800 && code_point <= 0xDFFF) return 0;
  return length;
}

bool allowed_in_xml(std::uint32_t c) {
  if (c == 0x9 || c == 0xA || c == 0xD) return true;
  if (c < 0x20) return false;
  return c != 0xFFFE && c != 0xFFFF;
}

constexpr std::string_view kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  margin: 2em auto; max-width: 84em; padding: 0 1em; line-height: 1.45; color: #222; }
h1, h2, h3 { line-height: 1.2; }
p, ul, ol, blockquote, figcaption { max-width: 62em; }
table { border-collapse: collapse; margin: 1em 0; font-variant-numeric: tabular-nums;
  display: block; max-width: 100%; overflow-x: auto; }
th:first-child, td:first-child { position: sticky; left: 0; background: #fff; }
td.num { white-space: nowrap; }
th { min-width: 3em; }
.rulesets td:last-child { min-width: 14em; }
.ranking table { font-size: 0.9em; }
.ranking th, .ranking td { padding: 0.25em 0.4em; }
.ranking td { white-space: nowrap; }
.ranking td:nth-child(3) { white-space: normal; min-width: 12em; }
pre { max-width: 100%; overflow-x: auto; }
code { overflow-wrap: anywhere; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }
th, td { border-bottom: 1px solid #ccc; padding: 0.25em 0.7em; text-align: left; vertical-align: top; }
th { border-bottom: 2px solid #888; }
.num { text-align: right; }
figure { margin: 1.5em 0; }
figcaption { font-size: 0.9em; color: #555; }
svg { max-width: 100%; height: auto; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.note { color: #555; font-size: 0.9em; }
)";

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t c = 0;
    const std::size_t length = decode_utf8(text, i, c);
    if (length == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    if (!allowed_in_xml(c)) {
      out += kReplacement;
    } else if (c == '&') {
      out += "&amp;";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '"') {
      out += "&quot;";
    } else if (c == '\'') {
      out += "&#39;";
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

std::string html_escape(std::string_view text) { return xml_escape(text); }

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size(); ++width) {
    std::uint32_t c = 0;
    const std::size_t length = decode_utf8(text, i, c);
    i += length == 0 ? 1 : length;
  }
  return width;
}

std::string html_page(std::string_view title, std::string_view body_html) {
  std::string out;
  out.reserve(body_html.size() + 1500);
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n<title>";
  out += html_escape(title);
  out += "</title>\n<style>";
  out += kStyle;
  out += "</style>\n</head>\n<body>\n";
  out += body_html;
  if (!body_html.empty() && body_html.back() != '\n') out += '\n';
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace mancala::reports
