// Parameters other than the catalog's defaults, as the text reports (console, Markdown) show them next to
// an entry (issue #13).
#pragma once

#include <string>
#include <string_view>

#include "catalog/catalog.hpp"

namespace ca {

/// The items of a record's params string that differ from the algorithm's defaults, ", "-separated
/// ("tag=12, nonce=8", "iterations=600000"); empty when every value is the default.
inline std::string non_default_params(const AlgorithmInfo& a, std::string_view resolved) {
  const std::string defaults = "," + resolve_params(a, "").value() + ",";  // the defaults always resolve
  // resolve_params leaves out lengths at their default ("tag=16" for AES-GCM); a string it refuses is
  // shown as it is.
  const Result<std::string> normalised = resolve_params(a, resolved);
  const std::string normal = normalised ? *normalised : std::string(resolved);
  std::string out;
  std::string_view text = normal;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string item(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    if (!item.empty() && defaults.find("," + item + ",") == std::string::npos)
      out += (out.empty() ? "" : ", ") + item;
  }
  return out;
}

}  // namespace ca
