# No .cpp in core/ or app/ is over 600 lines (issue #27; /work/shared/STYLE.md "A file has one job": past
# ~600 lines its one sentence usually has an "and" in it). Run by CTest as
#   cmake -DROOT=<source dir> -P tests/file_size.cmake
# The catalog is no exception: its rows are split per family (core/catalog/ciphers.cpp, hashes.cpp, ...).
if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source dir> -P file_size.cmake")
endif()
set(limit 600)
file(GLOB_RECURSE sources "${ROOT}/core/*.cpp" "${ROOT}/app/*.cpp")
set(bad "")
set(count 0)
foreach(source IN LISTS sources)
  math(EXPR count "${count} + 1")
  # Every line, blank ones included (file(STRINGS) would drop them).
  file(READ "${source}" text)
  string(REGEX MATCHALL "\n" newlines "${text}")
  list(LENGTH newlines lines)
  if(lines GREATER limit)
    file(RELATIVE_PATH shown "${ROOT}" "${source}")
    list(APPEND bad "${shown}: ${lines} lines")
  endif()
endforeach()
if(bad)
  list(JOIN bad "\n" text)
  message(FATAL_ERROR "files over ${limit} lines in core/ or app/; split them by what they do:\n${text}")
endif()
message(STATUS "core/ and app/: ${count} .cpp files, none over ${limit} lines")
