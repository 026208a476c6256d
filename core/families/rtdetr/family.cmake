# rtdetr-r18 as a whole: the two halves joined, its training seam, targets, output value and family.
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RtDetr.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrFamily.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrOutputValue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrTrainingChain.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrTrainingTargets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrTransformersNames.cpp
)
