# yolo-t's network: YOLOv8 as Ultralytics builds it from yolov8.yaml.
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/YoloConv.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloBottleneck.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloC2f.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloSppf.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloDetectHead.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloV8.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloUltralyticsNames.cpp
)
