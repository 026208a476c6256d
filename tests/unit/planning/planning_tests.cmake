# The capture planner on the CPU: the request-mix reader and the shipped mixes (read from the source
# tree, which exists where unit tests run).
add_executable(graphlens_unit_planning
  ${CMAKE_CURRENT_LIST_DIR}/RequestMixTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CapturePlannerTest.cpp
)
target_link_libraries(graphlens_unit_planning PRIVATE graphlens_planning graphlens_catch_main)
target_compile_definitions(graphlens_unit_planning PRIVATE GRAPHLENS_MIXES_DIR="${PROJECT_SOURCE_DIR}/resources/mixes")
catch_discover_tests(graphlens_unit_planning TEST_PREFIX "unit.planning." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
