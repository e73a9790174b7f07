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
  fragment S on BriefStatement { section kind text follows figures { name value } inputs { id source operation token field value date } }`;

type Statement = {
  section: string;
  kind: string;
  text: string;
  follows: string | null;
  figures: { name: string; value: number }[];
  inputs: BriefInput[];
};

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
  const [capNow] = pick('marketIndicator', 'TOTAL_CRYPTO_MCAP', day);
  const [capBefore] = pick('marketIndicator', 'TOTAL_CRYPTO_MCAP', addDays(day, -1));
  /** The market's move, when the statement cites it. */
  const market: Record<string, number> = capNow && capBefore ? { marketChangePct: pctChange(capNow.value, capBefore.value) } : {};
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
        ...market,
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
      return { correlation: pick('correlations', 'CORRELATION')[0]!.value, ...market };
    case 'investor-grade-range': {
      const today = closes(day);
      const before = closes(addDays(day, -1));
      const changes = [...today].map(([symbol, close]) => ({ symbol, changePct: pctChange(close, before.get(symbol)!) }));
      const { symbol: token, changePct } = changes.sort((a, b) => a.changePct - b.changePct)[0]!;
      const grades = ins.filter((i) => i.operation === 'investorGrades');
      return { changePct, grade: grades.find((i) => i.token === token)!.value, averageGrade: avg(grades.map((i) => i.value)) };
    }
    case 'sentiment':
      return { average: avg(ins.filter((i) => i.operation === 'sentiments').map((i) => i.value)), ...market };
    case 'week-performance': {
      const today = closes(day);
      const before = closes(addDays(day, -7));
      return { averageChangePct: avg([...today].map(([token, close]) => pctChange(close, before.get(token)!))), ...market };
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
      return { ...out, ...market };
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

type Checkable = Pick<Statement, 'kind' | 'text' | 'figures'> & { section: string; follows?: string | null; inputIds: string[] };

/** The percentage written right before `phrase`, e.g. "6.27% below resistance". */
function percentBefore(text: string, phrase: string): number | undefined {
  const found = new RegExp(`([+−]?)(\\d+\\.\\d+)% ${phrase}`).exec(text);
  return found ? Number(found[2]) * (found[1] === '−' ? -1 : 1) : undefined;
}

/** Checks every direction and comparison a statement states against the figures it cites. */
function checkDirections(statement: Checkable, all: readonly Checkable[]): void {
  const figure = (name: string): number => {
    const found = statement.figures.find((f) => f.name === name);
    if (!found) throw new Error(`${statement.kind} states no figure ${name}: ${statement.text}`);
    return found.value;
  };
  const { text, kind } = statement;
  const marketMentioned = /the market(?:'s| is)/.test(text) || kind === 'btc-eth-correlation' || kind === 'week-performance';
  if (marketMentioned) {
    const m = figure('marketChangePct');
    if (/market is up|With the market up/.test(text)) expect(m, text).toBeGreaterThanOrEqual(0);
    if (/market is down|With the market down/.test(text)) expect(m, text).toBeLessThan(0);
  }
  if (statement.section === 'WHY_IT_MATTERS') {
    const cause = all.find((other) => other.section === 'WHAT_CHANGED' && other.kind === statement.follows);
    expect(cause, `${kind} follows a what-changed statement`).toBeDefined();
    for (const id of cause?.inputIds ?? []) expect(statement.inputIds, `${kind} cites ${statement.follows}`).toContain(id);
  }
  switch (kind) {
    case 'market-cap':
      expect(Math.sign(percentBefore(text, 'in a day') ?? Number.NaN), text).toBe(Math.sign(figure('changePct')) || 1);
      break;
    case 'market-signal':
      if (/although/.test(text)) expect(figure('signal') > 0, text).not.toBe(figure('marketChangePct') >= 0);
      break;
    case 'top-gainer':
      expect(/gained most/.test(text), text).toBe(figure('changePct') >= 0);
      break;
    case 'top-loser':
      expect(/fell most/.test(text), text).toBe(figure('changePct') < 0);
      break;
    case 'levels': {
      const below = percentBefore(text, 'below resistance');
      if (below !== undefined) expect(below, text).toBeCloseTo(figure('toResistancePct'), 2);
      if (below !== undefined) expect(figure('resistance'), text).toBeGreaterThan(figure('price'));
      const above = percentBefore(text, 'above support');
      if (above !== undefined) expect(above, text).toBeCloseTo(-figure('toSupportPct'), 2);
      if (above !== undefined) expect(figure('support'), text).toBeLessThanOrEqual(figure('price'));
      // The market statement, if any: a breakdown on a rising day (or the reverse) must say so.
      const marketChange = all.find((other) => other.kind === 'market-cap')?.figures.find((f) => f.name === 'changePct')?.value;
      const contradicts =
        marketChange !== undefined &&
        ((/below every support/.test(text) && marketChange >= 0) || (/above every resistance/.test(text) && marketChange < 0));
      expect(/against the market's/.test(text), text).toBe(contradicts);
      if (contradicts) expect(figure('marketChangePct')).toBeCloseTo(marketChange, 6);
      break;
    }
    case 'prediction':
      expect(/above today's close/.test(text), text).toBe(figure('changePct') >= 0);
      break;
    case 'btc-eth-correlation':
      expect(/closely/.test(text), text).toBe(Math.abs(figure('correlation')) >= 0.7);
      break;
    case 'investor-grade-range':
      expect(/, above the average/.test(text), text).toBe(figure('grade') >= figure('averageGrade'));
      break;
    case 'sentiment': {
      const average = figure('average');
      const m = figure('marketChangePct');
      if (/in line with/.test(text)) expect((average >= 55 && m >= 0) || (average <= 45 && m < 0), text).toBe(true);
      if (/at odds with/.test(text)) expect((average >= 55 && m < 0) || (average <= 45 && m >= 0), text).toBe(true);
      break;
    }
    case 'week-performance':
      expect(/extends/.test(text), text).toBe(figure('averageChangePct') >= 0 === figure('marketChangePct') >= 0);
      break;
    default:
      break;
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

  it('states every direction and comparison as its figures have it, and every why follows a what', async () => {
    for (const currency of ['EUR', 'USD']) {
      for (const offset of [0, -1, -2, -5]) {
        const { data, statements } = await brief({ currency, date: addDays(gw.today(), offset) });
        const checkable = statements.map((s) => ({ ...s, inputIds: s.inputs.map((i) => i.id) }));
        expect(data.whyItMatters.length).toBeGreaterThan(0);
        for (const statement of checkable) checkDirections(statement, checkable);
      }
    }
  });

  it('remarks a token below every support on a rising day instead of stating both unremarked', () => {
    const day = '2026-03-10';
    const input = (operation: string, token: string | null, field: string, value: number, date: string | null): BriefInput => ({
      id: `${operation}:${token ?? '-'}:${field}:${date ?? '-'}`,
      source: 'crypto-analytics',
      operation,
      token,
      field,
      value,
      date,
    });
    const inputs = [
      input('marketIndicator', null, 'TOTAL_CRYPTO_MCAP', 102, day),
      input('marketIndicator', null, 'TOTAL_CRYPTO_MCAP', 100, '2026-03-09'),
      input('tokenPrices', 'BTC', 'CLOSE', 57_315, day),
      input('tokenPrices', 'BTC', 'CLOSE', 58_000, '2026-03-09'),
      input('tokenPrices', 'ETH', 'CLOSE', 3000, day),
      input('tokenPrices', 'ETH', 'CLOSE', 2900, '2026-03-09'),
      input('resistanceSupport', 'BTC', 'RESISTANCE_1', 60_907, null),
      input('resistanceSupport', 'BTC', 'SUPPORT_1', 59_000, null),
    ];
    const composed = composeBrief(inputs, day, 'USD');
    const levels = composed.statements.find((s) => s.kind === 'levels');
    expect(levels?.text).toBe(
      "BTC at $57,315 is 6.27% below resistance at $60,907 and below every support of the past year, against the market's +2.00% day.",
    );
    expect(levels?.inputIds).toEqual(expect.arrayContaining(['marketIndicator:-:TOTAL_CRYPTO_MCAP:2026-03-10']));
    expect(composed.statements.find((s) => s.kind === 'top-gainer')?.text).toContain('ETH gained most');
    expect(composed.statements.find((s) => s.kind === 'top-loser')?.text).toContain('BTC fell most');
    for (const statement of composed.statements) checkDirections(statement, composed.statements);
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
