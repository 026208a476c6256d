# The encoder-decoder detector's Hungarian matching solver, against a brute force and scipy
# (tests/fixtures/scipy_assignment.py).
add_executable(graphlens_unit_rtdetr_matching ${CMAKE_CURRENT_LIST_DIR}/LinearSumAssignmentTest.cpp)
target_link_libraries(graphlens_unit_rtdetr_matching PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_rtdetr_matching)
catch_discover_tests(graphlens_unit_rtdetr_matching TEST_PREFIX "unit.rtdetr." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
