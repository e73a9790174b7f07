/**
 * Gathers the brief's inputs: for the ten largest tokens of the day, a week of closes, grades,
 * signals and sentiment; for Bitcoin and Ether, levels, predictions, correlation and scenarios;
 * the market indicator and index weights (A); the SigmaUSD bank's reserve ratio (B); and the
 * rate into the reader's currency (D). Each operation is asked once, for all tokens at once.
 */
import type { GatewayContext } from '../../context.js';
import { badInput } from '../../errors.js';
import { PIVOT_CURRENCY } from '../money/rate-loader.js';
import type { CryptoEnvelope, TokenRecordWire } from '../../interfaces/crypto-analytics/wire.js';
import type { QueryValue } from '../../upstream/query-string.js';
import { type BriefInput, inputId } from './brief-types.js';
import { addDays } from '../../days.js';

export const UNIVERSE_SIZE = 10;
/** Bitcoin and Ether, by their Token Metrics ids. */
const MAJORS = [3375, 3306];

type Row = TokenRecordWire;

const dayOf = (row: Row): string | null => (typeof row.DATE === 'string' ? row.DATE.slice(0, 10) : null);

class InputLedger {
  readonly inputs: BriefInput[] = [];
  private readonly seen = new Set<string>();

  /** Records one number; text that is a number counts (int64 values arrive as strings). */
  add(source: BriefInput['source'], operation: string, token: string | null, field: string, raw: unknown, date: string | null): void {
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    const id = inputId(operation, token, field, date);
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.inputs.push({ id, source, operation, token, field, value, date });
  }

  /** Records fields of a crypto-analytics row, about its token unless told otherwise. */
  row(operation: string, row: Row, fields: readonly string[], token: string | null = row.TOKEN_SYMBOL): void {
    for (const field of fields) this.add('crypto-analytics', operation, token, field, row[field], dayOf(row));
  }
}

async function crypto(context: GatewayContext, path: string, query: Record<string, QueryValue>): Promise<Row[]> {
  return (await context.upstream.get<CryptoEnvelope<Row>>('crypto-analytics', path, query)).data;
}

function ids(values: readonly number[]): string[] {
  return values.map(String);
}

/** The newest row per token on or before `day` (rows come newest first). */
function latestPerToken(rows: readonly Row[], day: string): Row[] {
  const chosen = new Map<number, Row>();
  for (const row of rows) {
    const rowDay = dayOf(row);
    if (rowDay !== null && rowDay > day) continue;
    if (!chosen.has(row.TOKEN_ID)) chosen.set(row.TOKEN_ID, row);
  }
  return [...chosen.values()];
}

/** Collects every input of the brief for `day`, converted figures using `currency`. */
export async function collectBriefInputs(context: GatewayContext, day: string, currency: string): Promise<BriefInput[]> {
  const universe = await crypto(context, '/v1/price', { startDate: day, endDate: day, limit: UNIVERSE_SIZE });
  if (universe.length === 0) throw badInput('date', 'a day the crypto-analytics interface has prices for', day);
  const tokens = ids(universe.map((row) => row.TOKEN_ID));
  const majors = ids(MAJORS);
  const [prices, investor, trader, signals, sentiment, market, levels, predictions, correlations, scenarios, index, bank, rates] =
    await Promise.all([
      crypto(context, '/v1/price', { tokens, startDate: addDays(day, -7), endDate: day, limit: 1000 }),
      crypto(context, '/v1/investor-grades', { tokens, startDate: day, endDate: day }),
      crypto(context, '/v1/trader-grades', { tokens, startDate: day, endDate: day }),
      crypto(context, '/v1/trading-indicator', { tokens, limit: 1000 }),
      crypto(context, '/v1/sentiments', { tokens, startDate: day, endDate: day }),
      crypto(context, '/v1/market-indicator', { startDate: addDays(day, -1), endDate: day }),
      crypto(context, '/v1/resistance-support', { tokens: majors, endDate: day }),
      crypto(context, '/v1/price-prediction', { tokens: majors, date: day }),
      crypto(context, '/v1/correlation', { tokens: [String(MAJORS[0])], limit: 1000 }),
      crypto(context, '/v1/scenario-analysis', { tokens: [String(MAJORS[0])] }),
      crypto(context, '/v1/indices', { endDate: day }),
      context.upstream.get<Record<string, unknown>>('blockchain-utility', '/stablecoin/info'),
      context.loaders.rates.load(PIVOT_CURRENCY),
    ]);
  const ledger = new InputLedger();
  const weekDays = new Set([day, addDays(day, -1), addDays(day, -7)]);
  for (const row of prices) if (weekDays.has(dayOf(row) ?? '')) ledger.row('tokenPrices', row, ['CLOSE']);
  for (const row of investor) ledger.row('investorGrades', row, ['TM_INVESTOR_GRADE']);
  for (const row of trader) ledger.row('traderGrades', row, ['TM_TRADER_GRADE']);
  for (const row of latestPerToken(signals, day)) ledger.row('tradingIndicators', row, ['TRADING_SIGNAL']);
  for (const row of sentiment) ledger.row('sentiments', row, ['SENTIMENT_INDEX']);
  for (const row of market) ledger.row('marketIndicator', row, ['TOTAL_CRYPTO_MCAP', 'TM_GRADE_SIGNAL'], null);
  // Every level of the latest window, so the composer can pick the nearest ones around the price.
  levels.forEach((row, index) =>
    ledger.add('crypto-analytics', 'resistanceSupport', row.TOKEN_SYMBOL, `${String(row.LEVEL_TYPE)}#${index + 1}`, row.LEVEL, dayOf(row)),
  );
  const nextDay = addDays(day, 1);
  for (const row of predictions) if (dayOf(row) === nextDay) ledger.row('pricePredictions', row, ['CLOSE']);
  const btcEth = correlations.find((row) => row.TOKEN_2_SYMBOL === 'ETH');
  if (btcEth) ledger.row('correlations', btcEth, ['CORRELATION'], 'BTC/ETH');
  scenarios.forEach((row, index) =>
    ledger.add('crypto-analytics', 'scenarioAnalysis', row.TOKEN_SYMBOL, `PREDICTION#${index + 1}`, row.PREDICTION, dayOf(row)),
  );
  const rebalancing = index[0] ? dayOf(index[0]) : null;
  for (const row of index.filter((candidate) => dayOf(candidate) === rebalancing).slice(0, 3)) ledger.row('indices', row, ['BL_WEIGHT']);
  ledger.add('blockchain-utility', 'stablecoinState', 'SigUSD', 'reserveRatio', bank.reserveRatio, null);
  const rate = currency === rates.base ? 1 : rates.rates[currency];
  if (rate === undefined) throw badInput('currency', 'a currency the country-data interface has rates for', currency);
  ledger.add('country-data', 'exchangeRates', null, `${rates.base}/${currency}`, rate, rates.date);
  return ledger.inputs;
}
