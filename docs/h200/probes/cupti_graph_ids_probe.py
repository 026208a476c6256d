# Throwaway probe 2: graph trace enabled before capture, kernel kind enabled after instantiation; graph ids.
import ctypes, glob, os, statistics, sys, time
import torch, torchvision
mode = sys.argv[1]   # graphearly_kernellate | kernel | graphearly_toggle
libdir = os.path.join(os.path.dirname(torch.__file__), "..", "nvidia", "cu13", "lib")
lib = ctypes.CDLL(sorted(glob.glob(libdir + "/libcupti.so*"))[0], mode=ctypes.RTLD_GLOBAL)
rt = ctypes.CDLL(sorted(glob.glob(libdir + "/libcudart.so*"))[0], mode=ctypes.RTLD_GLOBAL)
KERNEL, MEMCPY, MEMSET, GRAPH = 10, 1, 2, 51
counts, graph_spans, graph_ids, kern_iv, kern_gids = {}, [], set(), [], set()
bufs = {}
REQ = ctypes.CFUNCTYPE(None, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_size_t))
DONE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t)
def req(buf, size, maxrec):
    b = ctypes.create_string_buffer((8 << 20) + 8); addr = (ctypes.addressof(b) + 7) & ~7; bufs[addr] = b
    buf[0] = addr; size[0] = 8 << 20; maxrec[0] = 0
def done(ctx, stream, buf, size, valid):
    rec = ctypes.c_void_p()
    while lib.cuptiActivityGetNextRecord(ctypes.c_void_p(buf), ctypes.c_size_t(valid), ctypes.byref(rec)) == 0:
        a = rec.value; kind = ctypes.c_uint32.from_address(a).value
        counts[kind] = counts.get(kind, 0) + 1
        if kind == GRAPH:
            s = ctypes.c_uint64.from_address(a + 8).value; e = ctypes.c_uint64.from_address(a + 16).value
            graph_spans.append((e - s) / 1000.0); graph_ids.add(ctypes.c_uint32.from_address(a + 28).value)
        if kind == KERNEL:
            kern_iv.append((ctypes.c_uint64.from_address(a + 16).value, ctypes.c_uint64.from_address(a + 24).value))
    bufs.pop(buf, None)
req_cb, done_cb = REQ(req), DONE(done)
torch.zeros(1, device="cuda")
lib.cuptiActivityRegisterCallbacks(req_cb, done_cb)
if mode.startswith("graphearly"):
    print("enable graph", lib.cuptiActivityEnable(GRAPH))
if mode == "kernel":
    for k in (KERNEL, MEMCPY, MEMSET): lib.cuptiActivityEnable(k)
m = torchvision.models.resnet18().cuda().half().eval()
host = torch.randn(1, 3, 224, 224).half().pin_memory()
static = torch.empty(1, 3, 224, 224, device="cuda", dtype=torch.half)
s = torch.cuda.Stream()
with torch.no_grad():
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(3): m(static)
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph(keep_graph=True)
    with torch.cuda.graph(g):
        out = m(static)
raw = g.raw_cuda_graph()
n = ctypes.c_size_t(0)
print("getNodes", rt.cudaGraphGetNodes(ctypes.c_void_p(raw), None, ctypes.byref(n)), "nodes", n.value)
nodes = (ctypes.c_void_p * n.value)()
rt.cudaGraphGetNodes(ctypes.c_void_p(raw), nodes, ctypes.byref(n))
types = {}
for nd in nodes:
    t = ctypes.c_int(-1); rt.cudaGraphNodeGetType(ctypes.c_void_p(nd), ctypes.byref(t)); types[t.value] = types.get(t.value, 0) + 1
print("node types", types)
gid = ctypes.c_uint32(0)
print("cuptiGetGraphId", lib.cuptiGetGraphId(ctypes.c_void_p(raw), ctypes.byref(gid)), gid.value)
g.instantiate()
eid = ctypes.c_uint32(0)
print("cuptiGetGraphExecId", lib.cuptiGetGraphExecId(ctypes.c_void_p(g.raw_cuda_graph_exec()), ctypes.byref(eid)), eid.value)
if mode in ("graphearly_kernellate", "graphearly_toggle"):
    if mode == "graphearly_toggle": print("disable graph", lib.cuptiActivityDisable(GRAPH))
    for k in (KERNEL, MEMCPY, MEMSET): print("enable", k, lib.cuptiActivityEnable(k))
def step():
    static.copy_(host, non_blocking=True); g.replay()
    v, i = torch.topk(torch.softmax(out.float(), 1), 5); torch.cuda.current_stream().synchronize()
for _ in range(50): step()
times = []
for _ in range(300):
    t = time.perf_counter(); step(); times.append((time.perf_counter() - t) * 1e6)
lib.cuptiActivityFlushAll(0)
kern_iv.sort(); busy = 0; cur = None
for a, b in kern_iv:
    if cur is None or a > cur[1]:
        if cur: busy += cur[1] - cur[0]
        cur = [a, b]
    else: cur[1] = max(cur[1], b)
if cur: busy += cur[1] - cur[0]
print(f"MODE {mode}: step median {statistics.median(times):.1f} us counts {counts} graph span median "
      f"{statistics.median(graph_spans) if graph_spans else 0:.1f} us graph ids {graph_ids} kernel busy per step {busy / 350 / 1000:.1f} us")
