#include "common/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>

namespace mancala {
namespace {

// Lower case of one code point for the scripts game names are written in; others unchanged.
char32_t lower(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 32;
  if (c < 0x80) return c;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
  if (c == 0x130) return 'i';  // Turkish dotted capital I
  if (c == 0x178) return 0xFF;
  if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177)) return c % 2 == 0 ? c + 1 : c;
  if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return c % 2 == 1 ? c + 1 : c;
  if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 0x20;
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  if (c >= 0x410 && c <= 0x42F) return c + 0x20;
  if ((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF) || (c >= 0x4D0 && c <= 0x52F)) {
    return c % 2 == 0 ? c + 1 : c;
  }
  if (c == 0x4C0) return 0x4CF;
  if (c >= 0x4C1 && c <= 0x4CE) return c % 2 == 1 ? c + 1 : c;
  return c;
}

bool is_space(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0xA0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200B) || c == 0x202F || c == 0x205F || c == 0x3000 ||
         c == 0xFEFF;
}

bool is_name_separator(char32_t c) {
  return is_space(c) || c == '-' || c == '_' || c == '.' || c == '\'' || c == 0x2019 ||
         c == 0x2010 || c == 0x2011 || c == 0x2013;
}

}  // namespace

std::optional<size_t> find_invalid_utf8(std::string_view text) {
  size_t i = 0;
  const size_t n = text.size();
  while (i < n) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    size_t len = 0;
    char32_t cp = 0;
    char32_t min = 0;
    if ((b & 0xE0) == 0xC0) {
      len = 2, cp = b & 0x1F, min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
      len = 3, cp = b & 0x0F, min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
      len = 4, cp = b & 0x07, min = 0x10000;
    } else {
      return i;
    }
    if (i + len > n) return i;
    for (size_t k = 1; k < len; ++k) {
      const auto c = static_cast<unsigned char>(text[i + k]);
      if ((c & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i += len;
  }
  return std::nullopt;
}

size_t line_of(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
}

char32_t next_code_point(std::string_view text, size_t& pos) {
  const auto b = static_cast<unsigned char>(text[pos]);
  size_t len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : 4;
  char32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (size_t k = 1; k < len && pos + k < text.size(); ++k) {
    cp = (cp << 6) | (static_cast<unsigned char>(text[pos + k]) & 0x3F);
  }
  pos += len;
  return cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

size_t display_width(std::string_view text) {
  size_t width = 0;
  for (char c : text) width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return width;
}

std::string truncate_display(std::string_view text, size_t width) {
  if (display_width(text) <= width) return std::string(text);
  std::string out;
  size_t pos = 0;
  for (size_t k = 0; k + 1 < width && pos < text.size(); ++k) {
    const size_t start = pos;
    next_code_point(text, pos);
    out.append(text.substr(start, pos - start));
  }
  return out + "\u2026";
}

std::string collapse_space(std::string_view text) {
  std::string out;
  bool space = false;
  for (unsigned char ch : text) {
    if (std::isspace(ch)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(ch);
  }
  return out;
}

std::string trim(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end) {
    size_t pos = begin;
    if (!is_space(next_code_point(text, pos))) break;
    begin = pos;
  }
  while (end > begin) {
    size_t start = end - 1;
    while (start > begin && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
    size_t pos = start;
    if (!is_space(next_code_point(text, pos))) break;
    end = start;
  }
  return std::string(text.substr(begin, end - begin));
}

std::vector<std::string> split_list(std::string_view text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(separator, start);
    if (end == std::string_view::npos) end = text.size();
    std::string part = trim(text.substr(start, end - start));
    if (!part.empty()) parts.push_back(std::move(part));
    start = end + 1;
  }
  return parts;
}

std::string fold_name(std::string_view name) {
  std::string out;
  bool pending_separator = false;
  size_t pos = 0;
  while (pos < name.size()) {
    const char32_t c = next_code_point(name, pos);
    if (is_name_separator(c)) {
      pending_separator = !out.empty();
      continue;
    }
    if (pending_separator) out += '_';
    pending_separator = false;
    append_utf8(out, lower(c));
  }
  return out;
}

std::string game_key_from_name(std::string_view name) {
  std::string key;
  bool pending_separator = false;
  for (const char c : fold_name(name)) {
    const bool kept = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!kept) {
      pending_separator = !key.empty();
      continue;
    }
    if (pending_separator) key += '_';
    pending_separator = false;
    key += c;
  }
  if (!key.empty() && key[0] >= '0' && key[0] <= '9') key = "game_" + key;
  return key;
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  }
  return out;
}

std::string or_list(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    out += i == 0 ? "" : i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

namespace {

// `cp` as "\u001b".
void append_escape(std::string& out, char32_t cp) {
  char code[8];
  std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(cp));
  out += code;
}

std::string printable_text(std::string_view text, bool one_line) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b >= 0x80) {  // a multi-byte code point (C1 controls are U+0080 to U+009F), or a bad byte
      const size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
      if (find_invalid_utf8(text.substr(i, length))) {
        char code[8];
        std::snprintf(code, sizeof code, "\\x%02x", static_cast<unsigned>(b));
        out += code;
        ++i;
        continue;
      }
      size_t next = i;
      const char32_t cp = next_code_point(text, next);
      if (cp <= 0x9F) {
        append_escape(out, cp);
      } else {
        out.append(text.substr(i, next - i));
      }
      i = next;
      continue;
    }
    if (b == '\n' || b == '\r' || b == '\t') {
      if (!one_line) {
        out += static_cast<char>(b);
      } else if (!(b == '\n' && i > 0 && text[i - 1] == '\r')) {  // \r\n is one break
        out += ' ';
      }
    } else if (b < 0x20 || b == 0x7F) {
      append_escape(out, b);
    } else {
      out += static_cast<char>(b);
    }
    ++i;
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return printable_text(text, false); }

std::string printable_line(std::string_view text) { return printable_text(text, true); }

bool is_decimal_text(std::string_view text) {
  size_t i = 0;
  const auto digits = [&] {
    const size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i > start;
  };
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  const bool whole = digits();
  bool fraction = false;
  if (i < text.size() && text[i] == '.') {
    ++i;
    fraction = digits();
  }
  if (!whole && !fraction) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == text.size();
}

std::optional<double> parse_decimal(std::string_view text) {
  if (!is_decimal_text(text)) return std::nullopt;
  if (text.front() == '+') text.remove_prefix(1);  // from_chars reads no '+'
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;  // 1e999
  return value;
}

}  // namespace mancala
