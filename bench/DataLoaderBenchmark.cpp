// Images per second for decode + letterbox to 640 px + CHW at batch 16 (issue 11): first one thread
// calling the decoding source directly, then the DataLoader on the CPU path (pinning needs a GPU)
// with 1, 2, 4 and 8 worker threads, and each count's speed-up over one worker. Decoding is
// TurboJPEG/libpng (data/ImageCodec.h). Data: the built-in dataset (generated JPEG/PNG, 320-640 px).
//   graphlens_bench_data_loader [max workers (8)] [cache folder]
#include "data/BuiltinDataset.h"
#include "data/DataLoader.h"
#include "data/ImageSampleSource.h"
#include "data/YoloDataset.h"

#include <algorithm>
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
    const int maxWorkers = argc > 1 ? std::max(1, std::atoi(argv[1])) : 8;
    data::BuiltinOptions builtin;
    if (argc > 2) builtin.cacheRoot = argv[2];
    builtin.trainImages = 96;
    const auto paths = data::ensureBuiltinDataset(builtin);
    const auto dataset = data::loadYoloDataset(paths.yaml);
    auto source = data::ImageSampleSource::forSplit(dataset, "train");
    std::printf("dataset: %s (%zu train images), %u hardware threads\n", paths.yaml.c_str(), source->size(),
                std::thread::hardware_concurrency());

    // One thread, no loader: the cost of one image.
    std::vector<std::uint8_t> chw(3 * kImgsz * kImgsz);
    data::SampleTargets targets;
    for (std::size_t i = 0; i < 8; ++i) source->load(i, kImgsz, chw, targets);  // warm caches
    const auto singleStart = Clock::now();
    for (std::size_t i = 0; i < source->size(); ++i) source->load(i, kImgsz, chw, targets);
    const double singleSeconds = std::chrono::duration<double>(Clock::now() - singleStart).count();
    std::printf("1 thread, direct:       %7.1f images/s (%.2f ms per image)\n", source->size() / singleSeconds,
                1000.0 * singleSeconds / source->size());

    double oneWorker = 0;
    for (int workers = 1; workers <= maxWorkers; workers *= 2) {
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
        const double seconds = std::chrono::duration<double>(Clock::now() - loaderStart).count();
        const double rate = images / seconds;
        if (workers == 1) oneWorker = rate;
        std::printf("DataLoader, %d worker%s: %7.1f images/s (%lld batches of %d at %d px, %.1f batches/s), x%.2f over 1 worker\n",
                    workers, workers == 1 ? " " : "s", rate, static_cast<long long>(batches), kBatch, kImgsz, batches / seconds,
                    rate / oneWorker);
    }
    return 0;
}
