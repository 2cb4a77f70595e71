# cryptauditor_backend(NAME <name> PKG <pkg-config module> SOURCES <files...> [EXTRA_LIBS <libs...>])
#
# Declares the CMake option CRYPTAUDITOR_BACKEND_<NAME> = AUTO | ON | OFF. AUTO (the default) builds the
# backend when pkg-config finds its library; ON makes a missing library a configure error; OFF skips it.
# The plugin lands in ${CMAKE_BINARY_DIR}/backends/ca-backend-<name>.so, where build/cryptauditor finds it.
function(cryptauditor_backend)
  cmake_parse_arguments(B "" "NAME;PKG" "SOURCES;EXTRA_LIBS" ${ARGN})
  string(TOUPPER "${B_NAME}" upper)
  set(option CRYPTAUDITOR_BACKEND_${upper})
  set(${option} AUTO CACHE STRING "Build the ${B_NAME} backend: AUTO, ON or OFF")
  set_property(CACHE ${option} PROPERTY STRINGS AUTO ON OFF)
  if(${option} STREQUAL "OFF")
    message(STATUS "backend ${B_NAME}: off (${option}=OFF)")
    return()
  endif()
  pkg_check_modules(${upper}_PKG QUIET IMPORTED_TARGET ${B_PKG})
  if(NOT ${upper}_PKG_FOUND)
    if(${option} STREQUAL "ON")
      message(FATAL_ERROR "backend ${B_NAME}: ${option}=ON but pkg-config module '${B_PKG}' was not found")
    endif()
    message(STATUS "backend ${B_NAME}: skipped, pkg-config module '${B_PKG}' not found")
    return()
  endif()
  message(STATUS "backend ${B_NAME}: building against ${B_PKG} ${${upper}_PKG_VERSION}")
  set(target ca-backend-${B_NAME})
  add_library(${target} MODULE ${B_SOURCES})
  target_link_libraries(${target} PRIVATE cryptauditor_sdk PkgConfig::${upper}_PKG ${B_EXTRA_LIBS})
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/backends)
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/cryptauditor/backends)
  set_property(GLOBAL APPEND PROPERTY CRYPTAUDITOR_BACKENDS ${B_NAME})
  add_dependencies(cryptauditor_backends ${target})
endfunction()
