#!/usr/bin/python3
"""Independent reference values for the masked-lm model (docs: model-format.md task "masked-lm", cli.md `fill`).

Written from the contract text with PyTorch in float64; the encoder's building blocks (embedding, attention,
normalization, the safetensors writer) come from imdb_reference.py, which is checked against torch's own
layers there. Run with Debian's interpreter (python3-torch 1.13, python3-numpy):

    /usr/bin/python3 tests/reference/masked_lm_reference.py     # rewrites golden/masked-lm/<case>/

Each case is a model directory with random, non-trivial weights and expected.json: for a sentence with two
blanks, the tokens and ids, the softmax over the whole vocabulary at every [MASK], the most probable ordinary
tokens (ids >= 3) and every attention map, in evaluation mode (no dropout; batch norm's moving statistics).
"""

import json
import math
import os
import re
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import imdb_reference as ref  # noqa: E402  (the encoder's layers and the file writers)

torch.set_default_dtype(torch.float64)

# Lines 0, 1, 2 are reserved: padding, [UNK], [MASK] (contract: task "masked-lm").
VOCAB = ["", "[UNK]", "[MASK]",
         "the", "movie", "film", "was", "great", "bad", "i", "it", "and", "a", "not", "good", "terrible",
         "loved", "hated", "acting", "plot", "boring", "wonderful", "but", "dull", "music", "ending"]
SEQUENCE_LENGTH = 12
EMBED_DIM, KEY_DIM, DENSE_DIM = 8, 4, 16
TOP = 5

# Blanks typed in two spellings; punctuation glued to a blank and a "<br />"; an unknown word ("bizarre").
TEXT = "The acting was [MASK], but the PLOT was [mask]!<br />bizarre"

CASES = [
    # name, position, norm, layers, heads
    ("learned-layer", "learned", "layer", 1, 2),
    ("sinusoidal-batch-2layers", "sinusoidal", "batch", 2, 2),
    ("none-layer-2layers-3heads", "none", "layer", 2, 3),
]


def tokens_of(text):
    """The contract's text to tokens: [MASK] (any case) is the mask token; the rest is the keras tokenizer."""
    tokens = []
    pieces = re.split(r"\[mask\]", text, flags=re.IGNORECASE)
    for i, piece in enumerate(pieces):
        if i > 0:
            tokens.append("[MASK]")
        tokens.extend(ref.words_of(piece))
    return tokens[:SEQUENCE_LENGTH]


def make_config(position, norm, layers, heads):
    return {"format": "attentionlab-model", "version": 1, "task": "masked-lm",
            "vocab_size": len(VOCAB), "sequence_length": SEQUENCE_LENGTH, "embed_dim": EMBED_DIM,
            "num_heads": heads, "key_dim": KEY_DIM, "dense_dim": DENSE_DIM, "num_layers": layers,
            "position": position, "norm": norm, "dropout": 0.1, "norm_epsilon": 0.001,
            "batch_norm_momentum": 0.99, "mask_rate": 0.15, "tokenizer": "keras"}


def random_weights(config, seed):
    """The imdb-transformer's tensors without head.*, plus mlm.output (contract: task "masked-lm")."""
    imdb_config = dict(config, task="imdb-transformer", pooling="max")
    w = ref.random_weights(imdb_config, seed)
    del w["head.kernel"], w["head.bias"]
    rng = np.random.default_rng(seed + 1000)
    D, V = config["embed_dim"], config["vocab_size"]
    w["mlm.output.kernel"] = (rng.standard_normal((D, V)) * 2.0 / math.sqrt(D)).astype(np.float32)
    w["mlm.output.bias"] = (rng.standard_normal(V) * 0.5).astype(np.float32)
    return w


def encoder(w, config, ids):
    """The imdb-transformer encoder on one sequence, evaluation mode: T x D and attention[layer][head]."""
    x = ref.embed(w, config, ids)
    attention = []
    for i in range(config["num_layers"]):
        p = f"encoder.{i}."
        o, weights = ref.self_attention(w, p + "attention.", config, x)
        attention.append(weights)
        [y] = ref.normalize(w, p + "norm1.", config, [x + o], False, None)
        h = torch.relu(y @ w[p + "ffn.dense1.kernel"] + w[p + "ffn.dense1.bias"])
        [x] = ref.normalize(w, p + "norm2.", config, [y + h @ w[p + "ffn.dense2.kernel"] + w[p + "ffn.dense2.bias"]],
                            False, None)
    return x, attention


def main():
    for seed, (name, position, norm, layers, heads) in enumerate(CASES, start=301):
        config = make_config(position, norm, layers, heads)
        weights = random_weights(config, seed)
        directory = os.path.join(ref.GOLDEN, "masked-lm", name)
        ref.write_model_dir(directory, config, weights, VOCAB)
        w = ref.to_torch(weights)
        tokens = tokens_of(TEXT)
        index = {token: i for i, token in enumerate(VOCAB) if i >= 2}
        ids = [index.get(token, 1) for token in tokens]
        with torch.no_grad():
            x, attention = encoder(w, config, ids)
            logits = x @ w["mlm.output.kernel"] + w["mlm.output.bias"]   # T x V, every position
            probabilities = torch.softmax(logits, dim=1)
        predictions = []
        for position_ in [i for i, t in enumerate(ids) if t == 2]:
            p = probabilities[position_]
            ordinary = sorted(range(3, len(VOCAB)), key=lambda i: (-float(p[i]), i))
            if float(p[ordinary[0]]) < 2.0 / len(VOCAB):
                raise RuntimeError(f"{name}: the softmax is almost uniform; pick another seed")
            predictions.append({"position": position_, "probabilities": p.tolist(),
                                "top": [{"token": VOCAB[i], "probability": float(p[i])} for i in ordinary[:TOP]]})
        uniformity = max(float((a - 1.0 / len(ids)).abs().max()) for layer in attention for a in layer)
        if uniformity < 0.1:
            raise RuntimeError(f"{name}: attention is almost uniform; a wrong scale would not show")
        expected = {"case": name, "text": TEXT, "top": TOP, "tokens": tokens, "ids": ids, "predictions": predictions,
                    "attention": [[a.tolist() for a in layer] for layer in attention]}
        with open(os.path.join(directory, "expected.json"), "w") as f:
            json.dump(expected, f, indent=1)
            f.write("\n")
        print(f"golden masked-lm {name}: tokens {tokens}, best {[q['top'][0]['token'] for q in predictions]}")


if __name__ == "__main__":
    main()
