#include "util/json_text.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "util/input_file.hpp"

namespace ca {
namespace {

using nlohmann::json;

// Keeps the path to the value being parsed so a repeated key can be named by its JSON pointer.
class DuplicateKeyFinder {
 public:
  bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (!stack_.empty()) path_.push_back(next_token(stack_.back()));
        stack_.push_back({event == json::parse_event_t::array_start, 0, "", {}});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        stack_.pop_back();
        if (!stack_.empty()) path_.pop_back();
        break;
      case json::parse_event_t::key: {
        Frame& f = stack_.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second && duplicate_.empty())
          duplicate_ = pointer() + "/" + json_pointer_token(f.key);
        break;
      }
      case json::parse_event_t::value:
        if (!stack_.empty() && stack_.back().array) ++stack_.back().next_index;
        break;
    }
    return true;
  }
  const std::string& duplicate() const { return duplicate_; }

 private:
  struct Frame {
    bool array;
    size_t next_index;
    std::string key;
    std::set<std::string> keys;
  };
  static std::string next_token(Frame& f) {
    return f.array ? std::to_string(f.next_index++) : json_pointer_token(f.key);
  }
  std::string pointer() const {
    std::string p;
    for (const auto& t : path_) p += "/" + t;
    return p;
  }
  std::vector<Frame> stack_;
  std::vector<std::string> path_;
  std::string duplicate_;
};

std::string one_line(std::string s) {
  for (auto& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

}  // namespace

std::string json_pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

Result<json> parse_json_text(const std::string& text, const std::string& name) {
  auto finder = std::make_shared<DuplicateKeyFinder>();
  json doc;
  try {
    doc = json::parse(text, [finder](int depth, json::parse_event_t event, json& parsed) {
      return (*finder)(depth, event, parsed);
    });
  } catch (const json::parse_error& e) {
    // e.byte counts the characters read; the last one read is where the error is.
    const size_t at = std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    size_t line = 1, line_start = 0;
    for (size_t i = 0; i < at; ++i)
      if (text[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    std::string detail = e.what();
    if (auto colon = detail.find(": ", detail.find("column")); colon != std::string::npos)
      detail = detail.substr(colon + 2);
    return Error{name + ":" + std::to_string(line) + ":" + std::to_string(at - line_start + 1) +
                 ": JSON syntax error: " + one_line(detail)};
  } catch (const json::exception& e) {
    // A number too large for a double ("1e99999") is out_of_range, not a parse_error (found by fuzzing:
    // fuzz/regressions/).
    return Error{name + ": JSON error: " + one_line(e.what())};
  }
  if (!finder->duplicate().empty())
    return Error{name + ": " + finder->duplicate() +
                 ": this key appears twice in one object (each key may be given once)"};
  return doc;
}

Result<json> read_json_file(const std::string& path) {
  const Result<std::string> text = read_input_file(path);
  if (!text) return text.error();
  return parse_json_text(*text, path);
}

}  // namespace ca
