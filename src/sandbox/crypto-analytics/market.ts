/**
 * The sandbox market: the token universe with a generated daily history from a fixed start
 * date up to "today". Histories are generated per token on first use and kept, as is anything
 * derived from them, so a request pays only for what it touches.
 *
 * The history starts on a fixed date (not "today minus N days") so a given seed gives the same
 * price for a given day whatever day the sandbox runs on; moving "today" only extends it.
 */
import { formatDay, parseDay } from './calendar.js';
import { generateMarketFactor, generateTokenHistory, type MarketFactor, type PriceHistory } from './market-model.js';
import { TOKEN_UNIVERSE, type TokenInfo } from './token-universe.js';

/** First day of the sandbox history. */
export const HISTORY_START = '2021-01-01';
/** The day on which each token's close equals its indicative price. */
export const ANCHOR_DATE = '2025-11-22';
/** "Today" must leave at least three years of history. */
export const MIN_HISTORY_DAYS = 3 * 365 + 1;

function dayOrThrow(text: string): number {
  const day = parseDay(text);
  if (day === undefined) throw new TypeError(`${text} is not a YYYY-MM-DD date`);
  return day;
}

export class SandboxMarket {
  readonly firstDay = dayOrThrow(HISTORY_START);
  /** "Today": the last day of the history. */
  readonly lastDay: number;
  readonly tokens: readonly TokenInfo[] = TOKEN_UNIVERSE;
  private readonly anchorDay = dayOrThrow(ANCHOR_DATE);
  private readonly byId = new Map(TOKEN_UNIVERSE.map((token) => [token.id, token]));
  private readonly cache = new Map<string, unknown>();
  private factorPath: MarketFactor | undefined;

  /**
   * @param seed any text; the same seed gives the same market.
   * @param today day number of the last day of the history.
   */
  constructor(
    readonly seed: string,
    today: number,
  ) {
    if (today - this.firstDay + 1 < MIN_HISTORY_DAYS) {
      throw new RangeError(`today (${formatDay(today)}) must leave at least three years of history after ${HISTORY_START}`);
    }
    this.lastDay = today;
  }

  /** Number of days in the history. */
  get dayCount(): number {
    return this.lastDay - this.firstDay + 1;
  }

  /** Index into the history arrays of a day number. */
  indexOf(day: number): number {
    return day - this.firstDay;
  }

  /** Day number of a history index. */
  dayAt(index: number): number {
    return this.firstDay + index;
  }

  token(id: number): TokenInfo | undefined {
    return this.byId.get(id);
  }

  /** The market factor and regimes (exposed for the model tests and documentation). */
  get factor(): MarketFactor {
    if (!this.factorPath) {
      // Generated through the anchor date even when "today" is earlier, so the anchoring holds.
      const generatedDays = Math.max(this.lastDay, this.anchorDay) - this.firstDay + 1;
      this.factorPath = generateMarketFactor(this.seed, generatedDays);
    }
    return this.factorPath;
  }

  /** A token's daily OHLCV from the first day to today. */
  history(token: TokenInfo): PriceHistory {
    return this.cached(`history:${token.id}`, () => {
      const full = generateTokenHistory(this.seed, token, this.factor, this.indexOf(this.anchorDay));
      const days = this.dayCount;
      return {
        open: full.open.subarray(0, days),
        high: full.high.subarray(0, days),
        low: full.low.subarray(0, days),
        close: full.close.subarray(0, days),
        volume: full.volume.subarray(0, days),
      };
    });
  }

  /** Market cap (close x circulating supply) of a token on each day. */
  marketCaps(token: TokenInfo): Float64Array {
    return this.cached(`market-cap:${token.id}`, () => this.history(token).close.map((close) => close * token.supply));
  }

  /**
   * Total market cap of the sandbox universe on each day. With constant supplies its daily
   * change is exactly the return of a cap-weighted index of all tokens: the market for beta.
   */
  totalMarketCap(): Float64Array {
    return this.cached('total-market-cap', () => {
      const total = new Float64Array(this.dayCount);
      for (const token of this.tokens) {
        const caps = this.marketCaps(token);
        for (let t = 0; t < total.length; t += 1) total[t] = (total[t] ?? 0) + (caps[t] ?? 0);
      }
      return total;
    });
  }

  /** Memoises anything derived from the market under a key (histories, grade series, ...). */
  cached<T>(key: string, compute: () => T): T {
    if (this.cache.has(key)) return this.cache.get(key) as T;
    const value = compute();
    this.cache.set(key, value);
    return value;
  }
}
