# CPU tests of the profiler: synthetic CUPTI records, no GPU. Included from tests/unit/CMakeLists.txt.
add_executable(graphlens_unit_profiler
  ${CMAKE_CURRENT_LIST_DIR}/ApiCallRecorderTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChromeTraceFixtureTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ChromeTraceTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FailedCallLogTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/IntervalsTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LaunchApisTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PhaseRecorderTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfileSessionTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RecordedApisTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SavedTimeAttributionTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/StepMetricsTest.cpp
)
if(GRAPHLENS_HAVE_CUPTI)
  target_sources(graphlens_unit_profiler PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/CuptiApiCallbackTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CuptiRecordDecoderTest.cpp)
endif()
target_link_libraries(graphlens_unit_profiler PRIVATE graphlens_profiler graphlens_catch_main)
# The GUI's step timeline fixture, held to the real writer's output (ChromeTraceFixtureTest.cpp).
target_compile_definitions(graphlens_unit_profiler PRIVATE
  GRAPHLENS_UI_TRACE_FIXTURE="${PROJECT_SOURCE_DIR}/tests/ui/fixtures/synthetic-trace-format.json")
catch_discover_tests(graphlens_unit_profiler TEST_PREFIX "unit.profiler." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
