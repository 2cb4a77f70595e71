// The catalog's rows, one function per family (one file each: ciphers.cpp, hashes.cpp, signatures.cpp,
// macs.cpp, kdfs.cpp, key_agreements.cpp), each in display order; catalog.cpp joins them in this order and
// fills the ranges a row leaves out. Internal to core/catalog.
#pragma once

#include <vector>

#include "catalog/catalog.hpp"

namespace ca::catalog_rows {

std::vector<AlgorithmInfo> ciphers();
std::vector<AlgorithmInfo> hashes();
std::vector<AlgorithmInfo> signatures();
std::vector<AlgorithmInfo> macs();
std::vector<AlgorithmInfo> kdfs();
std::vector<AlgorithmInfo> key_agreements();

/// The alias and group tables (names.cpp).
const std::vector<Alias>& alias_rows();
const std::vector<Group>& group_rows();

}  // namespace ca::catalog_rows
