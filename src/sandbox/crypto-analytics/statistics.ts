/**
 * The textbook statistics every analytic rests on. The sandbox runs without dev dependencies,
 * so these are written out here; the tests recompute them with simple-statistics.
 */

/** Element `i`, or NaN when out of range, so a wrong index shows up as NaN, not as 0. */
export function valueAt(values: ArrayLike<number>, index: number): number {
  return values[index] ?? Number.NaN;
}

export function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i += 1) total += valueAt(values, i);
  return total;
}

/** Arithmetic mean; NaN for no values. */
export function mean(values: ArrayLike<number>): number {
  return values.length === 0 ? Number.NaN : sum(values) / values.length;
}

/** Sample covariance (n - 1 in the denominator). */
export function sampleCovariance(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return Number.NaN;
  const meanX = mean(xs);
  const meanY = mean(ys);
  let total = 0;
  for (let i = 0; i < n; i += 1) total += (valueAt(xs, i) - meanX) * (valueAt(ys, i) - meanY);
  return total / (n - 1);
}

/** Sample variance (n - 1 in the denominator). */
export function sampleVariance(values: ArrayLike<number>): number {
  return sampleCovariance(values, values);
}

/** Sample standard deviation. */
export function sampleStandardDeviation(values: ArrayLike<number>): number {
  return Math.sqrt(sampleVariance(values));
}

/** Pearson's correlation coefficient; NaN when either series is constant. */
export function pearsonCorrelation(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  return sampleCovariance(xs, ys) / (sampleStandardDeviation(xs) * sampleStandardDeviation(ys));
}

/** Simple daily returns P_t / P_{t-1} - 1 of a price series (one fewer than prices). */
export function simpleReturns(prices: ArrayLike<number>): Float64Array {
  const returns = new Float64Array(Math.max(0, prices.length - 1));
  for (let t = 1; t < prices.length; t += 1) returns[t - 1] = valueAt(prices, t) / valueAt(prices, t - 1) - 1;
  return returns;
}

/** Log returns ln(P_t / P_{t-1}) of a price series (one fewer than prices). */
export function logReturns(prices: ArrayLike<number>): Float64Array {
  const returns = new Float64Array(Math.max(0, prices.length - 1));
  for (let t = 1; t < prices.length; t += 1) returns[t - 1] = Math.log(valueAt(prices, t) / valueAt(prices, t - 1));
  return returns;
}

/**
 * Mean of each trailing window of `length` values (NaN until the first full window), kept as a
 * running sum so a whole series costs one pass.
 */
export function rollingMean(values: ArrayLike<number>, length: number): Float64Array {
  const means = new Float64Array(values.length).fill(Number.NaN);
  let total = 0;
  for (let i = 0; i < values.length; i += 1) {
    total += valueAt(values, i);
    if (i >= length) total -= valueAt(values, i - length);
    if (i >= length - 1) means[i] = total / length;
  }
  return means;
}

/** The largest peak-to-trough fall, as a fraction of the peak (0 or negative). */
export function maxDrawdown(prices: ArrayLike<number>): number {
  let peak = Number.NEGATIVE_INFINITY;
  let worst = 0;
  for (let i = 0; i < prices.length; i += 1) {
    const price = valueAt(prices, i);
    peak = Math.max(peak, price);
    worst = Math.min(worst, price / peak - 1);
  }
  return worst;
}

/** Index of the largest (or, with `sign` -1, smallest) value; the first one on ties. */
export function indexOfExtreme(values: ArrayLike<number>, sign: 1 | -1): number {
  let best = -1;
  for (let i = 0; i < values.length; i += 1) {
    if (best < 0 || sign * valueAt(values, i) > sign * valueAt(values, best)) best = i;
  }
  return best;
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
