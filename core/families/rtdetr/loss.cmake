# rtdetr-r18's training loss (transformers' RTDetrLoss): box ops, the Hungarian matcher, the denoising
# pairing, the varifocal and box losses and their sum over layers.
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrBoxLosses.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrBoxOps.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDenoisingMatch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrHungarianMatcher.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrLoss.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrLossTargets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrVarifocalLoss.cpp
)
