#!/usr/bin/env python3
"""Compile versus graphs on one model: writes the two files GraphLens times in four forms, and times the
same model in Python for comparison.

usage:
  export_compile_forms.py export MODEL OUTDIR [--batch 1,8,32] [--memory-format nchw] [--imgsz N] [--precision fp16]
                                 [--skip-script]
  export_compile_forms.py time   MODEL OUT.json [--batch 1,8,32] [--memory-format nchw] [--imgsz N] [--precision fp16]
                                 [--steps 200]

MODEL is one of
  resnet18        torchvision's resnet18 (1000 classes, 224 px)
  conv-detector   the 23-block Conv-BN-SiLU detector of export_conv_detector.py (640 px)
  yolo-t          GraphLens's yolo-t as Ultralytics builds it (YOLOv8n from the package's yolov8n.yaml, 640 px;
                  needs the ultralytics package)
all with seeded random weights (BatchNorm statistics calibrated on random images), on the GPU.

export writes into OUTDIR:
  MODEL.pt                    the TorchScript file (torch.jit.trace on the GPU at the precision): GraphLens's
                              eager and graphed forms, run with --memory-format for either layout
  FORMAT-bBATCH/MODEL.pt2     an AOTInductor package per batch and layout (torch.export with that batch, static,
                              then torch._inductor.aoti_compile_and_package): the compiled and the compiled+graphed
                              forms. Static shapes, as torch.compile specialises them. Named as the model, so
                              GraphLens's rows of both files carry one family, told apart by their jit.
time writes, per layout and batch, the median step of Python's eager module, of a torch.cuda.graph replay of
it, and of torch.compile(mode="reduce-overhead") (Inductor's kernels replayed as CUDA graphs), each step a call
and a torch.cuda.synchronize, as GraphLens's network-scope step is timed.
"""
import argparse
import json
import os
import statistics
import sys
import time

import torch

IMGSZ = {"resnet18": 224, "conv-detector": 640, "yolo-t": 640}


def calibrate(model, imgsz, device):
    """Running statistics away from the identity, as a trained network has them."""
    model.train()
    with torch.no_grad():
        for _ in range(2):
            model(torch.randn(2, 3, imgsz, imgsz, device=device))
    return model.eval()


def build(name, imgsz, device):
    torch.manual_seed(0)
    if name == "resnet18":
        import torchvision
        model = torchvision.models.resnet18(num_classes=1000)
    elif name == "conv-detector":
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from export_conv_detector import ConvDetector
        model = ConvDetector()
    elif name == "yolo-t":
        from ultralytics.nn.tasks import DetectionModel
        model = DetectionModel("yolov8n.yaml", verbose=False)
        for module in model.modules():  # the decoded [B, 84, anchors] output, as Ultralytics' exporter sets
            if hasattr(module, "export"):
                module.export = True
                module.format = "torchscript"
    else:
        raise SystemExit(f"unknown model {name!r}: resnet18, conv-detector or yolo-t")
    model = calibrate(model.to(device), imgsz, device)
    if name == "yolo-t":
        model = model.fuse(verbose=False)
    return model


def layout(memory_format):
    return torch.channels_last if memory_format == "channels_last" else torch.contiguous_format


def prepared(args, memory_format):
    dtype = torch.float16 if args.precision == "fp16" else torch.float32
    model = build(args.model, args.imgsz, "cuda").to(dtype).to(memory_format=layout(memory_format))
    return model, dtype


def example(batch, args, dtype, memory_format):
    generator = torch.Generator(device="cuda").manual_seed(batch)
    images = torch.rand(batch, 3, args.imgsz, args.imgsz, device="cuda", generator=generator).to(dtype)
    return images.contiguous(memory_format=layout(memory_format))


def export(args):
    os.makedirs(args.out, exist_ok=True)
    with torch.no_grad():
        if not args.skip_script:
            model, dtype = prepared(args, "nchw")
            traced = torch.jit.trace(model, example(1, args, dtype, "nchw"))
            script_path = os.path.join(args.out, f"{args.model}.pt")
            torch.jit.save(traced, script_path)
            print("wrote", script_path, flush=True)
        for memory_format in args.memory_formats:
            model, dtype = prepared(args, memory_format)
            for batch in args.batches:
                began = time.time()
                exported = torch.export.export(model, (example(batch, args, dtype, memory_format),))
                folder = os.path.join(args.out, f"{memory_format}-b{batch}")
                os.makedirs(folder, exist_ok=True)
                path = os.path.join(folder, f"{args.model}.pt2")
                torch._inductor.aoti_compile_and_package(exported, package_path=path)
                print(f"wrote {path} ({time.time() - began:.0f} s to compile)", flush=True)


def median_ms(step, steps, warmup=20):
    for _ in range(warmup):
        step()
    torch.cuda.synchronize()
    times = []
    for _ in range(steps):
        began = time.perf_counter()
        step()
        torch.cuda.synchronize()
        times.append((time.perf_counter() - began) * 1e3)
    return statistics.median(times)


def time_forms(args):
    rows = []
    for memory_format in args.memory_formats:
        for batch in args.batches:
            with torch.no_grad():
                model, dtype = prepared(args, memory_format)
                images = example(batch, args, dtype, memory_format)
                row = {"model": args.model, "memory_format": memory_format, "batch": batch,
                       "precision": args.precision, "imgsz": args.imgsz}
                row["eager_ms"] = median_ms(lambda: model(images), args.steps)

                static_input = images.clone()
                side = torch.cuda.Stream()
                side.wait_stream(torch.cuda.current_stream())
                with torch.cuda.stream(side):
                    for _ in range(3):
                        model(static_input)
                torch.cuda.current_stream().wait_stream(side)
                graph = torch.cuda.CUDAGraph()
                with torch.cuda.graph(graph):
                    model(static_input)

                def replay():
                    static_input.copy_(images)
                    graph.replay()
                row["graphed_ms"] = median_ms(replay, args.steps)
                del graph

                torch._dynamo.reset()
                compiled = torch.compile(model, mode="reduce-overhead", dynamic=False)
                began = time.time()
                for _ in range(3):  # compile, then cudagraph trees record on the later calls
                    compiled(images)
                torch.cuda.synchronize()
                row["compile_s"] = round(time.time() - began, 1)
                row["reduce_overhead_ms"] = median_ms(lambda: compiled(images), args.steps)
                print(json.dumps(row), flush=True)
                rows.append(row)
                del compiled
                torch._dynamo.reset()
    result = {"torch": torch.__version__, "gpu": torch.cuda.get_device_name(), "steps": args.steps, "rows": rows}
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["export", "time"])
    parser.add_argument("model")
    parser.add_argument("out")
    parser.add_argument("--batch", default="1,8,32")
    parser.add_argument("--memory-format", default="nchw", help="nchw, channels_last or both, comma separated")
    parser.add_argument("--imgsz", type=int, default=0)
    parser.add_argument("--precision", default="fp16", choices=["fp16", "fp32"])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--skip-script", action="store_true", help="export: the packages only (another run writes MODEL.pt)")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        raise SystemExit("needs a CUDA device: an AOTInductor package for the GPU is compiled on one")
    args.batches = [int(b) for b in args.batch.split(",")]
    args.memory_formats = args.memory_format.split(",")
    for memory_format in args.memory_formats:
        if memory_format not in ("nchw", "channels_last"):
            raise SystemExit(f"--memory-format {memory_format!r}: nchw or channels_last")
    args.imgsz = args.imgsz or IMGSZ.get(args.model, 224)
    export(args) if args.action == "export" else time_forms(args)


if __name__ == "__main__":
    main()
