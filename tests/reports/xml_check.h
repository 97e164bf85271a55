// A small, strict XML well-formedness checker for the renderer tests (SVG and the HTML page).
//
// It accepts exactly: an optional <!DOCTYPE ...> line, comments, one root element, elements with
// quoted attributes (no duplicates), text with the five predefined entities and numeric character
// references. Anything else (unbalanced or crossed tags, a raw '<' or '&' in text or attribute,
// an unquoted attribute, content after the root) throws std::runtime_error naming the offset. It
// returns the element tree with decoded text, so tests can count and read elements.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace xml_check {

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<Element> children;
  std::string text;  // decoded character data directly inside this element, concatenated
};

// Views the text it parses: `xml` must outlive the parser (parse() below uses it in one call).
class Parser {
 public:
  explicit Parser(std::string_view xml) : xml_(xml) {}

  Element parse_document() {
    skip_space();
    if (starts_with("<!DOCTYPE")) {
      const std::size_t end = xml_.find('>', pos_);
      if (end == std::string_view::npos) fail("unterminated doctype");
      pos_ = end + 1;
    }
    skip_misc();
    if (!starts_with("<")) fail("no root element");
    Element root = parse_element();
    skip_misc();
    if (pos_ != xml_.size()) fail("content after the root element");
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("xml: offset " + std::to_string(pos_) + ": " + what);
  }
  bool starts_with(std::string_view s) const { return xml_.substr(pos_).starts_with(s); }
  static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
  void skip_space() {
    while (pos_ < xml_.size() && is_space(xml_[pos_])) ++pos_;
  }
  void skip_misc() {
    for (;;) {
      skip_space();
      if (!starts_with("<!--")) return;
      const std::size_t end = xml_.find("-->", pos_ + 4);
      if (end == std::string_view::npos) fail("unterminated comment");
      pos_ = end + 3;
    }
  }
  static bool is_name_char(char c, bool first) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':') return true;
    return !first && ((c >= '0' && c <= '9') || c == '-' || c == '.');
  }
  std::string parse_name() {
    const std::size_t start = pos_;
    while (pos_ < xml_.size() && is_name_char(xml_[pos_], pos_ == start)) ++pos_;
    if (pos_ == start) fail("expected a name");
    return std::string(xml_.substr(start, pos_ - start));
  }
  static void append_utf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  void parse_reference(std::string& out) {
    const std::size_t end = xml_.find(';', pos_);
    if (end == std::string_view::npos || end - pos_ > 12) fail("unterminated entity");
    const std::string_view name = xml_.substr(pos_ + 1, end - pos_ - 1);
    if (name == "amp") {
      out += '&';
    } else if (name == "lt") {
      out += '<';
    } else if (name == "gt") {
      out += '>';
    } else if (name == "quot") {
      out += '"';
    } else if (name == "apos") {
      out += '\'';
    } else if (name.size() > 1 && name[0] == '#') {
      const bool hex = name[1] == 'x';
      const std::string digits(name.substr(hex ? 2 : 1));
      if (digits.empty() || digits.find_first_not_of(hex ? "0123456789abcdefABCDEF"
                                                         : "0123456789") != std::string::npos) {
        fail("bad character reference");
      }
      append_utf8(out, static_cast<std::uint32_t>(std::stoul(digits, nullptr, hex ? 16 : 10)));
    } else {
      fail("unknown entity &" + std::string(name) + ";");
    }
    pos_ = end + 1;
  }
  Element parse_element() {
    ++pos_;  // '<'
    Element element;
    element.name = parse_name();
    for (;;) {
      const bool had_space = pos_ < xml_.size() && is_space(xml_[pos_]);
      skip_space();
      if (pos_ >= xml_.size()) fail("unterminated start tag");
      if (starts_with("/>")) {
        pos_ += 2;
        return element;
      }
      if (xml_[pos_] == '>') {
        ++pos_;
        break;
      }
      if (!had_space) fail("attributes must be separated by white space");
      const std::string name = parse_name();
      skip_space();
      if (pos_ >= xml_.size() || xml_[pos_] != '=') fail("expected '=' after " + name);
      ++pos_;
      skip_space();
      if (pos_ >= xml_.size() || (xml_[pos_] != '"' && xml_[pos_] != '\'')) {
        fail("attribute " + name + " is not quoted");
      }
      const char quote = xml_[pos_++];
      std::string value;
      while (pos_ < xml_.size() && xml_[pos_] != quote) {
        if (xml_[pos_] == '<') fail("raw '<' in attribute " + name);
        if (xml_[pos_] == '&') {
          parse_reference(value);
        } else {
          value += xml_[pos_++];
        }
      }
      if (pos_ >= xml_.size()) fail("unterminated attribute " + name);
      ++pos_;
      if (!element.attributes.emplace(name, value).second) fail("duplicate attribute " + name);
    }
    for (;;) {
      if (pos_ >= xml_.size()) fail("element <" + element.name + "> is not closed");
      if (starts_with("</")) {
        pos_ += 2;
        const std::string name = parse_name();
        if (name != element.name) fail("</" + name + "> closes <" + element.name + ">");
        skip_space();
        if (pos_ >= xml_.size() || xml_[pos_] != '>') fail("unterminated end tag");
        ++pos_;
        return element;
      }
      if (starts_with("<!--")) {
        const std::size_t end = xml_.find("-->", pos_ + 4);
        if (end == std::string_view::npos) fail("unterminated comment");
        pos_ = end + 3;
      } else if (xml_[pos_] == '<') {
        element.children.push_back(parse_element());
      } else if (xml_[pos_] == '&') {
        parse_reference(element.text);
      } else {
        element.text += xml_[pos_++];
      }
    }
  }

  std::string_view xml_;
  std::size_t pos_ = 0;
};

inline Element parse(std::string_view xml) { return Parser(xml).parse_document(); }

inline void collect(const Element& root, std::string_view name, std::vector<const Element*>& out) {
  if (root.name == name) out.push_back(&root);
  for (const Element& child : root.children) collect(child, name, out);
}

// Every element called name in the tree, in document order.
inline std::vector<const Element*> find_all(const Element& root, std::string_view name) {
  std::vector<const Element*> out;
  collect(root, name, out);
  return out;
}

// The elements named `name` under `root` whose class attribute is `css_class`, in document order.
inline std::vector<const Element*> find_all_of_class(const Element& root, std::string_view name,
                                                     std::string_view css_class) {
  std::vector<const Element*> out;
  for (const Element* e : find_all(root, name)) {
    const auto it = e->attributes.find("class");
    if (it != e->attributes.end() && it->second == css_class) out.push_back(e);
  }
  return out;
}

// Every character of an element and its descendants (text of children after the element's own).
inline std::string all_text(const Element& e) {
  std::string out = e.text;
  for (const auto& child : e.children) out += all_text(child);
  return out;
}

}  // namespace xml_check
