# YOLOv8's training loss: the task-aligned assigner, CIoU, the targets and the loss itself.
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BoxIou.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TaskAlignedAssigner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloDetectionLoss.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloTrainingTargets.cpp
)
