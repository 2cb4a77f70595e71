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
file(GLOB_RECURSE sources "${ROOT}/core/*.cpp" "${ROOT}/core/*.hpp" "${ROOT}/app/*.cpp" "${ROOT}/app/*.hpp"
  "${ROOT}/plugins/*.cpp" "${ROOT}/plugins/*.hpp")
set(bad "")
set(count 0)
foreach(source IN LISTS sources)
  file(RELATIVE_PATH shown "${ROOT}" "${source}")
  if(shown MATCHES "^core/(catalog|sdk|verify)/")
    continue()
  endif()
  math(EXPR count "${count} + 1")
  file(STRINGS "${source}" lines REGEX "\"(${names})\"")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    string(REPLACE ";" "," line "${line}")
    list(APPEND bad "${shown}: ${line}")
  endforeach()
endforeach()
if(bad)
  list(JOIN bad "\n" text)
  message(FATAL_ERROR "a curve or curve-named algorithm looked up by name outside the catalog; read "
    "AlgorithmInfo::curve and catalog/curves.hpp instead:\n${text}")
endif()
message(STATUS "core/, app/, plugins/: ${count} files, no curve name outside the catalog")
