/**
 * Recomputes the sandbox's rule-based outputs independently from its own price history:
 * trading signals, resistance and support levels, Holt forecasts, sentiment, scenarios and
 * index weights.
 */
import * as ss from 'simple-statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/gateway/days.js';
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

function idOf(symbol: string): number {
  const token = tokens.find((t) => t.TOKEN_SYMBOL === symbol);
  if (!token) throw new Error(`no ${symbol}`);
  return token.TOKEN_ID;
}

const at = (values: number[], i: number) => values[i] ?? Number.NaN;

beforeAll(async () => {
  sandbox = await startCryptoAnalyticsSandbox();
  tokens = await sandbox.records<Token>('tokens', '/v1/tokens');
});

afterAll(async () => {
  await sandbox.close();
});

describe('trading indicator', () => {
  it.each(['BTC', 'SOL', 'PEPE'])('%s: every change of the SMA20/SMA50 crossover state, with its averages', async (symbol) => {
    const id = idOf(symbol);
    const candles = await sandbox.history(id);
    const closes = candles.map((c) => c.CLOSE);
    const expected: Array<{ date: string; signal: number; fast: number; slow: number }> = [];
    let previous: number | undefined;
    for (let t = 49; t < closes.length; t += 1) {
      const fast = ss.mean(closes.slice(t - 19, t + 1));
      const slow = ss.mean(closes.slice(t - 49, t + 1));
      const close = at(closes, t);
      const signal = fast > slow && close > slow ? 1 : fast < slow && close < slow ? -1 : 0;
      if (signal !== previous) expected.push({ date: day(candles[t]), signal, fast, slow });
      previous = signal;
    }
    const changes = (await sandbox.records('tradingIndicators', `/v1/trading-indicator?tokens=${id}&limit=10000`)).reverse();
    expect(changes.map((c) => [day(c), c.TRADING_SIGNAL])).toEqual(expected.map((e) => [e.date, e.signal]));
    changes.forEach((change, i) => {
      expectClose(change.FAST_MA, expected[i]?.fast ?? Number.NaN);
      expectClose(change.SLOW_MA, expected[i]?.slow ?? Number.NaN);
      expect(change.CLOSE).toBe(candles[indexOfDay(candles, day(change))]?.CLOSE);
    });
    expect(expected.length).toBeGreaterThan(10);
  });
});

/** Pivots of radius 5 clustered within 3 % in log space; clusters of two or more are levels. */
function expectedLevels(candles: Candle[], from: number, to: number) {
  const pivots: Array<{ price: number; date: string }> = [];
  for (let i = from + 5; i <= to - 5; i += 1) {
    const around = candles.slice(i - 5, i + 6);
    const candle = candles[i] as Candle;
    if (candle.HIGH === Math.max(...around.map((c) => c.HIGH))) pivots.push({ price: candle.HIGH, date: day(candle) });
    if (candle.LOW === Math.min(...around.map((c) => c.LOW))) pivots.push({ price: candle.LOW, date: day(candle) });
  }
  pivots.sort((a, b) => a.price - b.price);
  const groups: Array<typeof pivots> = [];
  for (const pivot of pivots) {
    const current = groups.at(-1);
    if (current?.[0] && Math.log(pivot.price / current[0].price) <= 0.03) current.push(pivot);
    else groups.push([pivot]);
  }
  const lastClose = (candles[to] as Candle).CLOSE;
  return groups
    .filter((group) => group.length >= 2)
    .map((group) => {
      const level = ss.mean(group.map((p) => p.price));
      return {
        level,
        type: level > lastClose ? 'RESISTANCE' : 'SUPPORT',
        touches: group.length,
        last: group
          .map((p) => p.date)
          .sort()
          .at(-1),
      };
    })
    .sort((a, b) => b.level - a.level);
}

describe('resistance and support', () => {
  it.each([
    ['BTC', undefined, undefined],
    ['ETH', '2023-01-01', '2023-12-31'],
    ['DOGE', undefined, '2025-03-31'],
  ])('%s from %s to %s: clustered pivot highs and lows', async (symbol, startDate, endDate) => {
    const id = idOf(symbol);
    const candles = await sandbox.history(id);
    const to = indexOfDay(candles, endDate ?? TODAY);
    const from = startDate ? indexOfDay(candles, startDate) : to - 364;
    const query = [startDate && `startDate=${startDate}`, endDate && `endDate=${endDate}`].filter(Boolean).join('&');
    const levels = await sandbox.records('resistanceSupport', `/v1/resistance-support?tokens=${id}&${query}`);
    const expected = expectedLevels(candles, from, to);
    expect(expected.length).toBeGreaterThan(2);
    expect(levels.map((l) => [l.LEVEL_TYPE, l.TOUCHES, l.LAST_TOUCH_DATE, day(l)])).toEqual(
      expected.map((e) => [e.type, e.touches, e.last, endDate ?? TODAY]),
    );
    for (const [i, level] of levels.entries()) expectClose(level.LEVEL, expected[i]?.level ?? Number.NaN);
    expect(levels.some((l) => l.LEVEL_TYPE === 'SUPPORT') || levels.every((l) => Number(l.LEVEL) > (candles[to]?.CLOSE ?? 0))).toBe(true);
  });
});

describe('price prediction', () => {
  it.each([
    ['BTC', TODAY],
    ['ETH', '2024-08-31'],
    ['BAL', '2022-02-01'],
  ])('%s as of %s: Holt linear smoothing of log closes, seven days', async (symbol, asOf) => {
    const id = idOf(symbol);
    const candles = await sandbox.history(id);
    const t = indexOfDay(candles, asOf);
    const logs = candles.slice(Math.max(0, t - 364), t + 1).map((c) => Math.log(c.CLOSE));
    let level = at(logs, 0);
    let trend = at(logs, 1) - at(logs, 0);
    for (let k = 1; k < logs.length; k += 1) {
      const previous = level;
      level = 0.3 * at(logs, k) + 0.7 * (level + trend);
      trend = 0.05 * (level - previous) + 0.95 * trend;
    }
    const recent = candles.slice(t - 29, t + 1);
    const upper = ss.mean(recent.map((c) => Math.log(c.HIGH / Math.max(c.OPEN, c.CLOSE))));
    const lower = ss.mean(recent.map((c) => Math.log(Math.min(c.OPEN, c.CLOSE) / c.LOW)));
    const predictions = await sandbox.records('pricePredictions', `/v1/price-prediction?tokens=${id}&date=${asOf}`);
    expect(predictions).toHaveLength(7);
    let open = (candles[t] as Candle).CLOSE;
    predictions.forEach((p, i) => {
      const close = Math.exp(level + (i + 1) * trend);
      expect(p).toMatchObject({ FORECAST_DATE: asOf, FORECAST_HORIZON_DAYS: i + 1, FORECAST_MODEL: 'holt-linear-log-close' });
      expect(day(p)).toBe(addDays(asOf, i + 1));
      expectClose(p.CLOSE, close);
      expectClose(p.OPEN, open);
      expectClose(p.HIGH, Math.max(open, close) * Math.exp(upper));
      expectClose(p.LOW, Math.min(open, close) * Math.exp(-lower));
      expectClose(p.VOLUME, ss.mean(recent.map((c) => c.VOLUME)));
      open = close;
    });
  });
});

describe('sentiment', () => {
  it.each([
    ['BTC', TODAY],
    ['WIF', '2023-09-09'],
    ['ETH', '2021-01-15'],
  ])('%s on %s: momentum proxies per channel', async (symbol, date) => {
    const id = idOf(symbol);
    const candles = await sandbox.history(id);
    const t = indexOfDay(candles, date);
    const momentum = (lag: number, gain: number) =>
      Math.tanh(gain * Math.log((candles[t] as Candle).CLOSE / (candles[t - lag] as Candle).CLOSE));
    const [twitter, telegram, reddit] = [momentum(3, 10), momentum(7, 7), momentum(14, 5)];
    const polarity = ss.mean([twitter, telegram, reddit]);
    const [row] = await sandbox.records('sentiments', `/v1/sentiments?tokens=${id}&startDate=${date}&endDate=${date}`);
    expectClose(row?.POLARITY_TWITTER, twitter);
    expectClose(row?.POLARITY_TELEGRAM, telegram);
    expectClose(row?.POLARITY_REDDIT, reddit);
    expectClose(row?.POLARITY_INDEX, polarity);
    expectClose(row?.SENTIMENT_INDEX, 50 * (1 + polarity));
  });
});

/** Closes of every token on one day, by token id. */
async function closesOn(date: string): Promise<Map<number, number>> {
  const rows = await sandbox.records<Candle>('tokenPrices', `/v1/price?startDate=${date}&endDate=${date}&limit=1000`);
  return new Map(rows.map((r) => [r.TOKEN_ID, r.CLOSE]));
}

describe('scenario analysis', () => {
  it.each(['BTC', 'ETH', 'BAL'])('%s: price = dominance x total market cap / supply over 15 scenarios', async (symbol) => {
    const id = idOf(symbol);
    const closes = await closesOn(TODAY);
    const caps = new Map(tokens.map((t) => [t.TOKEN_ID, (closes.get(t.TOKEN_ID) ?? Number.NaN) * t.CIRCULATING_SUPPLY]));
    const total = ss.sum([...caps.values()]);
    const supply = tokens.find((t) => t.TOKEN_ID === id)?.CIRCULATING_SUPPLY ?? Number.NaN;
    const dominance = (100 * (caps.get(id) ?? Number.NaN)) / total;
    const rows = await sandbox.records('scenarioAnalysis', `/v1/scenario-analysis?tokens=${id}`);
    const expected = [0.5, 1, 2, 3, 5].flatMap((m) =>
      [0.5, 1, 2].map((d) => ({ cap: total * m, dominance: Math.min(100, dominance * d) })),
    );
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, i) => {
      const scenario = expected[i] ?? { cap: Number.NaN, dominance: Number.NaN };
      expect(row.CURRENT_PRICE).toBe(closes.get(id));
      expectClose(row.CURRENT_DOMINANCE, dominance, 1e-12);
      expectClose(row.TOTAL_MARKET_CAP, scenario.cap, 1e-12);
      expectClose(row.DOMINANCE, scenario.dominance, 1e-12);
      expectClose(row.PREDICTION, ((scenario.dominance / 100) * scenario.cap) / supply, 1e-12);
    });
    // The unchanged scenario reproduces today's price.
    expectClose(rows[4]?.PREDICTION, closes.get(id) ?? Number.NaN, 1e-12);
  });
});

/** Cap weights capped at `cap`, excess shared pro rata among the rest until none exceeds it. */
function cappedWeights(caps: number[], cap: number): number[] {
  let weights = caps.map((c) => c / ss.sum(caps));
  const fixed = new Set<number>();
  while (weights.some((w, i) => !fixed.has(i) && w > cap)) {
    weights.forEach((w, i) => {
      if (w > cap) fixed.add(i);
    });
    const freeTotal = ss.sum(caps.filter((_, i) => !fixed.has(i)));
    weights = caps.map((c, i) => (fixed.has(i) ? cap : ((1 - fixed.size * cap) * c) / freeTotal));
  }
  return weights;
}

describe('indices', () => {
  it.each([
    ['large caps on every exchange', '', 0, undefined],
    ['low caps', '&lowCap=true', 20, undefined],
    ['large caps on kraken or okx', '&exchanges=kraken,okx', 0, ['kraken', 'okx']],
    ['low caps on coinbase', '&lowCap=true&exchanges=coinbase', 20, ['coinbase']],
  ] as Array<[string, string, number, string[] | undefined]>)(
    '%s: capped cap weights on the rebalancing day',
    async (_name, query, skip, exchanges) => {
      const date = '2026-11-01';
      const closes = await closesOn(date);
      const eligible = tokens
        .map((t) => ({ token: t, exchange: exchanges ? exchanges.find((e) => t.EXCHANGE_LIST.includes(e)) : t.EXCHANGE_LIST[0] }))
        .filter((e) => e.exchange !== undefined)
        .map((e) => ({ ...e, cap: (closes.get(e.token.TOKEN_ID) ?? Number.NaN) * e.token.CIRCULATING_SUPPLY }))
        .sort((a, b) => b.cap - a.cap)
        .slice(skip, skip + (skip ? 30 : 20));
      const weights = cappedWeights(
        eligible.map((e) => e.cap),
        0.25,
      );
      const rows = await sandbox.records('indices', `/v1/indices?startDate=${date}&endDate=${date}${query}`);
      expect(rows).toHaveLength(eligible.length);
      expectClose(ss.sum(rows.map((r) => Number(r.BL_WEIGHT))), 1, 1e-12);
      for (const [i, entry] of eligible.entries()) {
        const row = rows.find((r) => r.TOKEN_ID === entry.token.TOKEN_ID);
        expect(row).toMatchObject({ EXCHANGE: entry.exchange, INITIAL_PRICE: closes.get(entry.token.TOKEN_ID) });
        expect(day(row)).toBe(date);
        expectClose(row?.BL_WEIGHT, weights[i] ?? Number.NaN, 1e-12);
        expect(Number(row?.BL_WEIGHT)).toBeLessThanOrEqual(0.25 + 1e-12);
      }
      const byWeight = rows.map((r) => Number(r.BL_WEIGHT));
      expect([...byWeight].sort((a, b) => b - a)).toEqual(byWeight);
    },
  );
});
