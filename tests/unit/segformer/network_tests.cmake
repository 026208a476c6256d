# segformer-b0's network and training loss against transformers' SegformerForSemanticSegmentation
# (tests/fixtures/hf_segformer.py).
add_executable(graphlens_unit_segformer_network ${CMAKE_CURRENT_LIST_DIR}/SegformerNetworkTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegmentationLossTest.cpp)
target_link_libraries(graphlens_unit_segformer_network PRIVATE graphlens_families graphlens_python_reference graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_segformer_network)
catch_discover_tests(graphlens_unit_segformer_network TEST_PREFIX "unit.segformer." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
