#include "InfoCommands.h"

#include "bench/Environment.h"
#include "bench/FamilyListing.h"

#include <iostream>
#include <vector>

namespace graphlens::cli {

CLI::App* addListCommand(CLI::App& app, ListArgs& args) {
    auto* list = app.add_subcommand("list", "families: task, default size, parameters, graph support");
    list->add_flag("--json", args.json, "machine-readable output");
    args.model.addTo(*list);
    list->add_option("--imgsz", args.model.imgsz, "with --model: input size (default 224)");
    list->add_option("--precision", args.precision, "with --model: precision of the parity check")->capture_default_str();
    return list;
}

CLI::App* addEnvCommand(CLI::App& app, EnvArgs& args) {
    auto* env = app.add_subcommand("env", "GPU, driver, CUDA, libtorch, OS");
    env->add_flag("--json", args.json, "machine-readable output");
    return env;
}

int runList(const ListArgs& args) {
    if (args.model.path.empty()) {
        std::cout << (args.json ? bench::familyListingJson().dump(2) + "\n" : bench::familyListingTable());
        return 0;
    }
    const std::vector<families::Family> families{
        bench::loadUserModel(args.model.request(args.precision, /*decideSupport=*/true)).family};
    std::cout << (args.json ? bench::familyListingJson(families).dump(2) + "\n" : bench::familyListingTable(families));
    return 0;
}

int runEnv(const EnvArgs& args) {
    const auto environment = bench::collectEnvironment();
    if (args.json) {
        std::cout << environment.dump(2) << "\n";
    } else {
        for (const auto& [key, value] : environment.items()) {
            std::cout << key << ": " << (value.is_string() ? value.get<std::string>() : value.dump()) << "\n";
        }
    }
    return 0;
}

}  // namespace graphlens::cli
