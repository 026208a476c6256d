# Where a training graph's extra GPU time per kernel goes: kernel durations (eager vs in a replay) and
# the gaps between a replay's kernels, for forward passes in eval/no-grad and in train/autocast mode.
import torch, torchvision, statistics, json
from torch.profiler import profile, ProfilerActivity
torch.backends.cudnn.benchmark = True
dev = "cuda"

def kernels_of(prof):
    ev = [e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA]
    return sorted([(e.time_range.start, e.time_range.end, e.name) for e in ev])

def per_iter(ks, n):
    # split into n groups by big gaps (iterations are separated by synchronize)
    gaps = sorted(range(1, len(ks)), key=lambda i: ks[i][0] - ks[i-1][1], reverse=True)[: n - 1]
    cuts = [0] + sorted(gaps) + [len(ks)]
    return [ks[cuts[i]:cuts[i + 1]] for i in range(n)]

def measure(model, x, train):
    n = 8
    ctx = (lambda: torch.autocast("cuda", torch.float16)) if train else (lambda: torch.no_grad())
    def fwd():
        with ctx():
            y = model(x)
        return y
    for _ in range(5): fwd()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        for _ in range(n):
            fwd(); torch.cuda.synchronize()
    eager = per_iter(kernels_of(p), n)
    s = torch.cuda.Stream(); s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3): fwd()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = fwd()
    for _ in range(5): g.replay()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        for _ in range(n):
            g.replay(); torch.cuda.synchronize()
    graphed = per_iter(kernels_of(p), n)
    def stats(groups):
        k = statistics.median(len(gr) for gr in groups)
        dur = statistics.median(sum(e - s for s, e, _ in gr) for gr in groups)
        span = statistics.median(gr[-1][1] - gr[0][0] for gr in groups)
        return k, dur, span
    return stats(eager), stats(graphed)

out = {}
for name in ["resnet18", "mobilenet_v3_small", "efficientnet_b0"]:
    for batch in [1, 16]:
        for train in [False, True]:
            model = getattr(torchvision.models, name)().to(dev)
            if train: model.train()
            else: model.eval().half()
            x = torch.randn(batch, 3, 224, 224, device=dev, dtype=torch.float32 if train else torch.float16)
            (ek, ed, es), (gk, gd, gs) = measure(model, x, train)
            line = f"{name:20} b{batch:<3} {'train/amp' if train else 'eval/fp16'}: kernels {ek}/{gk}  eager sum {ed:8.1f} us  graph sum {gd:8.1f} us (+{(gd-ed)/ek:.3f}/kernel)  graph span {gs:8.1f} (gap {(gs-gd)/max(gk-1,1):.3f}/kernel)"
            print(line, flush=True)
