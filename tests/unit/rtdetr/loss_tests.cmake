# rtdetr-r18's training loss and Hungarian matcher against transformers' RTDetrLoss
# (tests/fixtures/hf_rtdetr_loss.py).
add_executable(graphlens_unit_rtdetr_loss ${CMAKE_CURRENT_LIST_DIR}/RtDetrLossTest.cpp)
target_link_libraries(graphlens_unit_rtdetr_loss PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_rtdetr_loss)
catch_discover_tests(graphlens_unit_rtdetr_loss TEST_PREFIX "unit.rtdetr." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
