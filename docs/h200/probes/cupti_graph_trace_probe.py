# Throwaway probe: GPU cost of CUPTI kernel-level vs graph-level tracing on a graph replay (resnet18 fp16 b1).
import ctypes, glob, os, statistics, sys, time
import torch, torchvision
mode = sys.argv[1]
libpath = glob.glob(os.path.join(os.path.dirname(torch.__file__), "..", "nvidia", "cu13", "lib", "libcupti.so*"))
lib = ctypes.CDLL(sorted(libpath)[0], mode=ctypes.RTLD_GLOBAL)
KERNEL, MEMCPY, MEMSET, GRAPH = 10, 1, 2, 51
counts = {}
graph_spans = []
bufs = {}
REQ = ctypes.CFUNCTYPE(None, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_size_t))
DONE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t)
def req(buf, size, maxrec):
    b = ctypes.create_string_buffer((8 << 20) + 8)
    addr = (ctypes.addressof(b) + 7) & ~7
    bufs[addr] = b
    buf[0] = addr; size[0] = 8 << 20; maxrec[0] = 0
def done(ctx, stream, buf, size, valid):
    rec = ctypes.c_void_p()
    while lib.cuptiActivityGetNextRecord(ctypes.c_void_p(buf), ctypes.c_size_t(valid), ctypes.byref(rec)) == 0:
        kind = ctypes.c_uint32.from_address(rec.value).value
        counts[kind] = counts.get(kind, 0) + 1
        if kind == GRAPH:
            s = ctypes.c_uint64.from_address(rec.value + 8).value; e = ctypes.c_uint64.from_address(rec.value + 16).value
            graph_spans.append((e - s) / 1000.0)
    bufs.pop(buf, None)
req_cb, done_cb = REQ(req), DONE(done)
def enable(kinds):
    print("register", lib.cuptiActivityRegisterCallbacks(req_cb, done_cb))
    for k in kinds:
        print("enable kind", k, "->", lib.cuptiActivityEnable(ctypes.c_int(k)))
kinds = {"none": [], "kernel": [KERNEL, MEMCPY, MEMSET], "graph": [GRAPH, MEMCPY, MEMSET],
         "both": [KERNEL, GRAPH, MEMCPY, MEMSET], "graphfirst": [GRAPH, KERNEL, MEMCPY, MEMSET]}[mode.split("_")[0]]
late = mode.endswith("_late")
torch.backends.cudnn.benchmark = True
if kinds and not late:
    torch.zeros(1, device="cuda"); enable(kinds)
m = torchvision.models.resnet18().cuda().half().eval()
host = torch.randn(1, 3, 224, 224).half().pin_memory()
static = torch.empty(1, 3, 224, 224, device="cuda", dtype=torch.half)
s = torch.cuda.Stream()
with torch.no_grad():
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3): m(static)
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        out = m(static)
if kinds and late:
    enable(kinds)
def step():
    static.copy_(host, non_blocking=True)
    g.replay()
    p = torch.softmax(out.float(), 1)
    v, i = torch.topk(p, 5)
    torch.cuda.current_stream().synchronize()
for _ in range(50): step()
times = []
for _ in range(400):
    t = time.perf_counter(); step(); times.append((time.perf_counter() - t) * 1e6)
if kinds: lib.cuptiActivityFlushAll(0)
print(f"MODE {mode}: step median {statistics.median(times):.1f} us  counts {counts}  graph span median "
      f"{statistics.median(graph_spans) if graph_spans else 0:.1f} us")
