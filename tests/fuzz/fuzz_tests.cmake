# The fuzzers as CTest tests (label hardening; `ctest -LE hardening` leaves them out): fuzz.build
# builds tests/fuzz with clang into <build>/fuzz, then each fuzz.<name> replays its committed crash
# inputs and fuzzes for GRAPHLENS_FUZZ_SECONDS from its seed corpus. Without clang or libFuzzer,
# fuzz.build fails and the fuzz tests are reported as not run, so `make test` fails.
set(GRAPHLENS_FUZZ_SECONDS 25 CACHE STRING "How long each fuzzer runs under ctest, in seconds")
set(GRAPHLENS_FUZZERS dataset_yaml label_line image_folder results_csv session_json jsonl_autosave sweep_plan
    worker_lines chrome_trace torchscript_sniff)
set(_fuzz_dir ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME fuzz.build COMMAND ${_fuzz_dir}/build-fuzzers.sh ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/fuzz)
# Two cores for the build; a fuzzer is one process on one core.
set_tests_properties(fuzz.build PROPERTIES FIXTURES_SETUP graphlens_fuzzers LABELS "hardening;fuzz" PROCESSORS 2
                     TIMEOUT 900)
# libtorch's zip reader (not ours, not instrumented) leaks a few hundred bytes of miniz state whenever
# it refuses a damaged zip, and libFuzzer then scans the whole process for leaks after each such input:
# about 50 executions a second instead of 600 or more. So this one checks for leaks once, at exit, where lsan.supp
# leaves out libtorch's own.
set(_fuzz_options_torchscript_sniff -detect_leaks=0)
foreach(name IN LISTS GRAPHLENS_FUZZERS)
  add_test(NAME fuzz.${name}
           COMMAND ${_fuzz_dir}/run-fuzzer.sh ${CMAKE_BINARY_DIR}/fuzz/fuzz_${name} ${_fuzz_dir}/corpus/${name}
                   ${_fuzz_dir}/crashes/${name} ${GRAPHLENS_FUZZ_SECONDS} ${CMAKE_BINARY_DIR}/fuzz-runs/${name}
                   ${_fuzz_options_${name}})
  set_tests_properties(fuzz.${name} PROPERTIES FIXTURES_REQUIRED graphlens_fuzzers LABELS "hardening;fuzz"
                       PROCESSORS 1 TIMEOUT 300)
endforeach()
