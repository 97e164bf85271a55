// How the field table's entries are made (private to simulator/): one maker per kind of key (an
// int, a bool, a list of ints, a set of counts, an enum), each with its strict reading and its
// phrases. rule_fields.cpp and rule_fields_bao.cpp build the table with them (kept here since issue
// 38 so that the table's file stays within the module size limit as keys are added).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "common/strict_json.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim::field_makers {

using nlohmann::json;

inline std::string type_name(const json& v) {
  if (v.is_boolean()) return "a boolean";
  if (v.is_number_integer()) return "an integer";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return "null";
}

// An enum value as the field table spells it: its name in ruleset files and its phrase.
template <class E>
struct EnumValue {
  E value;
  const char* name;
  const char* phrase;
};

inline FieldInfo field(std::string key, std::string group, FieldInfo::Kind kind, std::string doc) {
  FieldInfo f;
  f.key = std::move(key);
  f.group = std::move(group);
  f.kind = kind;
  f.doc = std::move(doc);
  return f;
}

// An int key; `pattern` ("a tuzdyk made at {}") and `phrases` (for values said otherwise, as
// {"0", "no limit on turns without capture"}) are how comparisons say its values.
inline FieldInfo int_field(std::string key, std::string group, int RuleSet::*member, int low,
                           int high, std::string doc, std::string pattern = "",
                           std::vector<FieldValue> phrases = {}) {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kInt, std::move(doc));
  f.type = "int " + std::to_string(low) + ".." + std::to_string(high);
  f.low = low;
  f.high = high;
  f.values = std::move(phrases);
  f.phrase_pattern = std::move(pattern);
  f.set = [member, low, high](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_number_integer())
      throw RuleError(where + ": expected an integer, got " + type_name(v));
    const std::optional<int64_t> x = json_int_within(v, low, high);
    if (!x) {  // quoted as given: 9223372036854775808, not wrapped negative
      throw RuleError(where + ": " + v.dump() + " is out of range " + std::to_string(low) + ".." +
                      std::to_string(high));
    }
    r.*member = static_cast<int>(*x);
  };
  f.get = [member](const RuleSet& r) { return json(r.*member); };
  return f;
}

// A bool key; `if_true` and `if_false` are its phrases (none: "<key in words>: true").
inline FieldInfo bool_field(std::string key, std::string group, bool RuleSet::*member,
                            std::string doc, const char* if_true = nullptr,
                            const char* if_false = nullptr) {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kBool, std::move(doc));
  f.type = "bool";
  if (if_true) f.values = {{"true", if_true}, {"false", if_false}};
  f.set = [member](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_boolean()) throw RuleError(where + ": expected true or false, got " + type_name(v));
    r.*member = v.get<bool>();
  };
  f.get = [member](const RuleSet& r) { return json(r.*member); };
  return f;
}

// A list of ints, each low..high, at most max_items of them (an empty list: the key is off).
inline FieldInfo int_list_field(std::string key, std::string group,
                                std::vector<int> RuleSet::*member, int low, int high,
                                size_t max_items, std::string doc, std::string pattern = "") {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kList, std::move(doc));
  f.type = "list of int " + std::to_string(low) + ".." + std::to_string(high);
  f.low = low;
  f.high = high;
  f.phrase_pattern = std::move(pattern);
  f.values = {{"[]", "off"}};
  f.set = [member, low, high, max_items](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_array())
      throw RuleError(where + ": expected an array of integers, got " + type_name(v));
    if (v.size() > max_items) {
      throw RuleError(where + ": " + std::to_string(v.size()) + " items, at most " +
                      std::to_string(max_items));
    }
    std::vector<int> items;
    for (const json& x : v) {
      if (!x.is_number_integer())
        throw RuleError(where + ": expected integers, got " + type_name(x));
      const std::optional<int64_t> n = json_int_within(x, low, high);
      if (!n) {
        throw RuleError(where + ": " + x.dump() + " is out of range " + std::to_string(low) + ".." +
                        std::to_string(high));
      }
      items.push_back(static_cast<int>(*n));
    }
    r.*member = std::move(items);
  };
  f.get = [member](const RuleSet& r) { return json(r.*member); };
  return f;
}

// capture_counts: counts 1..255 and the words "even" and "odd", each at most once.
inline FieldInfo count_set_field(std::string key, std::string group, CountSet RuleSet::*member,
                                 std::string doc) {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kList, std::move(doc));
  f.type = "list of int 1..255, \"even\", \"odd\"";
  f.low = 1;
  f.high = 255;
  f.values = {{"[]", "no capturing counts"}};
  f.phrase_pattern = "capturing counts {}";
  f.set = [member](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_array()) {
      throw RuleError(where + ": expected an array of counts, \"even\" or \"odd\", got " +
                      type_name(v));
    }
    CountSet set;
    for (const json& x : v) {
      if (x.is_string() && (x == "even" || x == "odd")) {
        bool& flag = x == "even" ? set.even : set.odd;
        if (flag) throw RuleError(where + ": \"" + x.get<std::string>() + "\" is given twice");
        flag = true;
        continue;
      }
      if (!x.is_number_integer()) {
        throw RuleError(where + ": expected a count 1..255, \"even\" or \"odd\", got " + x.dump());
      }
      const std::optional<int64_t> count = json_int_within(x, 1, 255);
      if (!count) throw RuleError(where + ": " + x.dump() + " is out of range 1..255");
      const int n = static_cast<int>(*count);
      if (std::find(set.counts.begin(), set.counts.end(), n) != set.counts.end())
        throw RuleError(where + ": " + std::to_string(n) + " is given twice");
      set.counts.push_back(n);
    }
    r.*member = std::move(set);
  };
  f.get = [member](const RuleSet& r) {
    const CountSet& set = r.*member;
    json out = json(set.counts);
    if (set.even) out.push_back("even");
    if (set.odd) out.push_back("odd");
    return out;
  };
  return f;
}

// An enum key: every value of E in declaration order, each with its name and its phrase.
template <class E>
FieldInfo enum_field(std::string key, std::string group, E RuleSet::*member, std::string doc,
                     std::vector<EnumValue<E>> values) {
  FieldInfo f = field(std::move(key), std::move(group), FieldInfo::Kind::kEnum, std::move(doc));
  std::string names;
  for (const auto& v : values) {
    names += (names.empty() ? "" : "|") + std::string(v.name);
    f.values.push_back({v.name, v.phrase});
  }
  f.type = "one of: " + names;
  f.set = [member, names, values](RuleSet& r, const json& v, const std::string& where) {
    if (!v.is_string())
      throw RuleError(where + ": expected one of " + names + ", got " + type_name(v));
    const std::string name = v.get<std::string>();
    const auto it = std::find_if(values.begin(), values.end(),
                                 [&](const EnumValue<E>& e) { return e.name == name; });
    if (it == values.end()) throw RuleError(where + ": '" + name + "' is not one of " + names);
    r.*member = it->value;
  };
  f.get = [member, values](const RuleSet& r) {
    const auto it = std::find_if(values.begin(), values.end(),
                                 [&](const EnumValue<E>& e) { return e.value == r.*member; });
    return json(it == values.end() ? "?" : it->name);
  };
  return f;
}

}  // namespace mancala::sim::field_makers
