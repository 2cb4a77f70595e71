# cmake -DPROGRAM=... -DARGS="--print-man" -DOUT=file [-DEMULATOR=...] -P generate_text.cmake
# Runs PROGRAM ARGS and writes its standard output to OUT, through a temporary file, so that a failed run
# leaves no half-written file behind (app/cli/CMakeLists.txt: the man page and the shell completions).
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${EMULATOR} ${PROGRAM} ${args} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE result
  ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "${PROGRAM} ${ARGS} failed (${result}): ${errors}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
