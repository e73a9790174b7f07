/**
 * The generated market itself: speed, determinism, anchoring and the stylised facts the
 * model promises (regimes, fat tails, volatility levels, co-movement).
 */
import * as ss from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { parseDay } from '../../src/sandbox/crypto-analytics/calendar.js';
import { ANCHOR_DATE, SandboxMarket } from '../../src/sandbox/crypto-analytics/market.js';
import { SeededRandom } from '../../src/sandbox/crypto-analytics/prng.js';

const TODAY = parseDay('2026-11-22') ?? Number.NaN;

function logReturns(closes: ArrayLike<number>): number[] {
  const values = Array.from(closes);
  return values.slice(1).map((close, i) => Math.log(close / (values[i] ?? Number.NaN)));
}

/** Lengths of the runs of equal values (regime durations in days). */
function runLengths(flags: ArrayLike<number>): Array<{ value: number; length: number }> {
  const runs: Array<{ value: number; length: number }> = [];
  for (const value of Array.from(flags)) {
    const last = runs.at(-1);
    if (last && last.value === value) last.length += 1;
    else runs.push({ value, length: 1 });
  }
  return runs;
}

describe('the seeded random generator', () => {
  it('repeats for a key and differs between keys', () => {
    const draw = (key: string) =>
      Array.from(
        { length: 5 },
        (
          (random) => () =>
            random.uniform()
        )(new SeededRandom(key)),
      );
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('draws uniforms, normals and unit-variance fat-tailed Student-t values', () => {
    const random = new SeededRandom('distribution-check');
    const n = 200_000;
    const uniforms = Array.from({ length: n }, () => random.uniform());
    const normals = Array.from({ length: n }, () => random.normal());
    const students = Array.from({ length: n }, () => random.studentT4());
    expect(ss.min(uniforms)).toBeGreaterThanOrEqual(0);
    expect(ss.max(uniforms)).toBeLessThan(1);
    expect(ss.mean(uniforms)).toBeCloseTo(0.5, 2);
    expect(ss.mean(normals)).toBeCloseTo(0, 2);
    expect(ss.sampleStandardDeviation(normals)).toBeCloseTo(1, 2);
    expect(ss.sampleKurtosis(normals)).toBeCloseTo(0, 0);
    // Truncation at ±7 trims a little of a t(4)'s variance; its tails stay far heavier than a normal's.
    expect(ss.sampleStandardDeviation(students)).toBeGreaterThan(0.9);
    expect(ss.sampleStandardDeviation(students)).toBeLessThan(1.02);
    expect(ss.sampleKurtosis(students)).toBeGreaterThan(3);
    expect(ss.max(students.map(Math.abs))).toBeLessThanOrEqual(7);
  });
});

describe('the market model', () => {
  it('builds every token and the market index in well under two seconds', () => {
    const started = performance.now();
    const market = new SandboxMarket('timing', TODAY);
    expect(market.tokens.length).toBeGreaterThanOrEqual(100);
    market.totalMarketCap();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  const market = new SandboxMarket('tm-sandbox', TODAY);
  const bitcoin = market.tokens[0];
  if (!bitcoin) throw new Error('no tokens');

  it('is deterministic for a seed', () => {
    const twin = new SandboxMarket('tm-sandbox', TODAY);
    const other = new SandboxMarket('other', TODAY);
    expect(twin.history(bitcoin).close).toEqual(market.history(bitcoin).close);
    expect(other.history(bitcoin).close).not.toEqual(market.history(bitcoin).close);
  });

  it('passes every token through its indicative price on the anchor date', () => {
    const anchor = market.indexOf(parseDay(ANCHOR_DATE) ?? Number.NaN);
    for (const token of market.tokens) {
      expect(Math.abs((market.history(token).close[anchor] ?? 0) / token.anchorPrice - 1)).toBeLessThan(1e-9);
    }
  });

  it('switches between bull and bear regimes, bear markets being more volatile', () => {
    const { bull, returns } = market.factor;
    const runs = runLengths(bull);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.some((r) => r.value === 1) && runs.some((r) => r.value === 0)).toBe(true);
    const all = Array.from(returns);
    const bullDays = all.filter((_, t) => bull[t] === 1);
    const bearDays = all.filter((_, t) => bull[t] === 0);
    expect(ss.sampleStandardDeviation(bearDays)).toBeGreaterThan(ss.sampleStandardDeviation(bullDays));
    expect(ss.mean(bearDays)).toBeLessThan(ss.mean(bullDays));
  });

  it('has fat-tailed daily returns', () => {
    const pooled = market.tokens.slice(0, 20).flatMap((token) => {
      const returns = logReturns(market.history(token).close);
      const deviation = ss.sampleStandardDeviation(returns);
      return returns.map((r) => r / deviation);
    });
    expect(ss.sampleKurtosis(pooled)).toBeGreaterThan(1);
    expect(ss.sampleKurtosis(logReturns(market.history(bitcoin).close))).toBeGreaterThan(1);
  });

  it('has crypto-like volatility: Bitcoin 30–100 % a year, the typical token more', () => {
    const annualVolatility = (closes: ArrayLike<number>) => ss.sampleStandardDeviation(logReturns(closes)) * Math.sqrt(365);
    const bitcoinVolatility = annualVolatility(market.history(bitcoin).close);
    expect(bitcoinVolatility).toBeGreaterThan(0.3);
    expect(bitcoinVolatility).toBeLessThan(1);
    const others = market.tokens.slice(1).map((token) => annualVolatility(market.history(token).close));
    expect(ss.median(others)).toBeGreaterThan(bitcoinVolatility);
    expect(ss.max(others)).toBeLessThan(3);
  });

  it('makes tokens move together through the market factor', () => {
    const top = market.tokens.slice(0, 15).map((token) => logReturns(market.history(token).close));
    const pairs = top.flatMap((a, i) => top.slice(i + 1).map((b) => ss.sampleCorrelation(a, b)));
    expect(ss.mean(pairs)).toBeGreaterThan(0.4);
    expect(ss.min(pairs)).toBeGreaterThan(0);
  });

  it('keeps candles consistent and volumes positive', () => {
    for (const token of market.tokens) {
      const { open, high, low, close, volume } = market.history(token);
      for (let t = 0; t < close.length; t += 1) {
        const [o, h, l, c, v] = [open[t] ?? 0, high[t] ?? 0, low[t] ?? 0, close[t] ?? 0, volume[t] ?? 0];
        if (!(l <= Math.min(o, c) && h >= Math.max(o, c) && l > 0 && v > 0))
          throw new Error(`${token.symbol} day ${t}: ${o} ${h} ${l} ${c} ${v}`);
      }
    }
  });
});
