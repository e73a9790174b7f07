import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeBrief } from './compose-brief.js';
import type { BriefInput } from './brief-types.js';
import { addDays } from '../../days.js';
import { startTestGateway, type TestGateway } from '../../../../test/support/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const BRIEF = `query Brief($date: Date, $currency: CurrencyCode) { cryptoBrief(date: $date, currency: $currency) {
  date currency headline inputCount
  inputs { id source operation token field value date }
  whatChanged { ...S } whyItMatters { ...S } whatToWatch { ...S } } }
  fragment S on BriefStatement { section kind text figures { name value } inputs { id source operation token field value date } }`;

type Statement = { section: string; kind: string; text: string; figures: { name: string; value: number }[]; inputs: BriefInput[] };

async function brief(variables: Record<string, unknown> = {}) {
  const result = await gw.query(BRIEF, { variables });
  expect(result.errors).toBeUndefined();
  const data: Record<string, any> = result.data?.cryptoBrief ?? {};
  const statements: Statement[] = [...data.whatChanged, ...data.whyItMatters, ...data.whatToWatch];
  return { data, statements };
}

const pctChange = (now: number, before: number) => (now / before - 1) * 100;
const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** An independent recomputation of each statement kind's figures from its own inputs. */
function recompute(statement: Statement, day: string): Record<string, number> {
  const ins = statement.inputs;
  const rate = ins.find((i) => i.operation === 'exchangeRates')?.value ?? 1;
  const pick = (operation: string, field: string, date?: string, token?: string | null) =>
    ins.filter(
      (i) =>
        i.operation === operation &&
        i.field === field &&
        (date === undefined || i.date === date) &&
        (token === undefined || i.token === token),
    );
  const closes = (date: string) => new Map(pick('tokenPrices', 'CLOSE', date).map((i) => [i.token, i.value]));
  switch (statement.kind) {
    case 'market-cap': {
      const [now] = pick('marketIndicator', 'TOTAL_CRYPTO_MCAP', day);
      const [before] = pick('marketIndicator', 'TOTAL_CRYPTO_MCAP', addDays(day, -1));
      return { changePct: pctChange(now!.value, before!.value), marketCap: now!.value * rate };
    }
    case 'market-signal':
      return {
        signal: pick('marketIndicator', 'TM_GRADE_SIGNAL', day)[0]!.value,
        previousSignal: pick('marketIndicator', 'TM_GRADE_SIGNAL', addDays(day, -1))[0]!.value,
      };
    case 'top-gainer':
    case 'top-loser': {
      const today = closes(day);
      const before = closes(addDays(day, -1));
      const changes = [...today].map(([token, close]) => pctChange(close, before.get(token)!));
      return { changePct: statement.kind === 'top-gainer' ? Math.max(...changes) : Math.min(...changes) };
    }
    case 'signal-breadth':
      return { longs: ins.filter((i) => i.value === 1).length, shorts: ins.filter((i) => i.value === -1).length };
    case 'btc-eth-correlation':
      return { correlation: ins[0]!.value };
    case 'investor-grade-range':
      return { best: Math.max(...ins.map((i) => i.value)), worst: Math.min(...ins.map((i) => i.value)) };
    case 'sentiment':
      return { average: avg(ins.map((i) => i.value)) };
    case 'week-performance': {
      const today = closes(day);
      const before = closes(addDays(day, -7));
      return { averageChangePct: avg([...today].map(([token, close]) => pctChange(close, before.get(token)!))) };
    }
    case 'stablecoin-health':
      return { reserveRatio: ins[0]!.value };
    case 'levels': {
      const close = pick('tokenPrices', 'CLOSE', day)[0]!.value;
      const levels = ins.filter((i) => i.operation === 'resistanceSupport');
      const above = levels.filter((i) => i.field.startsWith('RESISTANCE') && i.value > close).map((i) => i.value);
      const below = levels.filter((i) => i.field.startsWith('SUPPORT') && i.value <= close).map((i) => i.value);
      const out: Record<string, number> = { price: close * rate };
      if (above.length)
        Object.assign(out, { resistance: Math.min(...above) * rate, toResistancePct: pctChange(Math.min(...above), close) });
      if (below.length) Object.assign(out, { support: Math.max(...below) * rate, toSupportPct: pctChange(Math.max(...below), close) });
      return out;
    }
    case 'prediction': {
      const predicted = pick('pricePredictions', 'CLOSE')[0]!.value;
      const close = pick('tokenPrices', 'CLOSE', day)[0]!.value;
      return { predicted: predicted * rate, changePct: pctChange(predicted, close) };
    }
    case 'trader-grade-leader':
      return { best: Math.max(...ins.map((i) => i.value)) };
    case 'scenario-range': {
      const values = ins.filter((i) => i.operation === 'scenarioAnalysis').map((i) => i.value);
      return { low: Math.min(...values) * rate, high: Math.max(...values) * rate };
    }
    case 'index-leader':
      return { weightPct: Math.max(...ins.map((i) => i.value)) * 100 };
    default:
      throw new Error(`no recomputation for statement kind ${statement.kind}`);
  }
}

describe('cryptoBrief', () => {
  it('rests on at least 50 inputs from crypto-analytics, blockchain-utility and country-data', async () => {
    const { data, statements } = await brief({ currency: 'EUR' });
    expect(data.inputCount).toBeGreaterThanOrEqual(50);
    expect(data.inputCount).toBe(data.inputs.length);
    expect(new Set(data.inputs.map((i: BriefInput) => i.source))).toEqual(
      new Set(['crypto-analytics', 'blockchain-utility', 'country-data']),
    );
    expect(data.whatChanged.length).toBeGreaterThan(0);
    expect(data.whyItMatters.length).toBeGreaterThan(0);
    expect(data.whatToWatch.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement.inputs.length, statement.kind).toBeGreaterThan(0);
    const used = new Set(statements.flatMap((s) => s.inputs.map((i) => i.id)));
    expect(used.size).toBeGreaterThanOrEqual(50);
  });

  it('states only numbers that recompute from the inputs each statement lists', async () => {
    const { data, statements } = await brief({ currency: 'JPY' });
    expect(statements.length).toBeGreaterThanOrEqual(10);
    for (const statement of statements) {
      const expected = recompute(statement, data.date);
      const stated = Object.fromEntries(statement.figures.map((f) => [f.name, f.value]));
      expect(Object.keys(stated).sort(), statement.kind).toEqual(Object.keys(expected).sort());
      for (const [name, value] of Object.entries(expected)) expect(stated[name], `${statement.kind}.${name}`).toBeCloseTo(value, 6);
    }
  });

  it('gives the same brief for the same inputs, and states amounts in the chosen currency', async () => {
    const day = addDays(gw.today(), -3);
    const first = await brief({ date: day, currency: 'GBP' });
    const second = await brief({ date: day, currency: 'GBP' });
    expect(second.data).toEqual(first.data);
    expect(first.data.date).toBe(day);
    expect(first.data.currency).toBe('GBP');
    const recomposed = composeBrief(first.data.inputs, day, 'GBP');
    expect(recomposed.headline).toBe(first.data.headline);
    expect(recomposed.statements.map((s) => s.text)).toEqual(first.statements.map((s) => s.text));
    expect(first.data.headline).toContain('£');
  });

  it.each([
    ['a malformed date', () => '{ cryptoBrief(date: "22/11/2026") { headline } }'],
    ['a future date', () => `{ cryptoBrief(date: "${addDays(gw.today(), 2)}") { headline } }`],
    ['a malformed currency', () => '{ cryptoBrief(currency: "EURO") { headline } }'],
  ])('refuses %s with BAD_USER_INPUT before any upstream request', async (_what, queryOf) => {
    const query = queryOf();
    const before = Object.values(gw.sandboxes).reduce((sum, sandbox) => sum + (sandbox?.requests.length ?? 0), 0);
    const result = await gw.query(query);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const after = Object.values(gw.sandboxes).reduce((sum, sandbox) => sum + (sandbox?.requests.length ?? 0), 0);
    expect(after).toBe(before);
  });
});
