package io.causalstream.runtime.archfixture;

import java.util.function.IntSupplier;

/**
 * Constructors at the bound (see ModuleArchitectureTest): {@link Seven} breaks it; the others declare six, whatever
 * the compiler adds.
 */
public final class ConstructorsOfManyParameters {

    /** Seven parameters: reported. */
    public static final class Seven {
        public Seven(int a, int b, int c, int d, int e, int f, int g) {
        }
    }

    /** A record of seven components: its components are named where it is declared, so it is not counted. */
    public record RecordOfSeven(int a, int b, int c, int d, int e, int f, int g) {
    }

    /** Six: within the bound. */
    public static final class Six {
        public Six(int a, int b, int c, int d, int e, int f) {
        }
    }

    /** Six declared; the compiler adds the constant's name and ordinal. */
    public enum EnumOfSix {
        ONE(1, 2, 3, 4, 5, 6);

        EnumOfSix(int a, int b, int c, int d, int e, int f) {
        }
    }

    /** Six declared; the compiler adds the enclosing instance. */
    public final class InnerOfSix {
        public InnerOfSix(int a, int b, int c, int d, int e, int f) {
        }
    }

    /** A local class's constructor takes the values it captures: seven here, none declared. */
    public static IntSupplier capturing(int a, int b, int c, int d, int e, int f, int g) {
        return new IntSupplier() {
            @Override
            public int getAsInt() {
                return a + b + c + d + e + f + g;
            }
        };
    }
}
