#!/usr/bin/python3
"""PyTorch's side of bench/compare-pretrained-with-pytorch, and the folders both sides read.

    torch_pretrained.py make DIR                     writes DIR/bert-base/ and DIR/gpt2-small/: Hugging Face folders
                                                     (config.json, model.safetensors for AttentionLab, the same weights
                                                     as pytorch_model.bin for PyTorch) with random weights
    torch_pretrained.py bert DIR [--tokens 128] [--threads 2] [--steps 3]
    torch_pretrained.py gpt2 DIR [--tokens 20] [--generate 50] [--threads 2] [--steps 3]

bert and gpt2 print one JSON object with the keys of `attentionlab-cli bench pretrained --json`: the warm load (the
second torch.load of pytorch_model.bin), then BERT's forward pass with every attention map kept, or GPT-2's greedy
generation with its key/value cache. The models are written from the architectures in plain torch ops, as
tests/reference/pretrained_reference.py writes them, but batched over the heads the way Hugging Face's
modeling_bert.py and modeling_gpt2.py compute them (one matmul for all heads, the cache as concatenated keys and
values), in float32 under torch.inference_mode(): PyTorch at its own speed, not a reference loop.
The prompt ids are (1000 + 7919·t) mod V, as the CLI's, so that the greedy tokens of both sides can be compared.
"""

import argparse
import json
import math
import os
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "reference"))
import pretrained_reference as reference  # noqa: E402  (sets float64 as the default dtype; undone below)

torch.set_default_dtype(torch.float32)

BERT_BASE = {"architectures": ["BertForPreTraining"], "model_type": "bert", "vocab_size": 30522, "hidden_size": 768,
             "num_hidden_layers": 12, "num_attention_heads": 12, "intermediate_size": 3072,
             "max_position_embeddings": 512, "type_vocab_size": 2, "hidden_act": "gelu", "layer_norm_eps": 1e-12,
             "position_embedding_type": "absolute"}
GPT2_SMALL = {"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2", "vocab_size": 50257, "n_embd": 768,
              "n_layer": 12, "n_head": 12, "n_positions": 1024, "n_ctx": 1024, "n_inner": None,
              "activation_function": "gelu_new", "layer_norm_epsilon": 1e-5, "scale_attn_weights": True,
              "bos_token_id": 50256, "eos_token_id": 50256}

# ---------------------------------------------------------------------------------------------------------
# The folders

def trained_scale(weights):
    """The reference's weights are large on purpose (its goldens must tell the paths apart); a trained model's are
    small: matrices of standard deviation 0.02 (Hugging Face's initialisation), biases near 0, norms near 1. The
    speed is the same either way, but softmax and GELU then see the values a real model gives them."""
    for name, t in weights.items():
        if t.dim() == 2:
            t.mul_(0.02 / float(t.std()))
        elif not (name.endswith("LayerNorm.weight") or name.endswith("ln_1.weight") or name.endswith("ln_2.weight")
                  or name.endswith("ln_f.weight")):
            t.mul_(0.1)
    return weights


def write_folder(folder, cfg, file_tensors, torch_state):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    reference.write_safetensors(os.path.join(folder, "model.safetensors"), file_tensors)
    torch.save(torch_state, os.path.join(folder, "pytorch_model.bin"))


def make_bert(folder):
    # BertForPreTraining, as bert-base-uncased's checkpoint: both heads, the decoder tied to the word embeddings.
    w = trained_scale(reference.bert_weights(BERT_BASE, 1, heads=("mlm", "nsp")))
    tensors = reference.hf_tensors(w, "F32", "bert.", False)
    write_folder(folder, BERT_BASE, tensors, w)


def make_gpt2(folder):
    w = trained_scale(reference.gpt2_weights(GPT2_SMALL, 2))
    P = GPT2_SMALL["n_positions"]
    # As Hugging Face's gpt2 checkpoint: each layer's causal-mask buffer is in the file too (ignored by readers).
    mask = torch.tril(torch.ones(P, P)).reshape(1, 1, P, P).numpy()
    extra = [(f"transformer.h.{i}.attn.bias", "F32", mask) for i in range(GPT2_SMALL["n_layer"])]
    tensors = reference.hf_tensors(w, "F32", "transformer.", False, extra)
    write_folder(folder, GPT2_SMALL, tensors, w)

# ---------------------------------------------------------------------------------------------------------
# The models (names as in the reference: BERT Linear weights [out, in], GPT-2 Conv1D weights [in, out])

def spread_ids(count, vocabulary):
    return torch.tensor([(1000 + 7919 * t) % vocabulary for t in range(count)])


def split_heads(x, heads):
    """T x D -> H x T x K"""
    T, D = x.shape
    return x.view(T, heads, D // heads).transpose(0, 1)


def join_heads(x):
    """H x T x K -> T x D"""
    H, T, K = x.shape
    return x.transpose(0, 1).reshape(T, H * K)


def bert_forward(w, cfg, ids):
    """The encoder on ids (segment 0): the last hidden state (T x D) and every layer's maps (L of H x T x T)."""
    H, eps, D = cfg["num_attention_heads"], cfg["layer_norm_eps"], cfg["hidden_size"]
    T = len(ids)
    lin = lambda x, name: F.linear(x, w[name + ".weight"], w[name + ".bias"])
    ln = lambda x, name: F.layer_norm(x, (D,), w[name + ".weight"], w[name + ".bias"], eps)
    x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:T] +
         w["embeddings.token_type_embeddings.weight"][0])
    x = ln(x, "embeddings.LayerNorm")
    maps = []
    for i in range(cfg["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        q, k, v = (split_heads(lin(x, p + "attention.self." + n), H) for n in ("query", "key", "value"))
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(D // H), dim=-1)  # H x T x T
        maps.append(a)
        y = ln(x + lin(join_heads(a @ v), p + "attention.output.dense"), p + "attention.output.LayerNorm")
        x = ln(y + lin(F.gelu(lin(y, p + "intermediate.dense")), p + "output.dense"), p + "output.LayerNorm")
    return x, maps


def gpt2_pass(w, cfg, ids, cache):
    """Reads ids after the cache's tokens (cache: per layer (keys, values), H x S x K each, grown in place of the
    list); returns the last token's logits (V)."""
    H, eps, D = cfg["n_head"], cfg["layer_norm_epsilon"], cfg["n_embd"]
    start, n = (cache[0][0].shape[1] if cache else 0), len(ids)
    conv = lambda x, name: torch.addmm(w[name + ".bias"], x, w[name + ".weight"])
    ln = lambda x, name: F.layer_norm(x, (D,), w[name + ".weight"], w[name + ".bias"], eps)
    x = w["wte.weight"][ids] + w["wpe.weight"][start:start + n]
    for i in range(cfg["n_layer"]):
        p = f"h.{i}."
        q, k, v = (split_heads(part, H) for part in conv(ln(x, p + "ln_1"), p + "attn.c_attn").split(D, dim=1))
        if len(cache) > i:
            k, v = torch.cat([cache[i][0], k], dim=1), torch.cat([cache[i][1], v], dim=1)
            cache[i] = (k, v)
        else:
            cache.append((k, v))
        scores = q @ k.transpose(-1, -2) / math.sqrt(D // H)  # H x n x S
        if n > 1:  # query start+t sees keys 0..start+t
            scores = scores.masked_fill(torch.ones(n, start + n, dtype=torch.bool).triu(start + 1), float("-inf"))
        x = x + conv(join_heads(torch.softmax(scores, dim=-1) @ v), p + "attn.c_proj")
        x = x + conv(F.gelu(conv(ln(x, p + "ln_2"), p + "mlp.c_fc"), approximate="tanh"), p + "mlp.c_proj")
    return ln(x[-1:], "ln_f")[0] @ w["wte.weight"].T


def generate_greedy(w, cfg, prompt, count):
    cache = []
    generated = [int(torch.argmax(gpt2_pass(w, cfg, prompt, cache)))]
    while len(generated) < count:
        generated.append(int(torch.argmax(gpt2_pass(w, cfg, torch.tensor(generated[-1:]), cache))))
    return generated

# ---------------------------------------------------------------------------------------------------------
# Timing, as the CLI times

def milliseconds(body):
    start = time.perf_counter()
    body()
    return 1000 * (time.perf_counter() - start)


def time_repeated(body, repeats):
    body()
    ms = sorted(milliseconds(body) for _ in range(repeats))
    return ms[len(ms) // 2], ms[0]


def load(folder):
    """The warm load: pytorch_model.bin read twice, the second read timed."""
    path = os.path.join(folder, "pytorch_model.bin")
    torch.load(path, map_location="cpu")
    start = time.perf_counter()
    w = torch.load(path, map_location="cpu")
    return w, 1000 * (time.perf_counter() - start)


def bench(args):
    torch.set_num_threads(args.threads)
    with open(os.path.join(args.folder, "config.json")) as f:
        cfg = json.load(f)
    w, load_ms = load(args.folder)
    out = {"task": "pretrained", "model_type": args.what, "threads": args.threads, "steps": args.steps,
           "load_ms": load_ms, "torch": torch.__version__}
    with torch.inference_mode():
        if args.what == "bert":
            ids = spread_ids(args.tokens or 128, cfg["vocab_size"])
            median, fastest = time_repeated(lambda: bert_forward(w, cfg, ids), args.steps)
            out.update(tokens=len(ids), forward_ms=median, forward_ms_fastest=fastest)
        else:
            prompt = spread_ids(args.tokens or 20, cfg["vocab_size"])
            generated = []
            median, fastest = time_repeated(lambda: generated.__setitem__(slice(None), generate_greedy(
                w, cfg, prompt, args.generate)), args.steps)
            out.update(prompt_tokens=len(prompt), generated_tokens=args.generate, generate_ms=median,
                       generate_ms_fastest=fastest, ms_per_token=median / args.generate, generated_ids=generated)
    print(json.dumps(out))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["make", "bert", "gpt2"])
    parser.add_argument("folder")
    parser.add_argument("--tokens", type=int, default=0)
    parser.add_argument("--generate", type=int, default=50)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args()
    if args.what == "make":
        make_bert(os.path.join(args.folder, "bert-base"))
        make_gpt2(os.path.join(args.folder, "gpt2-small"))
    else:
        bench(args)


if __name__ == "__main__":
    main()
