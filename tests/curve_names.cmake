# The curve is never looked up by name outside the catalog (issue #27): code reads an algorithm's `curve`
# field and core/catalog/curves.hpp's other names for it ("P-256" is SEC 2's "secp256r1"). Run by CTest as
#   cmake -DROOT=<source dir> -P tests/curve_names.cmake
# No file in core/, app/ or plugins/ may hold a curve's name as a whole string literal ("P-256",
# "secp521r1", "Curve25519"), except the catalog itself; core/sdk/ (the plugins' SDK, which cannot see the
# catalog's tables; it names curves for the DER it writes); and core/verify/, whose rows map Wycheproof's
# own spellings of its test groups' curves (a file format's values) to catalog entries.
if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source dir> -P curve_names.cmake")
endif()
# Ed25519, Ed448, X25519 and X448 are left out: they are also the names of key types (RFC 8410) and of
# catalog algorithms, which code may name.
set(names "P-256|P-384|P-521|secp256r1|secp384r1|secp521r1|secp256k1|prime256v1|Curve25519|Curve448")
include(${CMAKE_CURRENT_LIST_DIR}/forbidden_lines.cmake)
forbidden_lines(ROOT "${ROOT}" REGEX "\"(${names})\"" SKIP "^core/(catalog|sdk|verify)/"
  MESSAGE "a curve looked up by name outside the catalog; read AlgorithmInfo::curve and catalog/curves.hpp instead"
  WHAT "no curve name outside the catalog")
