// Images per second for decode + letterbox to 640 px + CHW at batch 16 (issue "Datasets"): first one
// thread calling the decoding source directly, then the DataLoader with its worker threads on the
// CPU path (pinning needs a GPU). Data: the built-in dataset (generated JPEG/PNG, 320-640 px).
//   graphlens_bench_data_loader [workers] [cache folder]
#include "data/BuiltinDataset.h"
#include "data/DataLoader.h"
#include "data/ImageSampleSource.h"
#include "data/YoloDataset.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

using namespace graphlens;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    constexpr int kImgsz = 640;
    constexpr int kBatch = 16;
    const int workers = argc > 1 ? std::atoi(argv[1]) : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    data::BuiltinOptions builtin;
    if (argc > 2) builtin.cacheRoot = argv[2];
    builtin.trainImages = 96;
    const auto paths = data::ensureBuiltinDataset(builtin);
    const auto dataset = data::loadYoloDataset(paths.yaml);
    auto source = data::ImageSampleSource::forSplit(dataset, "train");
    std::printf("dataset: %s (%zu train images)\n", paths.yaml.c_str(), source->size());

    // One thread, no loader: the cost of one image.
    std::vector<std::uint8_t> chw(3 * kImgsz * kImgsz);
    data::SampleTargets targets;
    for (std::size_t i = 0; i < 8; ++i) source->load(i, kImgsz, chw, targets);  // warm caches
    const auto singleStart = Clock::now();
    for (std::size_t i = 0; i < source->size(); ++i) source->load(i, kImgsz, chw, targets);
    const double singleSeconds = std::chrono::duration<double>(Clock::now() - singleStart).count();
    std::printf("1 thread, direct:      %7.1f images/s (%.2f ms per image)\n", source->size() / singleSeconds,
                1000.0 * singleSeconds / source->size());

    data::LoaderOptions options;
    options.batchSize = kBatch;
    options.imageSizes = {kImgsz};
    options.workers = workers;
    options.prefetchBatches = 2 * workers;
    options.epochs = 3;
    data::DataLoader loader(source, options);
    std::int64_t images = 0, batches = 0;
    const auto loaderStart = Clock::now();
    while (auto batch = loader.next()) {
        images += batch->images.size(0);
        ++batches;
    }
    const double loaderSeconds = std::chrono::duration<double>(Clock::now() - loaderStart).count();
    std::printf("DataLoader, %d workers: %7.1f images/s (%lld batches of %d at %d px, %.1f batches/s)\n", workers,
                images / loaderSeconds, static_cast<long long>(batches), kBatch, kImgsz, batches / loaderSeconds);
    return 0;
}
