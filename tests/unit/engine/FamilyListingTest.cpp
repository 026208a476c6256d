#include "bench/FamilyListing.h"
#include "families/FamilyRegistry.h"
#include "families/GraphSupport.h"
#include "families/ImageSizeRule.h"

#include <catch2/catch.hpp>

using namespace graphlens;
using families::TrainingGraphScope;
using families::TrainingGraphSupport;

TEST_CASE("declaredTrainingScopes names every scope a declaration supports", "[listing]") {
    using Scopes = std::vector<std::string>;
    CHECK(families::declaredTrainingScopes({TrainingGraphScope::Step, ""}) == Scopes{"network", "step"});
    CHECK(families::declaredTrainingScopes({TrainingGraphScope::Network, ""}) == Scopes{"network"});
    CHECK(families::declaredTrainingScopes({TrainingGraphScope::None, "why"}) == Scopes{"none"});
    TrainingGraphSupport refused{TrainingGraphScope::Step, ""};
    refused.networkRefused = "graphed forward/backward further from eager than eager is from itself";
    CHECK(families::declaredTrainingScopes(refused) == Scopes{"step"});
    TrainingGraphSupport seamed{TrainingGraphScope::Network, ""};
    seamed.seam = "encoder";
    CHECK(families::declaredTrainingScopes(seamed) == Scopes{"network (seam)"});
}

TEST_CASE("list shows every declared training scope, not only the widest", "[listing]") {
    const auto listing = bench::familyListingJson();
    const auto& registry = families::FamilyRegistry::builtIn();
    REQUIRE(listing.size() == registry.all().size());
    for (const auto& entry : listing) {
        const auto* family = registry.find(entry["name"].get<std::string>());
        REQUIRE(family);
        INFO(family->name);
        CHECK(entry["training_scopes"].get<std::vector<std::string>>() == families::declaredTrainingScopes(family->training));
    }
    // A family declaring the step scope supports the network scope too, and the table says both.
    const auto table = bench::familyListingTable();
    const auto segformer = table.find("\nsegformer-b0 ");
    REQUIRE(segformer != std::string::npos);
    const auto line = table.substr(segformer + 1, table.find('\n', segformer + 1) - segformer - 1);
    CHECK(line.find("network, step") != std::string::npos);
}

TEST_CASE("list shows the image sizes each family takes, as the up-front check applies them", "[listing]") {
    const auto listing = bench::familyListingJson();
    const auto& registry = families::FamilyRegistry::builtIn();
    for (const auto& entry : listing) {
        const auto* family = registry.find(entry["name"].get<std::string>());
        REQUIRE(family);
        INFO(family->name);
        const auto& rule = entry["imgsz_rule"];
        const int smallest = rule["minimum"].get<int>();
        const int multiple = rule["multiple_of"].get<int>();
        // The listed smallest size is taken and the size below it is refused; off the stride is refused.
        CHECK(families::imageSizeRefusal(*family, smallest).empty());
        if (smallest > 1) CHECK_FALSE(families::imageSizeRefusal(*family, smallest - 1).empty());
        if (multiple > 1) CHECK_FALSE(families::imageSizeRefusal(*family, smallest + 1).empty());
        CHECK(families::imageSizeRefusal(*family, family->defaultImgsz).empty());
    }
    // The table's short form for a stride-32 detector.
    const auto table = bench::familyListingTable();
    const auto yolo = table.find("\nyolo-t ");
    REQUIRE(yolo != std::string::npos);
    const auto line = table.substr(yolo + 1, table.find('\n', yolo + 1) - yolo - 1);
    CHECK(line.find("32k >=32") != std::string::npos);
}
