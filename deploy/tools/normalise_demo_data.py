#!/usr/bin/env python3
"""Normalises the soft-measures Elo study data (kuldeep7688/soft-measures-causal-intelligence, CC-BY 4.0) into
JSON Lines shaped like the Avro contract, for the local demo. Run once by hand; its output is committed under
deploy/launcher/src/main/resources/demo/.

  python3 deploy/tools/normalise_demo_data.py <path to shared/data/soft-measures-causal-intelligence> <out dir>
"""
import csv, json, sys, pathlib

src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
assets = src / "_history_d468165/user_interface/assets"
# file -> annotator id; the rater names map to HumanN as documented in shared/data/README.md
files = {"Aadarsh_annotation.json": "Human1", "Ashlin_annotation.json": "Human2", "Kuldeep_annotation.json": "Human3",
         "Maryam_annotation.json": "Human4", "Nate_annotation.json": "Human5", "Riley_annotation.json": "Human6",
         "Spencer_update_annotation.json": "Human7", "llama2.json": "llama2", "llama3.json": "llama3",
         "mistral.json": "mistral"}
DIRECTIONS = {"increase": "INCREASE", "positive": "INCREASE", "+": "INCREASE",
              "decrease": "DECREASE", "negative": "DECREASE", "-": "DECREASE"}

def pid(n):
    return f"elo-{n:02d}"

texts = [a["text"] for a in json.load(open(assets / "Aadarsh_annotation.json"))]
with open(out / "passages.jsonl", "w") as f:
    for i, t in enumerate(texts, 1):
        f.write(json.dumps({"id": pid(i), "text": t, "metadata": {"dataset": "soft-measures-elo", "index": str(i)}}) + "\n")

dropped = []
with open(out / "annotations.jsonl", "w") as f:
    for name, annotator in files.items():
        for i, a in enumerate(json.load(open(assets / name)), 1):
            assert a["text"].strip() == texts[i - 1].strip()
            triples = []
            for r in a["causal relations"]:
                d = DIRECTIONS.get(r["direction"].strip().lower())
                if d is None:
                    dropped.append((annotator, i, r))
                    continue
                triples.append({"source": r["src"], "target": r["tgt"], "direction": d})
            kind = "HUMAN" if annotator.startswith("Human") else "MODEL"
            f.write(json.dumps({"passageId": pid(i), "annotationId": annotator,
                                "annotator": {"id": annotator, "kind": kind, "model": None if kind == "HUMAN" else annotator},
                                "triples": triples}) + "\n")

# the order in which the authors replayed the files (reproduces final_elo_rankings.csv with ties skipped)
with open(out / "judgments.jsonl", "w") as f:
    for h in [1, 6, 7, 5, 4, 3, 2]:
        records = json.load(open(src / f"elo_comparison/comparison_jsons/elo/h{h}_elo.json"))
        for key, (text, (left, right), n, winner) in records.items():
            assert text.strip() == texts[n - 1].strip()
            outcome = "TIE" if winner == "Tie" else ("LEFT" if winner == left else "RIGHT")
            f.write(json.dumps({"judgmentId": f"h{h}-{key}", "passageId": pid(n), "raterId": f"Human{h}",
                                "left": left, "right": right, "outcome": outcome}) + "\n")

with open(out / "published_winners.csv", "w") as f:
    w = csv.writer(f)
    w.writerow(["passageId", "winner"])
    for row in csv.DictReader(open(src / "elo_comparison/final_elo_rankings.csv")):
        n = next(i for i, t in enumerate(texts, 1) if t.strip() == row["sentence_start"].strip()) if any(
            t.strip() == row["sentence_start"].strip() for t in texts) else next(
            i for i, t in enumerate(texts, 1) if t.strip().startswith(row["sentence_start"].strip()[:60]))
        w.writerow([pid(n), row["winner"]])

print(f"{len(texts)} passages; dropped {len(dropped)} relations with an unknown direction: {dropped}")
