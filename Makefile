# The two commands a new user needs: `make run` and `make test`. Both bootstrap what is missing.
# Everything else is for developers: gpu-bundle, bench, format.
JOBS ?= $(shell nproc)
export CCACHE_SLOPPINESS := pch_defines,time_macros,include_file_mtime,include_file_ctime

.PHONY: run test bootstrap build-dev build-release gpu-bundle format clean

bootstrap:
	@./scripts/bootstrap.sh

build-dev: bootstrap
	@cmake --preset dev >/dev/null
	@cmake --build --preset dev -j $(JOBS)

build-release: bootstrap
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

# GUI when a display exists; otherwise a default headless sweep, and where its results went.
run: build-release
	@./scripts/run.sh build/release

test: build-dev
	@ctest --preset dev -j $(JOBS)

# A folder for GPU servers that have their own libtorch 2.11: see README, "Running on a GPU server".
gpu-bundle: build-release
	@./scripts/make-gpu-bundle.sh build/release gpu-bundle

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf build gpu-bundle
