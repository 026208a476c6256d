# The TurboJPEG/libpng decoder, torch-free and imgcodecs-free: graphlens_unit_decode runs
# on every machine and travels in the GPU bundle. graphlens_unit_decode_opencv compares it with
# OpenCV imgcodecs and is built only where imgcodecs is installed (the product never links it).
add_executable(graphlens_unit_decode
  ${CMAKE_CURRENT_LIST_DIR}/TestFiles.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DecodeFixtures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DecodeTest.cpp
)
target_link_libraries(graphlens_unit_decode PRIVATE graphlens_data graphlens_catch_main)
catch_discover_tests(graphlens_unit_decode TEST_PREFIX "unit.decode." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)

find_package(OpenCV QUIET COMPONENTS imgcodecs)
if(OpenCV_FOUND AND TARGET opencv_imgcodecs)
  add_executable(graphlens_unit_decode_opencv
    ${CMAKE_CURRENT_LIST_DIR}/DecodeFixtures.cpp
    ${CMAKE_CURRENT_LIST_DIR}/DecodeVsOpenCvTest.cpp
  )
  target_link_libraries(graphlens_unit_decode_opencv PRIVATE graphlens_data opencv_imgcodecs graphlens_catch_main)
  catch_discover_tests(graphlens_unit_decode_opencv TEST_PREFIX "unit.decode." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
else()
  message(STATUS "OpenCV imgcodecs not found: the decoder's comparison with cv::imdecode is not built")
endif()
