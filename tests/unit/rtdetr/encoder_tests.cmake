# rtdetr-r18's encoder side against transformers' RTDetrForObjectDetection (tests/fixtures/hf_rtdetr_encoder.py).
add_executable(graphlens_unit_rtdetr_encoder ${CMAKE_CURRENT_LIST_DIR}/RtDetrEncoderSideTest.cpp)
target_link_libraries(graphlens_unit_rtdetr_encoder PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_rtdetr_encoder)
catch_discover_tests(graphlens_unit_rtdetr_encoder TEST_PREFIX "unit.rtdetr." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
