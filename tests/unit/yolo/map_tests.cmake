# The detector's mAP50 and mAP50-95 (core/train/DetectionMap.h) against pycocotools' COCOeval.
add_executable(graphlens_unit_detection_map ${CMAKE_CURRENT_LIST_DIR}/DetectionMapTest.cpp)
target_link_libraries(graphlens_unit_detection_map PRIVATE graphlens_train_parts graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_detection_map)
catch_discover_tests(graphlens_unit_detection_map TEST_PREFIX "unit.yolo." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
