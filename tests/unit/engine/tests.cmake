# CPU tests of the libtorch engine (families, sweep on the CPU path, sessions).
add_executable(graphlens_unit_engine
  ${CMAKE_CURRENT_LIST_DIR}/BuildingBlocksTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CaptureForensicsTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ConvNeXtTinyTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/EfficientNetB0Test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FamilyListingTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FomoTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImageSizeCheckTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ImageSizeRuleTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MobileNetV3SmallTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ResNet18Test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SweepCpuTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SweepEngineTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PhaseTimerTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfiledStepsTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProfiledRowFiguresTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PairProcedureTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DeviceLossTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TorchvisionReference.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TorchScriptDamagedFileTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TorchScriptFamilyTest.cpp
  ${PROJECT_SOURCE_DIR}/tests/fixtures/UserModelFixtures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GraphRunnerTest.cpp
)
target_link_libraries(graphlens_unit_engine PRIVATE graphlens_bench graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_engine)
# The torchvision equivalence tests export their reference with the venv's python (scripts/bootstrap.sh).
set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/TorchvisionReference.cpp APPEND PROPERTY COMPILE_DEFINITIONS
  GRAPHLENS_PYTHON="${PROJECT_SOURCE_DIR}/.venv/bin/python"
  GRAPHLENS_TORCHVISION_EXPORT="${PROJECT_SOURCE_DIR}/tests/fixtures/export_torchvision.py")
target_include_directories(graphlens_unit_engine PRIVATE ${PROJECT_SOURCE_DIR}/tests/fixtures)
set_property(SOURCE ${PROJECT_SOURCE_DIR}/tests/fixtures/UserModelFixtures.cpp APPEND PROPERTY COMPILE_DEFINITIONS
  GRAPHLENS_PYTHON="${PROJECT_SOURCE_DIR}/.venv/bin/python"
  GRAPHLENS_USER_MODEL_EXPORT="${PROJECT_SOURCE_DIR}/tests/fixtures/export_user_models.py")
catch_discover_tests(graphlens_unit_engine TEST_PREFIX "unit.engine." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
# AOTInductor packages: tests/fixtures/export_aoti_package.py compiles a small CPU package once into the
# build tree (kept while the script and torch are unchanged, about 35 s the first time); the tests
# read it from GRAPHLENS_AOTI_DIR, so they run as CTest tests of their own, after that fixture.
add_executable(graphlens_unit_aoti ${CMAKE_CURRENT_LIST_DIR}/AotiPackageTest.cpp)
target_link_libraries(graphlens_unit_aoti PRIVATE graphlens_bench graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_aoti)
set(graphlens_aoti_dir ${CMAKE_BINARY_DIR}/aoti-fixtures)
add_test(NAME unit.aoti.export
         COMMAND ${PROJECT_SOURCE_DIR}/.venv/bin/python ${PROJECT_SOURCE_DIR}/tests/fixtures/export_aoti_package.py ${graphlens_aoti_dir})
set_tests_properties(unit.aoti.export PROPERTIES FIXTURES_SETUP aoti_package LABELS unit TIMEOUT 300)
add_test(NAME unit.aoti.package COMMAND graphlens_unit_aoti "[aoti]")
set_tests_properties(unit.aoti.package PROPERTIES FIXTURES_REQUIRED aoti_package LABELS unit
                     ENVIRONMENT "GRAPHLENS_AOTI_DIR=${graphlens_aoti_dir}")
