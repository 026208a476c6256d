# segformer-b0 as a registered family: declarations, seeded builder, predict postprocess.
add_executable(graphlens_unit_segformer_family ${CMAKE_CURRENT_LIST_DIR}/SegformerFamilyTest.cpp)
target_link_libraries(graphlens_unit_segformer_family PRIVATE graphlens_families graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_segformer_family)
catch_discover_tests(graphlens_unit_segformer_family TEST_PREFIX "unit.segformer." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
# segformer-b0 trained end to end on the CPU (the built-in dataset's masks, the loss falling, mIoU).
if(TARGET graphlens_train AND TARGET graphlens_data)
  add_executable(graphlens_unit_segformer_training
    ${CMAKE_CURRENT_LIST_DIR}/SegformerTrainingTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/../data/TestFiles.cpp
  )
  target_include_directories(graphlens_unit_segformer_training PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../data
    ${PROJECT_SOURCE_DIR}/tests/fixtures)
  target_link_libraries(graphlens_unit_segformer_training PRIVATE graphlens_train graphlens_data graphlens_catch_main)
  graphlens_use_torch_pch(graphlens_unit_segformer_training)
  catch_discover_tests(graphlens_unit_segformer_training TEST_PREFIX "unit.segformer." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
endif()
