# The `asan` preset (ASan + UBSan; results layer, datasets, profiler and platform code, no libtorch) as
# CTest tests of the dev tree, label hardening: sanitize.asan_build builds the asan preset's CPU test
# programs into <build>/asan, then each sanitize.asan_<part> runs that part of the asan tree's own
# CTest suite. docs/fuzzing.md says which parts run here and why (the time `make test` may take).
set(_asan_dir ${CMAKE_CURRENT_LIST_DIR})
set(_asan_build ${CMAKE_BINARY_DIR}/asan)
set(GRAPHLENS_ASAN_PARTS results platform profiler data decode)
set(_asan_targets graphlens_unit_results graphlens_unit_platform graphlens_unit_profiler graphlens_unit_data
    graphlens_unit_decode graphlens_unit_decode_opencv)
add_test(NAME sanitize.asan_build COMMAND ${_asan_dir}/asan-build.sh ${PROJECT_SOURCE_DIR} ${_asan_build} ${_asan_targets})
set_tests_properties(sanitize.asan_build PROPERTIES FIXTURES_SETUP graphlens_asan LABELS "hardening;sanitize"
                     PROCESSORS 2 TIMEOUT 1800)
foreach(part IN LISTS GRAPHLENS_ASAN_PARTS)
  add_test(NAME sanitize.asan_${part} COMMAND ${_asan_dir}/asan-run.sh ${_asan_build} "^unit\\.${part}\\.")
  set_tests_properties(sanitize.asan_${part} PROPERTIES FIXTURES_REQUIRED graphlens_asan LABELS "hardening;sanitize"
                       PROCESSORS 2 TIMEOUT 900)
endforeach()
