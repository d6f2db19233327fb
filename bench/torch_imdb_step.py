#!/usr/bin/env python3
"""Times one training step of the book's IMDB Transformer encoder in PyTorch, for comparison with
`attentionlab-cli bench imdb`. Same model (model-format.md, task imdb-transformer), same batch of full-length
sequences, forward + backward + RMSprop update.

  /usr/bin/python3 bench/torch_imdb_step.py --preset book --threads 2 --steps 3

Debian's python3-torch uses whichever BLAS libblas.so.3 points to: install libopenblas0-pthread first, or it
is about 40x slower.
"""
import argparse
import json
import math
import time

import torch
from torch import nn

PRESETS = {  # vocab, sequence, D, H, K, F, batch
    "book": (20000, 600, 256, 2, 256, 32, 32),
    "classroom": (20000, 200, 64, 2, 32, 32, 32),
    "tiny": (1000, 64, 32, 2, 16, 32, 32),
}


class Encoder(nn.Module):
    def __init__(self, vocab, seq, d, h, k, f):
        super().__init__()
        self.h, self.k = h, k
        self.token = nn.Embedding(vocab, d)
        self.position = nn.Embedding(seq, d)
        self.q, self.kk, self.v = nn.Linear(d, h * k), nn.Linear(d, h * k), nn.Linear(d, h * k)
        self.o = nn.Linear(h * k, d)
        self.norm1, self.norm2 = nn.LayerNorm(d, eps=1e-3), nn.LayerNorm(d, eps=1e-3)
        self.ffn = nn.Sequential(nn.Linear(d, f), nn.ReLU(), nn.Linear(f, d))
        self.dropout = nn.Dropout(0.5)
        self.head = nn.Linear(d, 1)

    def forward(self, ids):  # ids: B x T
        b, t = ids.shape
        x = self.token(ids) + self.position(torch.arange(t))
        split = lambda y: y.view(b, t, self.h, self.k).transpose(1, 2)  # B x H x T x K
        q, k, v = split(self.q(x)), split(self.kk(x)), split(self.v(x))
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(self.k), dim=-1)
        o = self.o((a @ v).transpose(1, 2).reshape(b, t, self.h * self.k))
        y = self.norm1(x + o)
        y = self.norm2(y + self.ffn(y))
        return self.head(self.dropout(y.max(dim=1).values)).squeeze(-1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="book", choices=PRESETS)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    vocab, seq, d, h, k, f, batch = PRESETS[args.preset]
    model = Encoder(vocab, seq, d, h, k, f)
    optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-3, alpha=0.9, eps=1e-7)
    ids = torch.randint(2, vocab, (batch, seq))
    labels = (torch.arange(batch) % 2).float()
    loss_fn = nn.BCEWithLogitsLoss()

    def step():
        optimizer.zero_grad()
        loss_fn(model(ids), labels).backward()
        optimizer.step()

    step()  # warm-up
    start = time.perf_counter()
    for _ in range(args.steps):
        step()
    seconds = time.perf_counter() - start
    print(json.dumps({"task": "imdb", "preset": args.preset, "framework": "pytorch " + torch.__version__,
                      "batch_size": batch, "sequence_length": seq, "threads": args.threads,
                      "ms_per_step": 1000 * seconds / args.steps}))


if __name__ == "__main__":
    main()
