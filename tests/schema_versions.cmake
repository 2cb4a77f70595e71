# One module owns the schema version of every JSON document cryptauditor writes (issue #27): each is a
# constant of core/report/schema.hpp that writers and readers name. Run by CTest as
#   cmake -DROOT=<source dir> -P tests/schema_versions.cmake
# No other file in core/, app/ or plugins/ may write a version as a number: a `..._version", 1` pair, a
# `["..._version"] = 1` assignment, or a `k...SchemaVersion = 1` constant of its own.
if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source dir> -P schema_versions.cmake")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/forbidden_lines.cmake)
forbidden_lines(ROOT "${ROOT}" REGEX "_version\"\\]?[ ]*(,|=|!=|==)[ ]*[0-9]|SchemaVersion[ ]*=[ ]*[0-9]"
  SKIP "^core/report/schema.hpp$|^core/sdk/"
  MESSAGE "a JSON schema version written outside core/report/schema.hpp; name its constant there instead"
  WHAT "every schema version from core/report/schema.hpp")
