# The advisor's arithmetic on made-up rows and calibrations (CPU only): every formula the prediction
# is made of, the verdicts, and the session pass that puts predictions and errors on rows.
add_executable(graphlens_unit_advisor
  ${CMAKE_CURRENT_LIST_DIR}/GraphedStepPredictionTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/HostGpuTimelineTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NetworkStepOverlapTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ReplayCalibrationTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SessionPredictionsTest.cpp
)
target_link_libraries(graphlens_unit_advisor PRIVATE graphlens_advisor graphlens_catch_main)
catch_discover_tests(graphlens_unit_advisor TEST_PREFIX "unit.advisor." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
