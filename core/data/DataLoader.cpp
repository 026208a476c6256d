#include "data/DataLoader.h"

#include "data/LabelCollation.h"

#include "graphlens/config.h"

#include <torch/cuda.h>

#include <algorithm>
#include <system_error>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>

#include "data/SplitMix64.h"

#if GRAPHLENS_HAVE_CUDA
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace graphlens::data {
namespace {

struct Staged {
    LoadedBatch batch;
#if GRAPHLENS_HAVE_CUDA
    std::shared_ptr<at::cuda::CUDAEvent> copied;  // recorded on the copy stream after the H2D copies
#endif
};

void validate(const SampleSource* source, const LoaderOptions& options) {
    if (!source) throw std::invalid_argument("DataLoader: no sample source");
    if (options.batchSize < 1) throw std::invalid_argument("DataLoader: batch size must be at least 1");
    if (options.imageSizes.empty()) throw std::invalid_argument("DataLoader: no image size");
    for (int size : options.imageSizes) {
        if (size < 1) throw std::invalid_argument("DataLoader: image sizes must be positive");
    }
    if (options.workers < 1) throw std::invalid_argument("DataLoader: at least one worker thread is needed");
    if (options.prefetchBatches < 1) throw std::invalid_argument("DataLoader: prefetch must be at least one batch");
    if (options.epochs < 0) throw std::invalid_argument("DataLoader: epochs must be 0 (forever) or more");
    if (options.device.is_cuda() && !torch::cuda::is_available()) {
        throw std::invalid_argument("DataLoader: a CUDA device was requested but none is available (use the CPU)");
    }
}

}  // namespace

struct DataLoader::Impl {
    std::shared_ptr<const SampleSource> source;
    LoaderOptions options;
    WarningSink warnings;
    std::int64_t perEpoch = 0;
    std::int64_t total = -1;  // -1: forever
    bool pin = false;

    std::mutex mutex;
    std::condition_variable workAvailable;
    std::condition_variable batchReady;
    std::int64_t nextToClaim = 0;
    std::int64_t nextToDeliver = 0;
    std::map<std::int64_t, LoadedBatch> ready;
    std::map<int, std::shared_ptr<const std::vector<std::size_t>>> orders;
    std::exception_ptr error;
    bool stopping = false;

    std::mutex brokenMutex;
    std::set<std::size_t> broken;
    std::string firstDefect;

    std::vector<std::thread> threads;
    std::optional<Staged> staged;
#if GRAPHLENS_HAVE_CUDA
    std::optional<c10::cuda::CUDAStream> copyStream;
#endif

    bool finished() const { return total >= 0 && nextToClaim >= total; }

    // Caller holds mutex.
    std::shared_ptr<const std::vector<std::size_t>> orderFor(int epoch) {
        auto found = orders.find(epoch);
        if (found != orders.end()) return found->second;
        const std::size_t n = source->size();
        std::vector<std::size_t> order;
        if (options.shuffle) {
            order = shuffledOrder(n, options.seed * 0x100000001B3ULL + static_cast<std::uint64_t>(epoch));
        } else {
            order.resize(n);
            std::iota(order.begin(), order.end(), std::size_t{0});
        }
        auto shared = std::make_shared<const std::vector<std::size_t>>(std::move(order));
        orders.erase(orders.begin(), orders.lower_bound(epoch - 1));
        orders[epoch] = shared;
        return shared;
    }

    bool isBroken(std::size_t index) {
        std::lock_guard lock(brokenMutex);
        return broken.count(index) > 0;
    }

    void markBroken(std::size_t index, const std::string& defect) {
        std::lock_guard lock(brokenMutex);
        if (!broken.insert(index).second) return;  // one warning per image
        if (firstDefect.empty()) firstDefect = defect;
        if (warnings) warnings(defect + "; image skipped");
    }

    // Loads index, or (when it is broken) the next usable image after it, deterministically.
    std::size_t loadWithFallback(std::size_t index, int epoch, int size, std::span<std::uint8_t> chw, SampleTargets& targets) {
        const std::size_t n = source->size();
        for (std::size_t step = 0; step < n; ++step) {
            const std::size_t candidate = (index + step) % n;
            if (isBroken(candidate)) continue;
            try {
                targets = SampleTargets{};
                if (options.augment) {
                    source->load(candidate, size, chw, targets,
                                 SampleAugmentation{true, sampleAugmentationSeed(options.seed, epoch, candidate)});
                } else {
                    source->load(candidate, size, chw, targets);
                }
                return candidate;
            } catch (const SampleDefect& defect) {
                markBroken(candidate, defect.what());
            }
        }
        std::lock_guard lock(brokenMutex);
        throw DatasetError("every image is broken (" + std::to_string(broken.size()) +
                           " skipped; expected at least one usable image); first: " + firstDefect);
    }

    LoadedBatch build(std::int64_t global, const std::vector<std::size_t>& order) {
        const std::int64_t within = global % perEpoch;
        const std::size_t start = static_cast<std::size_t>(within) * options.batchSize;
        const std::size_t count = std::min<std::size_t>(options.batchSize, order.size() - start);
        const int size = options.imageSizes[static_cast<std::size_t>(global) % options.imageSizes.size()];
        const std::size_t imageBytes = 3 * static_cast<std::size_t>(size) * size;

        LoadedBatch batch;
        batch.index = global;
        batch.epoch = static_cast<int>(global / perEpoch);
        const auto hostOptions = torch::TensorOptions().pinned_memory(pin);
        batch.hostImages = torch::empty({static_cast<std::int64_t>(count), 3, size, size}, hostOptions.dtype(torch::kUInt8));
        auto* pixels = batch.hostImages.data_ptr<std::uint8_t>();
        LabelCollation labels;
        SampleTargets targets;
        for (std::size_t i = 0; i < count; ++i) {
            const std::span<std::uint8_t> chw{pixels + i * imageBytes, imageBytes};
            const std::size_t used = loadWithFallback(order[start + i], batch.epoch, size, chw, targets);
            batch.samples.push_back(used);
            labels.add(targets);
        }
        batch.boxes = labels.boxes(hostOptions);
        batch.classes = labels.classes(hostOptions);
        batch.masks = labels.masks(hostOptions, size);
        batch.images = batch.hostImages;
        return batch;
    }

    void work() {
        while (true) {
            std::int64_t global = 0;
            std::shared_ptr<const std::vector<std::size_t>> order;
            {
                std::unique_lock lock(mutex);
                workAvailable.wait(lock, [&] {
                    return stopping || error || finished() || nextToClaim < nextToDeliver + options.prefetchBatches;
                });
                if (stopping || error || finished()) return;
                global = nextToClaim++;
                order = orderFor(static_cast<int>(global / perEpoch));
            }
            try {
                auto batch = build(global, *order);
                std::lock_guard lock(mutex);
                ready.emplace(global, std::move(batch));
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!error) error = std::current_exception();
                workAvailable.notify_all();
            }
            batchReady.notify_all();
        }
    }

    // Blocks until the next batch in order is decoded; nothing after the last one.
    std::optional<LoadedBatch> popHost(bool wait) {
        std::unique_lock lock(mutex);
        auto available = [&] {
            return error || ready.count(nextToDeliver) > 0 || (total >= 0 && nextToDeliver >= total);
        };
        if (wait) {
            batchReady.wait(lock, available);
        } else if (!available()) {
            return std::nullopt;
        }
        if (error) std::rethrow_exception(error);
        const auto found = ready.find(nextToDeliver);
        if (found == ready.end()) return std::nullopt;
        LoadedBatch batch = std::move(found->second);
        ready.erase(found);
        ++nextToDeliver;
        workAvailable.notify_all();
        return batch;
    }

    Staged stage(LoadedBatch batch) {
        Staged staged;
        staged.batch = std::move(batch);
#if GRAPHLENS_HAVE_CUDA
        if (options.device.is_cuda()) {
            c10::cuda::CUDAStreamGuard guard(*copyStream);
            auto& b = staged.batch;
            b.images = b.hostImages.to(options.device, /*non_blocking=*/true);
            b.boxes = b.boxes.to(options.device, /*non_blocking=*/true);
            b.classes = b.classes.to(options.device, /*non_blocking=*/true);
            if (b.masks.defined()) b.masks = b.masks.to(options.device, /*non_blocking=*/true);
            staged.copied = std::make_shared<at::cuda::CUDAEvent>();
            staged.copied->record(*copyStream);
        }
#endif
        return staged;
    }

    // Makes the batch safe to use on the caller's current stream.
    void handOver(Staged& staged) {
#if GRAPHLENS_HAVE_CUDA
        if (staged.copied) {
            const auto current = c10::cuda::getCurrentCUDAStream(options.device.index());
            staged.copied->block(current);
            // The device memory was allocated on the copy stream: tell the allocator it is used on
            // the consumer's stream too, so it is not reused before that work finishes.
            for (const auto* tensor : {&staged.batch.images, &staged.batch.boxes, &staged.batch.classes, &staged.batch.masks}) {
                if (tensor->defined() && tensor->numel() > 0) c10::cuda::CUDACachingAllocator::recordStream(tensor->storage().data_ptr(), current);
            }
        }
#else
        (void)staged;
#endif
    }
};

DataLoader::DataLoader(std::shared_ptr<const SampleSource> source, LoaderOptions options, WarningSink warnings)
    : impl_(std::make_unique<Impl>()) {
    validate(source.get(), options);
    auto& impl = *impl_;
    const auto n = static_cast<std::int64_t>(source->size());
    const std::int64_t batch = options.batchSize;
    impl.perEpoch = options.dropLast ? n / batch : (n + batch - 1) / batch;
    if (impl.perEpoch == 0) {
        throw DatasetError(std::to_string(n) + " images cannot fill one batch of " + std::to_string(batch) +
                           " with drop_last (expected at least " + std::to_string(batch) + " images, or drop_last off)");
    }
    impl.total = options.epochs == 0 ? -1 : impl.perEpoch * options.epochs;
#if GRAPHLENS_HAVE_CUDA
    if (options.device.is_cuda()) {
        if (!options.device.has_index()) options.device = torch::Device(torch::kCUDA, c10::cuda::current_device());
        impl.copyStream = c10::cuda::getStreamFromPool(/*isHighPriority=*/false, options.device.index());
        impl.pin = options.pinMemory;
    }
#endif
    impl.source = std::move(source);
    impl.options = std::move(options);
    impl.warnings = std::move(warnings);
    try {
        for (int i = 0; i < impl.options.workers; ++i) impl.threads.emplace_back([&impl] { impl.work(); });
    } catch (const std::system_error& error) {
        // Out of threads (a process limit): the started ones are stopped and joined here, since a
        // constructor that throws runs no destructor, and a joinable thread destroyed terminates.
        const auto started = impl.threads.size();
        {
            std::lock_guard lock(impl.mutex);
            impl.stopping = true;
        }
        impl.workAvailable.notify_all();
        for (auto& thread : impl.threads) thread.join();
        throw DatasetError("cannot start loader thread " + std::to_string(started + 1) + " of " +
                           std::to_string(impl.options.workers) + " (" + error.what() + "): use fewer workers");
    }
}

DataLoader::~DataLoader() {
    {
        std::lock_guard lock(impl_->mutex);
        impl_->stopping = true;
    }
    impl_->workAvailable.notify_all();
    for (auto& thread : impl_->threads) thread.join();
}

std::optional<LoadedBatch> DataLoader::next() {
    auto& impl = *impl_;
    if (!impl.staged) {
        auto host = impl.popHost(/*wait=*/true);
        if (!host) return std::nullopt;
        impl.staged = impl.stage(std::move(*host));
    }
    Staged out = std::move(*impl.staged);
    impl.staged.reset();
    // Start the next copy now if that batch is already decoded: it overlaps the caller's GPU work.
    if (auto host = impl.popHost(/*wait=*/false)) impl.staged = impl.stage(std::move(*host));
    impl.handOver(out);
    return std::move(out.batch);
}

std::int64_t DataLoader::batchesPerEpoch() const { return impl_->perEpoch; }

int DataLoader::skippedImages() const {
    std::lock_guard lock(impl_->brokenMutex);
    return static_cast<int>(impl_->broken.size());
}

}  // namespace graphlens::data
