# The detector's inference postprocess: confidence filter and class-aware NMS in tensor ops.
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/DetectionNms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloDetections.cpp
)
