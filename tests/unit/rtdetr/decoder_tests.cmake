# rtdetr-r18's decoder side against transformers' RTDetrForObjectDetection (tests/fixtures/hf_rtdetr_decoder.py).
add_executable(graphlens_unit_rtdetr_decoder ${CMAKE_CURRENT_LIST_DIR}/RtDetrDecoderSideTest.cpp)
target_link_libraries(graphlens_unit_rtdetr_decoder PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_rtdetr_decoder)
catch_discover_tests(graphlens_unit_rtdetr_decoder TEST_PREFIX "unit.rtdetr." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
