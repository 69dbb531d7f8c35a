package io.panrocks.matrix;

/**
 * Names one probe: {@code kind|type|variant|member|detail}, e.g.
 * {@code after-close|RocksIterator|db|seek(byte[])|} or
 * {@code null|RocksDB|plain|put(byte[],byte[])|1}. The first three parts
 * name its unit: the probes that share one world in the child JVM.
 */
record ProbeId(String kind, String type, String variant, String member, String detail) {
    static ProbeId parse(String s) {
        String[] p = s.split("\\|", -1);
        if (p.length != 5) throw new IllegalArgumentException("not a probe id: " + s);
        return new ProbeId(p[0], p[1], p[2], p[3], p[4]);
    }

    String unit() {
        return kind + "|" + type + "|" + variant;
    }

    @Override
    public String toString() {
        return kind + "|" + type + "|" + variant + "|" + member + "|" + detail;
    }
}
