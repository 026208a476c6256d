# rtdetr-r18's decoder side (everything after the hybrid encoder) as transformers' RTDetrForObjectDetection
# builds it, and its inference postprocess.
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrBoxMath.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrMlpHead.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrAnchors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDeformableSampling.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDeformableAttention.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDecoderSelfAttention.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDecoderLayer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDecoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDenoisingGroup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDecoderSide.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDetections.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrDecoderTransformersNames.cpp
)
