# CPU tests of core/train: the stand-alone parts (optimizers against libtorch's, the scaler, the
# schedule, clipping, checkpoints, log, metrics).
add_executable(graphlens_unit_train_parts
  ${CMAKE_CURRENT_LIST_DIR}/CapturableOptimizerTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GradientScalerTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LearningRateScheduleTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GradientClippingTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/CheckpointTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/TrainingLogTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ValidationMetricsTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MeanIouTest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/PendingLossTest.cpp
)
target_link_libraries(graphlens_unit_train_parts PRIVATE graphlens_train_parts graphlens_catch_main)
graphlens_use_torch_pch(graphlens_unit_train_parts)
catch_discover_tests(graphlens_unit_train_parts TEST_PREFIX "unit.train." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)

# The training step's graph logic on the CPU (fake capture backend from the engine tests).
if(TARGET graphlens_train)
  add_executable(graphlens_unit_train
    ${CMAKE_CURRENT_LIST_DIR}/TrainerTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TrainingStepTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LossBackwardWatchTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/GraphedNetworkTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TrainingSeamTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TrainingSeamSearchTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/NumericsClassTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TrainingSweepTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TrainingNetworkSourceTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/EpochValidationTest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/../data/TestFiles.cpp  # dataset fixtures written to temp folders
  )
  target_link_libraries(graphlens_unit_train PRIVATE graphlens_train graphlens_bench graphlens_catch_main)
  target_include_directories(graphlens_unit_train PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../engine ${CMAKE_CURRENT_LIST_DIR}/../data
    ${PROJECT_SOURCE_DIR}/tests/fixtures)
  graphlens_use_torch_pch(graphlens_unit_train)
  catch_discover_tests(graphlens_unit_train TEST_PREFIX "unit.train." PROPERTIES SKIP_RETURN_CODE 77 LABELS unit)
endif()
