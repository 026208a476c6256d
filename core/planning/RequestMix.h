#pragma once
// The demand a capture plan is made for (`plan --mix`, `replay-mix --mix`, the window's Plan tab): a
// text file, one request per line (a log: "8"), or a size and how often it came ("8 120": a
// histogram), the two forms freely mixed. A size is a batch ("8") or an image size and a batch
// ("640x8"). '#' starts a comment; blank lines are skipped. Any other line is refused naming the
// file and line: a mix that is half read would plan for demand that does not exist.
#include "planning/RequestShape.h"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace graphlens::planning {

// The largest batch a plan is made for: a larger request is a typo or a unit mistake, not a batch.
inline constexpr int kMaxPlannedBatch = 4096;

// A mix that cannot be used; what() starts with "<file>:<line>: " (or "<file>: " for the whole file).
class MixError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct MixEntry {
    RequestShape shape;
    double count = 0;  // requests of this shape (lines of a log add up)
    int firstLine = 0;  // where the shape first appears, for messages
};

struct RequestMix {
    std::string source;              // the file, or a name for a mix made in code
    std::vector<MixEntry> entries;   // one per distinct shape, ordered by shape (image size, then batch)
    double total() const;            // requests in all
    double share(const RequestShape& shape) const;  // count / total; 0 for a shape not in the mix
    int largestBatch() const;
    bool hasImageSizes() const;      // some line named an image size
};

// `maxBatch` is the largest batch allowed (a family's limit, or kMaxPlannedBatch).
RequestMix parseRequestMix(const std::string& text, const std::string& source, int maxBatch = kMaxPlannedBatch);
RequestMix readRequestMix(const std::filesystem::path& file, int maxBatch = kMaxPlannedBatch);

}  // namespace graphlens::planning
