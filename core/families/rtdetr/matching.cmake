# The encoder-decoder detector's Hungarian matching: the assignment solver (plain C++).
target_sources(graphlens_families PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/LinearSumAssignment.cpp
)
