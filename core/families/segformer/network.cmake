# segformer-b0's network: SegFormer (MiT-b0 encoder, all-MLP decode head) as transformers builds it from
# SegformerConfig(), and its inference postprocess (upsample + argmax).
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SegformerPatchEmbed.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegformerEfficientAttention.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegformerMixFfn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegformerBlock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegformerStage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MixTransformerEncoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegformerDecodeHead.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Segformer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegformerTransformersNames.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegmentationLabels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegmentationLoss.cpp
)
# The segformer-b0 family (registered in FamilyRegistry.cpp).
target_sources(graphlens_families PRIVATE ${CMAKE_CURRENT_LIST_DIR}/SegformerFamily.cpp)
