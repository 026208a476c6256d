# segformer-b0 as a registered family: declarations, seeded builder, predict postprocess.
add_executable(graphlens_unit_segformer_family ${CMAKE_CURRENT_LIST_DIR}/SegformerFamilyTest.cpp)
target_link_libraries(graphlens_unit_segformer_family PRIVATE graphlens_families graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_segformer_family)
catch_discover_tests(graphlens_unit_segformer_family TEST_PREFIX "unit.segformer." PROPERTIES LABELS unit)
