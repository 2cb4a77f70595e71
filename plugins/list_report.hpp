// The reports of `cryptauditor list`: text (list_text.cpp: the capability matrix, the backends, the alias and
// group tables) and JSON (list_json.cpp; docs/REPORTS.md, "cryptauditor list --format json", schema_version
// 1). app/cli/list_command.cpp probes the backends and fills the data below; the writers only print it.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

namespace ca {

struct BackendLine {
  std::string name, library, version, acceleration, path;
  std::string gap;  // the CPU's crypto extensions the build leaves unused, or empty
};

/// Algorithm x backend: per catalog entry and backend, the probed key sizes the backend offers (0 stands
/// for "no key": hashes, KDFs); empty when it offers none.
struct CapabilityMatrix {
  std::vector<std::string> backends;
  struct Row {
    const AlgorithmInfo* algorithm = nullptr;
    std::vector<std::vector<uint32_t>> offered;  // one per backend
  };
  std::vector<Row> rows;
};

void write_capability_matrix(const CapabilityMatrix& matrix, std::ostream& out);
void write_backend_lines(const std::vector<BackendLine>& backends, std::ostream& out);
/// The catalog's alias and group tables (core data; nothing is probed).
void write_alias_tables(std::ostream& out);

/// `list --format json`: the backends, and with `matrix` (not for --backends) the algorithms.
void write_list_json(const std::vector<BackendLine>& backends, const CapabilityMatrix* matrix,
                     std::ostream& out);
/// `list --aliases --format json`.
void write_alias_json(std::ostream& out);

}  // namespace ca
