# Probe: does CUPTI keep costing an eager step after its window closed? (torchvision resnet18 fp16 batch 1,
# step = upload + forward + softmax/top-5 + synchronize). Per process: 5 plain blocks before CUPTI is
# touched, one window with MODE's CUPTI feature on, the feature switched off again, 5 plain blocks after.
# MODE: control (CUPTI never touched), register (cuptiActivityRegisterCallbacks only), activity
# (CONCURRENT_KERNEL+MEMCPY+MEMSET), callbacks (cuptiSubscribe + launch callback ids; the Python
# callback makes its window meaningless, only "after" counts).
import ctypes, glob, os, statistics, sys, time
import torch, torchvision
mode = sys.argv[1]
lib = None
if mode != "control":
    path = glob.glob(os.path.join(os.path.dirname(torch.__file__), "..", "nvidia", "cu13", "lib", "libcupti.so*"))
    lib = ctypes.CDLL(sorted(path)[0], mode=ctypes.RTLD_GLOBAL)
bufs = {}
REQ = ctypes.CFUNCTYPE(None, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_size_t))
DONE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t)
CB = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32, ctypes.c_void_p)
def req(buf, size, maxrec):
    b = ctypes.create_string_buffer((8 << 20) + 8)
    addr = (ctypes.addressof(b) + 7) & ~7
    bufs[addr] = b
    buf[0] = addr; size[0] = 8 << 20; maxrec[0] = 0
def done(ctx, stream, buf, size, valid):
    bufs.pop(buf, None)
def on_api(userdata, domain, cbid, data):
    pass
req_cb, done_cb, api_cb = REQ(req), DONE(done), CB(on_api)
KINDS = [10, 1, 2]
m = torchvision.models.resnet18().cuda().half().eval()
host = torch.randn(1, 3, 224, 224).half().pin_memory()
def step():
    x = host.to("cuda", non_blocking=True)
    p = torch.softmax(m(x).float(), 1)
    torch.topk(p, 5)
    torch.cuda.current_stream().synchronize()
def block(n=100):
    times = []
    for _ in range(n):
        t = time.perf_counter(); step(); times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)
with torch.no_grad():
    block()
    pre = statistics.median([block() for _ in range(5)])
    sub = ctypes.c_void_p()
    if mode in ("register", "activity"):
        lib.cuptiActivityRegisterCallbacks(req_cb, done_cb)
    if mode == "activity":
        for k in KINDS: lib.cuptiActivityEnable(ctypes.c_int(k))
    if mode == "callbacks":
        lib.cuptiSubscribe(ctypes.byref(sub), api_cb, None)
        for cbid in (211, 505): lib.cuptiEnableCallback(1, sub, 2, cbid)   # CUPTI_CB_DOMAIN_RUNTIME_API
        for cbid in (307, 652): lib.cuptiEnableCallback(1, sub, 1, cbid)   # CUPTI_CB_DOMAIN_DRIVER_API
    window = block()
    if mode == "activity":
        for k in KINDS: lib.cuptiActivityDisable(ctypes.c_int(k))
        lib.cuptiActivityFlushAll(1)
    if mode == "callbacks":
        lib.cuptiUnsubscribe(sub)
    after = statistics.median([block() for _ in range(5)])
print(f"MODE {mode}: before {pre:.4f} ms, window {window:.4f} ms ({100 * (window / pre - 1):+.1f}%), "
      f"after {after:.4f} ms ({100 * (after / pre - 1):+.1f}%)", flush=True)
