# The detector's validation metric, COCO-style mAP (DetectionMap.h); plain C++ in graphlens_train_parts.
target_sources(graphlens_train_parts PRIVATE ${CMAKE_CURRENT_LIST_DIR}/DetectionMap.cpp)
