/**
 * A small seeded random number generator, so the sandbox market is the same on every machine
 * for a given seed. Math.random cannot be seeded, hence this file.
 *
 * The generator is sfc32 (Chris Doty-Humphrey's "small fast counting" generator, 128-bit
 * state, passes PractRand); its state is filled from a string key with the xmur3 hash, so
 * independent streams come from keys such as `seed|token|3375`.
 */

/** xmur3: turns a string into a sequence of well-mixed 32-bit seeds. */
function xmur3(text: string): () => number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
}

/** A seeded stream of random numbers with the distributions the market model needs. */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | undefined;

  /** Parts are joined with `|`, so `new SeededRandom(seed, 'token', id)` is one stream per token. */
  constructor(...keyParts: Array<string | number>) {
    const next = xmur3(keyParts.join('|'));
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    // The first outputs of sfc32 are weakly mixed; the reference implementation discards 12.
    for (let i = 0; i < 12; i += 1) this.uniform();
  }

  /** Uniform on [0, 1). */
  uniform(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Uniform on (0, 1): safe to take the logarithm of. */
  private openUniform(): number {
    let u = this.uniform();
    while (u === 0) u = this.uniform();
    return u;
  }

  /** Standard normal by the Box–Muller transform (the second value is kept for the next call). */
  normal(): number {
    if (this.spareNormal !== undefined) {
      const spare = this.spareNormal;
      this.spareNormal = undefined;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(this.openUniform()));
    const angle = 2 * Math.PI * this.uniform();
    this.spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }

  /**
   * Student-t with 4 degrees of freedom, rescaled to unit variance (a t(4) has variance 2).
   * t = Z / sqrt(V / 4) with V ~ chi-squared(4) = -2 ln(U1 U2), which needs no extra normals.
   * Four degrees of freedom give daily crypto returns their fat tails (excess kurtosis well
   * above a normal's 0); draws are truncated at ±`limit` so one day cannot move a price by
   * orders of magnitude.
   */
  studentT4(limit = 7): number {
    const chiSquared = -2 * Math.log(this.openUniform() * this.openUniform());
    const t = this.normal() / Math.sqrt(chiSquared / 4) / Math.SQRT2;
    return Math.max(-limit, Math.min(limit, t));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.uniform() < probability;
  }

  /** Uniform on [low, high). */
  between(low: number, high: number): number {
    return low + (high - low) * this.uniform();
  }
}
