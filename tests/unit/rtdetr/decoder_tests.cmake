# rtdetr-r18's decoder side against transformers' RTDetrForObjectDetection (tests/fixtures/hf_rtdetr_decoder.py).
# Until core/families/rtdetr/decoder.cmake is part of graphlens_families, the decoder's sources are compiled
# into the test itself.
set(_rtdetr_decoder_sources
  RtDetrBoxMath.cpp RtDetrMlpHead.cpp RtDetrAnchors.cpp RtDetrDeformableSampling.cpp RtDetrDeformableAttention.cpp
  RtDetrDecoderSelfAttention.cpp RtDetrDecoderLayer.cpp RtDetrDecoder.cpp RtDetrDenoisingGroup.cpp
  RtDetrDecoderSide.cpp RtDetrDetections.cpp RtDetrDecoderTransformersNames.cpp)
list(TRANSFORM _rtdetr_decoder_sources PREPEND ${PROJECT_SOURCE_DIR}/core/families/rtdetr/)
get_target_property(_families_sources graphlens_families SOURCES)
set(_rtdetr_decoder_own_sources)
if(NOT "${_families_sources}" MATCHES "RtDetrDecoderSide\\.cpp")
  set(_rtdetr_decoder_own_sources ${_rtdetr_decoder_sources})
endif()
add_executable(graphlens_unit_rtdetr_decoder ${CMAKE_CURRENT_LIST_DIR}/RtDetrDecoderSideTest.cpp
  ${_rtdetr_decoder_own_sources})
target_link_libraries(graphlens_unit_rtdetr_decoder PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_rtdetr_decoder)
catch_discover_tests(graphlens_unit_rtdetr_decoder TEST_PREFIX "unit.rtdetr." PROPERTIES LABELS unit)
