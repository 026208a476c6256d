# The detector's postprocess: NMS against a brute force and torchvision, yoloDetections against
# Ultralytics' non_max_suppression (tests/fixtures/torchvision_nms.py).
add_executable(graphlens_unit_yolo_postprocess
  ${CMAKE_CURRENT_LIST_DIR}/DetectionNmsTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloDetectionsTest.cpp
)
target_link_libraries(graphlens_unit_yolo_postprocess PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_yolo_postprocess)
catch_discover_tests(graphlens_unit_yolo_postprocess TEST_PREFIX "unit.yolo." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
