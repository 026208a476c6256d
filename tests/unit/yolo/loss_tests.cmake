# The task-aligned assigner, CIoU, the training targets and the loss against Ultralytics'.
add_executable(graphlens_unit_yolo_loss
  ${CMAKE_CURRENT_LIST_DIR}/TaskAlignedAssignerTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloDetectionLossTest.cpp
)
target_link_libraries(graphlens_unit_yolo_loss PRIVATE graphlens_families graphlens_python_reference graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_yolo_loss)
catch_discover_tests(graphlens_unit_yolo_loss TEST_PREFIX "unit.yolo." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
