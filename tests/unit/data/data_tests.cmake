if(NOT TARGET graphlens_data)  # built with GRAPHLENS_WITH_DATASETS=OFF
  return()
endif()
# CPU tests of core/data: formats, bad input (exact messages), letterbox geometry, the built-in
# dataset and, with the engine, the loader on the CPU path. Fixtures are generated into temp folders.
add_executable(graphlens_unit_data
  ${CMAKE_CURRENT_LIST_DIR}/TestFiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/AugmentationTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BuiltinDatasetTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImageFolderTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImageCheckTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LabelFileTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LetterboxTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SegmentationMaskTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UltralyticsDatasetReference.cpp
  ${CMAKE_CURRENT_LIST_DIR}/UltralyticsDatasetRulesTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloDatasetTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/YoloFormatsTest.cpp
)
target_link_libraries(graphlens_unit_data PRIVATE graphlens_data graphlens_catch_main)
# The Ultralytics comparisons run tests/fixtures/ultralytics_dataset_rules.py with the venv's python.
set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/UltralyticsDatasetReference.cpp APPEND PROPERTY COMPILE_DEFINITIONS
  GRAPHLENS_PYTHON="${PROJECT_SOURCE_DIR}/.venv/bin/python" GRAPHLENS_FIXTURES="${PROJECT_SOURCE_DIR}/tests/fixtures")
catch_discover_tests(graphlens_unit_data TEST_PREFIX "unit.data." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
include(${CMAKE_CURRENT_LIST_DIR}/decode_tests.cmake)  # the JPEG/PNG decoder

if(TARGET graphlens_data_loader)
  add_executable(graphlens_unit_data_loader
    ${CMAKE_CURRENT_LIST_DIR}/TestFiles.cpp
    ${CMAKE_CURRENT_LIST_DIR}/DataLoaderTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/MaskCollationTest.cpp
  )
  target_link_libraries(graphlens_unit_data_loader PRIVATE graphlens_data_loader graphlens_data graphlens_catch_main)
  graphlens_use_torch_pch(graphlens_unit_data_loader)
  catch_discover_tests(graphlens_unit_data_loader TEST_PREFIX "unit.data." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
endif()
