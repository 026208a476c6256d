# rtdetr-r18's training loss and Hungarian matcher against transformers' RTDetrLoss
# (tests/fixtures/hf_rtdetr_loss.py). Until core/families/rtdetr/loss.cmake is part of
# graphlens_families, the test compiles the loss sources itself.
set(graphlens_rtdetr_loss_sources)
get_target_property(graphlens_families_sources graphlens_families SOURCES)
if(NOT graphlens_families_sources MATCHES "RtDetrLoss\\.cpp")
  foreach(name RtDetrBoxLosses RtDetrBoxOps RtDetrDenoisingMatch RtDetrHungarianMatcher RtDetrLoss RtDetrLossTargets
               RtDetrVarifocalLoss)
    list(APPEND graphlens_rtdetr_loss_sources ${PROJECT_SOURCE_DIR}/core/families/rtdetr/${name}.cpp)
  endforeach()
endif()
add_executable(graphlens_unit_rtdetr_loss ${CMAKE_CURRENT_LIST_DIR}/RtDetrLossTest.cpp ${graphlens_rtdetr_loss_sources})
target_link_libraries(graphlens_unit_rtdetr_loss PRIVATE graphlens_families graphlens_python_reference
  graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_rtdetr_loss)
catch_discover_tests(graphlens_unit_rtdetr_loss TEST_PREFIX "unit.rtdetr." PROPERTIES LABELS unit)
