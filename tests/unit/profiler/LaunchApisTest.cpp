#include "FakeActivitySource.h"
#include "profiler/LaunchApis.h"

#include <catch2/catch.hpp>

using namespace graphlens::profiler;
using namespace graphlens::profiler::testing;

TEST_CASE("launch entry points are recognised by domain and callback id", "[profiler][launch]") {
    CHECK(launchKind(ApiDomain::Runtime, kCudaLaunchKernel) == LaunchKind::Kernel);
    CHECK(launchKind(ApiDomain::Runtime, kCudaLaunchKernelExC) == LaunchKind::Kernel);
    CHECK(launchKind(ApiDomain::Runtime, kUnderscoreCudaLaunchKernel) == LaunchKind::Kernel);
    CHECK(launchKind(ApiDomain::Runtime, 506) == LaunchKind::Kernel);  // __cudaLaunchKernel_ptsz
    CHECK(launchKind(ApiDomain::Runtime, kCudaLaunchCooperativeKernel) == LaunchKind::Kernel);
    CHECK(launchKind(ApiDomain::Driver, kCuLaunchKernel) == LaunchKind::Kernel);
    CHECK(launchKind(ApiDomain::Driver, kCuLaunchKernelEx) == LaunchKind::Kernel);
    CHECK(launchKind(ApiDomain::Runtime, kCudaGraphLaunch) == LaunchKind::Graph);
    CHECK(launchKind(ApiDomain::Driver, kCuGraphLaunch) == LaunchKind::Graph);
    CHECK(launchKind(ApiDomain::Runtime, kCudaGetDevice) == LaunchKind::None);
    // The same number means different calls in the two domains: driver 211 is cuD3D10GetDevices.
    CHECK(launchKind(ApiDomain::Driver, kCudaLaunchKernel) == LaunchKind::None);
    CHECK(launchApiName(ApiDomain::Runtime, kUnderscoreCudaLaunchKernel) == "__cudaLaunchKernel");
    CHECK(launchApiName(ApiDomain::Driver, kCuLaunchKernelEx) == "cuLaunchKernelEx");
    CHECK(launchApiName(ApiDomain::Runtime, kCudaGetDevice).empty());
}
