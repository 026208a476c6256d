#pragma once
// `graphlens-cli verify`: the DESIGN §5 inference parity check on registered families, as a matrix
// of rows (family, task, declaration, result, probes-differ, stale-buffer guard), rendered as an
// aligned text table or JSON. One family per call so the CLI can run each in its own process.
#include "bench/SeamFinder.h"
#include "families/Family.h"
#include "graphs/CaptureDiagnosis.h"
#include "graphs/CaptureBackend.h"
#include "graphs/GraphRunner.h"

#include <nlohmann/json.hpp>
#include <torch/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace graphlens::bench {

enum class VerifyResult { BitExact, Mismatch, CaptureError, NotDeclared };
const char* toString(VerifyResult result);  // "bit-exact", "mismatch", "capture error", "not declared"

struct VerifyRow {
    std::string family;
    std::string task;
    std::string declaration;       // whole | seam | none
    VerifyResult result = VerifyResult::CaptureError;
    double maxAbsDiff = 0;         // mismatch only
    std::string message;           // mismatch: where; capture error: why; not declared: the family's reason
    bool probesDiffer = false;
    bool staleGuard = false;
    double captureMs = 0;
    std::int64_t poolBytes = 0;
    int batch = 0;
    int imgsz = 0;
    std::string dtype;             // "Float", "Half"
    // Refused rows: what broke the capture or where the replay differs (RefusalDiagnosis.h).
    graphs::CaptureDiagnosis diagnosis;
    std::optional<SeamFinding> seam;  // --find-seam: the largest part that captures

    // A family that declares support (whole/seam) and is not bit-exact with both guards passing.
    bool failed() const;
};

struct VerifyOptions {
    int batch = 2;
    int imgsz = 0;                          // 0: the family's default
    torch::Dtype dtype = torch::kFloat;
    std::optional<torch::Device> device;    // default: cuda:0 when available, else cpu
    std::uint64_t seed = 7;                 // weights (Family::build)
    std::string memoryFormat = "nchw";      // nchw | channels_last: network and probes
    // For `seam` families: the split of a built network (Family has no seam hooks of its own yet).
    std::function<std::optional<graphs::SeamSplit>(torch::nn::AnyModule&)> seamOf;
    std::shared_ptr<graphs::CaptureBackend> backend;  // default: CUDA (tests inject a fake)
    bool diagnose = true;     // a refused row says why (capture forensics)
    bool findSeam = false;    // search the module chain for the largest capturable part
    bool measureSeam = true;  // time the split the search found
    bool seamOnlyWhenRefused = false;  // search only when the check refused whole capture
};

VerifyRow verifyFamily(const families::Family& family, const VerifyOptions& options = {});
// Every family of the built-in registry, in registry order (in this process).
std::vector<VerifyRow> verifyAllFamilies(const VerifyOptions& options = {});

std::string verifyTable(const std::vector<VerifyRow>& rows);
nlohmann::json verifyJson(const std::vector<VerifyRow>& rows);  // array of objects, one per row
int verifyExitCode(const std::vector<VerifyRow>& rows);
// A refused row's diagnosis as `verify --json` writes it, and back (the --all parent reads its children).
nlohmann::json diagnosisJson(const graphs::CaptureDiagnosis& diagnosis);
graphs::CaptureDiagnosis diagnosisFromJson(const nlohmann::json& object);         // 1 if any row failed(), else 0

}  // namespace graphlens::bench
