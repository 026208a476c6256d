#include "bench/FamilyListing.h"
#include "families/FamilyRegistry.h"
#include "families/GraphSupport.h"

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
