#!/usr/bin/python3
"""Independent reference values for the causal-lm model (docs: model-format.md task "causal-lm").

Written from the contract text with PyTorch in float64 (the files are written with imdb_reference.py's
safetensors and directory writers; the model itself is computed here). Run with Debian's interpreter
(python3-torch, python3-numpy):

    /usr/bin/python3 tests/reference/causal_lm_reference.py     # rewrites golden/causal-lm/<case>/

Each case is a model directory with random, non-trivial weights (tokenizer "chars") and expected.json:
- for a text longer than the segment S: its tokens and ids, the window the model reads (the last S ids),
  the logits at every position of the window, every attention map (causal), the softmax after the window and
  the greedy next id;
- the greedy continuation of that window (each next id from the last S ids so far);
- the mean cross-entropy, evaluation mode, over every predicted position of a batch of two sequences, one
  of them padded with id 0 at its end (padding is never predicted).

Relative (Transformer-XL) cases, expected.json of their own: a text of five segments read segment after segment
from the start, each with the memory the previous one left (each layer's last M inputs): every segment's
logits and attention ([layer][head][T][M' + T]), the next token's distribution after the text, the greedy
continuation (each next id from the whole text so far, read the same way; without memory from the last S ids),
and the mean cross-entropy of one stream read as two segments, the second after the first one's memory.
"""

import json
import math
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import imdb_reference as ref  # noqa: E402  (the file writers and the shared pieces of random weights)

torch.set_default_dtype(torch.float64)

# Lines 0, 1, 2 are reserved: padding, [UNK], [EOS] (contract: task "causal-lm"). Then characters.
VOCAB = ["", "[UNK]", "[EOS]"] + list(" abcdehilmnorst.,你好春风")
SEQUENCE_LENGTH = 8
EMBED_DIM, KEY_DIM, DENSE_DIM = 8, 4, 12
# Longer than S, with a character outside the vocabulary ("Z") and Chinese characters.
TEXT = "the Zcat sat, 春风你好"
CONTINUATION = 6
# Two sequences of a batch; the first padded with 0 after its 5 real ids.
BATCH = [[3, 4, 5, 6, 7, 0, 0, 0], [8, 9, 10, 11, 12, 13, 14, 15]]

CASES = [
    # name, position, layers, heads
    ("learned-2layers-2heads", "learned", 2, 2),
    ("sinusoidal-1layer-3heads", "sinusoidal", 1, 3),
]


# Relative cases: name, layers, heads, memory_length. The text spans five segments of S = 8.
RELATIVE_CASES = [
    ("relative-memory-2layers-2heads", 2, 2, 10),  # M > S: the memory spans two segments
    ("relative-1layer-2heads", 1, 2, 0),
]
RELATIVE_TEXT = "the cat sat on the mat, 春风你好. the Zcat"
# One stream of 2S + 1 ids: two segments of S inputs, each predicting the next id (the first segment's last
# prediction is the second segment's first id).
STREAM = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 3, 4, 17]


def make_config(position, layers, heads, memory_length=0):
    return {"format": "attentionlab-model", "version": 1, "task": "causal-lm",
            "vocab_size": len(VOCAB), "sequence_length": SEQUENCE_LENGTH, "embed_dim": EMBED_DIM,
            "num_heads": heads, "key_dim": KEY_DIM, "dense_dim": DENSE_DIM, "num_layers": layers,
            "position": position, "memory_length": memory_length, "dropout": 0.1, "norm_epsilon": 0.001,
            "tokenizer": "chars"}


def random_weights(config, seed):
    """Every tensor of the contract's table for "learned" or "sinusoidal", non-trivial (float32, as stored)."""
    rng = np.random.default_rng(seed)
    V, D, H, K, F = (config[k] for k in ("vocab_size", "embed_dim", "num_heads", "key_dim", "dense_dim"))

    def normal(shape, scale):
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    w = ref.embedding_weights(normal, config)
    for i in range(config["num_layers"]):
        p = f"decoder.{i}."
        w.update(ref.attention_projections(normal, p + "self_attention.", D, H, K))
        if config["position"] == "relative":
            w[p + "self_attention.relative.kernel"] = normal((D, H * K), 1.6 / math.sqrt(D))
            w[p + "self_attention.u_bias"] = normal((H, K), 0.5)
            w[p + "self_attention.v_bias"] = normal((H, K), 0.5)
        w[p + "self_attention.output.kernel"] = normal((H * K, D), 1.0 / math.sqrt(H * K))
        w[p + "self_attention.output.bias"] = normal((D,), 0.3)
        for n in ("norm1", "norm2"):
            w[p + n + ".gamma"] = (1.0 + rng.standard_normal(D) * 0.3).astype(np.float32)
            w[p + n + ".beta"] = normal((D,), 0.3)
        w.update(ref.feed_forward_weights(normal, p + "ffn.", D, F))
    w["output.kernel"] = normal((D, V), 2.0 / math.sqrt(D))
    w["output.bias"] = normal((V,), 0.5)
    return w


def pe(T, D):
    """PE[p, 2j] = sin(p / 10000^(2j/D)), PE[p, 2j+1] = cos(p / 10000^(2j/D))."""
    table = torch.zeros(T, D)
    for p in range(T):
        for c in range(D):
            angle = p / 10000.0 ** ((c - c % 2) / D)
            table[p, c] = math.sin(angle) if c % 2 == 0 else math.cos(angle)
    return table


def layer_norm(x, gamma, beta, eps):
    """Per token over D, biased variance."""
    mean = x.mean(1, keepdim=True)
    var = ((x - mean) ** 2).mean(1, keepdim=True)
    return (x - mean) / torch.sqrt(var + eps) * gamma + beta


def causal_self_attention(w, p, config, x):
    """Position t sees 0..t. Returns a (T x D) and A_h (T x T) per head."""
    H, K = config["num_heads"], config["key_dim"]
    T = x.shape[0]
    q = x @ w[p + "query.kernel"] + w[p + "query.bias"]
    k = x @ w[p + "key.kernel"] + w[p + "key.bias"]
    v = x @ w[p + "value.kernel"] + w[p + "value.bias"]
    future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)   # j > t
    heads, weights = [], []
    for h in range(H):
        c = slice(h * K, (h + 1) * K)
        scores = (q[:, c] @ k[:, c].T / math.sqrt(K)).masked_fill(future, float("-inf"))
        a = torch.softmax(scores, dim=1)
        heads.append(a @ v[:, c])
        weights.append(a)
    return torch.cat(heads, dim=1) @ w[p + "output.kernel"] + w[p + "output.bias"], weights


def forward(w, config, ids):
    """Logits (T x V, row t predicts id t+1) and attention[layer][head], evaluation mode (no dropout)."""
    T = len(ids)
    assert 1 <= T <= config["sequence_length"]
    x = w["embedding.token"][torch.tensor(ids)]
    if config["position"] == "learned":
        x = x + w["embedding.position"][:T]
    else:
        x = x + pe(T, config["embed_dim"])
    eps = config["norm_epsilon"]
    attention = []
    for i in range(config["num_layers"]):
        p = f"decoder.{i}."
        a, weights = causal_self_attention(w, p + "self_attention.", config, x)
        attention.append(weights)
        x1 = layer_norm(x + a, w[p + "norm1.gamma"], w[p + "norm1.beta"], eps)
        h = torch.relu(x1 @ w[p + "ffn.dense1.kernel"] + w[p + "ffn.dense1.bias"])
        x = layer_norm(x1 + h @ w[p + "ffn.dense2.kernel"] + w[p + "ffn.dense2.bias"],
                       w[p + "norm2.gamma"], w[p + "norm2.beta"], eps)
    return x @ w["output.kernel"] + w["output.bias"], attention


def relative_self_attention(w, p, config, x, memory):
    """Transformer-XL: keys and values from c = [memory ; x]; query t at position M + t of c sees j <= M + t;
    score(t, j) = ((q_t + u_h)·k_j + (q_t + v_h)·(R_{M+t-j}·W_R)_h) / sqrt(K), R = PE.
    Returns a (T x D) and A_h (T x (M + T)) per head."""
    H, K = config["num_heads"], config["key_dim"]
    M, T = memory.shape[0], x.shape[0]
    c = torch.cat([memory, x], dim=0)
    q = x @ w[p + "query.kernel"] + w[p + "query.bias"]
    k = c @ w[p + "key.kernel"] + w[p + "key.bias"]
    v = c @ w[p + "value.kernel"] + w[p + "value.bias"]
    r = pe(M + T, config["embed_dim"]) @ w[p + "relative.kernel"]   # row d: distance d
    u, vb = w[p + "u_bias"], w[p + "v_bias"]
    heads, weights = [], []
    for h in range(H):
        cols = slice(h * K, (h + 1) * K)
        scores = torch.full((T, M + T), float("-inf"))
        for t in range(T):
            for j in range(M + t + 1):
                content = (q[t, cols] + u[h]) @ k[j, cols]
                position = (q[t, cols] + vb[h]) @ r[M + t - j, cols]
                scores[t, j] = (content + position) / math.sqrt(K)
        a = torch.softmax(scores, dim=1)
        heads.append(a @ v[:, cols])
        weights.append(a)
    return torch.cat(heads, dim=1) @ w[p + "output.kernel"] + w[p + "output.bias"], weights


def relative_forward(w, config, ids, memory):
    """One segment after `memory` (a list of M' x D per layer, or None). Logits, attention and the next memory:
    each layer's last M rows of [memory ; its inputs] (nothing without memory)."""
    T, M = len(ids), config["memory_length"]
    assert 1 <= T <= config["sequence_length"]
    x = w["embedding.token"][torch.tensor(ids)]   # no position added: it is in the attention
    eps = config["norm_epsilon"]
    attention, next_memory = [], []
    for i in range(config["num_layers"]):
        p = f"decoder.{i}."
        m = memory[i] if memory else torch.zeros(0, config["embed_dim"])
        if M > 0:
            next_memory.append(torch.cat([m, x], dim=0)[-M:].detach())
        a, weights = relative_self_attention(w, p + "self_attention.", config, x, m)
        attention.append(weights)
        x1 = layer_norm(x + a, w[p + "norm1.gamma"], w[p + "norm1.beta"], eps)
        h = torch.relu(x1 @ w[p + "ffn.dense1.kernel"] + w[p + "ffn.dense1.bias"])
        x = layer_norm(x1 + h @ w[p + "ffn.dense2.kernel"] + w[p + "ffn.dense2.bias"],
                       w[p + "norm2.gamma"], w[p + "norm2.beta"], eps)
    return x @ w["output.kernel"] + w["output.bias"], attention, next_memory


def read_segments(w, config, ids):
    """Segments of S from the start, each after the memory the previous one left; without memory each alone.
    A list of (start, ids, memory rows, logits, attention)."""
    S, out, memory = config["sequence_length"], [], None
    for start in range(0, len(ids), S):
        segment = ids[start:start + S]
        rows = memory[0].shape[0] if memory else 0
        logits, attention, next_memory = relative_forward(w, config, segment, memory)
        out.append((start, segment, rows, logits, attention))
        memory = next_memory if config["memory_length"] > 0 else None
    return out


def relative_next_logits(w, config, ids):
    """The contract's generate: with memory the whole text segment after segment; without, the last S ids."""
    if config["memory_length"] > 0:
        return read_segments(w, config, ids)[-1][3][-1]
    logits, _, _ = relative_forward(w, config, ids[-config["sequence_length"]:], None)
    return logits[-1]


def stream_loss(w, config, stream):
    """Two segments of S inputs, each predicting its next ids; the second reads the first's memory."""
    S, memory, total, count = config["sequence_length"], None, 0.0, 0
    for start in range(0, len(stream) - 1, S):
        inputs = stream[start:start + S]
        targets = stream[start + 1:start + S + 1]
        logits, _, next_memory = relative_forward(w, config, inputs, memory)
        for t, target in enumerate(targets):
            total += float(-torch.log_softmax(logits[t], dim=0)[target])
            count += 1
        memory = next_memory if config["memory_length"] > 0 else None
    return total / count, count


def relative_case(index, seed, name, layers, heads, memory_length):
    config = make_config("relative", layers, heads, memory_length)
    weights = random_weights(config, seed)
    directory = os.path.join(ref.GOLDEN, "causal-lm", name)
    ref.write_model_dir(directory, config, weights, VOCAB)
    w = ref.to_torch(weights)
    tokens = list(RELATIVE_TEXT)
    ids = [index.get(token, 1) for token in tokens]
    with torch.no_grad():
        segments = read_segments(w, config, ids)
        last = relative_next_logits(w, config, ids)
        probabilities = torch.softmax(last, dim=0)
        continuation, so_far = [], list(ids)
        for _ in range(CONTINUATION):
            logits = relative_next_logits(w, config, so_far)
            top2 = torch.topk(logits, 2).values
            if float(top2[0] - top2[1]) < 1e-3:
                raise RuntimeError("a near tie in the greedy choice; pick another seed")
            so_far.append(int(torch.argmax(logits)))
            continuation.append(so_far[-1])
        loss, predicted = stream_loss(w, config, STREAM)
    # Memory must matter: the last segment read without its memory predicts differently.
    if memory_length > 0:
        with torch.no_grad():
            alone, _, _ = relative_forward(w, config, segments[-1][1], None)
        if float((alone - segments[-1][3]).abs().max()) < 0.1:
            raise RuntimeError(f"{name}: the memory hardly changes the logits; a missing memory would not show")
    expected = {"case": name, "text": RELATIVE_TEXT, "tokens": tokens, "ids": ids,
                "segments": [{"start": start, "ids": seg, "memory_rows": rows, "logits": logits.tolist(),
                              "attention": [[a.tolist() for a in layer] for layer in attention]}
                             for start, seg, rows, logits, attention in segments],
                "probabilities": probabilities.tolist(), "next_id": int(torch.argmax(probabilities)),
                "continuation": continuation, "stream": STREAM, "loss": loss, "predicted_positions": predicted}
    write_expected(directory, expected)
    print(f"golden causal-lm {name}: {len(segments)} segments, memory rows {[s[2] for s in segments]}, "
          f"continuation {[VOCAB[i] for i in continuation]}, stream loss {loss:.4f} over {predicted} positions")


def write_expected(directory, expected):
    with open(os.path.join(directory, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")


def batch_loss(w, config, batch):
    """Mean cross-entropy over every t with a real next id (ids[t+1] != 0) of every sequence."""
    total, count = 0.0, 0
    for ids in batch:
        logits, _ = forward(w, config, ids)
        for t in range(len(ids) - 1):
            if ids[t + 1] != 0:
                total += float(-torch.log_softmax(logits[t], dim=0)[ids[t + 1]])
                count += 1
    return total / count, count


def greedy_next(w, config, ids):
    logits, _ = forward(w, config, ids[-config["sequence_length"]:])
    last = logits[-1]
    top2 = torch.topk(last, 2).values
    if float(top2[0] - top2[1]) < 1e-3:
        raise RuntimeError("a near tie in the greedy choice; pick another seed")
    return int(torch.argmax(last))


def main():
    index = {token: i for i, token in enumerate(VOCAB) if i >= 3}
    for seed, (name, position, layers, heads) in enumerate(CASES, start=401):
        config = make_config(position, layers, heads)
        weights = random_weights(config, seed)
        directory = os.path.join(ref.GOLDEN, "causal-lm", name)
        ref.write_model_dir(directory, config, weights, VOCAB)
        w = ref.to_torch(weights)
        tokens = list(TEXT)   # "chars": every code point a token
        ids = [index.get(token, 1) for token in tokens]
        window = ids[-SEQUENCE_LENGTH:]
        with torch.no_grad():
            logits, attention = forward(w, config, window)
            probabilities = torch.softmax(logits[-1], dim=0)
            continuation, so_far = [], list(window)
            for _ in range(CONTINUATION):
                so_far.append(greedy_next(w, config, so_far))
                continuation.append(so_far[-1])
            loss, predicted = batch_loss(w, config, BATCH)
        uniformity = max(float((a[-1] - 1.0 / len(window)).abs().max()) for layer in attention for a in layer)
        if uniformity < 0.1:
            raise RuntimeError(f"{name}: attention is almost uniform; a wrong scale would not show")
        expected = {"case": name, "text": TEXT, "tokens": tokens, "ids": ids, "window": window,
                    "logits": logits.tolist(), "attention": [[a.tolist() for a in layer] for layer in attention],
                    "probabilities": probabilities.tolist(), "next_id": int(torch.argmax(probabilities)),
                    "continuation": continuation, "batch": BATCH, "loss": loss, "predicted_positions": predicted}
        write_expected(directory, expected)
        print(f"golden causal-lm {name}: window {window}, continuation {[VOCAB[i] for i in continuation]}, "
              f"loss {loss:.4f} over {predicted} positions")
    for seed, case in enumerate(RELATIVE_CASES, start=411):
        relative_case(index, seed, *case)


if __name__ == "__main__":
    main()
