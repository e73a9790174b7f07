/**
 * Resistance and support levels from clustered local extrema of the daily candles in a window.
 *
 * 1. Pivots: day i is a pivot high when its HIGH is the largest of days i-5 .. i+5, a pivot
 *    low when its LOW is the smallest of days i-5 .. i+5 (only days whose whole neighbourhood
 *    lies in the window count, so the last five days cannot be pivots yet).
 * 2. Clusters: the pivot prices, highs and lows together, sorted ascending; a cluster starts at
 *    its lowest price and takes every next price within 3 % of it (ln(p / first) <= 0.03).
 * 3. Levels: each cluster of at least two pivots is a level at the arithmetic mean of its
 *    prices, with its number of touches and the day of its latest pivot. A level above the
 *    window's last close is RESISTANCE, otherwise SUPPORT. Highest level first.
 */
import { formatDay } from './calendar.js';
import type { SandboxMarket } from './market.js';
import { mean, valueAt } from './statistics.js';
import type { TokenInfo } from './token-universe.js';

export const PIVOT_RADIUS = 5;
export const CLUSTER_TOLERANCE = 0.03;
export const MIN_TOUCHES = 2;
/** The window when the caller gives no start date. */
export const DEFAULT_LEVEL_LOOKBACK_DAYS = 365;

export type LevelType = 'RESISTANCE' | 'SUPPORT';

export interface LevelValues {
  LEVEL: number;
  LEVEL_TYPE: LevelType;
  TOUCHES: number;
  LAST_TOUCH_DATE: string;
}

interface Pivot {
  price: number;
  index: number;
}

function isExtreme(values: Float64Array, i: number, sign: 1 | -1): boolean {
  for (let k = i - PIVOT_RADIUS; k <= i + PIVOT_RADIUS; k += 1) {
    if (sign * valueAt(values, k) > sign * valueAt(values, i)) return false;
  }
  return true;
}

function pivots(highs: Float64Array, lows: Float64Array, from: number, to: number): Pivot[] {
  const found: Pivot[] = [];
  for (let i = from + PIVOT_RADIUS; i <= to - PIVOT_RADIUS; i += 1) {
    if (isExtreme(highs, i, 1)) found.push({ price: valueAt(highs, i), index: i });
    if (isExtreme(lows, i, -1)) found.push({ price: valueAt(lows, i), index: i });
  }
  return found;
}

function clusters(points: Pivot[]): Pivot[][] {
  const sorted = [...points].sort((a, b) => a.price - b.price);
  const groups: Pivot[][] = [];
  let current: Pivot[] = [];
  for (const point of sorted) {
    const first = current[0];
    if (first && Math.log(point.price / first.price) <= CLUSTER_TOLERANCE) {
      current.push(point);
    } else {
      if (current.length > 0) groups.push(current);
      current = [point];
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Levels of a token from the candles of history indices `from` .. `to`, highest first. */
export function resistanceSupportLevels(market: SandboxMarket, token: TokenInfo, from: number, to: number): LevelValues[] {
  const { high, low, close } = market.history(token);
  const lastClose = valueAt(close, to);
  return clusters(pivots(high, low, from, to))
    .filter((group) => group.length >= MIN_TOUCHES)
    .map((group) => {
      const level = mean(group.map((p) => p.price));
      const lastTouch = Math.max(...group.map((p) => p.index));
      return {
        LEVEL: level,
        LEVEL_TYPE: level > lastClose ? ('RESISTANCE' as const) : ('SUPPORT' as const),
        TOUCHES: group.length,
        LAST_TOUCH_DATE: formatDay(market.dayAt(lastTouch)),
      };
    })
    .sort((a, b) => b.LEVEL - a.LEVEL);
}
