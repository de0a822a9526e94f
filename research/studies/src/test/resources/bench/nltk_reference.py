#!/usr/bin/env python3
"""The Python reference side of PythonReferenceBench: NLTK (Debian python3-nltk 3.8, WordNet 3.0) on the same
label pairs the Java measures score. Input: a TSV of candidate<TAB>reference lines. Prints, per measure, one
line "measure <cpu seconds> <pairs>" to stderr (process CPU time, so other load on a shared machine counts less)
and writes the values, one per line, to <out>.<measure>.

  python3 nltk_reference.py <pairs.tsv> <out prefix> <repeats>
"""
import sys, time
from nltk.translate.bleu_score import sentence_bleu, SmoothingFunction
from nltk.translate.meteor_score import meteor_score, single_meteor_score
from nltk.corpus import wordnet

pairs = [line.rstrip('\n').split('\t') for line in open(sys.argv[1], encoding='utf-8') if line.strip()]
prefix = sys.argv[2]
repeats = int(sys.argv[3])
method1 = SmoothingFunction().method1


def bleu_nltk(c, r):  # our bleu-nltk: lower-cased whitespace tokens, method 1
    h = c.lower().split()
    return 0.0 if not h else sentence_bleu([r.lower().split()], h, smoothing_function=method1)


def meteor(c, r):  # our meteor: NLTK >= 3.6.6 on whitespace tokens
    return single_meteor_score(r.split(), c.split())


def ref_bleu(c, r):  # the notebook: sentence_bleu(reference.split(), candidate) -> character n-grams
    if len(c.split()) == 0 or len(r.split()) == 0:
        return 0.0
    return sentence_bleu(r.split(), c)


def ref_meteor(c, r):  # the notebook's max over reference words, NLTK >= 3.6.2 stem stage
    if len(c.split()) == 0 or len(r.split()) == 0:
        return 0.0
    return meteor_score([[w] for w in r.split()], c.split())


wordnet.synsets('warm')  # load WordNet before timing
for name, f in [('bleu-nltk', bleu_nltk), ('meteor', meteor), ('ref-bleu', ref_bleu), ('ref-meteor', ref_meteor)]:
    values = [f(c, r) for c, r in pairs]  # warm-up pass, also the values written out
    t0 = time.process_time()
    for _ in range(repeats):
        for c, r in pairs:
            f(c, r)
    elapsed = time.process_time() - t0
    with open(prefix + '.' + name, 'w') as out:
        out.write('\n'.join(repr(float(v)) for v in values) + '\n')
    print(name, elapsed, len(pairs) * repeats, file=sys.stderr, flush=True)
