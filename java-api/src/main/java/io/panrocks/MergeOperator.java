package io.panrocks;

import io.panrocks.internal.options.OptionValues;

/**
 * A merge operator: one of RocksDB's built-in ones, which run inside the
 * engine (no callback into the JVM), or one written in Java
 * ({@link AbstractMergeOperator}, {@link AssociativeMergeOperator}), which
 * RocksDB calls through FFM upcalls. Set with
 * {@link ColumnFamilyOptionsInterface#setMergeOperator}.
 */
public sealed interface MergeOperator permits MergeOperator.UInt64AddOperator, MergeOperator.StringAppendOperator,
        io.panrocks.UInt64AddOperator, io.panrocks.StringAppendOperator,
        MergeOperator.MaxOperator, AbstractMergeOperator, AssociativeMergeOperator {
    /**
     * RocksDB's name and options for the operator, in option-string syntax.
     *
     * @return the option string, e.g. "stringappend" or "max"
     */
    String optionValue();

    /** Adds 64-bit unsigned little-endian integers ("uint64add"); operands must be 8 bytes. */
    record UInt64AddOperator() implements MergeOperator {
        @Override
        public String optionValue() {
            return "uint64add";
        }
    }

    /**
     * Appends operands to the value with a delimiter between them ("stringappend").
     *
     * @param delimiter put between the value and each operand (may be empty)
     */
    record StringAppendOperator(String delimiter) implements MergeOperator {
        /**
         * Checks the delimiter.
         *
         * @param delimiter put between the value and each operand (may be empty)
         * @throws IllegalArgumentException if the delimiter cannot be written in RocksDB's
         *         option-string syntax
         */
        public StringAppendOperator {
            OptionValues.checkToken(delimiter, "delimiter");
        }

        /** With RocksJava's default delimiter, a comma. */
        public StringAppendOperator() {
            this(",");
        }

        /**
         * With a one-character delimiter, as RocksJava's constructor.
         *
         * @param delimiter put between the value and each operand
         */
        public StringAppendOperator(char delimiter) {
            this(String.valueOf(delimiter));
        }

        @Override
        public String optionValue() {
            return "{id=stringappend;delimiter=" + delimiter + "}";
        }
    }

    /** Keeps the bytewise-largest of the value and its operands ("max"). */
    record MaxOperator() implements MergeOperator {
        @Override
        public String optionValue() {
            return "max";
        }
    }

    /**
     * The operator RocksDB registers under name: "uint64add", "stringappend" or "max".
     *
     * @param name "uint64add", "stringappend" or "max"
     * @return the operator of that name
     */
    static MergeOperator named(String name) {
        return switch (name) {
            case "uint64add", "UInt64AddOperator" -> new UInt64AddOperator();
            case "stringappend", "StringAppendOperator" -> new StringAppendOperator();
            case "max", "MaxOperator" -> new MaxOperator();
            default -> throw new IllegalArgumentException("mergeOperator: unknown built-in merge operator '" + name
                    + "' (known: uint64add, stringappend, max)");
        };
    }
}
