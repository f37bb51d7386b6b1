/**
 * A small deterministic generator (Marsaglia's xorshift32) so the demo data is the same on every
 * machine and every run; Math.random would make it differ each time.
 */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight: `[['a', 3], ['b', 1]]` gives a three times as often as b. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

export function createSeededRandom(seed: number): SeededRandom {
  // xorshift has one forbidden state, zero.
  let state = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const random: SeededRandom = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('Cannot pick from an empty list');
      return item;
    },
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries.at(-1);
      if (!last) throw new Error('Cannot pick from an empty list');
      return last[0];
    },
  };
  // The first outputs of a small seed are poorly mixed; discard a few.
  for (let i = 0; i < 16; i++) next();
  return random;
}
