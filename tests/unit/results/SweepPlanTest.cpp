#include "results/SweepPlan.h"
#include "ResultsTestSupport.h"

#include <catch2/catch.hpp>

using namespace graphlens::results;
using namespace graphlens::results::testing;
using nlohmann::json;

TEST_CASE("SweepPlan defaults are valid", "[results][plan]") {
    const SweepPlan plan;
    CHECK(validateSweepPlan(plan).empty());
    CHECK(plan.batches == std::vector<int>{1, 8, 32});
    CHECK(plan.precision == "fp16");
    CHECK(plan.phases == std::vector<std::string>{"infer"});
    CHECK(plan.graph == "on");
}

TEST_CASE("SweepPlan validation says what is wrong and what is expected", "[results][plan]") {
    SweepPlan plan;
    SECTION("family") {
        plan.family = "";
        CHECK(validateSweepPlan(plan) == "no family or model given");
        plan.model = "net.pt";
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("task") {
        plan.task = "classify";
        CHECK(validateSweepPlan(plan) ==
              "a task is given only with a TorchScript model (a built-in family has its own task)");
        plan.model = "net.pt";
        CHECK(validateSweepPlan(plan).empty());
        plan.task = "pose";
        CHECK(validateSweepPlan(plan) ==
              "task 'pose' is not supported (expected classify, detect, segment or other)");
    }
    SECTION("batches") {
        plan.batches = {};
        CHECK(validateSweepPlan(plan) == "no batch size given (expected e.g. 1,8,32)");
        plan.batches = {1, 0};
        CHECK(validateSweepPlan(plan) == "batch size 0 is impossible (expected 1..65536)");
        plan.batches = {-4};
        CHECK(validateSweepPlan(plan) == "batch size -4 is impossible (expected 1..65536)");
        plan.batches = {65537};
        CHECK(validateSweepPlan(plan) == "batch size 65537 is impossible (expected 1..65536)");
        plan.batches = {1, 65536};
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("image size") {
        const std::string expected = " is impossible (expected 32..8192, or 0 for the family default)";
        for (int bad : {-1, 1, 31, 8193}) {
            plan.imgsz = bad;
            CHECK(validateSweepPlan(plan) == "image size " + std::to_string(bad) + expected);
        }
        for (int good : {0, 32, 224, 8192}) {
            plan.imgsz = good;
            CHECK(validateSweepPlan(plan).empty());
        }
    }
    SECTION("precision") {
        plan.precision = "bf16";
        CHECK(validateSweepPlan(plan) == "precision 'bf16' is not supported (expected fp32, fp16, amp-fp16 or amp-bf16)");
        plan.precision = "FP16";
        CHECK(validateSweepPlan(plan) == "precision 'FP16' is not supported (expected fp32, fp16, amp-fp16 or amp-bf16)");
        plan.precision = "fp32";
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("precision of each phase") {
        plan.phases = {"infer", "train"};
        plan.precision = "fp16";
        CHECK(inferencePrecision(plan) == "fp16");
        CHECK(trainingPrecision(plan) == "amp-fp16");  // half weights do not train
        plan.precision = "amp-fp16";
        CHECK(validateSweepPlan(plan).empty());
        CHECK(inferencePrecision(plan) == "fp16");
        plan.precision = "amp-bf16";
        CHECK(validateSweepPlan(plan).find("amp-bf16 is a training precision") != std::string::npos);
        plan.phases = {"train"};
        CHECK(validateSweepPlan(plan).empty());
        CHECK(trainingPrecision(plan) == "amp-bf16");
    }
    SECTION("phases") {
        plan.phases = {};
        CHECK(validateSweepPlan(plan) == "no phase given (expected infer, train or both)");
        plan.phases = {"infer", "test"};
        CHECK(validateSweepPlan(plan) == "phase 'test' is not supported (expected infer or train)");
        plan.phases = {"train", "train"};
        CHECK(validateSweepPlan(plan) == "phase 'train' is given twice");
        plan.phases = {"train", "infer"};
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("training graph scopes and optimizer") {
        plan.graphScopes = {};
        CHECK(validateSweepPlan(plan) == "no training graph scope given (expected network, step or both)");
        plan.graphScopes = {"whole"};
        CHECK(validateSweepPlan(plan) == "training graph scope 'whole' is not supported (expected network or step)");
        plan.graphScopes = {"step"};
        plan.optimizer = "adam";
        CHECK(validateSweepPlan(plan) == "optimizer 'adam' is not supported (expected sgd or adamw)");
        plan.optimizer = "adamw";
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("graph mode") {
        plan.graph = "always";
        CHECK(validateSweepPlan(plan) == "graph mode 'always' is not supported (expected on, auto or off)");
        plan.graph = "off";  // the eager arm alone
        CHECK(validateSweepPlan(plan).empty());
        plan.graph = "auto";
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("steps and warmup") {
        plan.steps = 0;
        CHECK(validateSweepPlan(plan) == "steps must be 1..100000");
        plan.steps = 100001;
        CHECK(validateSweepPlan(plan) == "steps must be 1..100000");
        plan.steps = 1;
        plan.warmup = -1;
        CHECK(validateSweepPlan(plan) == "warmup must be 0..100000");
        plan.warmup = 0;
        CHECK(validateSweepPlan(plan).empty());
    }
}

TEST_CASE("parsePhaseList reads infer, train or both", "[results][plan]") {
    CHECK(parsePhaseList("infer,train") == std::vector<std::string>{"infer", "train"});
    CHECK(parsePhaseList("train") == std::vector<std::string>{"train"});
    CHECK(resultsErrorOf([] { parsePhaseList(""); }) == "phase list '': expected infer, train or infer,train");
    CHECK(resultsErrorOf([] { parsePhaseList("infer,,train"); }) == "phase list 'infer,,train': expected infer, train or infer,train");
    CHECK(resultsErrorOf([] { parsePhaseList("training"); }) ==
          "phase list 'training': phase 'training' is not supported (expected infer or train)");
}

TEST_CASE("parseGraphScopeList reads network, step or both", "[results][plan]") {
    CHECK(parseGraphScopeList("network,step") == std::vector<std::string>{"network", "step"});
    CHECK(parseGraphScopeList("step") == std::vector<std::string>{"step"});
    CHECK(resultsErrorOf([] { parseGraphScopeList("network,"); }) ==
          "graph scope list 'network,': expected network, step or network,step");
    CHECK(resultsErrorOf([] { parseGraphScopeList("step,step"); }) ==
          "graph scope list 'step,step': training graph scope 'step' is given twice");
    CHECK(resultsErrorOf([] { parseGraphScopeList("whole"); }) ==
          "graph scope list 'whole': training graph scope 'whole' is not supported (expected network or step)");
}

TEST_CASE("parseBatchList reads positive integers separated by commas", "[results][plan]") {
    CHECK(parseBatchList("1,8,32") == std::vector<int>{1, 8, 32});
    CHECK(parseBatchList("64") == std::vector<int>{64});
    CHECK(parseBatchList("8,1,8") == std::vector<int>{8, 1, 8});  // order and repeats kept as given
}

TEST_CASE("parseBatchList rejects anything else", "[results][plan]") {
    CHECK(resultsErrorOf([] { parseBatchList(""); }) ==
          "batch list is empty (expected e.g. 1,8,32)");
    for (const std::string bad : {"1,,2", "0", "a", "1.5", "-1", "8,0", ",1", "1, 8", " 1", "8x",
                                  "99999999999"}) {
        INFO("input: '" << bad << "'");
        CHECK(resultsErrorOf([&] { parseBatchList(bad); }) ==
              "batch list '" + bad + "': expected positive integers separated by commas, e.g. 1,8,32");
    }
}

// Regression test (fixed bug, core/results/SweepPlan.cpp:93-103): std::getline never yields the empty item after a
// trailing comma, so "1,8," parses as {1, 8} while "1,,8" and ",1" are rejected. Fix: reject text
// that ends with ',' (e.g. `if (!text.empty() && text.back() == ',') throw ...`).
TEST_CASE("parseBatchList rejects a trailing comma like any other empty item",
          "[results][plan][regression]") {
    CHECK_THROWS_AS(parseBatchList("1,8,"), ResultsError);
    CHECK_THROWS_AS(parseBatchList(","), ResultsError);
}

TEST_CASE("SweepPlan JSON round trip", "[results][plan]") {
    SweepPlan plan;
    plan.family = "yolov8n.torchscript";
    plan.model = "/models/yolov8n.torchscript";
    plan.task = "detect";
    plan.batches = {2, 4};
    plan.imgsz = 640;
    plan.precision = "fp32";
    plan.graph = "auto";
    plan.steps = 100;
    plan.warmup = 0;
    plan.seed = 18446744073709551615ull;
    plan.csv = "/tmp/out, with comma.csv";
    plan.json = "out.json";
    plan.autosave = "out.jsonl";

    const json object = toJson(plan);
    CHECK(object["batches"] == json::array({2, 4}));
    CHECK(object["seed"] == 18446744073709551615ull);
    const SweepPlan back = sweepPlanFromJson(json::parse(object.dump()), "plan.json");
    CHECK(back.family == plan.family);
    CHECK(back.model == plan.model);
    CHECK(back.task == plan.task);
    CHECK(back.batches == plan.batches);
    CHECK(back.imgsz == plan.imgsz);
    CHECK(back.precision == plan.precision);
    CHECK(back.phases == plan.phases);
    CHECK(back.graph == plan.graph);
    CHECK(back.steps == plan.steps);
    CHECK(back.warmup == plan.warmup);
    CHECK(back.seed == plan.seed);
    CHECK(back.csv == plan.csv);
    CHECK(back.json == plan.json);
    CHECK(back.autosave == plan.autosave);
    CHECK(toJson(back) == object);
}

TEST_CASE("SweepPlan JSON: missing keys keep the defaults, an unknown key is an error naming it",
          "[results][plan]") {
    const SweepPlan plan = sweepPlanFromJson({{"family", "vit_b_16"}}, "p");
    CHECK(plan.family == "vit_b_16");
    CHECK(plan.batches == SweepPlan{}.batches);
    CHECK(plan.steps == SweepPlan{}.steps);
    CHECK(toJson(sweepPlanFromJson(json::object(), "p")) == toJson(SweepPlan{}));
    // A misspelt key would leave the default batches in place and run them without a word.
    const auto misspelt = resultsErrorOf([] { sweepPlanFromJson({{"family", "resnet18"}, {"batchs", {64}}}, "plan.json"); });
    CHECK_THAT(misspelt, Catch::StartsWith("plan.json: key 'batchs' is not a sweep plan key (known: "));
    CHECK_THAT(misspelt, Catch::Contains("batches"));
}

TEST_CASE("SweepPlan JSON integers are checked at their full width, never wrapped", "[results][plan]") {
    // 2^32 + 2 used to run batch 2, and 2^40 was reported as batch size 0.
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"batches", {4294967298LL}}}, "plan.json"); }) ==
          "plan.json: key batches: [4294967298] does not fit a 32-bit integer");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"steps", 1099511627776LL}}, "plan.json"); }) ==
          "plan.json: key steps: 1099511627776 does not fit a 32-bit integer");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"imgsz", -4294967296LL}}, "plan.json"); }) ==
          "plan.json: key imgsz: -4294967296 does not fit a 32-bit integer");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"seed", -1}}, "plan.json"); }) ==
          "plan.json: key seed: -1 does not fit a non-negative 64-bit integer");
    // The widest values that fit still reach validation, which names the real limit.
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"batches", {2147483647}}}, "plan.json"); }) ==
          "plan.json: batch size 2147483647 is impossible (expected 1..65536)");
    CHECK(sweepPlanFromJson({{"seed", 18446744073709551615ULL}}, "plan.json").seed == 18446744073709551615ULL);
}

TEST_CASE("SweepPlan JSON errors name the source and the key", "[results][plan]") {
    CHECK(resultsErrorOf([] { sweepPlanFromJson(json::array(), "plan.json"); }) ==
          "plan.json: a sweep plan must be a JSON object");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"batches", "1,8"}}, "plan.json"); }) ==
          "plan.json: key batches has the wrong type (string)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"batches", {1, "8"}}}, "plan.json"); }) ==
          "plan.json: key batches has the wrong type (array)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"steps", "24"}}, "plan.json"); }) ==
          "plan.json: key steps has the wrong type (string)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"family", 18}}, "plan.json"); }) ==
          "plan.json: key family has the wrong type (number)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"phases", "infer"}}, "plan.json"); }) ==
          "plan.json: key phases has the wrong type (string)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"csv", nullptr}}, "plan.json"); }) ==
          "plan.json: key csv has the wrong type (null)");
    // A well-typed but impossible value is reported with the validation message.
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"batches", {0}}}, "plan.json"); }) ==
          "plan.json: batch size 0 is impossible (expected 1..65536)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"precision", "int8"}}, "plan.json"); }) ==
          "plan.json: precision 'int8' is not supported (expected fp32, fp16, amp-fp16 or amp-bf16)");
}

// Regression test (fixed bug, core/results/SweepPlan.cpp:15-25): readKey relies on json::get<T>(), which converts
// floats and booleans to integers silently, so {"batches": [1.5]} runs batch 1 and
// {"steps": true} runs 1 step, although parseBatchList rejects "1.5" and MeasurementJson rejects
// a float for an int. Fix: for integral T (and vectors of them) require is_number_integer()
// (and a range check) before get<T>(), throwing the usual "key K has the wrong type" error.
TEST_CASE("SweepPlan JSON rejects non-integers for integer keys", "[results][plan][regression]") {
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"batches", {1.5}}}, "plan.json"); }) ==
          "plan.json: key batches has the wrong type (array)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"steps", 24.5}}, "plan.json"); }) ==
          "plan.json: key steps has the wrong type (number)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"steps", true}}, "plan.json"); }) ==
          "plan.json: key steps has the wrong type (boolean)");
}

TEST_CASE("SweepPlan defaults for memory formats, scope, jit and repeats", "[results][plan]") {
    const SweepPlan plan;
    CHECK(plan.memoryFormats == std::vector<std::string>{"nchw"});
    CHECK(plan.scope == "step");
    CHECK(plan.jit == "fuse");
    CHECK(plan.repeats == 3);
}

TEST_CASE("SweepPlan validation of memory formats, scope, jit and repeats", "[results][plan]") {
    SweepPlan plan;
    SECTION("memory formats") {
        plan.memoryFormats = {};
        CHECK(validateSweepPlan(plan) == "no memory format given (expected nchw, channels_last or both)");
        plan.memoryFormats = {"nchw", "nhwc"};
        CHECK(validateSweepPlan(plan) ==
              "memory format 'nhwc' is not supported (expected nchw or channels_last)");
        plan.memoryFormats = {"NCHW"};
        CHECK(validateSweepPlan(plan) ==
              "memory format 'NCHW' is not supported (expected nchw or channels_last)");
        plan.memoryFormats = {"channels_last", "nchw", "channels_last"};
        CHECK(validateSweepPlan(plan) == "memory format 'channels_last' is given twice");
        plan.memoryFormats = {"channels_last", "nchw"};
        CHECK(validateSweepPlan(plan).empty());
        plan.memoryFormats = {"channels_last"};
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("scope") {
        plan.scope = "graph";
        CHECK(validateSweepPlan(plan) == "scope 'graph' is not supported (expected step or network)");
        plan.scope = "";
        CHECK(validateSweepPlan(plan) == "scope '' is not supported (expected step or network)");
        plan.scope = "network";
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("jit") {
        plan.jit = "on";
        CHECK(validateSweepPlan(plan) == "jit mode 'on' is not supported (expected fuse or off)");
        plan.jit = "off";
        CHECK(validateSweepPlan(plan).empty());
        plan.model = "net.pt";
        CHECK(validateSweepPlan(plan).empty());
    }
    SECTION("repeats") {
        for (int bad : {0, -1, 51}) {
            plan.repeats = bad;
            CHECK(validateSweepPlan(plan) == "repeats must be 1..50");
        }
        for (int good : {1, 50}) {
            plan.repeats = good;
            CHECK(validateSweepPlan(plan).empty());
        }
    }
}

TEST_CASE("parseMemoryFormatList reads the CLI's comma list", "[results][plan]") {
    CHECK(parseMemoryFormatList("nchw") == std::vector<std::string>{"nchw"});
    CHECK(parseMemoryFormatList("nchw,channels_last") ==
          std::vector<std::string>{"nchw", "channels_last"});
    CHECK(parseMemoryFormatList("channels_last,nchw") ==
          std::vector<std::string>{"channels_last", "nchw"});  // order kept: the run order
}

TEST_CASE("parseMemoryFormatList rejects junk, empty items and repeats", "[results][plan]") {
    const std::string unsupported = "' is not supported (expected nchw or channels_last)";
    CHECK(resultsErrorOf([] { parseMemoryFormatList(""); }) ==
          "memory format list '': no memory format given (expected nchw, channels_last or both)");
    CHECK(resultsErrorOf([] { parseMemoryFormatList("nhwc"); }) ==
          "memory format list 'nhwc': memory format 'nhwc" + unsupported);
    CHECK(resultsErrorOf([] { parseMemoryFormatList("nchw, channels_last"); }) ==
          "memory format list 'nchw, channels_last': memory format ' channels_last" + unsupported);
    for (const std::string empty : {"nchw,", ",nchw", "nchw,,channels_last", ","}) {
        INFO("input: '" << empty << "'");
        CHECK(resultsErrorOf([&] { parseMemoryFormatList(empty); }) ==
              "memory format list '" + empty + "': memory format '" + unsupported);
    }
    CHECK(resultsErrorOf([] { parseMemoryFormatList("nchw,nchw"); }) ==
          "memory format list 'nchw,nchw': memory format 'nchw' is given twice");
}

TEST_CASE("SweepPlan JSON carries memory formats, scope, jit, auto seam and repeats", "[results][plan]") {
    SweepPlan plan;
    plan.memoryFormats = {"channels_last", "nchw"};
    plan.scope = "network";
    plan.jit = "off";
    plan.repeats = 7;
    CHECK_FALSE(plan.autoSeam);
    plan.autoSeam = true;
    const json object = toJson(plan);
    CHECK(object["auto_seam"] == true);
    CHECK(sweepPlanFromJson(json::parse(object.dump()), "plan.json").autoSeam);
    CHECK(object["memory_formats"] == json::array({"channels_last", "nchw"}));
    CHECK(object["scope"] == "network");
    CHECK(object["jit"] == "off");
    CHECK(object["repeats"] == 7);
    const SweepPlan back = sweepPlanFromJson(json::parse(object.dump()), "plan.json");
    CHECK(back.memoryFormats == plan.memoryFormats);
    CHECK(back.scope == "network");
    CHECK(back.jit == "off");
    CHECK(back.repeats == 7);
    CHECK(toJson(back) == object);
}

TEST_CASE("SweepPlan JSON carries the training phase, graph scopes and optimizer", "[results][plan]") {
    SweepPlan plan;
    plan.phases = {"infer", "train"};
    plan.graphScopes = {"step"};
    plan.optimizer = "adamw";
    plan.precision = "amp-fp16";
    const json object = toJson(plan);
    CHECK(object["graph_scopes"] == json::array({"step"}));
    CHECK(object["optimizer"] == "adamw");
    const SweepPlan back = sweepPlanFromJson(json::parse(object.dump()), "plan.json");
    CHECK(back.phases == plan.phases);
    CHECK(back.graphScopes == plan.graphScopes);
    CHECK(back.optimizer == "adamw");
    CHECK(back.precision == "amp-fp16");
    CHECK(toJson(back) == object);
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"graph_scopes", "step"}}, "plan.json"); }) ==
          "plan.json: key graph_scopes has the wrong type (string)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"phases", json::array({"train"})}, {"optimizer", "lion"}}, "plan.json"); }) ==
          "plan.json: optimizer 'lion' is not supported (expected sgd or adamw)");
}

TEST_CASE("SweepPlan JSON written before memory formats, scope, jit and repeats still loads",
          "[results][plan]") {
    // Exactly the keys the previous version of toJson wrote.
    const json old = json::parse(R"({"family": "resnet50", "model": "", "task": "", "data": "",
        "batches": [1, 16], "imgsz": 0, "precision": "fp32", "phases": ["infer"], "graph": "auto",
        "steps": 50, "warmup": 10, "seed": 3, "csv": "", "json": "", "autosave": "",
        "profile": false, "profile_steps": 10, "trace": ""})");
    const SweepPlan plan = sweepPlanFromJson(old, "old-plan.json");
    CHECK(plan.family == "resnet50");
    CHECK(plan.batches == std::vector<int>{1, 16});
    CHECK(plan.graph == "auto");
    CHECK(plan.steps == 50);
    CHECK_FALSE(plan.profile);
    CHECK(plan.memoryFormats == std::vector<std::string>{"nchw"});
    CHECK(plan.scope == "step");
    CHECK(plan.jit == "fuse");
    CHECK(plan.repeats == 3);
}

TEST_CASE("SweepPlan JSON errors for the new keys", "[results][plan]") {
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"memory_formats", "nchw"}}, "plan.json"); }) ==
          "plan.json: key memory_formats has the wrong type (string)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"memory_formats", json::array({"nchw", 1})}}, "plan.json"); }) ==
          "plan.json: key memory_formats has the wrong type (array)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"repeats", 2.5}}, "plan.json"); }) ==
          "plan.json: key repeats has the wrong type (number)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"scope", true}}, "plan.json"); }) ==
          "plan.json: key scope has the wrong type (boolean)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"repeats", 0}}, "plan.json"); }) ==
          "plan.json: repeats must be 1..50");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"memory_formats", json::array()}}, "plan.json"); }) ==
          "plan.json: no memory format given (expected nchw, channels_last or both)");
    CHECK(resultsErrorOf([] { sweepPlanFromJson({{"jit", "script"}}, "plan.json"); }) ==
          "plan.json: jit mode 'script' is not supported (expected fuse or off)");
    CHECK(resultsErrorOf([] {
              sweepPlanFromJson({{"memory_formats", json::array({"nchw", "nchw"})}}, "plan.json");
          }) == "plan.json: memory format 'nchw' is given twice");
}
