# yolo-t's network against Ultralytics' own YOLOv8n (tests/fixtures/ultralytics_yolov8.py).
add_executable(graphlens_unit_yolo_network ${CMAKE_CURRENT_LIST_DIR}/YoloNetworkTest.cpp)
target_link_libraries(graphlens_unit_yolo_network PRIVATE graphlens_families graphlens_python_reference graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_yolo_network)
catch_discover_tests(graphlens_unit_yolo_network TEST_PREFIX "unit.yolo." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
