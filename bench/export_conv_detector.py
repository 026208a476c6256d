#!/usr/bin/env python3
"""Writes the TorchScript file the TorchScript benchmark loads: a 23-block Conv-BN-SiLU detector-like
network (DESIGN §8's reference model, 183 kernels per eager forward at fp16), traced on the GPU when
there is one so the file holds no CPU-only constants, BatchNorm statistics calibrated on random images.

usage: export_conv_detector.py OUT.pt [--imgsz 640]
"""
import sys

import torch


def block(cin, cout, stride):
    return torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 3, stride, 1, bias=False),
                               torch.nn.BatchNorm2d(cout), torch.nn.SiLU())


class ConvDetector(torch.nn.Module):
    def __init__(self):
        super().__init__()
        widths = [16, 32, 32, 64, 64, 64, 128, 128, 128, 128, 256, 256, 256, 256, 256,
                  256, 256, 256, 256, 256, 256, 256, 256]
        layers, cin = [], 3
        for i, w in enumerate(widths):
            layers.append(block(cin, w, 2 if i in (0, 1, 3, 6, 10) else 1))
            cin = w
        self.trunk = torch.nn.Sequential(*layers)
        self.head = torch.nn.Conv2d(cin, 85, 1)

    def forward(self, x):
        return self.head(self.trunk(x))


def main():
    out = sys.argv[1]
    imgsz = int(sys.argv[sys.argv.index("--imgsz") + 1]) if "--imgsz" in sys.argv else 640
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    model = ConvDetector().to(device)
    model.train()
    with torch.no_grad():
        for _ in range(2):
            model(torch.randn(2, 3, imgsz, imgsz, device=device))
    model.eval()
    traced = torch.jit.trace(model, torch.randn(1, 3, imgsz, imgsz, device=device))
    torch.jit.save(traced, out)
    print(f"wrote {out} ({sum(p.numel() for p in model.parameters())} parameters, {imgsz} px, traced on {device})")


if __name__ == "__main__":
    main()
