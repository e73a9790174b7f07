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

/**
 * Each statement kind's wording, as compose-brief.ts writes it, with the words and numbers the
 * checks below read captured. A statement worded otherwise fails the test rather than skipping
 * its checks: a rewording must come with the test's reading of it.
 */
const WORDING: Readonly<Record<string, RegExp>> = {
  'market-cap': /^The total crypto market cap moved ([+−])\d+\.\d+% in a day, to .+\.$/,
  'market-signal':
    /^The market signal (?:stayed|turned) (?:bullish|bearish|neutral)(, although the market is (?:up|down) [+−]\d+\.\d+% today)?\.$/,
  'top-gainer': /^\S+ (gained most|fell least) among the \d+ largest tokens: [+−]\d+\.\d+% in a day\.$/,
  'top-loser': /^\S+ (rose least|fell most): [+−]\d+\.\d+% in a day\.$/,
  'btc-eth-correlation':
    /^With the market (?:up|down) [+−]\d+\.\d+%, Bitcoin and Ether move (closely|loosely|hardly) together \(correlation −?-?\d+\.\d\d\), so holding both spreads (?:little|some) of such a move\.$/,
  'investor-grade-range':
    /^\S+ (?:rose least|fell most) \([+−]\d+\.\d+%\) and grades \d+\.\d for long-term holders, (above|below) the average of \d+\.\d: [^.]+\.$/,
  sentiment:
    /^Average sentiment is \d+\.\d of 100 \((?:optimistic|fearful|undecided)\), (in line with|at odds with|neither confirming nor contradicting) the market's [+−]\d+\.\d+% day\.$/,
  'week-performance': /^Today's [+−]\d+\.\d+% (extends|runs against) a week in which the largest tokens moved [+−]\d+\.\d+% on average\.$/,
  levels:
    /^\S+ at .+? is (?:(\d+\.\d+)% below resistance at .+?|above every resistance of the past year) and (?:(\d+\.\d+)% above support at .+?|below every support of the past year)(, against the market's [+−]\d+\.\d+% day)?\.$/,
  prediction: /^The forecast puts \S+ at .+ tomorrow, \d+\.\d+% (above|below) today's close\.$/,
};

/** The market's move wherever a statement states it: a direction word, or the signed percentage. */
const MARKET_MOVE = /(?:market is|With the market) (up|down) ([+−]\d+\.\d+)%|the market's ([+−]\d+\.\d+)% day|^Today's ([+−]\d+\.\d+)%/;

/** A percentage as written ("−1.25"), as a number. */
const signed = (written: string): number => Number(written.replace('−', '-').replace('+', ''));

/** Checks every direction and comparison a statement states against the figures it cites. */
function checkDirections(statement: Checkable, all: readonly Checkable[]): void {
  const figure = (name: string): number => {
    const found = statement.figures.find((f) => f.name === name);
    if (!found) throw new Error(`${statement.kind} states no figure ${name}: ${statement.text}`);
    return found.value;
  };
  const { text, kind } = statement;
  const move = MARKET_MOVE.exec(text);
  const citesMarket = statement.figures.some((f) => f.name === 'marketChangePct');
  expect(move !== null, `${kind} states the market's move exactly when it cites marketChangePct: ${text}`).toBe(citesMarket);
  if (move) {
    const m = figure('marketChangePct');
    if (move[1]) expect(move[1], text).toBe(m >= 0 ? 'up' : 'down');
    expect(Math.abs(signed(move[2] ?? move[3] ?? move[4] ?? '') - m), text).toBeLessThanOrEqual(0.0051);
  }
  if (statement.section === 'WHY_IT_MATTERS') {
    const cause = all.find((other) => other.section === 'WHAT_CHANGED' && other.kind === statement.follows);
    expect(cause, `${kind} follows a what-changed statement`).toBeDefined();
    for (const id of cause?.inputIds ?? []) expect(statement.inputIds, `${kind} cites ${statement.follows}`).toContain(id);
  }
  const pattern = WORDING[kind];
  if (!pattern) return;
  const words = pattern.exec(text) ?? expect.fail(`${kind} is worded as this test cannot read (see compose-brief.ts): ${text}`);
  switch (kind) {
    case 'market-cap':
      expect(words[1] === '+', text).toBe(figure('changePct') >= 0);
      break;
    case 'market-signal':
      if (words[1]) expect(figure('signal') > 0, text).not.toBe(figure('marketChangePct') >= 0);
      break;
    case 'top-gainer':
      expect(words[1] === 'gained most', text).toBe(figure('changePct') >= 0);
      break;
    case 'top-loser':
      expect(words[1] === 'fell most', text).toBe(figure('changePct') < 0);
      break;
    case 'levels': {
      const [, below, above, against] = words;
      expect(below !== undefined, `${text}: a resistance above is stated with its distance`).toBe(
        statement.figures.some((f) => f.name === 'resistance'),
      );
      if (below !== undefined) {
        expect(Number(below), text).toBeCloseTo(figure('toResistancePct'), 2);
        expect(figure('resistance'), text).toBeGreaterThan(figure('price'));
      }
      expect(above !== undefined, `${text}: a support below is stated with its distance`).toBe(
        statement.figures.some((f) => f.name === 'support'),
      );
      if (above !== undefined) {
        expect(Number(above), text).toBeCloseTo(-figure('toSupportPct'), 2);
        expect(figure('support'), text).toBeLessThanOrEqual(figure('price'));
      }
      // The market statement, if any: a breakdown on a rising day (or the reverse) must say so.
      const marketChange = all.find((other) => other.kind === 'market-cap')?.figures.find((f) => f.name === 'changePct')?.value;
      const contradicts =
        marketChange !== undefined && ((above === undefined && marketChange >= 0) || (below === undefined && marketChange < 0));
      expect(against !== undefined, text).toBe(contradicts);
      if (contradicts) expect(figure('marketChangePct')).toBeCloseTo(marketChange, 6);
      break;
    }
    case 'prediction':
      expect(words[1] === 'above', text).toBe(figure('changePct') >= 0);
      break;
    case 'btc-eth-correlation':
      expect(words[1] === 'closely', text).toBe(Math.abs(figure('correlation')) >= 0.7);
      break;
    case 'investor-grade-range':
      expect(words[1] === 'above', text).toBe(figure('grade') >= figure('averageGrade'));
      break;
    case 'sentiment': {
      const average = figure('average');
      const m = figure('marketChangePct');
      const agrees = (average >= 55 && m >= 0) || (average <= 45 && m < 0);
      const expected = average > 45 && average < 55 ? 'neither confirming nor contradicting' : agrees ? 'in line with' : 'at odds with';
      expect(words[1], text).toBe(expected);
      break;
    }
    case 'week-performance':
      expect(words[1] === 'extends', text).toBe(figure('averageChangePct') >= 0 === figure('marketChangePct') >= 0);
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
