package dev.ecslab.lab.classify;

/**
 * The share of a campaign one process runs: the {@code index}-th (from 1) of {@code count}. Work item {@code i} of a
 * campaign's fixed enumeration belongs to exactly one shard ({@link #owns}), so the shards of one campaign run it
 * all, once.
 */
public record Shard(int index, int count) {
    /** The whole campaign. */
    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("a shard is K/N with 1 <= K <= N, was " + index + "/" + count);
        }
    }

    /** {@code K/N}, as {@code --shard} takes it. */
    public static Shard parse(String text) {
        String[] parts = text.split("/", -1);
        if (parts.length == 2) {
            try {
                return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
            } catch (NumberFormatException e) {
                // falls through
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--shard " + text + ": " + e.getMessage());
            }
        }
        throw new IllegalArgumentException("--shard must be K/N (the K-th of N shares, 1 <= K <= N), was '" + text + "'");
    }

    /** Whether this shard runs work item {@code item} of a campaign's fixed enumeration. */
    public boolean owns(long item) {
        return item % count == index - 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
