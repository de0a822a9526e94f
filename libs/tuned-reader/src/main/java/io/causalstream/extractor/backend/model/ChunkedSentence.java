package io.causalstream.extractor.backend.model;

/**
 * One sentence of a passage with its tokens, Penn Treebank POS tags and chunk tags (B-NP, I-VP, O ...). Offsets:
 * {@code start}/{@code end} in the passage (UTF-16 units, the unit of EvidenceSpan); token offsets relative to the
 * sentence text.
 */
public record ChunkedSentence(int start, int end, String text, int[] tokenStarts, int[] tokenEnds, String[] pos,
                              String[] chunks) {

    public int size() {
        return pos.length;
    }

    public String token(int i) {
        return text.substring(tokenStarts[i], tokenEnds[i]);
    }

    boolean noun(int i) {
        return chunks[i].endsWith("NP");
    }

    boolean beginsChunk(int i) {
        return !chunks[i].startsWith("I-");
    }
}
