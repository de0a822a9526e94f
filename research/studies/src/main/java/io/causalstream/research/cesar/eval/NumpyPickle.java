package io.causalstream.research.cesar.eval;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the one kind of pickle the delta-CAUSAL authors saved their CESAR scores in: a 1-D numpy float array,
 * pickle protocol 5, {@code numpy.core.numeric._frombuffer(bytearray, dtype('f4' or 'f8'), shape, 'C')}. The raw
 * buffer (opcode BYTEARRAY8) and the dtype string are located by their opcodes; anything else is refused rather
 * than guessed.
 */
public final class NumpyPickle {

    private static final int PROTO = 0x80;
    private static final int BYTEARRAY8 = 0x96;
    private static final int SHORT_BINUNICODE = 0x8c;

    public static double[] read(Path file) throws IOException {
        return parse(Files.readAllBytes(file));
    }

    static double[] parse(byte[] pickle) throws IOException {
        if (pickle.length < 2 || (pickle[0] & 0xff) != PROTO || pickle[1] < 4) {
            throw new IOException("not a protocol 4/5 pickle");
        }
        String text = new String(pickle, StandardCharsets.ISO_8859_1);
        if (!text.contains("_frombuffer")) {
            throw new IOException("not a numpy _frombuffer pickle");
        }
        int buffer = -1;
        for (int i = 2; i < pickle.length - 9; i++) {
            if ((pickle[i] & 0xff) == BYTEARRAY8 && pickle[i - 1] == '(') {
                buffer = i;
                break;
            }
        }
        if (buffer < 0) {
            throw new IOException("no BYTEARRAY8 buffer in the pickle");
        }
        long length = ByteBuffer.wrap(pickle, buffer + 1, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        int data = buffer + 9;
        if (length < 0 || data + length > pickle.length) {
            throw new IOException("buffer length " + length + " exceeds the file");
        }
        int afterData = (int) (data + length);
        String rest = text.substring(afterData);
        int dtypeAt = rest.indexOf("dtype");
        int itemSize;
        if (dtypeAt >= 0 && rest.indexOf((char) SHORT_BINUNICODE + "\u0002f4", dtypeAt) >= 0) {
            itemSize = 4;
        } else if (dtypeAt >= 0 && rest.indexOf((char) SHORT_BINUNICODE + "\u0002f8", dtypeAt) >= 0) {
            itemSize = 8;
        } else {
            throw new IOException("only float32 (f4) and float64 (f8) arrays are supported");
        }
        ByteOrder order = rest.contains((char) SHORT_BINUNICODE + "\u0001>") ? ByteOrder.BIG_ENDIAN
                : ByteOrder.LITTLE_ENDIAN;
        if (length % itemSize != 0) {
            throw new IOException("buffer of " + length + " bytes is not a whole number of f" + itemSize);
        }
        ByteBuffer values = ByteBuffer.wrap(pickle, data, (int) length).order(order);
        double[] out = new double[(int) (length / itemSize)];
        for (int i = 0; i < out.length; i++) {
            out[i] = itemSize == 4 ? values.getFloat() : values.getDouble();
        }
        return out;
    }

    private NumpyPickle() {
    }
}
