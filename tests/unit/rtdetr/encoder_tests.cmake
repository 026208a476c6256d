# rtdetr-r18's encoder side against transformers' RTDetrForObjectDetection (tests/fixtures/hf_rtdetr_encoder.py).
# Until core/families/rtdetr/encoder.cmake is wired into graphlens_families, the encoder side's sources are
# compiled into the test itself.
set(_rtdetr_encoder_dir ${PROJECT_SOURCE_DIR}/core/families/rtdetr)
set(_rtdetr_encoder_sources
  ${_rtdetr_encoder_dir}/RtDetrFrozenBatchNorm.cpp
  ${_rtdetr_encoder_dir}/RtDetrResNetConvLayer.cpp
  ${_rtdetr_encoder_dir}/RtDetrResNetBasicBlock.cpp
  ${_rtdetr_encoder_dir}/RtDetrResNetVd.cpp
  ${_rtdetr_encoder_dir}/RtDetrConvNorm.cpp
  ${_rtdetr_encoder_dir}/RtDetrRepVggBlock.cpp
  ${_rtdetr_encoder_dir}/RtDetrCspRepLayer.cpp
  ${_rtdetr_encoder_dir}/RtDetrSinePositionEmbedding.cpp
  ${_rtdetr_encoder_dir}/RtDetrAifiLayer.cpp
  ${_rtdetr_encoder_dir}/RtDetrAifi.cpp
  ${_rtdetr_encoder_dir}/RtDetrHybridEncoder.cpp
  ${_rtdetr_encoder_dir}/RtDetrEncoderSide.cpp
  ${_rtdetr_encoder_dir}/RtDetrEncoderTransformersNames.cpp
)
get_target_property(_families_sources graphlens_families SOURCES)
list(FILTER _families_sources INCLUDE REGEX "RtDetrEncoderSide\\.cpp$")
if(_families_sources)
  set(_rtdetr_encoder_sources)  # already in graphlens_families
endif()
add_executable(graphlens_unit_rtdetr_encoder ${CMAKE_CURRENT_LIST_DIR}/RtDetrEncoderSideTest.cpp ${_rtdetr_encoder_sources})
target_link_libraries(graphlens_unit_rtdetr_encoder PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_rtdetr_encoder)
catch_discover_tests(graphlens_unit_rtdetr_encoder TEST_PREFIX "unit.rtdetr." PROPERTIES LABELS unit)
