"""The PyTorch Python twin of GraphLens's training step (bench/TrainingStepBenchmark.cpp): torchvision
resnet18, the same batch, SGD (momentum 0.9, weight decay 5e-4, fused) or AdamW (fused), AMP fp16
with a GradScaler; timed eager, with make_graphed_callables (network scope) and as one whole-step
torch.cuda.graph (step scope). Median of 50 steps after 10 warm-up, each step then a synchronize.

    python train_step_twin.py [batch=8] [optimizer=sgd] [imgsz=224]
"""
import statistics
import sys
import time

import torch
import torchvision


def make(optimizer_name):
    torch.manual_seed(0)
    model = torchvision.models.resnet18(num_classes=1000).cuda().train()
    if optimizer_name == "adamw":
        opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-2, fused=True)
    else:
        opt = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9, weight_decay=5e-4, fused=True)
    scaler = torch.amp.GradScaler("cuda")
    return model, opt, scaler


def median_ms(step, warmup=10, steps=200):  # as graphlens_bench_training_step
    for _ in range(warmup):
        step()
    torch.cuda.synchronize()
    samples = []
    for _ in range(steps):
        start = time.perf_counter()
        step()
        torch.cuda.synchronize()
        samples.append((time.perf_counter() - start) * 1e3)
    return statistics.median(samples)


def main():
    batch = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    optimizer_name = sys.argv[2] if len(sys.argv) > 2 else "sgd"
    imgsz = int(sys.argv[3]) if len(sys.argv) > 3 else 224
    images = torch.randn(batch, 3, imgsz, imgsz, device="cuda")
    labels = torch.randint(0, 5, (batch,), device="cuda")
    loss_fn = torch.nn.CrossEntropyLoss()

    model, opt, scaler = make(optimizer_name)

    def step_through(forward, opt, scaler):
        def step():
            opt.zero_grad(set_to_none=False)
            with torch.autocast("cuda", dtype=torch.float16, cache_enabled=False):
                loss = loss_fn(forward(images).float(), labels)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        return step

    eager_step = step_through(model, opt, scaler)
    eager = median_ms(eager_step)

    model, opt, scaler = make(optimizer_name)
    with torch.autocast("cuda", dtype=torch.float16, cache_enabled=False):
        graphed_model = torch.cuda.make_graphed_callables(model, (images,))

    network_step = step_through(graphed_model, opt, scaler)
    network = median_ms(network_step)

    model, opt, scaler = make(optimizer_name)
    static_images, static_labels = images.clone(), labels.clone()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            opt.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16, cache_enabled=False):
                loss = loss_fn(model(static_images).float(), static_labels)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    # PyTorch's documented whole-network capture: gradients set to None before capture, so the
    # captured backward writes them fresh from the graph's pool (no zeroing, no accumulation).
    opt.zero_grad(set_to_none=True)
    with torch.cuda.graph(graph):
        with torch.autocast("cuda", dtype=torch.float16, cache_enabled=False):
            static_loss = loss_fn(model(static_images).float(), static_labels)
        scaler.scale(static_loss).backward()
        scaler.step(opt)
        scaler.update()

    def whole_step():
        static_images.copy_(images)
        static_labels.copy_(labels)
        graph.replay()

    whole = median_ms(whole_step)
    print(f"python training step resnet18 batch {batch} amp-fp16 {optimizer_name} {imgsz} px: eager {eager:.3f} ms, "
          f"network scope {network:.3f} ms ({eager / network:.2f}x), step scope {whole:.3f} ms ({eager / whole:.2f}x)")


if __name__ == "__main__":
    main()
