#!/usr/bin/python3
"""Independent reference values for the imdb-transformer model (docs: model-format.md, cli.md).

Written from the contract text only, with PyTorch autograd in float64, so that the C++ core is checked
against code that shares none of its implementation. Run with Debian's interpreter (python3-torch 1.13,
python3-numpy):

    /usr/bin/python3 tests/reference/imdb_reference.py golden   # golden/imdb/<case>/
    /usr/bin/python3 tests/reference/imdb_reference.py train    # golden/imdb-train/
    /usr/bin/python3 tests/reference/imdb_reference.py all      # both (the default)

Every run first checks this script against torch's own building blocks (self_check) and then rewrites
the files; the output is deterministic (fixed seeds, float64 math, float32 files).
"""

import json
import math
import os
import string
import struct
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from safetensors_writer import float32_entry, write_safetensors_file  # noqa: E402

torch.set_default_dtype(torch.float64)

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")

# Line 0 is padding (""), line 1 is "[UNK]"; the rest are ordinary words (contract: vocabulary files).
VOCAB = ["", "[UNK]",
         "the", "movie", "film", "was", "great", "bad", "i", "it", "and", "a", "not", "good", "terrible",
         "loved", "hated", "acting", "plot", "boring", "wonderful", "this", "is", "of", "to", "story",
         "characters", "worst", "best", "fun", "awful", "really", "very", "but", "so", "at", "all", "watch",
         "again", "ending", "music", "time"]

SEQUENCE_LENGTH = 12
EMBED_DIM, KEY_DIM, DENSE_DIM = 8, 4, 16

# The sentence of every golden case (10 tokens, shorter than SEQUENCE_LENGTH): capitals, punctuation (also
# inside "didn't"), a "<br />" between two words with no space around it, unknown words ("bizarre", "didnt").
SHORT_TEXT = "I LOVED this film... bizarre ending!<br />Great acting, didn't it?"
# A long review: 23 words, truncated to the first SEQUENCE_LENGTH.
LONG_TEXT = ("This film is the worst. Terrible plot, awful acting, boring music<br>and not a single good "
             "time at all: really, I hated it so very much!")


# ---------------------------------------------------------------------------------------------------
# Text to ids (contract: "imdb tasks")

def words_of(text):
    text = text.lower()
    text = text.replace("<br />", " ").replace("<br>", " ")
    text = text.translate(str.maketrans("", "", string.punctuation))
    return text.split()


def encode(text, vocab, sequence_length):
    index = {word: i for i, word in enumerate(vocab) if i >= 2}
    words = words_of(text)[:sequence_length]
    return words, [index.get(word, 1) for word in words]


# ---------------------------------------------------------------------------------------------------
# Model files (contract: model directory format, version 1)

def write_safetensors(path, tensors):
    """tensors: dict name -> float32 numpy array, written in the names' order."""
    write_safetensors_file(path, [float32_entry(name, tensors[name]) for name in sorted(tensors)])


def read_safetensors(path):
    with open(path, "rb") as f:
        raw = f.read()
    (length,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + length])
    data = raw[8 + length:]
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        begin, end = entry["data_offsets"]
        tensors[name] = np.frombuffer(data[begin:end], dtype="<f4").reshape(entry["shape"]).copy()
    return tensors


def write_model_dir(directory, config, tensors, vocab):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")
    write_safetensors(os.path.join(directory, "model.safetensors"), tensors)
    with open(os.path.join(directory, "vocab.txt"), "w", encoding="utf-8", newline="\n") as f:
        for token in vocab:
            f.write(token + "\n")


def make_config(position, norm, layers=1, heads=1, pooling="max", dropout=0.1):
    return {"format": "attentionlab-model", "version": 1, "task": "imdb-transformer",
            "vocab_size": len(VOCAB), "sequence_length": SEQUENCE_LENGTH, "embed_dim": EMBED_DIM,
            "num_heads": heads, "key_dim": KEY_DIM, "dense_dim": DENSE_DIM, "num_layers": layers,
            "position": position, "norm": norm, "pooling": pooling, "dropout": dropout,
            "norm_epsilon": 0.001, "batch_norm_momentum": 0.99}


# The pieces of random_weights that the other models' references share. `normal(shape, scale)` draws from the
# caller's generator: the order of the calls is the order of the draws, which the goldens depend on.

def embedding_weights(normal, config):
    """embedding.token (V x D) and, for "learned" positions, embedding.position (sequence_length x D)."""
    V, D = config["vocab_size"], config["embed_dim"]
    w = {"embedding.token": normal((V, D), 1.0)}
    if config["position"] == "learned":
        w["embedding.position"] = normal((config["sequence_length"], D), 0.5)
    return w


def attention_projections(normal, prefix, D, H, K):
    """query, key and value: kernels D x (H*K), biases H*K."""
    w = {}
    # Larger query/key kernels make the softmax peaked, so that a wrong mask or scale shows.
    for part, gain in (("query", 1.6), ("key", 1.6), ("value", 1.0)):
        w[prefix + f"{part}.kernel"] = normal((D, H * K), gain / math.sqrt(D))
        w[prefix + f"{part}.bias"] = normal((H * K,), 0.3)
    return w


def feed_forward_weights(normal, prefix, D, F):
    """dense1 (D x F) and dense2 (F x D), with their biases."""
    return {prefix + "dense1.kernel": normal((D, F), 1.0 / math.sqrt(D)), prefix + "dense1.bias": normal((F,), 0.3),
            prefix + "dense2.kernel": normal((F, D), 1.0 / math.sqrt(F)), prefix + "dense2.bias": normal((D,), 0.3)}


def random_weights(config, seed):
    """Every tensor of the contract's table, with non-trivial values (float32, as stored)."""
    rng = np.random.default_rng(seed)
    D, H, K, F_ = (config[k] for k in ("embed_dim", "num_heads", "key_dim", "dense_dim"))

    def normal(shape, scale):
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    w = embedding_weights(normal, config)
    for i in range(config["num_layers"]):
        p = f"encoder.{i}."
        w.update(attention_projections(normal, p + "attention.", D, H, K))
        w[p + "attention.output.kernel"] = normal((H * K, D), 1.0 / math.sqrt(H * K))
        w[p + "attention.output.bias"] = normal((D,), 0.3)
        for n in ("norm1", "norm2"):
            w[p + n + ".gamma"] = (1.0 + rng.standard_normal(D) * 0.3).astype(np.float32)
            w[p + n + ".beta"] = normal((D,), 0.3)
            if config["norm"] == "batch":
                w[p + n + ".moving_mean"] = normal((D,), 0.5)
                w[p + n + ".moving_variance"] = rng.uniform(0.5, 2.5, D).astype(np.float32)
        w.update(feed_forward_weights(normal, p + "ffn.", D, F_))
    w["head.kernel"] = normal((D, 1), 1.0 / math.sqrt(D))
    w["head.bias"] = normal((1,), 0.3)
    return w


# ---------------------------------------------------------------------------------------------------
# Forward pass (contract: "Forward pass for one review"), on a batch = list of T_i x D sequences

def sinusoidal(T, D):
    position = torch.arange(T).unsqueeze(1).double()          # T x 1
    j2 = torch.arange(0, D, 2).double()                        # D/2: the even column indices 2j
    angle = position / torch.pow(10000.0, j2 / D)              # T x D/2
    pe = torch.zeros(T, D)
    pe[:, 0::2] = torch.sin(angle)
    pe[:, 1::2] = torch.cos(angle)
    return pe


def embed(w, config, ids):
    x = w["embedding.token"][torch.tensor(ids)]                # T x D
    T = len(ids)
    if config["position"] == "learned":
        x = x + w["embedding.position"][:T]
    elif config["position"] == "sinusoidal":
        x = x + sinusoidal(T, config["embed_dim"])
    return x


def self_attention(w, p, config, x):
    """Returns o (T x D) and the list of A_h (T x T), one per head."""
    H, K = config["num_heads"], config["key_dim"]
    q = x @ w[p + "query.kernel"] + w[p + "query.bias"]         # T x HK
    k = x @ w[p + "key.kernel"] + w[p + "key.bias"]             # T x HK
    v = x @ w[p + "value.kernel"] + w[p + "value.bias"]         # T x HK
    heads, weights = [], []
    for h in range(H):
        c = slice(h * K, (h + 1) * K)
        a = torch.softmax(q[:, c] @ k[:, c].T / math.sqrt(K), dim=1)   # T x T
        heads.append(a @ v[:, c])
        weights.append(a)
    o = torch.cat(heads, dim=1) @ w[p + "output.kernel"] + w[p + "output.bias"]
    return o, weights


def normalize(w, p, config, xs, training, batch_stats):
    """xs: list of T_i x D. Layer norm per token; batch norm per feature over all tokens of the batch."""
    eps = config["norm_epsilon"]
    gamma, beta = w[p + "gamma"], w[p + "beta"]
    if config["norm"] == "layer":
        return [(x - x.mean(1, keepdim=True)) / torch.sqrt(x.var(1, unbiased=False, keepdim=True) + eps)
                * gamma + beta for x in xs]
    if training:
        tokens = torch.cat(xs, dim=0)                          # N x D
        mean, var = tokens.mean(0), tokens.var(0, unbiased=False)
        batch_stats[p] = (mean.detach(), var.detach())
    else:
        mean, var = w[p + "moving_mean"], w[p + "moving_variance"]
    return [(x - mean) / torch.sqrt(var + eps) * gamma + beta for x in xs]


def forward(w, config, batch_ids, training=False, batch_stats=None):
    """Returns logits (B), attention[b][layer][head] (T x T)."""
    xs = [embed(w, config, ids) for ids in batch_ids]
    attention = [[] for _ in batch_ids]
    for i in range(config["num_layers"]):
        p = f"encoder.{i}."
        residual = []
        for b, x in enumerate(xs):
            o, weights = self_attention(w, p + "attention.", config, x)
            attention[b].append(weights)
            residual.append(x + o)
        ys = normalize(w, p + "norm1.", config, residual, training, batch_stats)
        residual = [y + torch.relu(y @ w[p + "ffn.dense1.kernel"] + w[p + "ffn.dense1.bias"])
                    @ w[p + "ffn.dense2.kernel"] + w[p + "ffn.dense2.bias"] for y in ys]
        xs = normalize(w, p + "norm2.", config, residual, training, batch_stats)
    if config["pooling"] == "max":
        pooled = torch.stack([x.max(dim=0).values for x in xs])   # B x D
    else:
        pooled = torch.stack([x.mean(dim=0) for x in xs])         # B x D
    logits = (pooled @ w["head.kernel"]).squeeze(1) + w["head.bias"]
    return logits, attention


def to_torch(weights, requires_grad=False):
    out = {}
    for name, a in weights.items():
        t = torch.tensor(a.astype(np.float64))
        trainable = not name.endswith("moving_mean") and not name.endswith("moving_variance")
        out[name] = t.requires_grad_(requires_grad and trainable)
    return out


# ---------------------------------------------------------------------------------------------------
# golden mode: predictions and attention of fixed models

GOLDEN_CASES = [
    # name, position, norm, layers, heads, pooling
    ("learned-layer", "learned", "layer", 1, 1, "max"),
    ("learned-batch", "learned", "batch", 1, 1, "max"),
    ("sinusoidal-layer", "sinusoidal", "layer", 1, 1, "max"),
    ("sinusoidal-batch", "sinusoidal", "batch", 1, 1, "max"),
    ("none-layer", "none", "layer", 1, 1, "max"),
    ("none-batch", "none", "batch", 1, 1, "max"),
    ("learned-layer-2layers-3heads", "learned", "layer", 2, 3, "max"),
    ("sinusoidal-batch-2layers-3heads", "sinusoidal", "batch", 2, 3, "max"),
    ("learned-layer-mean", "learned", "layer", 1, 1, "mean"),
    ("none-batch-2layers-2heads-mean", "none", "batch", 2, 2, "mean"),
]


def golden():
    for seed, (name, position, norm, layers, heads, pooling) in enumerate(GOLDEN_CASES, start=101):
        config = make_config(position, norm, layers, heads, pooling)
        weights = random_weights(config, seed)
        directory = os.path.join(GOLDEN, "imdb", name)
        write_model_dir(directory, config, weights, VOCAB)
        w = to_torch(weights)
        samples = []
        for text in (SHORT_TEXT, LONG_TEXT):
            tokens, ids = encode(text, VOCAB, SEQUENCE_LENGTH)
            with torch.no_grad():
                logits, attention = forward(w, config, [ids], training=False)
            probability = float(torch.sigmoid(logits[0]))
            if not 0.005 < probability < 0.995 or abs(probability - 0.5) < 0.01:
                raise RuntimeError(f"{name}: probability {probability} is saturated or undecided; pick another seed")
            uniformity = max(float((a - 1.0 / len(ids)).abs().max()) for layer in attention[0] for a in layer)
            if uniformity < 0.1:
                raise RuntimeError(f"{name}: attention is almost uniform; a wrong scale would not show")
            samples.append({"text": text, "tokens": tokens, "ids": ids, "probability": probability,
                            "label": "positive" if probability > 0.5 else "negative",
                            "attention": [[a.tolist() for a in layer] for layer in attention[0]]})
        with open(os.path.join(directory, "expected.json"), "w") as f:
            json.dump({"case": name, "samples": samples}, f, indent=1)
            f.write("\n")
        print(f"golden {name}: p = {samples[0]['probability']:.6f}, {samples[1]['probability']:.6f}")


# ---------------------------------------------------------------------------------------------------
# train mode: one epoch of plain SGD from a fixed model

TRAIN_DATA = [
    (1, "A wonderful film. I loved it!"),
    (0, "Boring, boring, BORING... the worst movie of the year."),
    (1, "The acting was great and the music was very good<br />I would watch it again and again, really."),
    (0, "Awful."),
    (1, "This is the best story; the characters are fun, the ending is wonderful and the plot is not boring at all."),
    (0, "I hated the plot<br />and the acting was terrible."),
    (1, "Great fun!"),
    (0, "Not good. Not good at all: a bad, bad film with a terrible ending that made no sense to anyone watching it."),
    (1, "Really good music, really good time."),
    (0, "The worst acting of all time, so bad it is not even fun"),
    (1, "I loved this movie and I loved the characters"),
]
TRAIN_LR, TRAIN_BATCH = 0.1, 4


def sgd_step(w, loss, stats, momentum):
    """One plain SGD update of every trainable tensor from loss, then the moving statistics from the batch's."""
    for t in w.values():
        t.grad = None
    loss.backward()
    with torch.no_grad():
        for t in w.values():
            if t.requires_grad:
                t -= TRAIN_LR * t.grad
        for p, (mean, var) in stats.items():
            w[p + "moving_mean"].mul_(momentum).add_((1 - momentum) * mean)
            w[p + "moving_variance"].mul_(momentum).add_((1 - momentum) * var)


def train_one_epoch(config, weights, data):
    """Plain SGD, batches in file order; returns the new weights (float32) and the per-batch losses."""
    w = to_torch(weights, requires_grad=True)
    momentum = config["batch_norm_momentum"]
    batches = []
    for start in range(0, len(data), TRAIN_BATCH):
        chunk = data[start:start + TRAIN_BATCH]
        ids = [encode(text, VOCAB, config["sequence_length"])[1] for _, text in chunk]
        labels = torch.tensor([float(label) for label, _ in chunk])
        stats = {}
        logits, _ = forward(w, config, ids, training=True, batch_stats=stats)
        loss = F.binary_cross_entropy_with_logits(logits, labels)    # mean over this batch
        sgd_step(w, loss, stats, momentum)
        batches.append({"samples": list(range(start, start + len(chunk))), "loss": float(loss)})
    new = {name: t.detach().numpy().astype(np.float32) for name, t in w.items()}
    return new, batches


def train():
    directory = os.path.join(GOLDEN, "imdb-train")
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "data.tsv"), "w", encoding="utf-8", newline="\n") as f:
        for label, text in TRAIN_DATA:
            f.write(f"{label}\t{text}\n")
    for seed, norm in ((201, "layer"), (202, "batch")):
        config = make_config("learned", norm, layers=1, heads=2, pooling="max", dropout=0.0)
        weights = random_weights(config, seed)
        write_model_dir(os.path.join(directory, norm, "init"), config, weights, VOCAB)
        new, batches = train_one_epoch(config, weights, TRAIN_DATA)
        write_safetensors(os.path.join(directory, norm, "expected.safetensors"), new)
        changed = max(float(np.max(np.abs(new[n] - weights[n]))) for n in weights)
        with open(os.path.join(directory, norm, "expected.json"), "w") as f:
            json.dump({"optimizer": "sgd", "learning_rate": TRAIN_LR, "batch_size": TRAIN_BATCH,
                       "epochs": 1, "shuffle": "off", "dropout": 0.0, "batches": batches}, f, indent=1)
            f.write("\n")
        print(f"train {norm}: losses {[round(b['loss'], 6) for b in batches]}, largest weight change {changed:.4f}")


# ---------------------------------------------------------------------------------------------------
# Checks of this script against torch's own implementations and against hand-written expectations

def self_check():
    rng = torch.Generator().manual_seed(7)
    # Text to ids, expectations written by hand from the contract.
    assert words_of(SHORT_TEXT) == ["i", "loved", "this", "film", "bizarre", "ending", "great", "acting",
                                   "didnt", "it"], words_of(SHORT_TEXT)
    tokens, ids = encode(SHORT_TEXT, VOCAB, SEQUENCE_LENGTH)
    assert len(tokens) == 10 and ids[4] == 1 and ids[8] == 1 and ids[9] == VOCAB.index("it")
    assert ids[:3] == [VOCAB.index("i"), VOCAB.index("loved"), VOCAB.index("this")]
    assert len(words_of(LONG_TEXT)) > SEQUENCE_LENGTH
    assert string.punctuation == "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

    # Normalizations against torch.nn.functional.
    config = make_config("none", "layer")
    xs = [torch.randn(5, EMBED_DIM, generator=rng), torch.randn(3, EMBED_DIM, generator=rng)]
    w = {"n.gamma": torch.randn(EMBED_DIM, generator=rng), "n.beta": torch.randn(EMBED_DIM, generator=rng),
         "n.moving_mean": torch.randn(EMBED_DIM, generator=rng), "n.moving_variance": torch.rand(EMBED_DIM, generator=rng) + 0.5}
    ours = normalize(w, "n.", config, xs, False, {})
    for x, y in zip(xs, ours):
        assert torch.allclose(y, F.layer_norm(x, (EMBED_DIM,), w["n.gamma"], w["n.beta"], eps=0.001), atol=1e-12)
    config = make_config("none", "batch")
    ours = normalize(w, "n.", config, xs, False, {})
    for x, y in zip(xs, ours):
        theirs = F.batch_norm(x, w["n.moving_mean"], w["n.moving_variance"], w["n.gamma"], w["n.beta"],
                              training=False, eps=0.001)
        assert torch.allclose(y, theirs, atol=1e-12)
    stats = {}
    ours = torch.cat(normalize(w, "n.", config, xs, True, stats), dim=0)
    theirs = F.batch_norm(torch.cat(xs, 0), None, None, w["n.gamma"], w["n.beta"], training=True, eps=0.001)
    assert torch.allclose(ours, theirs, atol=1e-12)

    # Attention: the per-head loop against one batched einsum over heads.
    config = make_config("none", "layer", heads=3)
    weights = to_torch(random_weights(config, 5))
    x = torch.randn(6, EMBED_DIM, generator=rng)
    o, attention = self_attention(weights, "encoder.0.attention.", config, x)
    p = "encoder.0.attention."
    H, K = 3, KEY_DIM
    q = (x @ weights[p + "query.kernel"] + weights[p + "query.bias"]).view(6, H, K)
    k = (x @ weights[p + "key.kernel"] + weights[p + "key.bias"]).view(6, H, K)
    v = (x @ weights[p + "value.kernel"] + weights[p + "value.bias"]).view(6, H, K)
    a = torch.softmax(torch.einsum("qhk,thk->hqt", q, k) / math.sqrt(K), dim=2)
    o2 = torch.einsum("hqt,thk->qhk", a, v).reshape(6, H * K) @ weights[p + "output.kernel"] + weights[p + "output.bias"]
    assert torch.allclose(o, o2, atol=1e-12)
    for h in range(H):
        assert torch.allclose(attention[h], a[h], atol=1e-12)
        assert torch.allclose(attention[h].sum(1), torch.ones(6), atol=1e-12)

    # Sinusoidal table at two hand-computed entries.
    pe = sinusoidal(4, EMBED_DIM)
    assert abs(pe[3, 2] - math.sin(3 / 10000 ** (2 / 8))) < 1e-15 and abs(pe[2, 7] - math.cos(2 / 10000 ** (6 / 8))) < 1e-15

    # Loss: the logits form against the textbook formula.
    logits, labels = torch.tensor([0.3, -1.2, 2.0]), torch.tensor([1.0, 0.0, 0.0])
    pr = torch.sigmoid(logits)
    textbook = -(labels * torch.log(pr) + (1 - labels) * torch.log(1 - pr)).mean()
    assert abs(F.binary_cross_entropy_with_logits(logits, labels) - textbook) < 1e-12

    # Gradients of the whole training loss (batch norm in training mode) against finite differences.
    config = make_config("learned", "batch", layers=1, heads=2, pooling="mean", dropout=0.0)
    weights = to_torch(random_weights(config, 9))
    batch = [encode(text, VOCAB, SEQUENCE_LENGTH)[1] for _, text in TRAIN_DATA[:3]]
    labels = torch.tensor([1.0, 0.0, 1.0])
    for name in ("encoder.0.attention.query.kernel", "encoder.0.norm1.gamma", "embedding.position"):
        def loss_of(t, name=name):
            w2 = dict(weights)
            w2[name] = t
            return F.binary_cross_entropy_with_logits(forward(w2, config, batch, True, {})[0], labels)
        assert torch.autograd.gradcheck(loss_of, (weights[name].clone().requires_grad_(True),))

    # Safetensors round trip.
    path = os.path.join(GOLDEN, ".roundtrip.safetensors")
    os.makedirs(GOLDEN, exist_ok=True)
    sample = {"b": np.arange(6, dtype=np.float32).reshape(2, 3), "a": np.array([1.5], dtype=np.float32)}
    write_safetensors(path, sample)
    back = read_safetensors(path)
    os.remove(path)
    assert back.keys() == sample.keys() and all(np.array_equal(back[n], sample[n]) for n in sample)
    print("self-check passed")


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "all"
    if mode not in ("golden", "train", "all"):
        sys.exit(f"usage: {sys.argv[0]} [golden|train|all]")
    self_check()
    if mode in ("golden", "all"):
        golden()
    if mode in ("train", "all"):
        train()
