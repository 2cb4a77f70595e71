# cryptauditor_backend(NAME <name> [PKG <pkg-config module>] [HEADER <header> LIBS <libraries...>]
#                      SOURCES <files...> [EXTRA_LIBS <libs...>])
#
# Declares the CMake option CRYPTAUDITOR_BACKEND_<NAME> = AUTO | ON | OFF. AUTO (the default) builds the
# backend when its library is found; ON makes a missing library a configure error; OFF skips it.
# The plugin lands in ${CMAKE_BINARY_DIR}/backends/ca-backend-<name>.so, where build/cryptauditor finds it,
# and installs to <libdir>/cryptauditor/backends. The same file is installed with the SDK package
# (find_package(cryptauditor CONFIG)), so an out-of-tree backend (examples/backend/) calls it unchanged and
# loads with `cryptauditor --plugin-dir <its build>/backends`.
#
# How the library is found:
#  - PKG: the pkg-config module (with an optional version bound, "libcrypto>=3.0"), tried first;
#  - HEADER + LIBS: the fallback for a library that ships no pkg-config file (Mbed TLS 2.28): find_path for
#    HEADER (a path relative to an include directory, "mbedtls/version.h") and find_library for each of LIBS
#    ("mbedcrypto"), in CMake's default search paths plus CMAKE_PREFIX_PATH. The results are cached as
#    CRYPTAUDITOR_<NAME>_INCLUDE_DIR and CRYPTAUDITOR_<NAME>_<LIB>_LIBRARY, which may be set by hand.
# A backend gives PKG, or HEADER and LIBS, or both (the fallback is then used only when pkg-config fails).
include(GNUInstallDirs)
function(cryptauditor_backend)
  cmake_parse_arguments(B "" "NAME;PKG;HEADER" "SOURCES;EXTRA_LIBS;LIBS" ${ARGN})
  string(TOUPPER "${B_NAME}" upper)
  set(option CRYPTAUDITOR_BACKEND_${upper})
  set(${option} AUTO CACHE STRING "Build the ${B_NAME} backend: AUTO, ON or OFF")
  set_property(CACHE ${option} PROPERTY STRINGS AUTO ON OFF)
  if(${option} STREQUAL "OFF")
    message(STATUS "backend ${B_NAME}: off (${option}=OFF)")
    return()
  endif()
  if(NOT B_PKG AND NOT (B_HEADER AND B_LIBS))
    message(FATAL_ERROR "backend ${B_NAME}: cryptauditor_backend() needs PKG, or HEADER and LIBS")
  endif()
  if((B_HEADER AND NOT B_LIBS) OR (B_LIBS AND NOT B_HEADER))
    message(FATAL_ERROR "backend ${B_NAME}: HEADER and LIBS go together")
  endif()

  set(library_target "")
  set(found_what "")
  set(missing_what "")
  if(B_PKG)
    if(NOT PKG_CONFIG_FOUND)
      find_package(PkgConfig REQUIRED)
    endif()
    pkg_check_modules(${upper}_PKG QUIET IMPORTED_TARGET ${B_PKG})
    if(${upper}_PKG_FOUND)
      set(library_target PkgConfig::${upper}_PKG)
      set(found_what "${B_PKG} ${${upper}_PKG_VERSION}")
    else()
      set(missing_what "pkg-config module '${B_PKG}'")
    endif()
  endif()
  if(NOT library_target AND B_HEADER)
    find_path(CRYPTAUDITOR_${upper}_INCLUDE_DIR NAMES ${B_HEADER})
    set(libraries "")
    set(missing_libs "")
    foreach(lib ${B_LIBS})
      string(TOUPPER "${lib}" lib_upper)
      find_library(CRYPTAUDITOR_${upper}_${lib_upper}_LIBRARY NAMES ${lib})
      if(CRYPTAUDITOR_${upper}_${lib_upper}_LIBRARY)
        list(APPEND libraries ${CRYPTAUDITOR_${upper}_${lib_upper}_LIBRARY})
      else()
        list(APPEND missing_libs ${lib})
      endif()
    endforeach()
    if(CRYPTAUDITOR_${upper}_INCLUDE_DIR AND NOT missing_libs)
      set(library_target cryptauditor_${B_NAME}_library)
      add_library(${library_target} INTERFACE)
      target_include_directories(${library_target} SYSTEM INTERFACE ${CRYPTAUDITOR_${upper}_INCLUDE_DIR})
      target_link_libraries(${library_target} INTERFACE ${libraries})
      set(found_what "${B_HEADER} in ${CRYPTAUDITOR_${upper}_INCLUDE_DIR}, ${libraries}")
    else()
      if(missing_what)
        string(APPEND missing_what " nor ")
      endif()
      if(NOT CRYPTAUDITOR_${upper}_INCLUDE_DIR)
        string(APPEND missing_what "header '${B_HEADER}'")
        if(missing_libs)
          string(APPEND missing_what " and ")
        endif()
      endif()
      if(missing_libs)
        string(REPLACE ";" ", " missing_list "${missing_libs}")
        string(APPEND missing_what "library ${missing_list}")
      endif()
    endif()
  endif()
  if(NOT library_target)
    if(${option} STREQUAL "ON")
      message(FATAL_ERROR "backend ${B_NAME}: ${option}=ON but ${missing_what} was not found")
    endif()
    message(STATUS "backend ${B_NAME}: skipped, ${missing_what} not found")
    return()
  endif()
  message(STATUS "backend ${B_NAME}: building against ${found_what}")
  set(target ca-backend-${B_NAME})
  add_library(${target} MODULE ${B_SOURCES})
  # In this project the SDK is the target cryptauditor_sdk; from the installed package, cryptauditor::sdk.
  if(TARGET cryptauditor_sdk)
    set(sdk_target cryptauditor_sdk)
  else()
    set(sdk_target cryptauditor::sdk)
  endif()
  target_link_libraries(${target} PRIVATE ${sdk_target} ${library_target} ${B_EXTRA_LIBS})
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/backends)
  install(TARGETS ${target} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/cryptauditor/backends)
  set_property(GLOBAL APPEND PROPERTY CRYPTAUDITOR_BACKENDS ${B_NAME})
  if(TARGET cryptauditor_backends)
    add_dependencies(cryptauditor_backends ${target})
  endif()
endfunction()
