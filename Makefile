# The two commands a new user needs: `make run` and `make test`. Both bootstrap what is missing.
# Everything else is for developers and packagers: package, bundle, gpu-bundle, format.
JOBS ?= $(shell nproc)
export CCACHE_SLOPPINESS := pch_defines,time_macros,include_file_mtime,include_file_ctime

.PHONY: run test bootstrap build-dev build-release package bundle gpu-bundle format clean

bootstrap:
	@./scripts/bootstrap.sh

build-dev: bootstrap
	@cmake --preset dev >/dev/null
	@cmake --build --preset dev -j $(JOBS)

# make run needs the two programs only, not the test suite.
build-release: bootstrap
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS) --target graphlens graphlens-cli

# GUI when a display exists; otherwise a default headless sweep, and where its results went.
run: build-release
	@./scripts/run.sh build/release

# The bootstrap installed the Python references, so a test that cannot find one fails instead of skipping.
# The test preset runs each test with one OpenMP thread (OMP_NUM_THREADS=1): tests run side by side,
# one per core, and libtorch's spinning OpenMP workers made CPU tests 3-7x slower when they shared
# cores (2026-12-04, this 2-core machine).
test: build-dev
	@GRAPHLENS_REQUIRE_REFERENCES=1 ctest --preset dev -j $(JOBS)

# What the packages and bundles hold: the two programs, their man page and icons (Release build).
PACKAGED_TARGETS := graphlens graphlens-cli graphlens_man_page graphlens_icons

# build/packages/: graphlens_<version>_amd64.deb and graphlens-<version>-linux-x86_64.tar.gz, with
# libtorch and its CUDA libraries inside (see README, "Installing").
package: bootstrap
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS) --target $(PACKAGED_TARGETS)
	@cd build/release && cpack -B ../packages
	@rm -rf build/packages/_CPack_Packages  # cpack's staging copies: gigabytes, not needed once packed
	@ls -lh build/packages/*.deb build/packages/*.tar.gz

# build/bundle/graphlens-<version>-linux-x86_64/ and its .tar.gz: one folder that runs from anywhere.
bundle: bootstrap
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS) --target $(PACKAGED_TARGETS)
	@./scripts/make-bundle.sh --tar build/release \
	  build/bundle/graphlens-$$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/release/CMakeCache.txt)-linux-x86_64

# A folder for GPU servers that have their own libtorch 2.11: see README, "Running on a GPU server".
# Its own build: no GUI; datasets on (OpenCV core/imgproc, TurboJPEG, libpng, yaml-cpp: a few MB;
# no imgcodecs, whose ~180 MB of GDAL and friends the script checks stay out).
gpu-bundle: bootstrap
	@cmake -S . -B build/gpu-bundle -G Ninja -DCMAKE_BUILD_TYPE=Release -DGRAPHLENS_WITH_GUI=OFF \
	  -DGRAPHLENS_WITH_DATASETS=ON >/dev/null
	@cmake --build build/gpu-bundle -j $(JOBS) --target graphlens-cli graphlens_man_page graphlens_gpu_tests \
	  graphlens_unit_engine graphlens_unit_decode graphlens_bench_minimal_loops graphlens_bench_data_loader \
	  graphlens_bench_torchscript graphlens_bench_graph_runner_overhead \
	  graphlens_bench_training_step graphlens_unit_train graphlens_unit_train_parts graphlens_bench_nms \
	  graphlens_bench_yolo_loss graphlens_bench_profiler_overhead
	@./scripts/make-bundle.sh --no-gui --system-torch --tests build/gpu-bundle gpu-bundle

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf build gpu-bundle
