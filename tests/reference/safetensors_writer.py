"""The safetensors file format (huggingface/safetensors), written by the reference scripts: an 8-byte
little-endian header length, a JSON header padded with spaces so that the data starts 8-byte aligned, then
every tensor's bytes back to back in the header's order."""

import json
import struct

import numpy as np


def write_safetensors_file(path, entries, metadata=None):
    """entries: (name, dtype, shape, little-endian bytes) in the order they are written; metadata, when given,
    is the header's "__metadata__", written first."""
    header, blobs, offset = {}, [], 0
    if metadata is not None:
        header["__metadata__"] = metadata
    for name, dtype, shape, blob in entries:
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for blob in blobs:
            f.write(blob)


def float32_entry(name, array):
    """One F32 entry of a numpy array."""
    return name, "F32", array.shape, np.ascontiguousarray(array, dtype="<f4").tobytes()
