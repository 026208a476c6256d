# The Windows portability check as a CTest test (label portability): a mingw-w64 cross build of
# tests/portability in its own folder. Skipped with the reason only when the cross compiler is absent.
add_test(NAME portability.mingw
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/cross-build.sh ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/portability-mingw)
set_tests_properties(portability.mingw PROPERTIES LABELS portability SKIP_RETURN_CODE 77 PROCESSORS 2 TIMEOUT 900)
