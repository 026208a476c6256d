# rtdetr-r18's encoder side: the ResNet-18-vd backbone with frozen BatchNorms, the encoder input projections
# and the hybrid encoder (AIFI, FPN, PAN), as transformers' RTDetrModel builds them; and its name map onto
# transformers' state_dict.
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrFrozenBatchNorm.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrResNetConvLayer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrResNetBasicBlock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrResNetVd.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrConvNorm.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrRepVggBlock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrCspRepLayer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrSinePositionEmbedding.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrAifiLayer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrAifi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrHybridEncoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrEncoderSide.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RtDetrEncoderTransformersNames.cpp
)
