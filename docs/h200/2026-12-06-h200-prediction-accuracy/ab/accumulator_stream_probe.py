# Does a captured network graph that stays alive (its static outputs keep the autograd graph, whose
# AccumulateGrad nodes were made on the capture's side stream) slow later EAGER training steps of the
# same parameters? Two identical models; one has such a graph held. Eager steps alternate between them.
import torch, torchvision, time, statistics, warnings, sys
torch.backends.cudnn.benchmark = True
dev = "cuda"
name = sys.argv[1] if len(sys.argv) > 1 else "resnet18"
batch = int(sys.argv[2]) if len(sys.argv) > 2 else 1

def make():
    torch.manual_seed(0)
    m = getattr(torchvision.models, name)(num_classes=5).to(dev).train()
    opt = torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.9)
    return m, opt

x = torch.randn(batch, 3, 224, 224, device=dev)
t = torch.randint(0, 5, (batch,), device=dev)

def step(m, opt):
    opt.zero_grad(set_to_none=False)
    with torch.autocast("cuda", torch.float16):
        loss = torch.nn.functional.cross_entropy(m(x), t)
    loss.backward()
    opt.step()

held, opt_h = make()
plain, opt_p = make()
for m, o in [(held, opt_h), (plain, opt_p)]:
    for _ in range(3): step(m, o)
torch.cuda.synchronize()
# Capture the held model's forward on a side stream and keep its static outputs (as a graphed network does)
params = [p for p in held.parameters()]
s = torch.cuda.Stream(); s.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(s):
    for _ in range(3):
        with torch.autocast("cuda", torch.float16):
            y = held(x)
        torch.autograd.grad(y, params, torch.zeros_like(y), allow_unused=True)
torch.cuda.current_stream().wait_stream(s)
g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    with torch.autocast("cuda", torch.float16):
        static_out = held(x)
torch.cuda.synchronize()

def timed(m, o, n=30):
    ts = []
    for _ in range(n):
        torch.cuda.synchronize(); a = time.perf_counter(); step(m, o); torch.cuda.synchronize()
        ts.append((time.perf_counter() - a) * 1e3)
    return statistics.median(ts)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for _ in range(3): step(held, opt_h); step(plain, opt_p)
    A, B = [], []
    for r in range(8):
        A.append(timed(held, opt_h)); B.append(timed(plain, opt_p))
    print(f"{name} b{batch}: eager step with a held side-stream graph {statistics.median(A):.3f} ms, "
          f"without {statistics.median(B):.3f} ms, ratio {statistics.median(A)/statistics.median(B):.3f} "
          f"(rounds {[round(a/b,3) for a,b in zip(A,B)]}); warnings: {len(w)}")
del static_out, g
torch.cuda.synchronize()
C, D = [], []
for r in range(8):
    C.append(timed(held, opt_h)); D.append(timed(plain, opt_p))
print(f"{name} b{batch}: after releasing the graph {statistics.median(C):.3f} ms vs {statistics.median(D):.3f} ms, ratio {statistics.median(C)/statistics.median(D):.3f}")
