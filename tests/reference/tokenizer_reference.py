#!/usr/bin/python3
"""Independent reference values for the tokenizers of Hugging Face folders (contract: pretrained models,
"Tokenizers" and "What a folder holds").

Written from the contract text and the classic references, sharing no code with the core:
- byte-level BPE: OpenAI's gpt-2 `src/encoder.py` (bytes_to_unicode, get_pairs and its merge loop, copied in
  spirit below: the lowest-ranked pair of the word is merged everywhere, left to right, until none is left);
- WordPiece: Hugging Face's BasicTokenizer / WordpieceTokenizer (tokenization_bert.py): clean the text, spaces
  around CJK ideographs, lowercase and strip accents, split on whitespace and punctuation, greedy
  longest-match-first with "##".
Two choices where those references differ among themselves, taken as the tokenizers library (the "fast"
tokenizers people load by default) takes them: lowercasing is done one character at a time (so a final capital
sigma becomes σ, not ς), and no NFC is applied before tokenizing.

Debian's /usr/bin/python3 has no `regex` module, and Python's `re` lacks \\p{L}: the GPT-2 pattern
    's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+
is therefore implemented by hand in `gpt2_pretokenize`, alternative by alternative, with character classes
from `unicodedata` (L* letters, N* numbers) and the Unicode White_Space property for \\s.

Offsets are byte ranges [begin, end) of the UTF-8 text; tokens the tokenizer adds ([CLS], [SEP]) have [0, 0].

    /usr/bin/python3 tests/reference/tokenizer_reference.py    # rewrites golden/tokenizers/

It writes small vocabularies built so that the cases matter (## continuations, [UNK], accents, CJK,
punctuation, a[MASK]b, emoji, control characters, 's and runs of spaces, non-ASCII bytes), each in the forms a
folder may hold them (vocab.txt, tokenizer.json, vocab.json + merges.txt), and expected.json.
"""

import json
import os
import unicodedata
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "golden", "tokenizers")

# ---------------------------------------------------------------------------------------------------------------
# Byte-level BPE (OpenAI's encoder.py)


def bytes_to_unicode():
    """Every byte to a printable character: the printable Latin-1 bytes stay themselves, the others (control
    characters, space, 0x7F-0xA0, 0xAD) are moved to U+0100 onwards, in byte order."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(2 ** 8):
        if b not in bs:
            bs.append(b)
            cs.append(2 ** 8 + n)
            n += 1
    return dict(zip(bs, [chr(c) for c in cs]))


BYTE_ENCODER = bytes_to_unicode()
BYTE_DECODER = {v: k for k, v in BYTE_ENCODER.items()}

# Unicode's White_Space property, what \s means in the regular expression engines of GPT-2's tokenizers.
WHITE_SPACE = set([0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
                  + list(range(0x2000, 0x200B)))


def is_space(ch):
    return ord(ch) in WHITE_SPACE


def is_letter(ch):
    return unicodedata.category(ch).startswith("L")


def is_number(ch):
    return unicodedata.category(ch).startswith("N")


def is_other(ch):
    return not (is_space(ch) or is_letter(ch) or is_number(ch))


CONTRACTIONS = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d"]


def gpt2_pretokenize(text):
    """(start, end) character ranges of the pattern's matches, as re.finditer would give them."""
    out = []
    i, n = 0, len(text)
    while i < n:
        end = None
        for c in CONTRACTIONS:  # 's|'t|'re|'ve|'m|'ll|'d, tried in this order
            if text.startswith(c, i):
                end = i + len(c)
                break
        if end is None:
            for cls in (is_letter, is_number, is_other):  # ' ?\p{L}+', ' ?\p{N}+', ' ?[^\s\p{L}\p{N}]+'
                j = i + 1 if text[i] == " " and i + 1 < n and cls(text[i + 1]) else i
                if j < n and cls(text[j]):
                    while j < n and cls(text[j]):
                        j += 1
                    end = j
                    break
        if end is None and is_space(text[i]):
            j = i
            while j < n and is_space(text[j]):
                j += 1
            if j == n:
                end = j           # \s+(?!\S) at the end of the text
            elif j - 1 > i:
                end = j - 1       # \s+(?!\S) gives back the last space, which goes with the next word
            else:
                end = j           # \s+
        assert end is not None and end > i
        out.append((i, end))
        i = end
    return out


def get_pairs(word):
    return set(zip(word[:-1], word[1:]))


def bpe(token, ranks):
    """encoder.py's loop: merge the lowest-ranked pair everywhere, left to right, until no pair has a rank."""
    word = tuple(token)
    pairs = get_pairs(word)
    if not pairs:
        return list(word)
    while True:
        bigram = min(pairs, key=lambda pair: ranks.get(pair, float("inf")))
        if bigram not in ranks:
            break
        first, second = bigram
        new_word = []
        i = 0
        while i < len(word):
            try:
                j = word.index(first, i)
            except ValueError:
                new_word.extend(word[i:])
                break
            new_word.extend(word[i:j])
            i = j
            if word[i] == first and i < len(word) - 1 and word[i + 1] == second:
                new_word.append(first + second)
                i += 2
            else:
                new_word.append(word[i])
                i += 1
        word = tuple(new_word)
        if len(word) == 1:
            break
        pairs = get_pairs(word)
    return list(word)


def split_marked(text, marks):
    """(start, end, is_mark) character ranges: the marks (added or special tokens) written in the text, the longest
    first where two start at one place, and the text between."""
    out, start, i = [], 0, 0
    longest_first = sorted(marks, key=len, reverse=True)
    while i < len(text):
        hit = next((m for m in longest_first if text.startswith(m, i)), None)
        if hit:
            if start < i:
                out.append((start, i, False))
            out.append((i, i + len(hit), True))
            i += len(hit)
            start = i
        else:
            i += 1
    if start < len(text):
        out.append((start, len(text), False))
    return out


class Bpe:
    def __init__(self, vocab, merges, added=("<|endoftext|>",)):
        self.vocab = vocab
        self.ranks = {pair: r for r, pair in enumerate(merges)}
        self.added = [a for a in added if a in vocab]

    def split_added(self, text):
        return split_marked(text, self.added)

    def encode(self, text):
        pieces, offsets = [], []
        bytepos = char_byte_offsets(text)
        for s, e, added in self.split_added(text):
            if added:
                pieces.append(text[s:e])
                offsets.append((bytepos[s], bytepos[e]))
                continue
            for ps, pe in gpt2_pretokenize(text[s:e]):
                raw = text[s + ps:s + pe].encode("utf-8")
                pos = bytepos[s + ps]
                for piece in bpe("".join(BYTE_ENCODER[b] for b in raw), self.ranks):
                    pieces.append(piece)
                    offsets.append((pos, pos + len(piece)))  # one character of the table per byte
                    pos += len(piece)
        return pieces, [self.vocab[p] for p in pieces], offsets

    def decode(self, ids):
        inverse = {i: p for p, i in self.vocab.items()}
        data = bytearray()
        for i in ids:
            piece = inverse[i]
            if piece in self.added:
                data += piece.encode("utf-8")
            else:
                data += bytes(BYTE_DECODER[c] for c in piece)
        return data.decode("utf-8", errors="replace")


def train_bpe(corpus, merges_wanted):
    """A small byte-level BPE, trained as GPT-2's was (most frequent pair first; ties by the pair's text, so the
    result does not depend on dictionary order)."""
    words = Counter()
    for line in corpus:
        for s, e in gpt2_pretokenize(line):
            words[tuple(BYTE_ENCODER[b] for b in line[s:e].encode("utf-8"))] += 1
    merges = []
    for _ in range(merges_wanted):
        counts = Counter()
        for word, n in words.items():
            for pair in zip(word[:-1], word[1:]):
                counts[pair] += n
        if not counts:
            break
        best = min(counts, key=lambda p: (-counts[p], p))
        if counts[best] < 2:
            break
        merges.append(best)
        merged = Counter()
        for word, n in words.items():
            out, i = [], 0
            while i < len(word):
                if i < len(word) - 1 and (word[i], word[i + 1]) == best:
                    out.append(word[i] + word[i + 1])
                    i += 2
                else:
                    out.append(word[i])
                    i += 1
            merged[tuple(out)] += n
        words = merged
    return merges


# ---------------------------------------------------------------------------------------------------------------
# WordPiece (Hugging Face's BasicTokenizer and WordpieceTokenizer), each character carrying its place in the text

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def is_control(ch):
    if ch in ("\t", "\n", "\r"):
        return False
    return unicodedata.category(ch).startswith("C")


def is_bert_whitespace(ch):
    return ch in (" ", "\t", "\n", "\r") or unicodedata.category(ch) == "Zs"


def is_punctuation(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def is_cjk(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF
            or 0x2F800 <= cp <= 0x2FA1F)


class WordPiece:
    def __init__(self, vocab, lowercase=True, strip_accents=None):
        self.vocab = vocab
        self.lowercase = lowercase
        self.strip = lowercase if strip_accents is None else strip_accents
        self.special = [s for s in SPECIAL if s in vocab]

    def split_special(self, text):
        return split_marked(text, self.special)

    def words(self, chars):
        """chars: [(character, begin, end)], the byte range of the text each came from -> words, each a list of
        such triples. A character the normalization makes of another keeps that one's range; an accent that is
        stripped widens the range of the character before it in its word."""
        cleaned = []
        for ch, b, e in chars:
            if ord(ch) == 0 or ord(ch) == 0xFFFD or is_control(ch):
                continue
            if is_bert_whitespace(ch):
                cleaned.append((" ", b, e))
            elif is_cjk(ord(ch)):
                cleaned += [(" ", b, e), (ch, b, e), (" ", b, e)]
            else:
                cleaned.append((ch, b, e))
        words, current = [], []
        for item in cleaned + [(" ", 0, 0)]:
            if item[0].isspace():  # str.split()
                if current:
                    words.append(current)
                current = []
            else:
                current.append(item)
        out = []
        for word in words:
            if self.lowercase:
                word = [(c, b, e) for ch, b, e in word for c in ch.lower()]
            if self.strip:
                stripped = []
                for ch, b, e in word:
                    for c in unicodedata.normalize("NFD", ch):
                        if unicodedata.category(c) != "Mn":
                            stripped.append((c, b, e))
                        elif stripped:
                            stripped[-1] = (stripped[-1][0], stripped[-1][1], max(stripped[-1][2], e))
                word = stripped
            current = []
            for item in word:  # _run_split_on_punc
                if is_punctuation(item[0]):
                    if current:
                        out.append(current)
                    out.append([item])
                    current = []
                else:
                    current.append(item)
            if current:
                out.append(current)
        return out

    def wordpiece(self, word):
        """[(piece, begin, end)] of one word."""
        if len(word) > 100:
            return [("[UNK]", word[0][1], word[-1][2])]
        pieces, start = [], 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                sub = "".join(c for c, _, _ in word[start:end])
                if start > 0:
                    sub = "##" + sub
                if sub in self.vocab:
                    found = sub
                    break
                end -= 1
            if found is None:
                return [("[UNK]", word[0][1], word[-1][2])]
            pieces.append((found, word[start][1], word[end - 1][2]))
            start = end
        return pieces

    def tokenize(self, text):
        bytepos = char_byte_offsets(text)
        pieces, offsets = [], []
        for s, e, special in self.split_special(text):
            if special:
                pieces.append(text[s:e])
                offsets.append((bytepos[s], bytepos[e]))
                continue
            for word in self.words([(text[i], bytepos[i], bytepos[i + 1]) for i in range(s, e)]):
                for piece, begin, end in self.wordpiece(word):
                    pieces.append(piece)
                    offsets.append((begin, end))
        return pieces, offsets

    def encode(self, text, mode, text_b=None):
        pieces, offsets = self.tokenize(text)
        segments = [0] * len(pieces)
        added = [False] * len(pieces)
        if mode == "tokenize":
            pass
        elif mode == "prompt":
            pieces, offsets, segments, added = ["[CLS]"] + pieces, [(0, 0)] + offsets, [0] + segments, [True] + added
        else:
            pieces = ["[CLS]"] + pieces + ["[SEP]"]
            offsets = [(0, 0)] + offsets + [(0, 0)]
            segments = [0] * len(pieces)
            added = [True] + added + [True]
            if mode == "pair":
                pb, ob = self.tokenize(text_b)
                pieces += pb + ["[SEP]"]
                offsets += ob + [(0, 0)]
                segments += [1] * (len(pb) + 1)
                added += [False] * len(pb) + [True]
        return pieces, [self.vocab[p] for p in pieces], offsets, segments, added


def char_byte_offsets(text):
    """Byte offset in the UTF-8 text of every character index, and of the end."""
    out, pos = [], 0
    for ch in text:
        out.append(pos)
        pos += len(ch.encode("utf-8"))
    out.append(pos)
    return out


# ---------------------------------------------------------------------------------------------------------------
# The vocabularies and the cases

UNCASED = SPECIAL + [
    "the", "a", "##a", "b", "un", "##aff", "##able", "play", "##ing", "##ed", "##s", "hello", "world", "he",
    "##llo", "cafe", "naive", "res", "##ume", "istanbul", "field", "is", "it", "don", "t", "mask", "x", "i",
    "love", "paris", ".", ",", "!", "?", "'", "-", "(", ")", "[", "]", "！", "。", "，", "我", "爱", "北", "京",
    "##b", "ab", "##ll", "##o", "wor", "##ld"]
CASED = SPECIAL + [
    "the", "a", "##a", "b", "Hello", "he", "##llo", "world", "World", "Café", "café", "naïve", "naive", "mask",
    "play", "##ing", "Play", "[", "]", ".", ",", "!", "x", "X", "我", "爱", "。"]

WORDPIECE_UNCASED_CASES = [
    ("encode", "Unaffable playing!"),
    ("encode", "Hello, World."),
    ("encode", "Café naïve RÉSUMÉ"),
    ("encode", "E\u0301 cafe\u0301"),                         # decomposed accents (combining acute, Mn)
    ("encode", "İstanbul"),                                    # one capital, two lowercase characters
    ("encode", "我爱北京。"),
    ("encode", "i love北京,paris！"),
    ("encode", "a[MASK]b"),
    ("encode", "a[mask]b"),                                    # special tokens are case-sensitive
    ("encode", "[CLS]hello[SEP] [PAD]"),
    ("encode", "he 😀 played"),                                # emoji: no punctuation, an unknown word
    ("encode", "he\u0000llo\u200b wor\u0007ld\tis\u00a0it\r\n\ufffdx"),  # C* dropped; tab, NBSP, CR, LF split
    ("encode", "don't"),
    ("encode", "  hello \n\n world  "),
    ("encode", "Playing-field (x)"),
    ("encode", "zzz hello"),                                   # no match at all: [UNK]
    ("encode", "abab"),                                        # greedy, longest first: ab ##a ##b
    ("encode", "a" * 100),                                     # 100 characters: read piece by piece
    ("encode", "a" * 101 + " b"),                              # 101 characters: [UNK]
    ("encode", ""),
    ("tokenize", "Hello, World."),
    ("prompt", "我爱北京"),
    ("pair", "Hello world", "我爱北京。"),
    ("pair", "a[MASK]b", ""),
]
WORDPIECE_CASED_CASES = [
    ("encode", "Hello World, hello world."),
    ("encode", "Café café naïve"),
    ("encode", "a[MASK]b a[mask]b"),
    ("encode", "Playing play X x 我爱"),
]

BPE_CORPUS = [
    "Hello world! Hello there, world.",
    "It's a test, isn't it? They're here and we've seen what I'm doing; he'll say you'd know.",
    "The quick brown fox jumps over the lazy dog. The dog sleeps.",
    "numbers 12345 and 3.14 and 2024",
    "naïve café, naïve cafés",
    "你好，世界。你好！",
    "emoji 😀 and 😀!",
    "  multiple   spaces  here  ",
    "tab\tand\nnewline\n\n",
] * 2
BPE_CASES = [
    "Hello world",
    "It's a test, isn't it?",
    "They're here; he'll say you'd know what I'm doing, we've seen.",
    "'S caps 'RE and ''s",
    "  multiple   spaces  here  ",
    "naïve café",
    "你好，世界",
    "emoji 😀!",
    "Hello<|endoftext|>World<|endoftext|>",
    "numbers 12345 and 3.14",
    "tab\tand\nnewline\n\n",
    "\u00a0no-break\u2003em space\u3000ideographic",
    "The quick brown fox jumps over the lazy dog.",
    "",
]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def write_json(path, value):
    write(path, json.dumps(value, ensure_ascii=False, indent=1) + "\n")


def wordpiece_folders(name, vocab_list, lowercase):
    vocab = {p: i for i, p in enumerate(vocab_list)}
    write(os.path.join(OUT, name, "vocab.txt"), "".join(p + "\n" for p in vocab_list))
    write_json(os.path.join(OUT, name, "tokenizer_config.json"),
               {"do_lower_case": lowercase, "tokenizer_class": "BertTokenizer"})
    # The same vocabulary as the tokenizers library writes it (no vocab.txt beside it).
    tokenizer_json = {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": vocab[s], "content": s, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for s in SPECIAL],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": lowercase},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {"type": "BertProcessing", "sep": ["[SEP]", vocab["[SEP]"]], "cls": ["[CLS]", vocab["[CLS]"]]},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": vocab},
    }
    write_json(os.path.join(OUT, name + "-json", "tokenizer.json"), tokenizer_json)
    return WordPiece(vocab, lowercase=lowercase), [name, name + "-json"]


def bpe_folders():
    merges = train_bpe(BPE_CORPUS, 160)
    vocab_list = [BYTE_ENCODER[b] for b in range(256)]
    for a, b in merges:
        if a + b not in vocab_list:
            vocab_list.append(a + b)
    vocab_list.append("<|endoftext|>")
    vocab = {p: i for i, p in enumerate(vocab_list)}
    write_json(os.path.join(OUT, "bpe", "vocab.json"), vocab)
    write(os.path.join(OUT, "bpe", "merges.txt"), "#version: 0.2\n" + "".join(f"{a} {b}\n" for a, b in merges))
    added = [{"id": vocab["<|endoftext|>"], "content": "<|endoftext|>", "single_word": False, "lstrip": False,
              "rstrip": False, "normalized": True, "special": True}]
    for name, form in (("bpe-json", lambda a, b: f"{a} {b}"), ("bpe-json-pairs", lambda a, b: [a, b])):
        write_json(os.path.join(OUT, name, "tokenizer.json"), {
            "version": "1.0", "truncation": None, "padding": None, "added_tokens": added, "normalizer": None,
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
            "post_processor": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False, "use_regex": True},
            "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
            "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                      "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "vocab": vocab,
                      "merges": [form(a, b) for a, b in merges]}})
    return Bpe(vocab, merges), ["bpe", "bpe-json", "bpe-json-pairs"]


def self_checks(bpe_tok):
    # The hand-written pattern on texts whose matches are known (from the pattern's definition).
    assert [("x" + "abc  def"[s:e]) for s, e in gpt2_pretokenize("abc  def")] == ["xabc", "x ", "x def"]
    assert [("x" + "a  \n"[s:e]) for s, e in gpt2_pretokenize("a  \n")] == ["xa", "x  \n"]
    assert [("x" + "it's"[s:e]) for s, e in gpt2_pretokenize("it's")] == ["xit", "x's"]
    assert [("x" + "a ?!b"[s:e]) for s, e in gpt2_pretokenize("a ?!b")] == ["xa", "x ?!", "xb"]
    assert len(BYTE_ENCODER) == 256 and len(set(BYTE_ENCODER.values())) == 256
    assert BYTE_ENCODER[ord(" ")] == "Ġ" and BYTE_ENCODER[ord("\n")] == "Ċ"
    # encoder.py's loop on a hand-made example: ranks (a,b) < (ab,c) < (b,c).
    assert bpe("abcbc", {("a", "b"): 0, ("ab", "c"): 1, ("b", "c"): 2}) == ["abc", "bc"]
    for text in BPE_CASES:
        assert bpe_tok.decode(bpe_tok.encode(text)[1]) == text


def main():
    cases, decodes = [], []
    for name, vocab_list, lowercase, rows in (("wordpiece-uncased", UNCASED, True, WORDPIECE_UNCASED_CASES),
                                              ("wordpiece-cased", CASED, False, WORDPIECE_CASED_CASES)):
        tok, folders = wordpiece_folders(name, vocab_list, lowercase)
        for row in rows:
            mode, text = row[0], row[1]
            text_b = row[2] if mode == "pair" else None
            pieces, ids, offsets, segments, added = tok.encode(text, mode, text_b)
            case = {"folders": folders, "mode": mode, "text": text}
            if text_b is not None:
                case["text_b"] = text_b
            case.update({"pieces": pieces, "ids": ids, "offsets": [list(o) for o in offsets],
                         "segments": segments, "added": added})
            cases.append(case)
    bpe_tok, folders = bpe_folders()
    self_checks(bpe_tok)
    for text in BPE_CASES:
        pieces, ids, offsets = bpe_tok.encode(text)
        cases.append({"folders": folders, "mode": "encode", "text": text, "pieces": pieces, "ids": ids,
                      "offsets": [list(o) for o in offsets], "segments": [0] * len(ids), "added": [False] * len(ids)})
        decodes.append({"folders": folders, "ids": ids, "text": bpe_tok.decode(ids)})
    # Pieces that end inside a character: the bytes F0 9F of 😀 (one U+FFFD: a cut sequence), a lone
    # continuation byte 0x98 (one U+FFFD), then "!" and the added token.
    byte_ids = [bpe_tok.vocab[BYTE_ENCODER[b]] for b in (0xF0, 0x9F)] + [bpe_tok.vocab[BYTE_ENCODER[0x98]]]
    for ids in (byte_ids, byte_ids + [bpe_tok.vocab["!"], bpe_tok.vocab["<|endoftext|>"]]):
        decodes.append({"folders": folders, "ids": ids, "text": bpe_tok.decode(ids)})
    write_json(os.path.join(OUT, "expected.json"), {"cases": cases, "decode": decodes})
    print(f"{len(cases)} cases, {len(decodes)} decodes written to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
