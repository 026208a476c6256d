# CPU tests of core/platform: fixture text and files written by the tests, a fake clock reader, NVML
# opened from paths that are not NVML, real child processes through /bin/sh, a fake environment for the
# user-folder rules. Included from tests/unit/CMakeLists.txt.
add_executable(graphlens_unit_platform
  ${CMAKE_CURRENT_LIST_DIR}/ChildProcessTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ClockSamplerTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CpuInfoTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NvmlLibraryTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/OutputLinesTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProcessFactsTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SharedLibraryTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UserFoldersTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/VersionTextTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/WindowsCommandLineTest.cpp
)
target_link_libraries(graphlens_unit_platform PRIVATE graphlens_platform graphlens_catch_main)
catch_discover_tests(graphlens_unit_platform TEST_PREFIX "unit.platform." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)

# The platform folder's Windows branches: compiled and linked by a mingw-w64 cross build.
include(${PROJECT_SOURCE_DIR}/tests/portability/portability_test.cmake)
