# Semantic segmentation's validation metric, mean IoU (MeanIou.h); in graphlens_train_parts.
target_sources(graphlens_train_parts PRIVATE ${CMAKE_CURRENT_LIST_DIR}/MeanIou.cpp)
