#include "Skip.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <utility>
#include <vector>

namespace graphlens::testing {

namespace {
// Test case name and reason, in the order they skipped (one process runs one case under CTest).
std::vector<std::pair<std::string, std::string>>& skips() {
    static std::vector<std::pair<std::string, std::string>> list;
    return list;
}
}  // namespace

void recordSkip(const std::string& reason) {
    std::string testCase = Catch::getResultCapture().getCurrentTestName();
    std::cout << "SKIPPED: " << reason << std::endl;
    skips().emplace_back(std::move(testCase), reason);
}

bool anySkipped() {
    return !skips().empty();
}

int exitCode(int catchResult) {
    if (catchResult != 0 || !anySkipped()) return catchResult;
    std::cout << skips().size() << " skip(s), nothing failed; exit " << kSkipReturnCode
              << " (CTest: skipped):\n";
    for (const auto& [testCase, reason] : skips())
        std::cout << "  SKIPPED " << testCase << ": " << reason << "\n";
    std::cout.flush();
    return kSkipReturnCode;
}

bool referencesRequired() {
    const char* value = std::getenv("GRAPHLENS_REQUIRE_REFERENCES");
    return value && std::strcmp(value, "1") == 0;
}

}  // namespace graphlens::testing
