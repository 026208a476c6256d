# Fleet sweeps on the CPU (core/fleet): splitting a plan, the fleet folder's names, the Slurm script
# (run by bash with the index Slurm or Kubernetes gives), and merging sessions.
add_executable(graphlens_unit_fleet
  ${CMAKE_CURRENT_LIST_DIR}/FleetDirectoryTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FleetMergeTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PlanSplitTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SbatchScriptTest.cpp
)
target_link_libraries(graphlens_unit_fleet PRIVATE graphlens_fleet graphlens_catch_main)
catch_discover_tests(graphlens_unit_fleet TEST_PREFIX "unit.fleet." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
