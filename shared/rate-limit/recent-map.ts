/**
 * A Map of at most `max` entries that forgets the one used longest ago first: `get` and
 * `set` both count as a use. Per-isolate limiter state is bounded this way rather than
 * cleared wholesale, so what a sender keeps touching (a flood's refusal, its credit
 * spent) is never what is forgotten.
 */
export class RecentMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting makes the key the newest.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
