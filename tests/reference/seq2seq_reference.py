#!/usr/bin/python3
"""Independent reference values for the seq2seq-attention chatbot (docs: model-format.md, cli.md).

Written from the contract text only, with PyTorch autograd in float64, so that the C++ core is checked
against code that shares none of its implementation. Run with Debian's interpreter (python3-torch 1.13,
python3-numpy), from anywhere:

    /usr/bin/python3 tests/reference/seq2seq_reference.py                  # golden/seq2seq/
    /usr/bin/python3 tests/reference/seq2seq_reference.py bench [PRESET] [THREADS] [STEPS]

It first checks itself (its GRU against torch.nn.GRUCell with the gates remapped, its attention weights
against a direct formula, autograd against finite differences), then rewrites golden/seq2seq/:
  pairs.tsv          a small question<TAB>answer file (chained pairs, accents, U+0085, one long pair)
  model/               a model directory with random, non-trivial weights (E 6, U 8, A 5, lengths 12)
  ask.json             greedy answers and alignments for a few questions
  sgd_epoch.safetensors, sgd_epoch.json   every tensor after one epoch of plain SGD on pairs.tsv
The output is deterministic (fixed seeds, float64 math, float32 files).

`bench` is not a reference but the yardstick for `attentionlab-cli bench chatbot`: the same model written as
a PyTorch user would (nn.GRU encoder, nn.GRUCell decoder with batched additive attention, float32, Adam),
timed on the same step: a batch of full-length pairs, forward, backward and update.
"""

import json
import math
import os
import re
import sys
import unicodedata

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from safetensors_writer import float32_entry, write_safetensors_file  # noqa: E402

torch.set_default_dtype(torch.float64)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "golden", "seq2seq")

E, U, A = 6, 8, 5
MAX_LENGTH = 12  # max_source_length = max_target_length
SGD = {"learning_rate": 0.1, "batch_size": 4, "validation_split": 0.2, "epochs": 1}

# Chained like the real data set: each answer is the next question. Accents, a U+0085 inside a line,
# an apostrophe, digits; the last pair is longer than MAX_LENGTH tokens and must be skipped in training.
DIALOG_LINES = [
    "hi, how are you today?",
    "i'm fine. and you?",
    "pretty good, thanks. I went to the caf\u00e9.",
    "which caf\u00e9? the one near the park?",
    "yes, the little one\u0085 with green chairs.",
    "i love that place!",
    "me too. their tea is great.",
    "do they have cake?",
    "they have 3 kinds of cake.",
    "let's go there tomorrow.",
    "good idea. at ten?",
    "ten is perfect.",
    "see you then!",
    "bye!",
    "wait, one more thing: do you remember the name of the teacher we had in the first year of school?",
]

QUESTIONS = [
    "How are you today?",                        # known words
    "\u00bfQu\u00e9 tal, se\u00f1or Zyx?",       # accents dropped, unknown words
    "",                                          # no words: <start> <end>
    "the cafe near the park has great tea and cake and green chairs and a little teacher",  # cut to 12
]


# ---------------------------------------------------------------------------------------------------
# Text (contract: "seq2seq" under "Text to ids")

def preprocess(text):
    text = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
    text = text.lower().strip()
    text = re.sub(r"([?.!,])", r" \1 ", text)
    text = re.sub(r" +", " ", text)
    text = re.sub(r"[^a-zA-Z?.!,]", " ", text).strip()
    return ["<start>"] + text.split() + ["<end>"]


def build_vocab(sentences):
    counts = {}
    for tokens in sentences:
        for t in tokens:
            counts[t] = counts.get(t, 0) + 1
    ordered = sorted(counts, key=lambda t: (-counts[t], t.encode("utf-8")))
    return ["", "[UNK]"] + ordered


def ids_of(tokens, vocab):
    index = {t: i for i, t in enumerate(vocab) if i >= 2}
    return [index.get(t, 1) for t in tokens]


def cut(tokens, max_length):
    """ask: a question of more than max_length tokens keeps its first max_length - 1 and then <end>."""
    return tokens if len(tokens) <= max_length else tokens[:max_length - 1] + ["<end>"]


# ---------------------------------------------------------------------------------------------------
# Model files

ORDER = ["encoder.embedding", "encoder.gru.kernel", "encoder.gru.recurrent_kernel", "encoder.gru.bias",
         "decoder.embedding", "decoder.attention.W1.kernel", "decoder.attention.W1.bias",
         "decoder.attention.W2.kernel", "decoder.attention.W2.bias", "decoder.attention.V.kernel",
         "decoder.attention.V.bias", "decoder.gru.kernel", "decoder.gru.recurrent_kernel", "decoder.gru.bias",
         "decoder.output.kernel", "decoder.output.bias"]


def shapes(vs, vt):
    return {"encoder.embedding": [vs, E], "encoder.gru.kernel": [E, 3 * U],
            "encoder.gru.recurrent_kernel": [U, 3 * U], "encoder.gru.bias": [2, 3 * U],
            "decoder.embedding": [vt, E], "decoder.attention.W1.kernel": [U, A], "decoder.attention.W1.bias": [A],
            "decoder.attention.W2.kernel": [U, A], "decoder.attention.W2.bias": [A],
            "decoder.attention.V.kernel": [A, 1], "decoder.attention.V.bias": [1],
            "decoder.gru.kernel": [U + E, 3 * U], "decoder.gru.recurrent_kernel": [U, 3 * U],
            "decoder.gru.bias": [2, 3 * U], "decoder.output.kernel": [U, vt], "decoder.output.bias": [vt]}


def write_safetensors(path, tensors, order=None):
    """tensors: dict name -> float32 array, written in `order` (default ORDER, this model's tensors; None for the
    dict's own order when order=False)."""
    names = ORDER if order is None else (order or list(tensors))
    write_safetensors_file(path, [float32_entry(name, tensors[name]) for name in names])


def write_model_directory(directory, config, weights, source_vocab, target_vocab, order=None):
    """A model directory of the contract: config.json, model.safetensors (tensors in `order`, as for
    write_safetensors) and the two vocabulary files."""
    with open(os.path.join(directory, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")
    write_safetensors(os.path.join(directory, "model.safetensors"), weights, order)
    write_lines(os.path.join(directory, "source_vocab.txt"), source_vocab)
    write_lines(os.path.join(directory, "target_vocab.txt"), target_vocab)


def write_lines(path, lines):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for line in lines:
            f.write(line + "\n")


# ---------------------------------------------------------------------------------------------------
# The model (contract: task "seq2seq-attention")

def gru(w, prefix, x, h):
    """Keras GRU, reset_after: columns [z | r | h]; bias row 0 input side, row 1 recurrent side."""
    W, R, b = w[prefix + ".kernel"], w[prefix + ".recurrent_kernel"], w[prefix + ".bias"]
    xs = x @ W + b[0]
    hs = h @ R + b[1]
    z = torch.sigmoid(xs[:U] + hs[:U])
    r = torch.sigmoid(xs[U:2 * U] + hs[U:2 * U])
    candidate = torch.tanh(xs[2 * U:] + r * hs[2 * U:])
    return z * h + (1 - z) * candidate


def encode(w, source_ids):
    h = torch.zeros(U)
    outputs = []
    for i in source_ids:
        h = gru(w, "encoder.gru", w["encoder.embedding"][i], h)
        outputs.append(h)
    return torch.stack(outputs), h


def attend(w, s, outputs):
    p = "decoder.attention."
    scores = torch.tanh(s @ w[p + "W1.kernel"] + w[p + "W1.bias"] + outputs @ w[p + "W2.kernel"] + w[p + "W2.bias"])
    e = (scores @ w[p + "V.kernel"])[:, 0] + w[p + "V.bias"][0]
    a = torch.softmax(e, dim=0)
    return a @ outputs, a


def decoder_step(w, s, y, outputs):
    c, a = attend(w, s, outputs)
    s = gru(w, "decoder.gru", torch.cat([c, w["decoder.embedding"][y]]), s)
    return s, s @ w["decoder.output.kernel"] + w["decoder.output.bias"], a


def greedy(w, source_ids, start, end, max_target_length):
    outputs, s = encode(w, source_ids)
    y, tokens, alignment = start, [], []
    for _ in range(max_target_length):
        s, logits, a = decoder_step(w, s, y, outputs)
        y = int(torch.argmax(logits))
        tokens.append(y)
        alignment.append(a)
        if y == end:
            break
    return tokens, torch.stack(alignment)


def pair_loss(w, source_ids, target_ids):
    """Teacher forcing over target positions 1..T-1: summed cross-entropy and the number of tokens."""
    outputs, s = encode(w, source_ids)
    total = 0.0
    for t in range(len(target_ids) - 1):
        s, logits, _ = decoder_step(w, s, target_ids[t], outputs)
        total = total - torch.log_softmax(logits, dim=0)[target_ids[t + 1]]
    return total, len(target_ids) - 1


# ---------------------------------------------------------------------------------------------------

def random_weights(vs, vt, seed):
    rng = np.random.default_rng(seed)
    w = {}
    for name, shape in shapes(vs, vt).items():
        scale = 0.3 if "bias" in name else 0.6
        w[name] = rng.normal(0.0, scale, size=shape).astype(np.float32)
    return w


def to_torch(w, grad=False):
    return {k: torch.tensor(v.astype(np.float64), requires_grad=grad) for k, v in w.items()}


def as_float32(w):
    return {k: v.detach().numpy().astype(np.float32) for k, v in w.items()}


def sgd_epoch(wg, pair_loss, pairs, sgd):
    """One epoch of plain SGD over id pairs in their order, in batches of sgd["batch_size"]: the loss of a batch
    is the mean cross-entropy over its real target tokens (pair_loss(w, source, target) -> summed loss, tokens).
    Updates wg in place; returns the batch losses."""
    batch_losses = []
    for first in range(0, len(pairs), sgd["batch_size"]):
        total, count = 0.0, 0
        for source, target in pairs[first:first + sgd["batch_size"]]:
            loss, tokens = pair_loss(wg, source, target)
            total, count = total + loss, count + tokens
        mean = total / count
        for t in wg.values():
            t.grad = None
        mean.backward()
        with torch.no_grad():
            for t in wg.values():
                t -= sgd["learning_rate"] * t.grad
        batch_losses.append(float(mean))
    return batch_losses


def self_check():
    torch.manual_seed(0)
    # 1. our GRU equals torch's GRUCell (gate order r, z, n; PyTorch's n = tanh(W_in x + b_in + r (W_hn h + b_hn))
    #    is exactly reset_after) once the columns are remapped.
    w = {k: torch.randn(*s) for k, s in {"g.kernel": (E, 3 * U), "g.recurrent_kernel": (U, 3 * U), "g.bias": (2, 3 * U)}.items()}
    cell = torch.nn.GRUCell(E, U)
    z, r, n = slice(0, U), slice(U, 2 * U), slice(2 * U, 3 * U)
    with torch.no_grad():
        cell.weight_ih.copy_(torch.cat([w["g.kernel"][:, r], w["g.kernel"][:, z], w["g.kernel"][:, n]], 1).T)
        cell.weight_hh.copy_(torch.cat([w["g.recurrent_kernel"][:, r], w["g.recurrent_kernel"][:, z], w["g.recurrent_kernel"][:, n]], 1).T)
        cell.bias_ih.copy_(torch.cat([w["g.bias"][0, r], w["g.bias"][0, z], w["g.bias"][0, n]]))
        cell.bias_hh.copy_(torch.cat([w["g.bias"][1, r], w["g.bias"][1, z], w["g.bias"][1, n]]))
    x, h = torch.randn(E), torch.randn(U)
    assert torch.allclose(gru(w, "g", x, h), cell(x[None], h[None])[0], atol=1e-12), "GRU differs from GRUCell"
    # 2. attention weights from the formula written element by element
    wt = to_torch(random_weights(5, 5, 1))
    outputs, s = torch.randn(4, U), torch.randn(U)
    _, a = attend(wt, s, outputs)
    p = "decoder.attention."
    e = [sum(math.tanh(float(s @ wt[p + "W1.kernel"][:, k] + wt[p + "W1.bias"][k] + outputs[j] @ wt[p + "W2.kernel"][:, k]
                             + wt[p + "W2.bias"][k])) * float(wt[p + "V.kernel"][k, 0]) for k in range(A)) for j in range(4)]
    expected = np.exp(np.array(e) - max(e)) / np.exp(np.array(e) - max(e)).sum()
    assert np.allclose(a.detach().numpy(), expected, atol=1e-12), "attention differs from its formula"
    # 3. autograd of the whole loss against finite differences
    wg = to_torch(random_weights(6, 6, 2), grad=True)
    names = sorted(wg)
    tensors = [wg[k] for k in names]

    def loss(*ts):
        return pair_loss(dict(zip(names, ts)), [2, 4, 5, 3], [2, 3, 5, 1])[0]
    assert torch.autograd.gradcheck(loss, tensors, eps=1e-6, atol=1e-5), "autograd differs from finite differences"
    # 4. text rules on the contract's example
    assert preprocess("  \u00bfQu\u00e9 tal?  I'm fine. ") == ["<start>", "que", "tal", "?", "i", "m", "fine", ".", "<end>"]
    assert preprocess("") == ["<start>", "<end>"]


def main():
    self_check()
    os.makedirs(os.path.join(OUT, "model"), exist_ok=True)
    pairs = [(DIALOG_LINES[i], DIALOG_LINES[i + 1]) for i in range(len(DIALOG_LINES) - 1)]
    with open(os.path.join(OUT, "pairs.tsv"), "w", encoding="utf-8", newline="") as f:
        f.write("\n".join(q + "\t" + a for q, a in pairs))  # no final newline, like the real file

    questions = [preprocess(q) for q, _ in pairs]
    answers = [preprocess(a) for _, a in pairs]
    source_vocab, target_vocab = build_vocab(questions), build_vocab(answers)
    config = {"format": "attentionlab-model", "version": 1, "task": "seq2seq-attention",
              "source_vocab_size": len(source_vocab), "target_vocab_size": len(target_vocab), "embed_dim": E,
              "units": U, "attention_units": A, "max_source_length": MAX_LENGTH, "max_target_length": MAX_LENGTH}
    weights = random_weights(len(source_vocab), len(target_vocab), 2024)
    write_model_directory(os.path.join(OUT, "model"), config, weights, source_vocab, target_vocab)

    w = to_torch(weights)
    start, end = target_vocab.index("<start>"), target_vocab.index("<end>")
    cases = []
    with torch.no_grad():
        for q in QUESTIONS:
            tokens = cut(preprocess(q), MAX_LENGTH)
            out, alignment = greedy(w, ids_of(tokens, source_vocab), start, end, MAX_LENGTH)
            output_tokens = [target_vocab[i] for i in out]
            cases.append({"question": q, "source_tokens": tokens, "output_tokens": output_tokens,
                          "answer": " ".join(t for t in output_tokens if t != "<end>"),
                          "attention": alignment.numpy().tolist()})
    with open(os.path.join(OUT, "ask.json"), "w", encoding="utf-8") as f:
        json.dump({"model": "model", "cases": cases}, f, indent=1, ensure_ascii=False)
        f.write("\n")

    # One epoch of SGD: pairs longer than MAX_LENGTH tokens are skipped; of the n pairs left, the last
    # floor((n-1) * split) are the validation block, the pair before it is dropped, the rest is trained on
    # in file order; loss = mean cross-entropy over the batch's real target tokens.
    usable = [(q, a) for q, a in zip(questions, answers) if len(q) <= MAX_LENGTH and len(a) <= MAX_LENGTH]
    n = len(usable)
    held = math.floor((n - 1) * SGD["validation_split"])
    train = usable[:n - held - 1]
    wg = to_torch(weights, grad=True)
    batch_losses = sgd_epoch(wg, pair_loss, [(ids_of(q, source_vocab), ids_of(a, target_vocab)) for q, a in train], SGD)
    write_safetensors(os.path.join(OUT, "sgd_epoch.safetensors"), as_float32(wg))
    with open(os.path.join(OUT, "sgd_epoch.json"), "w") as f:
        json.dump(dict(SGD, pairs=len(pairs), usable=n, trained=len(train), validation=held, batch_losses=batch_losses), f, indent=1)
        f.write("\n")
    print("wrote", OUT, "-", len(pairs), "pairs,", n, "usable,", len(train), "trained; vocab", len(source_vocab), len(target_vocab))
    for c in cases:
        print(repr(c["question"][:40]), "->", c["output_tokens"])


def bench(preset="book", threads=2, steps=3):
    import sys
    import time
    torch.set_num_threads(threads)
    torch.set_default_dtype(torch.float32)
    sizes = {"book": (256, 1024, 1024, 64), "classroom": (64, 256, 64, 32), "tiny": (16, 32, 16, 16)}
    e, u, a, batch = sizes[preset]
    vocab, length = 2400, 24  # as attentionlab-cli bench chatbot: vocabularies of 2400, 24 + 24 tokens

    class Model(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.src = torch.nn.Embedding(vocab, e)
            self.encoder = torch.nn.GRU(e, u, batch_first=True)
            self.tgt = torch.nn.Embedding(vocab, e)
            self.w1, self.w2, self.v = torch.nn.Linear(u, a), torch.nn.Linear(u, a), torch.nn.Linear(a, 1)
            self.decoder = torch.nn.GRUCell(u + e, u)
            self.out = torch.nn.Linear(u, vocab)

        def forward(self, source, target):
            outputs, s = self.encoder(self.src(source))   # B x S x U, 1 x B x U
            s = s[0]
            keys = self.w2(outputs)                          # B x S x A
            losses = []
            for t in range(target.shape[1] - 1):
                scores = self.v(torch.tanh(self.w1(s)[:, None, :] + keys))  # B x S x 1
                weights = torch.softmax(scores, dim=1)
                context = (weights * outputs).sum(dim=1)                    # B x U
                s = self.decoder(torch.cat([context, self.tgt(target[:, t])], dim=1), s)
                losses.append(torch.nn.functional.cross_entropy(self.out(s), target[:, t + 1], reduction="sum"))
            return torch.stack(losses).sum() / (batch * (target.shape[1] - 1))

    torch.manual_seed(0)
    model = Model()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, eps=1e-7)
    source = torch.randint(4, vocab, (batch, length))
    target = torch.randint(4, vocab, (batch, length))

    def step():
        optimizer.zero_grad()
        model(source, target).backward()
        optimizer.step()
    step()  # warm-up
    start = time.perf_counter()
    for _ in range(steps):
        step()
    seconds = time.perf_counter() - start
    print(json.dumps({"task": "chatbot", "implementation": "pytorch " + torch.__version__, "preset": preset,
                      "batch_size": batch, "sequence_length": length, "threads": threads,
                      "ms_per_step": 1000 * seconds / steps, "samples_per_s": batch * steps / seconds}))
    sys.stdout.flush()


if __name__ == "__main__":
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "bench":
        args = sys.argv[2:]
        bench(args[0] if args else "book", int(args[1]) if len(args) > 1 else 2, int(args[2]) if len(args) > 2 else 3)
    else:
        main()
