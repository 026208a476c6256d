# Results-layer test files added after the list in tests/unit/CMakeLists.txt; included from there
# (OPTIONAL, like the other folders' files) so this folder can grow without editing the shared list.
target_sources(graphlens_unit_results PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BuildTypeTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfiledMergeTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfilerOverheadTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RoundStatisticsTest.cpp
)
