#!/usr/bin/python3
"""Reference values for batch norm that counts padding (config "batch_norm_padding": "include").

What a Keras model of the book does with a padded batch: TextVectorization pads every review with id 0 to
sequence_length, the whole [B, P] batch runs through the encoder (attention masks the padding keys, so no real
token ever reads a padding position), and BatchNormalization, which ignores the mask, takes its mean and
variance over all B x P positions, padding included. The classifier pools over the real tokens only.

Written as a Keras user would write it, on whole padded [B, P, D] tensors (not per sequence), with torch's own
batch norm (torch.nn.functional.batch_norm over the B*P rows) in float64. Text to ids, the training data, the
starting weights and the file format come from imdb_reference.py; the forward pass here shares nothing with it.

    /usr/bin/python3 tests/reference/batch_norm_padding_reference.py   # golden/imdb-train/batch-padding/

Output: golden/imdb-train/batch-padding/{init/, expected.safetensors, expected.json}: one epoch of plain SGD
(learning rate 0.1, batch size 4 in file order, no dropout, no validation split) from init/, as for the other
imdb-train cases (tests/reference/README.md). Moving statistics: m = 0.99 m + 0.01 batch statistic (biased).
"""

import json
import math
import os

import numpy as np
import torch
import torch.nn.functional as F

import imdb_reference as ref

torch.set_default_dtype(torch.float64)


def padded_batch(texts, P):
    """ids [B, P] (0 = padding) and the real-token mask [B, P]."""
    ids = torch.zeros(len(texts), P, dtype=torch.long)
    for b, text in enumerate(texts):
        real = ref.encode(text, ref.VOCAB, P)[1]
        ids[b, :len(real)] = torch.tensor(real)
    return ids, ids != 0


def attention(w, p, config, x, mask):
    """x [B, P, D]; every query attends to the real keys of its own sequence only (Keras attention_mask)."""
    B, P, _ = x.shape
    H, K = config["num_heads"], config["key_dim"]
    q = (x @ w[p + "query.kernel"] + w[p + "query.bias"]).view(B, P, H, K)
    k = (x @ w[p + "key.kernel"] + w[p + "key.bias"]).view(B, P, H, K)
    v = (x @ w[p + "value.kernel"] + w[p + "value.bias"]).view(B, P, H, K)
    scores = torch.einsum("bqhk,bshk->bhqs", q, k) / math.sqrt(K)            # B x H x P x P
    scores = scores.masked_fill(~mask[:, None, None, :], float("-inf"))
    z = torch.einsum("bhqs,bshk->bqhk", torch.softmax(scores, dim=-1), v)     # B x P x H x K
    return z.reshape(B, P, H * K) @ w[p + "output.kernel"] + w[p + "output.bias"]


def batch_norm_over_every_position(w, p, config, x, stats):
    """Training-mode batch norm over all B*P rows of x [B, P, D], padding included (Keras ignores the mask)."""
    B, P, D = x.shape
    rows = x.reshape(B * P, D)
    stats[p] = (rows.mean(0).detach(), rows.var(0, unbiased=False).detach())
    y = F.batch_norm(rows, None, None, w[p + "gamma"], w[p + "beta"], training=True, eps=config["norm_epsilon"])
    return y.view(B, P, D)


def forward_train(w, config, ids, mask, stats):
    """Logits [B] of the padded batch in training mode (no dropout)."""
    P = ids.shape[1]
    x = w["embedding.token"][ids] + w["embedding.position"][:P]              # B x P x D (learned position)
    for i in range(config["num_layers"]):
        p = f"encoder.{i}."
        y = batch_norm_over_every_position(w, p + "norm1.", config, x + attention(w, p + "attention.", config, x, mask), stats)
        hidden = torch.relu(y @ w[p + "ffn.dense1.kernel"] + w[p + "ffn.dense1.bias"])
        x = batch_norm_over_every_position(w, p + "norm2.", config, y + hidden @ w[p + "ffn.dense2.kernel"]
                                           + w[p + "ffn.dense2.bias"], stats)
    assert config["pooling"] == "max"
    pooled = x.masked_fill(~mask[:, :, None], float("-inf")).max(dim=1).values  # B x D, real tokens only
    return (pooled @ w["head.kernel"]).squeeze(1) + w["head.bias"]


def self_check():
    """Padding must matter in training (else this case checks nothing) and torch's batch norm must be the formula."""
    config = ref.make_config("learned", "batch", layers=1, heads=2, pooling="max", dropout=0.0)
    w = ref.to_torch(ref.random_weights(config, 203))
    x = torch.randn(3, 5, config["embed_dim"])
    stats = {}
    y = batch_norm_over_every_position(w, "encoder.0.norm1.", config, x, stats)
    rows = x.reshape(15, -1)
    mine = (rows - rows.mean(0)) / torch.sqrt(rows.var(0, unbiased=False) + 0.001) * w["encoder.0.norm1.gamma"] \
        + w["encoder.0.norm1.beta"]
    assert torch.allclose(y.reshape(15, -1), mine), "batch norm formula"
    texts = [text for _, text in ref.TRAIN_DATA[:4]]
    ids, mask = padded_batch(texts, config["sequence_length"])
    assert (~mask).any(), "the first batch must contain padding"
    longer_ids, longer_mask = padded_batch(texts, config["sequence_length"] + 6)  # more padding, same reviews
    with torch.no_grad():
        a = forward_train(dict(w, **{"embedding.position": torch.cat([w["embedding.position"]] * 2)}), config,
                          ids, mask, {})
        b = forward_train(dict(w, **{"embedding.position": torch.cat([w["embedding.position"]] * 2)}), config,
                          longer_ids, longer_mask, {})
    assert (a - b).abs().max() > 1e-3, "more padding must change the training-mode logits"


def train():
    self_check()
    config = ref.make_config("learned", "batch", layers=1, heads=2, pooling="max", dropout=0.0)
    config["batch_norm_padding"] = "include"
    weights = ref.random_weights(config, 204)
    directory = os.path.join(ref.GOLDEN, "imdb-train", "batch-padding")
    ref.write_model_dir(os.path.join(directory, "init"), config, weights, ref.VOCAB)

    w = ref.to_torch(weights, requires_grad=True)
    momentum = config["batch_norm_momentum"]
    batches = []
    for start in range(0, len(ref.TRAIN_DATA), ref.TRAIN_BATCH):
        chunk = ref.TRAIN_DATA[start:start + ref.TRAIN_BATCH]
        ids, mask = padded_batch([text for _, text in chunk], config["sequence_length"])
        labels = torch.tensor([float(label) for label, _ in chunk])
        stats = {}
        loss = F.binary_cross_entropy_with_logits(forward_train(w, config, ids, mask, stats), labels)
        for t in w.values():
            t.grad = None
        loss.backward()
        with torch.no_grad():
            for t in w.values():
                if t.requires_grad:
                    t -= ref.TRAIN_LR * t.grad
            for p, (mean, var) in stats.items():
                w[p + "moving_mean"].mul_(momentum).add_((1 - momentum) * mean)
                w[p + "moving_variance"].mul_(momentum).add_((1 - momentum) * var)
        batches.append({"samples": list(range(start, start + len(chunk))), "loss": float(loss),
                        "padding_positions": int((~mask).sum())})
    new = {name: t.detach().numpy().astype(np.float32) for name, t in w.items()}
    ref.write_safetensors(os.path.join(directory, "expected.safetensors"), new)
    with open(os.path.join(directory, "expected.json"), "w") as f:
        json.dump({"optimizer": "sgd", "learning_rate": ref.TRAIN_LR, "batch_size": ref.TRAIN_BATCH, "epochs": 1,
                   "shuffle": "off", "dropout": 0.0, "batch_norm_padding": "include", "batches": batches}, f, indent=1)
        f.write("\n")
    changed = max(float(np.max(np.abs(new[n] - weights[n]))) for n in weights)
    print(f"train batch-padding: losses {[round(b['loss'], 6) for b in batches]}, "
          f"padding positions {[b['padding_positions'] for b in batches]}, largest weight change {changed:.4f}")


if __name__ == "__main__":
    train()
