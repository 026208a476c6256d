# CPU tests of core/platform: fixture text and files written by the tests, a fake clock reader, and
# NVML opened from paths that are not NVML. Included from tests/unit/CMakeLists.txt.
add_executable(graphlens_unit_platform
  ${CMAKE_CURRENT_LIST_DIR}/ClockSamplerTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuInfoTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NvmlLibraryTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VersionTextTest.cpp
)
target_link_libraries(graphlens_unit_platform PRIVATE graphlens_platform graphlens_catch_main)
catch_discover_tests(graphlens_unit_platform TEST_PREFIX "unit.platform." PROPERTIES LABELS unit)
