# CPU tests of the libtorch engine (families, sweep on the CPU path, sessions).
add_executable(graphlens_unit_engine
  ${CMAKE_CURRENT_LIST_DIR}/ResNet18Test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SweepCpuTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GraphRunnerTest.cpp
)
target_link_libraries(graphlens_unit_engine PRIVATE graphlens_bench graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_engine)
catch_discover_tests(graphlens_unit_engine TEST_PREFIX "unit.engine." PROPERTIES LABELS unit)
