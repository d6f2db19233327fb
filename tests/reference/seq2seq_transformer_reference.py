#!/usr/bin/python3
"""Independent reference values for the encoder-decoder Transformer chatbot (task seq2seq-transformer of
docs: model-format.md; ask --json and train of cli.md).

Written from the contract text only, with PyTorch autograd in float64, so that the C++ core is checked against
code that shares none of its implementation. Run with Debian's interpreter (python3-torch 1.13, python3-numpy):

    /usr/bin/python3 tests/reference/seq2seq_transformer_reference.py        # golden/seq2seq_transformer/

It first checks itself (its multi-head attention against torch.nn.MultiheadAttention, the causal mask: a later
target token never changes an earlier position's logits, autograd against finite differences), then rewrites
golden/seq2seq_transformer/:
  pairs.tsv          the small question<TAB>answer file of seq2seq_reference.py
  model/             a model directory with random, non-trivial weights (D 8, H 2, K 4, F 12, L 2, lengths 12,
                     dropout 0.5 in config.json: training with --dropout 0 must override it)
  ask.json           greedy answers with every attention set (encoder, decoder, cross) for a few questions
  sgd_epoch.safetensors, sgd_epoch.json   every tensor after one epoch of plain SGD on pairs.tsv, file order,
                     no validation split, no dropout
The output is deterministic (fixed seeds, float64 math, float32 files).
"""

import json
import math
import os

import numpy as np
import torch

from seq2seq_reference import (DIALOG_LINES, QUESTIONS, as_float32, build_vocab, cut, ids_of, preprocess, sgd_epoch,
                               to_torch, write_model_directory, write_safetensors as write_tensors)

torch.set_default_dtype(torch.float64)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "golden", "seq2seq_transformer")

D, H, K, F, L = 8, 2, 4, 12, 2
MAX_LENGTH = 12  # max_source_length = max_target_length
EPSILON = 1e-3   # norm_epsilon
SGD = {"learning_rate": 0.1, "batch_size": 4, "validation_split": 0.0, "epochs": 1}


# ---------------------------------------------------------------------------------------------------
# Model files (contract: task "seq2seq-transformer")

def attention_shapes(prefix):
    s = {}
    for part in ("query", "key", "value"):
        s[f"{prefix}.{part}.kernel"] = [D, H * K]
        s[f"{prefix}.{part}.bias"] = [H * K]
    s[f"{prefix}.output.kernel"] = [H * K, D]
    s[f"{prefix}.output.bias"] = [D]
    return s


def ffn_shapes(prefix):
    return {f"{prefix}.ffn.dense1.kernel": [D, F], f"{prefix}.ffn.dense1.bias": [F],
            f"{prefix}.ffn.dense2.kernel": [F, D], f"{prefix}.ffn.dense2.bias": [D]}


def norm_shapes(prefix, names):
    return {f"{prefix}.{n}.{p}": [D] for n in names for p in ("gamma", "beta")}


def shapes(vs, vt):
    s = {"encoder.embedding.token": [vs, D], "encoder.embedding.position": [MAX_LENGTH, D]}
    for i in range(L):
        s.update(attention_shapes(f"encoder.{i}.attention"))
        s.update(norm_shapes(f"encoder.{i}", ["norm1", "norm2"]))
        s.update(ffn_shapes(f"encoder.{i}"))
    s.update({"decoder.embedding.token": [vt, D], "decoder.embedding.position": [MAX_LENGTH, D]})
    for i in range(L):
        s.update(attention_shapes(f"decoder.{i}.self_attention"))
        s.update(attention_shapes(f"decoder.{i}.cross_attention"))
        s.update(norm_shapes(f"decoder.{i}", ["norm1", "norm2", "norm3"]))
        s.update(ffn_shapes(f"decoder.{i}"))
    s.update({"output.kernel": [D, vt], "output.bias": [vt]})
    return s


def write_safetensors(path, tensors):
    """tensors: dict name -> float32 array, in the dict's order."""
    write_tensors(path, tensors, order=False)


# ---------------------------------------------------------------------------------------------------
# The model, as the contract writes it

def mha(w, prefix, xq, xkv, causal=False):
    """Returns the T x D output and the H attention matrices (T x S)."""
    q = xq @ w[prefix + ".query.kernel"] + w[prefix + ".query.bias"]
    k = xkv @ w[prefix + ".key.kernel"] + w[prefix + ".key.bias"]
    v = xkv @ w[prefix + ".value.kernel"] + w[prefix + ".value.bias"]
    heads, weights = [], []
    for h in range(H):
        cols = slice(h * K, (h + 1) * K)
        scores = q[:, cols] @ k[:, cols].T / math.sqrt(K)
        if causal:  # position t sees 0..t
            T = scores.shape[0]
            scores = scores.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1), float("-inf"))
        a = torch.softmax(scores, dim=1)
        weights.append(a)
        heads.append(a @ v[:, cols])
    return torch.cat(heads, dim=1) @ w[prefix + ".output.kernel"] + w[prefix + ".output.bias"], weights


def layer_norm(w, prefix, x):
    mean = x.mean(dim=1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=1, keepdim=True)  # biased
    return (x - mean) / torch.sqrt(var + EPSILON) * w[prefix + ".gamma"] + w[prefix + ".beta"]


def ffn(w, prefix, x):
    hidden = torch.relu(x @ w[prefix + ".ffn.dense1.kernel"] + w[prefix + ".ffn.dense1.bias"])
    return hidden @ w[prefix + ".ffn.dense2.kernel"] + w[prefix + ".ffn.dense2.bias"]


def encode(w, source_ids):
    x = w["encoder.embedding.token"][source_ids] + w["encoder.embedding.position"][:len(source_ids)]
    attention = []
    for i in range(L):
        p = f"encoder.{i}"
        a, weights = mha(w, p + ".attention", x, x)
        attention.append(weights)
        y = layer_norm(w, p + ".norm1", x + a)
        x = layer_norm(w, p + ".norm2", y + ffn(w, p, y))
    return x, attention


def decode(w, ids, encoded):
    """Logits T x V (row t predicts y_{t+1}) and the self and cross attention of every layer."""
    x = w["decoder.embedding.token"][ids] + w["decoder.embedding.position"][:len(ids)]
    self_attention, cross_attention = [], []
    for i in range(L):
        p = f"decoder.{i}"
        a, sw = mha(w, p + ".self_attention", x, x, causal=True)
        x1 = layer_norm(w, p + ".norm1", x + a)
        c, cw = mha(w, p + ".cross_attention", x1, encoded)
        x2 = layer_norm(w, p + ".norm2", x1 + c)
        x = layer_norm(w, p + ".norm3", x2 + ffn(w, p, x2))
        self_attention.append(sw)
        cross_attention.append(cw)
    return x @ w["output.kernel"] + w["output.bias"], self_attention, cross_attention


def greedy(w, source_ids, start, end, max_target_length):
    encoded, encoder_attention = encode(w, source_ids)
    ids, tokens = [start], []
    while len(tokens) < max_target_length:
        logits, self_attention, cross_attention = decode(w, ids, encoded)  # the decoder re-runs on all tokens
        y = int(torch.argmax(logits[-1]))
        tokens.append(y)
        if y == end:
            break
        ids.append(y)
    return tokens, encoder_attention, self_attention, cross_attention


def pair_loss(w, source_ids, target_ids):
    """Teacher forcing: summed cross-entropy over y_1 .. <end>, and the number of those tokens."""
    encoded, _ = encode(w, source_ids)
    logits, _, _ = decode(w, target_ids[:-1], encoded)
    labels = torch.tensor(target_ids[1:])
    return torch.nn.functional.cross_entropy(logits, labels, reduction="sum"), len(target_ids) - 1


# ---------------------------------------------------------------------------------------------------

def random_weights(vs, vt, seed):
    rng = np.random.default_rng(seed)
    w = {}
    for name, shape in shapes(vs, vt).items():
        if name.endswith(".gamma"):
            w[name] = (1.0 + rng.normal(0.0, 0.2, size=shape)).astype(np.float32)
        else:
            w[name] = rng.normal(0.0, 0.2 if name.endswith("bias") or name.endswith("beta") else 0.5, size=shape).astype(np.float32)
    return w


def self_check():
    torch.manual_seed(0)
    w = to_torch(random_weights(7, 6, 1))
    # 1. multi-head attention (H*K = D here) equals torch.nn.MultiheadAttention with the same projections
    xq, xkv = torch.randn(3, D), torch.randn(5, D)
    p = "decoder.0.cross_attention"
    module = torch.nn.MultiheadAttention(D, H, batch_first=True)
    with torch.no_grad():
        module.in_proj_weight.copy_(torch.cat([w[p + ".query.kernel"], w[p + ".key.kernel"], w[p + ".value.kernel"]], 1).T)
        module.in_proj_bias.copy_(torch.cat([w[p + ".query.bias"], w[p + ".key.bias"], w[p + ".value.bias"]]))
        module.out_proj.weight.copy_(w[p + ".output.kernel"].T)
        module.out_proj.bias.copy_(w[p + ".output.bias"])
    ours, weights = mha(w, p, xq, xkv)
    theirs, theirs_weights = module(xq[None], xkv[None], xkv[None], average_attn_weights=False)
    assert torch.allclose(ours, theirs[0], atol=1e-12), "attention differs from torch.nn.MultiheadAttention"
    assert torch.allclose(torch.stack(weights), theirs_weights[0], atol=1e-12), "attention weights differ"
    causal = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
    ours, _ = mha(w, p, xq, xq, causal=True)
    theirs, _ = module(xq[None], xq[None], xq[None], attn_mask=causal)
    assert torch.allclose(ours, theirs[0], atol=1e-12), "causal attention differs from torch.nn.MultiheadAttention"
    # 2. no look-ahead: changing a later decoder token leaves the earlier positions' logits unchanged
    encoded, _ = encode(w, [2, 4, 5, 3])
    a, _, _ = decode(w, [2, 3, 4, 5], encoded)
    b, _, _ = decode(w, [2, 3, 4, 1], encoded)
    assert torch.allclose(a[:3], b[:3], atol=0) and not torch.allclose(a[3], b[3]), "the decoder looks ahead"
    # 3. autograd of the whole loss against finite differences
    wg = to_torch(random_weights(7, 6, 2), grad=True)
    names = sorted(wg)

    def loss(*ts):
        return pair_loss(dict(zip(names, ts)), [2, 4, 6, 3], [2, 3, 5, 1, 3])[0]
    assert torch.autograd.gradcheck(loss, [wg[k] for k in names], eps=1e-6, atol=1e-5), "autograd differs"


def main():
    self_check()
    os.makedirs(os.path.join(OUT, "model"), exist_ok=True)
    pairs = [(DIALOG_LINES[i], DIALOG_LINES[i + 1]) for i in range(len(DIALOG_LINES) - 1)]
    with open(os.path.join(OUT, "pairs.tsv"), "w", encoding="utf-8", newline="") as f:
        f.write("\n".join(q + "\t" + a for q, a in pairs))
    questions = [preprocess(q) for q, _ in pairs]
    answers = [preprocess(a) for _, a in pairs]
    source_vocab, target_vocab = build_vocab(questions), build_vocab(answers)
    config = {"format": "attentionlab-model", "version": 1, "task": "seq2seq-transformer",
              "source_vocab_size": len(source_vocab), "target_vocab_size": len(target_vocab), "embed_dim": D,
              "num_heads": H, "key_dim": K, "dense_dim": F, "num_layers": L, "max_source_length": MAX_LENGTH,
              "max_target_length": MAX_LENGTH, "dropout": 0.5, "norm_epsilon": EPSILON}  # tokenizer: default
    weights = random_weights(len(source_vocab), len(target_vocab), 2025)
    write_model_directory(os.path.join(OUT, "model"), config, weights, source_vocab, target_vocab, order=False)

    w = to_torch(weights)
    start, end = target_vocab.index("<start>"), target_vocab.index("<end>")
    def rounded(a):  # 9 significant digits: float32 precision, half the file size of repr
        return [[float(f"{x:.9g}") for x in row] for row in a.numpy().tolist()]

    def as_lists(layers):
        return [[rounded(a) for a in heads] for heads in layers]
    cases = []
    with torch.no_grad():
        for q in QUESTIONS:
            tokens = cut(preprocess(q), MAX_LENGTH)
            out, encoder_attention, self_attention, cross_attention = greedy(w, ids_of(tokens, source_vocab), start, end, MAX_LENGTH)
            output_tokens = [target_vocab[i] for i in out]
            cases.append({"question": q, "source_tokens": tokens, "output_tokens": output_tokens,
                          "answer": " ".join(t for t in output_tokens if t != "<end>"),
                          "attention": rounded(torch.stack(cross_attention[-1]).mean(dim=0)),
                          "cross_attention": as_lists(cross_attention),
                          "decoder_attention": as_lists(self_attention),
                          "encoder_attention": as_lists(encoder_attention)})
    with open(os.path.join(OUT, "ask.json"), "w", encoding="utf-8") as f:
        json.dump({"model": "model", "cases": cases}, f, ensure_ascii=False)
        f.write("\n")

    # One epoch of SGD in file order, no validation split: pairs longer than MAX_LENGTH tokens are skipped;
    # loss = mean cross-entropy over the batch's real target tokens.
    train = [(q, a) for q, a in zip(questions, answers) if len(q) <= MAX_LENGTH and len(a) <= MAX_LENGTH]
    wg = to_torch(weights, grad=True)
    batch_losses = sgd_epoch(wg, pair_loss, [(ids_of(q, source_vocab), ids_of(a, target_vocab)) for q, a in train], SGD)
    write_safetensors(os.path.join(OUT, "sgd_epoch.safetensors"), as_float32(wg))
    with open(os.path.join(OUT, "sgd_epoch.json"), "w") as f:
        json.dump(dict(SGD, pairs=len(pairs), trained=len(train), tensors=len(wg), batch_losses=batch_losses), f, indent=1)
        f.write("\n")
    print("wrote", OUT, "-", len(pairs), "pairs,", len(train), "trained; vocab", len(source_vocab), len(target_vocab),
          ";", len(wg), "tensors")
    for c in cases:
        print(repr(c["question"][:40]), "->", c["output_tokens"])


if __name__ == "__main__":
    main()
