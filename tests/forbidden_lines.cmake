# forbidden_lines(): the shared loop of the source checks that forbid a kind of line (curve_names.cmake,
# schema_versions.cmake). Included by them, not run on its own.
#   forbidden_lines(ROOT <dir> REGEX <line regex> SKIP <path regex> MESSAGE <text> WHAT <what was checked>)
# Fails listing every matching line of a .cpp/.hpp in core/, app/ or plugins/ whose path relative to ROOT
# does not match SKIP; else prints how many files it read.
function(forbidden_lines)
  # PARSE_ARGV: a regex may hold an unbalanced "]", which would join list items of ${ARGN}.
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "ROOT;REGEX;SKIP;MESSAGE;WHAT" "")
  file(GLOB_RECURSE sources "${arg_ROOT}/core/*.cpp" "${arg_ROOT}/core/*.hpp" "${arg_ROOT}/app/*.cpp"
    "${arg_ROOT}/app/*.hpp" "${arg_ROOT}/plugins/*.cpp" "${arg_ROOT}/plugins/*.hpp")
  set(bad "")
  set(count 0)
  foreach(source IN LISTS sources)
    file(RELATIVE_PATH shown "${arg_ROOT}" "${source}")
    if(shown MATCHES "${arg_SKIP}")
      continue()
    endif()
    math(EXPR count "${count} + 1")
    file(STRINGS "${source}" lines REGEX "${arg_REGEX}")
    foreach(line IN LISTS lines)
      string(STRIP "${line}" line)
      string(REPLACE ";" "," line "${line}")
      list(APPEND bad "${shown}: ${line}")
    endforeach()
  endforeach()
  if(bad)
    list(JOIN bad "\n" text)
    message(FATAL_ERROR "${arg_MESSAGE}:\n${text}")
  endif()
  message(STATUS "core/, app/, plugins/: ${count} files, ${arg_WHAT}")
endfunction()
