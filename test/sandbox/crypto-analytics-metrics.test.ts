/**
 * Recomputes the sandbox's quantitative metrics, correlations, grades and market indicator
 * independently (simple-statistics) from the sandbox's own price history, fetched over HTTP.
 */
import * as ss from 'simple-statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TECHNOLOGY_SCORES } from '../../src/sandbox/crypto-analytics/grades.js';
import {
  type Candle,
  type CryptoAnalyticsSandbox,
  day,
  expectClose,
  indexOfDay,
  startCryptoAnalyticsSandbox,
  TODAY,
  type Token,
} from '../support/crypto-analytics-sandbox.js';

let sandbox: CryptoAnalyticsSandbox;
let tokens: Token[];
const histories = new Map<number, Candle[]>();

/** A token's whole history, oldest first, fetched once for the whole file. */
async function history(id: number): Promise<Candle[]> {
  const known = histories.get(id);
  if (known) return known;
  const candles = await sandbox.history(id);
  histories.set(id, candles);
  return candles;
}

function tokenBySymbol(symbol: string): Token {
  const token = tokens.find((t) => t.TOKEN_SYMBOL === symbol);
  if (!token) throw new Error(`no ${symbol}`);
  return token;
}

const closesOf = (candles: Candle[]) => candles.map((c) => c.CLOSE);
const simpleReturns = (closes: number[]) => closes.slice(1).map((c, i) => c / (closes[i] ?? Number.NaN) - 1);
const logReturns = (closes: number[]) => closes.slice(1).map((c, i) => Math.log(c / (closes[i] ?? Number.NaN)));
const clamp = (x: number, low: number, high: number) => Math.min(high, Math.max(low, x));

/** Market cap of every token summed per day, from each day's prices and circulating supplies. */
async function totalCapsBetween(startDate: string, endDate: string): Promise<Map<string, number>> {
  const supply = new Map(tokens.map((t) => [t.TOKEN_ID, t.CIRCULATING_SUPPLY]));
  const totals = new Map<string, number>();
  for (let page = 0; ; page += 1) {
    const rows = await sandbox.records<Candle>(
      'tokenPrices',
      `/v1/price?startDate=${startDate}&endDate=${endDate}&limit=10000&page=${page}`,
    );
    for (const row of rows) totals.set(day(row), (totals.get(day(row)) ?? 0) + row.CLOSE * (supply.get(row.TOKEN_ID) ?? Number.NaN));
    if (rows.length < 10000) return totals;
  }
}

beforeAll(async () => {
  sandbox = await startCryptoAnalyticsSandbox();
  tokens = await sandbox.records<Token>('tokens', '/v1/tokens');
});

afterAll(async () => {
  await sandbox.close();
});

const SAMPLE = ['BTC', 'ETH', 'DOGE', 'BAL'];

describe('quantitative metrics, tier 1', () => {
  it.each(SAMPLE)('%s: volatility, Sharpe, Sortino, CAGR, cumulative return and drawdown over the whole history', async (symbol) => {
    const token = tokenBySymbol(symbol);
    const closes = closesOf(await history(token.TOKEN_ID));
    const returns = simpleReturns(closes);
    const [metrics] = await sandbox.records('quantMetricsTier1', `/v1/quantitative-tier-1?tokens=${token.TOKEN_ID}`);
    const volatility = ss.sampleStandardDeviation(returns) * Math.sqrt(365);
    const downside = Math.sqrt(ss.mean(returns.map((r) => Math.min(r, 0) ** 2))) * Math.sqrt(365);
    const growth = (closes.at(-1) ?? 0) / (closes[0] ?? 1);
    let peak = 0;
    let drawdown = 0;
    for (const close of closes) {
      peak = Math.max(peak, close);
      drawdown = Math.min(drawdown, close / peak - 1);
    }
    expect(metrics).toMatchObject({ START_PERIOD: '2021-01-01', END_PERIOD: TODAY });
    expectClose(metrics?.VOLATILITY, volatility);
    expectClose(metrics?.SHARPE, (ss.mean(returns) * 365) / volatility);
    expectClose(metrics?.SORTINO, (ss.mean(returns) * 365) / downside);
    expectClose(metrics?.CUMULATIVE_RETURN, growth - 1);
    expectClose(metrics?.CAGR, growth ** (365 / returns.length) - 1);
    expectClose(metrics?.MAX_DRAWDOWN, drawdown);
  });

  it("beta is the regression slope on the cap-weighted market built from every token's prices", async () => {
    const asOf = '2021-05-01';
    const totals = [...(await totalCapsBetween('2021-01-01', asOf)).entries()].sort(([a], [b]) => a.localeCompare(b));
    const market = simpleReturns(totals.map(([, total]) => total));
    for (const symbol of SAMPLE) {
      const token = tokenBySymbol(symbol);
      const candles = await history(token.TOKEN_ID);
      const own = simpleReturns(closesOf(candles.slice(0, indexOfDay(candles, asOf) + 1)));
      expect(own).toHaveLength(market.length);
      const [metrics] = await sandbox.records('quantMetricsTier1', `/v1/quantitative-tier-1?tokens=${token.TOKEN_ID}&date=${asOf}`);
      expectClose(metrics?.BETA, ss.linearRegression(market.map((m, i) => [m, own[i] ?? Number.NaN])).m, 1e-8);
    }
    // The same totals are the market indicator's TOTAL_CRYPTO_MCAP.
    const indicator = await sandbox.records('marketIndicator', `/v1/market-indicator?startDate=2021-04-01&endDate=${asOf}`);
    const byDay = new Map(totals);
    expect(indicator).toHaveLength(31);
    for (const row of indicator) expectClose(row.TOTAL_CRYPTO_MCAP, byDay.get(String(row.DATE).slice(0, 10)) ?? Number.NaN, 1e-12);
  });

  it('small caps are more volatile and have higher betas than Bitcoin', async () => {
    const all = await sandbox.records('quantMetricsTier1', '/v1/quantitative-tier-1?limit=200');
    const btc = all.find((r) => r.TOKEN_SYMBOL === 'BTC');
    const rest = all.filter((r) => r.TOKEN_SYMBOL !== 'BTC');
    expect(ss.median(rest.map((r) => Number(r.VOLATILITY)))).toBeGreaterThan(Number(btc?.VOLATILITY));
    expect(ss.median(rest.map((r) => Number(r.BETA)))).toBeGreaterThan(Number(btc?.BETA));
  });
});

describe('quantitative metrics, tier 2', () => {
  const cases = SAMPLE.flatMap(
    (symbol) =>
      [
        [symbol, TODAY],
        [symbol, '2023-06-15'],
      ] as Array<[string, string]>,
  );
  it.each(cases)('%s as of %s: daily and calendar-month statistics', async (symbol, asOf) => {
    const token = tokenBySymbol(symbol);
    const all = await history(token.TOKEN_ID);
    const candles = all.slice(0, indexOfDay(all, asOf) + 1);
    const closes = closesOf(candles);
    const daily = simpleReturns(closes);
    const months: Array<{ month: string; value: number }> = [];
    let base = 0;
    candles.forEach((candle, i) => {
      const next = candles[i + 1];
      if (next && day(next).slice(0, 7) === day(candle).slice(0, 7)) return;
      months.push({ month: day(candle).slice(0, 7), value: candle.CLOSE / (closes[base] ?? 1) - 1 });
      base = i;
    });
    const monthly = months.map((m) => m.value);
    const [metrics] = await sandbox.records('quantMetricsTier2', `/v1/quantitative-tier-2?tokens=${token.TOKEN_ID}&date=${asOf}`);
    expectClose(metrics?.AVG_DAILY_RETURN, ss.mean(daily));
    expectClose(metrics?.STD_DAILY_RETURN, ss.sampleStandardDeviation(daily));
    expect(metrics?.MAX_DAILY_RETURN).toBe(ss.max(daily));
    expect(metrics?.MIN_DAILY_RETURN).toBe(ss.min(daily));
    expect(metrics?.BEST_DAY).toBe(day(candles[daily.indexOf(ss.max(daily)) + 1]));
    expect(metrics?.WORST_DAY).toBe(day(candles[daily.indexOf(ss.min(daily)) + 1]));
    expectClose(metrics?.AVG_MONTHLY_RETURN, ss.mean(monthly));
    expectClose(metrics?.STD_MONTHLY_RETURN, ss.sampleStandardDeviation(monthly));
    expect(metrics?.MAX_MONTHLY_RETURN).toBe(ss.max(monthly));
    expect(metrics?.MIN_MONTHLY_RETURN).toBe(ss.min(monthly));
    expect(metrics?.BEST_MONTH).toBe(months[monthly.indexOf(ss.max(monthly))]?.month);
    expect(metrics?.WORST_MONTH).toBe(months[monthly.indexOf(ss.min(monthly))]?.month);
    expectClose(metrics?.AVG_UP_MONTH, ss.mean(monthly.filter((v) => v > 0)));
    expectClose(metrics?.AVG_DOWN_MONTH, ss.mean(monthly.filter((v) => v < 0)));
  });
});

describe('correlations', () => {
  it('are Pearson correlations of the last 365 daily log returns, strongest first', async () => {
    const btc = tokenBySymbol('BTC');
    const rows = await sandbox.records('correlations', `/v1/correlation?tokens=${btc.TOKEN_ID}`);
    expect(rows).toHaveLength(tokens.length - 1);
    expect(rows.some((r) => r.TOKEN_2_ID === btc.TOKEN_ID)).toBe(false);
    const values = rows.map((r) => Number(r.CORRELATION));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const own = logReturns(closesOf(await history(btc.TOKEN_ID)).slice(-366));
    for (const symbol of ['ETH', 'DOGE', 'BAL']) {
      const other = tokenBySymbol(symbol);
      const theirs = logReturns(closesOf(await history(other.TOKEN_ID)).slice(-366));
      const row = rows.find((r) => r.TOKEN_2_ID === other.TOKEN_ID);
      expect(row).toMatchObject({ TOKEN_2_SYMBOL: symbol, DATE: `${TODAY}T00:00:00.000Z` });
      expectClose(row?.CORRELATION, ss.sampleCorrelation(own, theirs));
    }
    // A common market factor makes crypto assets move together.
    expect(ss.median(values)).toBeGreaterThan(0.3);
  });

  it('are symmetric', async () => {
    const [btc, eth] = [tokenBySymbol('BTC'), tokenBySymbol('ETH')];
    const fromBtc = (await sandbox.records('correlations', `/v1/correlation?tokens=${btc.TOKEN_ID}`)).find(
      (r) => r.TOKEN_2_ID === eth.TOKEN_ID,
    );
    const fromEth = (await sandbox.records('correlations', `/v1/correlation?tokens=${eth.TOKEN_ID}`)).find(
      (r) => r.TOKEN_2_ID === btc.TOKEN_ID,
    );
    expectClose(fromBtc?.CORRELATION, Number(fromEth?.CORRELATION), 1e-12);
  });
});

describe('grades', () => {
  const cases = ['BTC', 'DOGE', 'BAL'].flatMap(
    (symbol) =>
      [
        [symbol, TODAY],
        [symbol, '2024-03-15'],
        [symbol, '2021-04-01'],
      ] as Array<[string, string]>,
  );

  it.each(cases)('%s trader grades on %s: RSI14, trend against SMA50, 90-day Sharpe', async (symbol, date) => {
    const token = tokenBySymbol(symbol);
    const candles = await history(token.TOKEN_ID);
    const closes = closesOf(candles);
    const t = indexOfDay(candles, date);
    const changes = closes
      .slice(t - 14, t + 1)
      .slice(1)
      .map((c, k) => c - (closes[t - 14 + k] ?? Number.NaN));
    const gains = ss.sum(changes.filter((c) => c > 0));
    const losses = -ss.sum(changes.filter((c) => c < 0));
    const rsi = (100 * gains) / (gains + losses);
    const close = closes[t] ?? Number.NaN;
    const trend = 50 * (1 + Math.tanh(5 * Math.log(close / ss.mean(closes.slice(t - 49, t + 1)))));
    const window = simpleReturns(closes.slice(t - 90, t + 1));
    expect(window).toHaveLength(90);
    const sharpe = (ss.mean(window) / ss.sampleStandardDeviation(window)) * Math.sqrt(365);
    const ta = (rsi + trend) / 2;
    const quant = 50 * (1 + Math.tanh(sharpe / 2));
    const [grade] = await sandbox.records('traderGrades', `/v1/trader-grades?tokens=${token.TOKEN_ID}&startDate=${date}&endDate=${date}`);
    expectClose(grade?.TA_GRADE, ta);
    expectClose(grade?.QUANT_GRADE, quant);
    expectClose(grade?.TM_TRADER_GRADE, (ta + quant) / 2);
  });

  it.each(
    ['BTC', 'DOGE', 'BAL'].flatMap(
      (s) =>
        [
          [s, TODAY],
          [s, '2023-01-15'],
          [s, '2021-06-01'],
        ] as Array<[string, string]>,
    ),
  )('%s investor grades on %s: size, liquidity, technology, valuation against SMA365', async (symbol, date) => {
    const token = tokenBySymbol(symbol);
    const candles = await history(token.TOKEN_ID);
    const closes = closesOf(candles);
    const t = indexOfDay(candles, date);
    const close = closes[t] ?? Number.NaN;
    const cap = close * token.CIRCULATING_SUPPLY;
    const size = 100 * clamp((Math.log10(cap) - 7) / 5, 0, 1);
    const turnover = ss.mean(candles.slice(t - 29, t + 1).map((c) => c.VOLUME)) / cap;
    const fundamental = (size + 100 * clamp((Math.log10(turnover) + 3) / 2.5, 0, 1)) / 2;
    const technology = TECHNOLOGY_SCORES[token.CATEGORY];
    const valuation = t >= 364 ? 50 * (1 - Math.tanh(Math.log(close / ss.mean(closes.slice(t - 364, t + 1))))) : null;
    const [grade] = await sandbox.records(
      'investorGrades',
      `/v1/investor-grades?tokens=${token.TOKEN_ID}&startDate=${date}&endDate=${date}`,
    );
    expectClose(grade?.FUNDAMENTAL_GRADE, fundamental);
    expect(grade?.TECHNOLOGY_GRADE).toBe(technology);
    if (valuation === null) {
      expect(grade?.VALUATION_GRADE).toBeNull();
      expectClose(grade?.TM_INVESTOR_GRADE, (0.4 * fundamental + 0.2 * technology) / 0.6);
    } else {
      expectClose(grade?.VALUATION_GRADE, valuation);
      expectClose(grade?.TM_INVESTOR_GRADE, 0.4 * fundamental + 0.2 * technology + 0.4 * valuation);
    }
  });
});

describe('market indicator', () => {
  it.each([TODAY, '2024-03-15', '2022-07-01'])('on %s: share of high trader grades, signal and last signal', async (date) => {
    const grades = await sandbox.records('traderGrades', `/v1/trader-grades?startDate=${date}&endDate=${date}`);
    expect(grades).toHaveLength(tokens.length);
    const share = (100 * grades.filter((g) => Number(g.TM_TRADER_GRADE) >= 65).length) / tokens.length;
    const signal = share >= 50 ? 1 : share <= 15 ? -1 : 0;
    const series = (await sandbox.records('marketIndicator', `/v1/market-indicator?endDate=${date}&limit=10000`)).reverse();
    const today = series.at(-1);
    expect(String(today?.DATE).slice(0, 10)).toBe(date);
    expectClose(today?.TM_GRADE_PERC_HIGH_COINS, share, 1e-12);
    expect(today?.TM_GRADE_SIGNAL).toBe(signal);
    const lastNonZero = [...series].reverse().find((row) => row.TM_GRADE_SIGNAL !== 0)?.TM_GRADE_SIGNAL ?? 0;
    expect(today?.LAST_TM_GRADE_SIGNAL).toBe(lastNonZero);
    const totals = await totalCapsBetween(date, date);
    expectClose(today?.TOTAL_CRYPTO_MCAP, totals.get(date) ?? Number.NaN, 1e-12);
  });

  it('gives both bullish and bearish days over the history (the regimes show)', async () => {
    const signals = (await sandbox.records('marketIndicator', '/v1/market-indicator?limit=10000')).map((r) => r.TM_GRADE_SIGNAL);
    expect(signals).toContain(1);
    expect(signals).toContain(-1);
    expect(signals).toContain(0);
  });
});
