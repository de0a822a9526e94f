#!/usr/bin/env python3
"""Writes the toy "language model" the DJL backend's tests run through a real engine: a bigram table (the next
token depends only on the last one) exported as TorchScript (model.pt) and ONNX (model.onnx), with a WordLevel
tokenizer.json. It is no LLM: it exists so the tests exercise the real load -> tokenize -> generate -> decode path
of DJL offline. Run once with Debian's python3-torch (1.13) and commit the output:

  /usr/bin/python3 extractor-service/tools/make_toy_bigram_model.py extractor-service/extractors/src/test/resources/djl/toy-bigram
"""
import json, pathlib, sys
import torch

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
vocab = ["<unk>", "<s>", "</s>", "[INST]", "[/INST]", "<triplet>", "<subj>", "<obj>", "positive", "negative",
         "heavy", "rainfall", "flooding", "drought", "yields"]
ids = {w: i for i, w in enumerate(vocab)}
# greedy path after the prompt: [/INST] <triplet> heavy rainfall <subj> positive <obj> flooding </s>
chain = ["[/INST]", "<triplet>", "heavy", "rainfall", "<subj>", "positive", "<obj>", "flooding", "</s>"]
table = torch.full((len(vocab), len(vocab)), -4.0)
for a, b in zip(chain, chain[1:]):
    table[ids[a], ids[b]] = 4.0
# a beam-search trap: after "drought" the single best next token is "negative" (0.6 mass) but it leads nowhere
# likely; "yields" (0.4) is followed by "</s>" for sure. Greedy and beam search differ from "drought".
table[ids["drought"]] = -20.0
table[ids["drought"], ids["negative"]] = 0.405   # log(1.5): softmax 0.6 vs 0.4 with yields at 0
table[ids["drought"], ids["yields"]] = 0.0
table[ids["negative"]] = 0.0                     # uniform: every continuation has p = 1/15
table[ids["yields"]] = -20.0
table[ids["yields"], ids["</s>"]] = 10.0
for t in ["<unk>", "<s>", "[INST]"]:
    table[ids[t], ids["<unk>"]] = 4.0


class Bigram(torch.nn.Module):
    def __init__(self, t):
        super().__init__()
        self.table = torch.nn.Parameter(t, requires_grad=False)

    def forward(self, input_ids):
        return self.table[input_ids]  # [batch, seq, vocab] logits


model = Bigram(table).eval()
example = torch.tensor([[ids["[/INST]"], ids["<triplet>"]]], dtype=torch.long)
torch.jit.trace(model, example).save(str(out / "model.pt"))
torch.onnx.export(model, example, str(out / "model.onnx"), input_names=["input_ids"], output_names=["logits"],
                  dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "logits": {0: "batch", 1: "seq"}},
                  opset_version=13)
tokenizer = {
    "version": "1.0", "truncation": None, "padding": None,
    "added_tokens": [{"id": ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                      "normalized": False, "special": True} for t in ["<unk>", "<s>", "</s>"]],
    "normalizer": None, "pre_tokenizer": {"type": "WhitespaceSplit"}, "post_processor": None,
    "decoder": None,
    "model": {"type": "WordLevel", "vocab": ids, "unk_token": "<unk>"},
}
(out / "tokenizer.json").write_text(json.dumps(tokenizer, indent=1))
print("wrote", sorted(p.name for p in out.iterdir()))
