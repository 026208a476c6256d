#pragma once
// Which graphed row a row of the table stands for in "Where the saved time went": the waterfall is
// worked out on graphed rows, so an eager (or profiled) row selected is explained by the timed graphed
// row of its configuration.
#include "results/Measurement.h"

#include <vector>

namespace graphlens::ui {

// The timed graphed row of `selected`'s configuration (results::sameRowIdentity, arm aside), or null
// when the session has none (an advise session, a CPU run, a refused capture that left no row).
const results::Measurement* graphedTwinOf(const std::vector<results::Measurement>& rows,
                                          const results::Measurement& selected);

}  // namespace graphlens::ui
