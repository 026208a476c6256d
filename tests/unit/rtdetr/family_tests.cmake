# rtdetr-r18 as a whole against transformers (tests/fixtures/hf_rtdetr_model.py), its declarations, its
# training seam, and a 50-step training run on the built-in dataset.
if(TARGET graphlens_train)
  add_executable(graphlens_unit_rtdetr_family ${CMAKE_CURRENT_LIST_DIR}/RtDetrFamilyTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/RtDetrTrainingTest.cpp)
  target_link_libraries(graphlens_unit_rtdetr_family PRIVATE graphlens_train graphlens_python_reference
    graphlens_catch_main)
  graphlens_use_torch_pch(graphlens_unit_rtdetr_family)
  catch_discover_tests(graphlens_unit_rtdetr_family TEST_PREFIX "unit.rtdetr." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
endif()
