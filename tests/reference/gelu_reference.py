"""GELU, the exact erf form BERT uses, and its derivative, from PyTorch (independent of the C++ core).

    /usr/bin/python3 tests/reference/gelu_reference.py

Prints gelu(x) from torch.nn.functional.gelu (approximate='none': 0.5·x·(1+erf(x/√2))) and gelu'(x) from
autograd, in float64, for the inputs tests/core/test_layers.cpp checks (geluMatchesPyTorch).
"""
import torch

xs = torch.tensor([-4.0, -1.5, -0.75, -0.1, 0.0, 0.3, 1.0, 2.5, 6.0], dtype=torch.float64, requires_grad=True)
y = torch.nn.functional.gelu(xs)
(dy,) = torch.autograd.grad(y.sum(), xs)
for x, v, d in zip(xs.tolist(), y.tolist(), dy.tolist()):
    print(f"x={x:+.2f}  gelu={v:.9g}  gelu'={d:.9g}")
