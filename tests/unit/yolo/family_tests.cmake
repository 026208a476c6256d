# yolo-t as a family: registry, postprocess, training targets and loss, an Ultralytics TorchScript export.
add_executable(graphlens_unit_yolo_family ${CMAKE_CURRENT_LIST_DIR}/YoloFamilyTest.cpp)
target_link_libraries(graphlens_unit_yolo_family PRIVATE graphlens_families graphlens_python_reference graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_yolo_family)
catch_discover_tests(graphlens_unit_yolo_family TEST_PREFIX "unit.yolo." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
