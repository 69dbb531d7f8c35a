package io.panrocks.internal;

/**
 * The range check of the options' setters, and its message:
 * {@code "<name> must be in [<min>, <max>], was <value>"}, with the reason the bound exists after a
 * colon when there is one.
 */
public final class Bounds {
    private Bounds() {
    }

    /**
     * Checks that {@code value} lies in [{@code min}, {@code max}].
     *
     * @param value the value given
     * @param min the least value allowed
     * @param max the greatest value allowed
     * @param name the setting, as the message names it
     * @return value
     * @throws IllegalArgumentException if value is outside the range
     */
    public static long inRange(long value, long min, long max, String name) {
        return inRange(value, min, max, name, null);
    }

    /**
     * As {@link #inRange(long, long, long, String)}, the message ending with {@code ": " + why}.
     *
     * @param value the value given
     * @param min the least value allowed
     * @param max the greatest value allowed
     * @param name the setting, as the message names it
     * @param why why the bound exists; null for none
     * @return value
     * @throws IllegalArgumentException if value is outside the range
     */
    public static long inRange(long value, long min, long max, String name, String why) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "], was " + value
                    + (why == null ? "" : ": " + why));
        }
        return value;
    }
}
