#!/usr/bin/python3
"""Independent reference values for pretrained Hugging Face folders (docs: contracts "pretrained", bert and gpt2).

BERT and GPT-2 written out from the contract's formulas (and Hugging Face's modeling_bert.py / modeling_gpt2.py:
post-norm BERT with the erf GELU, pre-norm causal GPT-2 with the tanh GELU, Conv1D weights [in, out]) in plain
PyTorch float64. It shares no code with the C++ core. Run with Debian's interpreter (python3-torch 1.13, numpy):

    /usr/bin/python3 tests/reference/pretrained_reference.py    # rewrites golden/bert-tiny*/ and golden/gpt2-tiny/

Each case is a Hugging Face folder (config.json, model.safetensors written by the small writer below, a
vocabulary that fits its vocab_size) with random, non-trivial weights, plus expected.json. The weights are
rounded to the file's dtype first (F16, BF16) and the reference computes with the rounded values, so the C++
reader's conversion to F32 is exact and the goldens hold to float32 accuracy.
"""

import json
import math
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from safetensors_writer import write_safetensors_file  # noqa: E402

torch.set_default_dtype(torch.float64)

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")

# ---------------------------------------------------------------------------------------------------------
# Numbers in the file's dtype

def round_to(values, dtype):
    """The float64 values a reader gets back after storing `values` as dtype (round to nearest even)."""
    a = np.asarray(values, dtype=np.float64)
    if dtype == "F32":
        return a.astype(np.float32).astype(np.float64)
    if dtype == "F16":
        return a.astype(np.float16).astype(np.float64)
    if dtype == "BF16":
        bits = a.astype(np.float32).view(np.uint32).astype(np.uint64)
        rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16  # round to nearest, ties to even
        return rounded.astype(np.uint32).view(np.float32).astype(np.float64)
    raise ValueError(dtype)


def encode(values, dtype):
    """Little-endian bytes of values (already rounded to dtype)."""
    a = np.asarray(values, dtype=np.float64)
    if dtype == "F32":
        return a.astype("<f4").tobytes()
    if dtype == "F16":
        return a.astype("<f2").tobytes()
    if dtype == "BF16":
        return (a.astype(np.float32).view(np.uint32) >> 16).astype("<u2").tobytes()
    if dtype == "I64":
        return a.astype("<i8").tobytes()
    raise ValueError(dtype)


def write_safetensors(path, tensors):
    """tensors: list of (name, dtype, numpy array), written in that order."""
    write_safetensors_file(path, [(name, dtype, np.shape(array), encode(array, dtype)) for name, dtype, array in tensors],
                           metadata={"format": "pt"})

# ---------------------------------------------------------------------------------------------------------
# The building blocks, each checked against torch's own below

def layer_norm(x, gamma, beta, eps):
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) ** 2).mean(-1, keepdim=True)  # biased
    return (x - mean) / torch.sqrt(var + eps) * gamma + beta


def gelu_erf(x):
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))


def gelu_tanh(x):  # gelu_new
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def attention(q, k, v, heads, causal):
    """q, k, v: T x D. Head h owns columns h*D/H .. of each. Returns (T x D concatenated heads, [H][T][T])."""
    T, D = q.shape
    K = D // heads
    outs, weights = [], []
    for h in range(heads):
        cols = slice(h * K, (h + 1) * K)
        scores = q[:, cols] @ k[:, cols].T / math.sqrt(K)  # T x T
        if causal:
            scores = scores.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), 1), float("-inf"))
        a = torch.softmax(scores, dim=-1)
        weights.append(a)
        outs.append(a @ v[:, cols])
    return torch.cat(outs, dim=1), torch.stack(weights)


def self_check():
    g = torch.Generator().manual_seed(1)
    x = torch.randn(5, 8, generator=g)
    gamma, beta = torch.randn(8, generator=g), torch.randn(8, generator=g)
    assert torch.allclose(layer_norm(x, gamma, beta, 1e-5), torch.nn.functional.layer_norm(x, (8,), gamma, beta, 1e-5))
    assert torch.allclose(gelu_erf(x), torch.nn.functional.gelu(x))
    assert torch.allclose(gelu_tanh(x), torch.nn.functional.gelu(x, approximate="tanh"))
    # The per-head loop against one batched einsum with a causal mask.
    q, k, v = (torch.randn(5, 8, generator=g) for _ in range(3))
    out, w = attention(q, k, v, 2, True)
    qh, kh, vh = (t.view(5, 2, 4).transpose(0, 1) for t in (q, k, v))
    s = torch.einsum("htk,hsk->hts", qh, kh) / 2.0 + torch.triu(torch.full((5, 5), float("-inf")), 1)
    a = torch.softmax(s, -1)
    assert torch.allclose(w, a)
    assert torch.allclose(out, torch.einsum("hts,hsk->thk", a, vh).reshape(5, 8))
    # The BF16 rounding: 1 + 2^-8 is a tie between 1 and 1 + 2^-7 and goes to the even one, 1.
    assert round_to([1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8], "BF16").tolist() == [1.0, 1.0 + 2 ** -6]

# ---------------------------------------------------------------------------------------------------------
# BERT

def bert_forward(w, cfg, ids, segments):
    """w: tensor name (without prefix, LayerNorm.weight/bias spelling) -> float64 tensor as PyTorch stores it."""
    H, eps = cfg["num_attention_heads"], cfg.get("layer_norm_eps", 1e-12)
    T = len(ids)
    lin = lambda x, name: x @ w[name + ".weight"].T + w[name + ".bias"]  # [out, in] weights: y = x·Wᵀ + b
    ln = lambda x, name: layer_norm(x, w[name + ".weight"], w[name + ".bias"], eps)
    x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:T] +
         w["embeddings.token_type_embeddings.weight"][segments])
    x = ln(x, "embeddings.LayerNorm")
    hidden, maps = [x], []
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        q, k, v = (lin(x, p + "attention.self." + n) for n in ("query", "key", "value"))
        z, a = attention(q, k, v, H, causal=False)
        maps.append(a)
        y = ln(x + lin(z, p + "attention.output.dense"), p + "attention.output.LayerNorm")
        x = ln(y + lin(gelu_erf(lin(y, p + "intermediate.dense")), p + "output.dense"), p + "output.LayerNorm")
        hidden.append(x)
    out = {"hidden_states": hidden, "attention": maps}
    if "cls.predictions.bias" in w:
        decoder = w.get("cls.predictions.decoder.weight") if not cfg.get("tie_word_embeddings", True) else None
        if decoder is None:
            decoder = w["embeddings.word_embeddings.weight"]
        t = ln(gelu_erf(lin(x, "cls.predictions.transform.dense")), "cls.predictions.transform.LayerNorm")
        out["mlm_logits"] = t @ decoder.T + w["cls.predictions.bias"]
    if "cls.seq_relationship.weight" in w:
        pooled = torch.tanh(lin(x[0], "pooler.dense"))
        out["nsp_probability"] = torch.softmax(lin(pooled, "cls.seq_relationship"), -1)[0]
    return out


def bert_weights(cfg, seed, heads=("mlm",)):
    """Random weights, PyTorch's layout, keyed by the names without prefix."""
    g = torch.Generator().manual_seed(seed)
    V, D, F = cfg["vocab_size"], cfg["hidden_size"], cfg["intermediate_size"]
    P, S = cfg["max_position_embeddings"], cfg["type_vocab_size"]
    rnd = lambda *shape, s=0.5: torch.randn(*shape, generator=g) * s
    w = {}

    def linear(name, out_dim, in_dim):
        w[name + ".weight"], w[name + ".bias"] = rnd(out_dim, in_dim), rnd(out_dim, s=0.2)

    def norm(name, dim):
        w[name + ".weight"], w[name + ".bias"] = 1.0 + rnd(dim, s=0.2), rnd(dim, s=0.2)

    w["embeddings.word_embeddings.weight"] = rnd(V, D, s=1.0)
    w["embeddings.position_embeddings.weight"] = rnd(P, D, s=0.5)
    w["embeddings.token_type_embeddings.weight"] = rnd(S, D, s=0.5)
    norm("embeddings.LayerNorm", D)
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        for n in ("query", "key", "value"):
            linear(p + "attention.self." + n, D, D)
        linear(p + "attention.output.dense", D, D)
        norm(p + "attention.output.LayerNorm", D)
        linear(p + "intermediate.dense", F, D)
        linear(p + "output.dense", D, F)
        norm(p + "output.LayerNorm", D)
    if "mlm" in heads:
        linear("cls.predictions.transform.dense", D, D)
        norm("cls.predictions.transform.LayerNorm", D)
        w["cls.predictions.bias"] = rnd(V, s=0.2)
        if not cfg.get("tie_word_embeddings", True):
            w["cls.predictions.decoder.weight"] = rnd(V, D, s=1.0)
    if "nsp" in heads:
        linear("pooler.dense", D, D)
        linear("cls.seq_relationship", 2, D)
    return w


BERT_VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]",
              "the", "cat", "dog", "sat", "on", "mat", "a", "was", "it", "ran", "away", "and", "then", "slept",
              "big", "small", "house", "in", "##s", "##ed", "##ing", "play", "jump", "good", "bad", ".", ",", "!",
              "?", "he", "she", "they", "happy", "sad", "home"]
# "the cat sat on the [MASK] . it slept" as [CLS] A [SEP] B [SEP] and one sentence alone.
BERT_SAMPLES = [
    {"text_a": "the cat sat on the [MASK] .", "text_b": "it slept",
     "tokens": ["[CLS]", "the", "cat", "sat", "on", "the", "[MASK]", ".", "[SEP]", "it", "slept", "[SEP]"]},
    {"text_a": "they played in the house", "text_b": None,
     "tokens": ["[CLS]", "they", "play", "##ed", "in", "the", "house", "[SEP]"]},
]


def segments_of(ids, sep):
    """0 up to and including the first [SEP], 1 after it."""
    first = ids.index(sep) if sep in ids else len(ids)
    return [0 if t <= first else 1 for t in range(len(ids))]


def hf_tensors(w, dtype, prefix, old_norm_names, extra=()):
    """The file's (name, dtype, array) list: optional prefix on the model's tensors (not on the heads),
    LayerNorm.gamma/beta for old checkpoints."""
    out = []
    for name, t in w.items():
        file_name = name
        if old_norm_names and "LayerNorm." in name:
            file_name = name.replace("LayerNorm.weight", "LayerNorm.gamma").replace("LayerNorm.bias", "LayerNorm.beta")
        if not (name.startswith("cls.") or name.startswith("lm_head.")):
            file_name = prefix + file_name
        out.append((file_name, dtype, t.numpy()))
    return out + list(extra)


def round_weights(w, dtype):
    return {n: torch.tensor(round_to(t.numpy(), dtype)).reshape(t.shape) for n, t in w.items()}


def nested(t, digits=9):
    """Tensor -> nested lists of floats rounded to `digits` significant digits."""
    if isinstance(t, torch.Tensor):
        t = t.tolist()
    if isinstance(t, list):
        return [nested(x, digits) for x in t]
    return float(f"{t:.{digits}g}")


def write_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, separators=(",", ":"))
        f.write("\n")


def bert_case(name, cfg, dtype, prefix, old_norm_names, heads, seed, extra_tensors=()):
    folder = os.path.join(GOLDEN, name)
    os.makedirs(folder, exist_ok=True)
    w = round_weights(bert_weights(cfg, seed, heads), dtype)
    write_safetensors(os.path.join(folder, "model.safetensors"),
                      hf_tensors(w, dtype, prefix, old_norm_names, extra_tensors))
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
        f.write("\n")
    with open(os.path.join(folder, "vocab.txt"), "w") as f:
        f.write("\n".join(BERT_VOCAB) + "\n")
    with open(os.path.join(folder, "tokenizer_config.json"), "w") as f:
        json.dump({"do_lower_case": True, "tokenizer_class": "BertTokenizer"}, f)
        f.write("\n")
    samples = []
    for s in BERT_SAMPLES:
        ids = [BERT_VOCAB.index(t) for t in s["tokens"]]
        segments = segments_of(ids, BERT_VOCAB.index("[SEP]"))
        out = bert_forward(w, cfg, torch.tensor(ids), torch.tensor(segments))
        sample = {"tokens": s["tokens"], "ids": ids, "segments": segments,
                  "hidden_states": nested(torch.stack(out["hidden_states"])),
                  "attention": nested(torch.stack(out["attention"]))}
        if "mlm_logits" in out:
            sample["mlm_logits"] = nested(out["mlm_logits"])
        if "nsp_probability" in out:
            sample["nsp_probability"] = nested(out["nsp_probability"])
        samples.append(sample)
    write_json(os.path.join(folder, "expected.json"), {"case": name, "dtype": dtype, "samples": samples})

# ---------------------------------------------------------------------------------------------------------
# GPT-2

def gpt2_forward(w, cfg, ids):
    """w: names without "transformer.", Conv1D weights [in, out] as PyTorch stores them."""
    H, eps = cfg["n_head"], cfg.get("layer_norm_epsilon", 1e-5)
    D = cfg["n_embd"]
    T = len(ids)
    conv = lambda x, name: x @ w[name + ".weight"] + w[name + ".bias"]  # Conv1D: y = x·W + b
    ln = lambda x, name: layer_norm(x, w[name + ".weight"], w[name + ".bias"], eps)
    x = w["wte.weight"][ids] + w["wpe.weight"][:T]
    maps = []
    for i in range(cfg["n_layer"]):
        p = f"h.{i}."
        qkv = conv(ln(x, p + "ln_1"), p + "attn.c_attn")  # T x 3D, columns q | k | v
        z, a = attention(qkv[:, :D], qkv[:, D:2 * D], qkv[:, 2 * D:], H, causal=True)
        maps.append(a)
        x = x + conv(z, p + "attn.c_proj")
        x = x + conv(gelu_tanh(conv(ln(x, p + "ln_2"), p + "mlp.c_fc")), p + "mlp.c_proj")
    out = ln(x, "ln_f")
    head = w["wte.weight"] if cfg.get("tie_word_embeddings", True) else w["lm_head.weight"]
    return {"logits": out @ head.T, "attention": maps}


def gpt2_weights(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    V, D, P = cfg["vocab_size"], cfg["n_embd"], cfg["n_positions"]
    rnd = lambda *shape, s=0.5: torch.randn(*shape, generator=g) * s
    w = {"wte.weight": rnd(V, D, s=1.0), "wpe.weight": rnd(P, D, s=0.5)}

    def conv(name, in_dim, out_dim):
        w[name + ".weight"], w[name + ".bias"] = rnd(in_dim, out_dim), rnd(out_dim, s=0.2)

    def norm(name):
        w[name + ".weight"], w[name + ".bias"] = 1.0 + rnd(D, s=0.2), rnd(D, s=0.2)

    for i in range(cfg["n_layer"]):
        p = f"h.{i}."
        norm(p + "ln_1")
        conv(p + "attn.c_attn", D, 3 * D)
        conv(p + "attn.c_proj", D, D)
        norm(p + "ln_2")
        conv(p + "mlp.c_fc", D, 4 * D)
        conv(p + "mlp.c_proj", 4 * D, D)
    norm("ln_f")
    return w


# A byte-level BPE vocabulary of 40 entries: the characters of a few words, their merges, <|endoftext|> last.
GPT2_PIECES = ["!", ",", ".", "a", "c", "d", "e", "h", "i", "n", "o", "s", "t", "Ġ",
               "th", "the", "Ġc", "Ġca", "Ġcat", "Ġs", "Ġsa", "Ġsat", "Ġo", "Ġon", "Ġt", "Ġth", "Ġthe",
               "Ġd", "Ġdo", "Ġdog", "an", "Ġan", "Ġand", "in", "Ġin", "Ġa", "at", "on", "ed"]
# In rank order; "Ġ t" comes before "t h" (as in GPT-2's own merges), else " the" would end as "Ġ" + "the".
# Every merge names pieces of the vocabulary (the tokenizers library refuses a merge that does not): "Ġdog" is in
# the vocabulary but has no merge, as "g" is not.
GPT2_MERGES = ["Ġ t", "Ġt h", "Ġth e", "t h", "th e", "Ġ c", "Ġc a", "Ġca t", "Ġ s", "Ġs a", "Ġsa t", "Ġ o",
               "Ġo n", "Ġ d", "Ġd o", "a n", "Ġ an", "Ġan d", "i n", "Ġ in", "Ġ a", "a t", "o n", "e d"]
GPT2_PROMPT = ["the", "Ġcat", "Ġsat", "Ġon", "Ġthe"]  # "the cat sat on the"
GPT2_NEW_TOKENS = 6


def gpt2_case(name, cfg, dtype, seed):
    folder = os.path.join(GOLDEN, name)
    os.makedirs(folder, exist_ok=True)
    w = round_weights(gpt2_weights(cfg, seed), dtype)
    g = torch.Generator().manual_seed(seed + 1)
    P = cfg["n_positions"]
    # What a real checkpoint may also hold: the causal-mask buffers (ignored) and, with tied embeddings, an
    # lm_head.weight that must be ignored too (random here, so using it would show).
    extra = []
    for i in range(cfg["n_layer"]):
        extra.append((f"transformer.h.{i}.attn.bias", dtype, np.tril(np.ones((P, P))).reshape(1, 1, P, P)))
        extra.append((f"transformer.h.{i}.attn.masked_bias", dtype, np.array(-1e4)))
    extra.append(("lm_head.weight", dtype, round_to(torch.randn(cfg["vocab_size"], cfg["n_embd"], generator=g).numpy(), dtype)))
    write_safetensors(os.path.join(folder, "model.safetensors"), hf_tensors(w, dtype, "transformer.", False, extra))
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
        f.write("\n")
    vocab = {piece: i for i, piece in enumerate(GPT2_PIECES + ["<|endoftext|>"])}
    assert len(vocab) == cfg["vocab_size"]
    with open(os.path.join(folder, "vocab.json"), "w") as f:
        json.dump(vocab, f, ensure_ascii=False)
        f.write("\n")
    with open(os.path.join(folder, "merges.txt"), "w") as f:
        f.write("#version: 0.2\n" + "\n".join(GPT2_MERGES) + "\n")

    ids = [vocab[p] for p in GPT2_PROMPT]
    out = gpt2_forward(w, cfg, torch.tensor(ids))
    # Greedy generation, re-running the whole sequence each step (no cache: the C++ side's cache must agree).
    sequence, steps = list(ids), []
    for _ in range(GPT2_NEW_TOKENS):
        logits = gpt2_forward(w, cfg, torch.tensor(sequence))["logits"][-1]
        best = int(torch.argmax(logits))
        steps.append({"id": best, "logits": nested(logits),
                      "probability": nested(torch.softmax(logits, -1)[best])})
        sequence.append(best)
    write_json(os.path.join(folder, "expected.json"), {
        "case": name, "dtype": dtype, "text": "the cat sat on the", "tokens": GPT2_PROMPT, "ids": ids,
        "logits": nested(out["logits"]), "attention": nested(torch.stack(out["attention"])),
        "generation": {"ids": [s["id"] for s in steps], "steps": steps}})


def main():
    self_check()
    bert = {"architectures": ["BertForMaskedLM"], "model_type": "bert", "vocab_size": 40, "hidden_size": 8,
            "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 16,
            "max_position_embeddings": 16, "type_vocab_size": 2, "hidden_act": "gelu",
            "position_embedding_type": "absolute"}  # layer_norm_eps absent: the default 1e-12
    # F32, no prefix, MLM head tied to the word embeddings, and the int64 position_ids buffer to be ignored.
    bert_case("bert-tiny", bert, "F32", "", False, ("mlm",), 31,
              [("embeddings.position_ids", "I64", np.arange(16).reshape(1, 16))])
    # BF16, "bert." prefix, LayerNorm.gamma/beta, its own decoder weight, pooler and next-sentence head, 4 heads.
    bert_pre = dict(bert, architectures=["BertForPreTraining"], num_attention_heads=4, intermediate_size=32,
                    layer_norm_eps=1e-12, tie_word_embeddings=False)
    bert_case("bert-tiny-bf16", bert_pre, "BF16", "bert.", True, ("mlm", "nsp"), 32)
    gpt2 = {"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2", "vocab_size": 40, "n_embd": 8,
            "n_layer": 2, "n_head": 2, "n_positions": 16, "n_ctx": 16, "n_inner": None,
            "activation_function": "gelu_new", "layer_norm_epsilon": 1e-5, "scale_attn_weights": True,
            "bos_token_id": 39, "eos_token_id": 39}
    gpt2_case("gpt2-tiny", gpt2, "F16", 43)


if __name__ == "__main__":
    main()
