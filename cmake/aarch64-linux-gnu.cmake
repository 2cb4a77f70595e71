# Cross build for 64-bit Arm Linux with Debian's cross compiler (g++-aarch64-linux-gnu), against the arm64
# libraries of Debian multiarch (dpkg --add-architecture arm64; apt-get install libssl-dev:arm64 ...):
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# tests/run_all.sh aarch64 installs all of it and runs the test suite under qemu-user.
#
# CRYPTAUDITOR_AARCH64_SYSROOT (optional): a folder holding arm64 development packages unpacked with
# dpkg-deb -x, for the libraries whose arm64 -dev package cannot be installed next to the amd64 one
# (libbotan-2-dev, libgcrypt20-dev, libwolfssl-dev are not Multi-Arch: same). Its pkg-config files are
# searched first; their prefix must point into the folder (tests/run_all.sh rewrites it).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Programs come from the build machine, libraries and headers from the arm64 multiarch folders (which the
# default search of /usr with CMAKE_LIBRARY_ARCHITECTURE finds) and the optional sysroot.
set(CRYPTAUDITOR_AARCH64_SYSROOT "" CACHE PATH "Unpacked arm64 -dev packages that cannot be co-installed")
# try_compile projects read this file again: hand them the sysroot, or their reading would reset the
# process-wide PKG_CONFIG_LIBDIR below without it.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES CRYPTAUDITOR_AARCH64_SYSROOT)
if(CRYPTAUDITOR_AARCH64_SYSROOT)
  list(APPEND CMAKE_PREFIX_PATH ${CRYPTAUDITOR_AARCH64_SYSROOT}/usr)
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)

# pkg-config: only arm64 .pc files (PKG_CONFIG_LIBDIR replaces the amd64 default path; the toolchain file
# is read again by every configure, so the variable holds for each pkg_check_modules call).
set(ca_pc_dirs /usr/lib/aarch64-linux-gnu/pkgconfig /usr/share/pkgconfig)
if(CRYPTAUDITOR_AARCH64_SYSROOT)
  list(PREPEND ca_pc_dirs ${CRYPTAUDITOR_AARCH64_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig)
endif()
string(REPLACE ";" ":" ca_pc_path "${ca_pc_dirs}")
set(ENV{PKG_CONFIG_LIBDIR} "${ca_pc_path}")
set(ENV{PKG_CONFIG_PATH} "")

# The sysroot's libraries are linked with their own dependencies (libbotan-2 needs libtspi), which the
# linker must find too. Its multiarch header folder (gpg-error.h) is searched like the compiler's own
# /usr/include/aarch64-linux-gnu, after the -I folders.
if(CRYPTAUDITOR_AARCH64_SYSROOT)
  foreach(lang C CXX)
    set(CMAKE_${lang}_FLAGS_INIT "-idirafter ${CRYPTAUDITOR_AARCH64_SYSROOT}/usr/include/aarch64-linux-gnu")
  endforeach()
  foreach(kind EXE SHARED MODULE)
    set(CMAKE_${kind}_LINKER_FLAGS_INIT
        "-Wl,-rpath-link,${CRYPTAUDITOR_AARCH64_SYSROOT}/usr/lib/aarch64-linux-gnu")
  endforeach()
endif()

# ctest (and gtest_discover_tests at build time) run the test programs through qemu-user. No -L prefix:
# the arm64 libraries above depend on Debian's libc6:arm64, so its loader (/lib/ld-linux-aarch64.so.1)
# and C library are installed where the program asks for them. The cross toolchain's copy in
# /usr/aarch64-linux-gnu is another Debian revision of glibc; a program the tests start through binfmt_misc
# gets no -L either, so every process uses the same C library. Libraries only in the sysroot are found
# through LD_LIBRARY_PATH, which qemu passes on (tests/run_all.sh also exports it for such child processes).
find_program(CRYPTAUDITOR_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(CRYPTAUDITOR_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${CRYPTAUDITOR_QEMU_AARCH64})
  if(CRYPTAUDITOR_AARCH64_SYSROOT)
    list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -E
         LD_LIBRARY_PATH=${CRYPTAUDITOR_AARCH64_SYSROOT}/usr/lib/aarch64-linux-gnu)
  endif()
endif()
