/**
 * Composes the daily brief from its inputs alone, so the same inputs always give the same brief
 * and every stated number can be recomputed from the inputs a statement lists. Each statement
 * kind is computed one way:
 * - market-cap: change = (cap today / cap yesterday − 1) × 100; cap shown in the reader's currency.
 * - market-signal: the market indicator's signal today, and whether it differs from yesterday's.
 * - top-gainer / top-loser: the largest and smallest one-day close change among the tokens.
 * - signal-breadth: how many tokens have a long (1) and a short (−1) trading signal.
 * - btc-eth-correlation, stablecoin-health, index-leader: the input itself (weight in percent).
 * - investor-grade-range, trader-grade-leader: highest and lowest grade.
 * - sentiment: the mean sentiment index; week-performance: the mean seven-day close change.
 * - levels: the nearest resistance above and support below the close (where there is one), and
 *   their distances in percent of the close.
 * - prediction: the predicted close for the next day and its change from today's close.
 * - scenario-range: the lowest and highest scenario prices.
 */
import type { BriefFigure, BriefInput, BriefSection, BriefStatement, CryptoBrief } from './brief-types.js';
import { addDays } from '../../days.js';

/** The SigmaUSD protocol lets SigUSD be minted only between these reserve ratios (percent). */
const RESERVE_BAND = { low: 400, high: 800 };

const pct = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}%`;
const change = (now: number, before: number): number => (now / before - 1) * 100;
const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
/** Highest value first; ties in token order, so the same inputs always rank the same way. */
const byValueThenToken = (a: BriefInput, b: BriefInput): number => b.value - a.value || (a.token ?? '').localeCompare(b.token ?? '');
const signalWord = (signal: number): string => (signal > 0 ? 'bullish' : signal < 0 ? 'bearish' : 'neutral');

class Inputs {
  constructor(private readonly all: readonly BriefInput[]) {}

  find(operation: string, token: string | null, field: string, date?: string): BriefInput | undefined {
    return this.all.find(
      (input) =>
        input.operation === operation && input.token === token && input.field === field && (date === undefined || input.date === date),
    );
  }

  where(predicate: (input: BriefInput) => boolean): BriefInput[] {
    return this.all.filter(predicate);
  }
}

function statement(
  section: BriefSection,
  kind: string,
  text: string,
  figures: Record<string, number>,
  used: readonly BriefInput[],
): BriefStatement {
  const list: BriefFigure[] = Object.entries(figures).map(([name, value]) => ({ name, value }));
  return { section, kind, text, figures: list, inputIds: [...new Set(used.map((input) => input.id))] };
}

/** Composes the brief for `day` with amounts in `currency`. */
export function composeBrief(all: readonly BriefInput[], day: string, currency: string): CryptoBrief {
  const inputs = new Inputs(all);
  const yesterday = addDays(day, -1);
  const rateInput = inputs.where((input) => input.operation === 'exchangeRates')[0];
  const rate = rateInput?.value ?? 1;
  const money = (usd: number): string =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: usd * rate >= 100 ? 0 : 4 }).format(usd * rate);
  const withRate = (used: BriefInput[]): BriefInput[] => (rateInput ? [...used, rateInput] : used);
  const statements: BriefStatement[] = [];
  const tokens = [...new Set(inputs.where((i) => i.operation === 'tokenPrices' && i.date === day).map((i) => i.token ?? ''))];

  const capToday = inputs.find('marketIndicator', null, 'TOTAL_CRYPTO_MCAP', day);
  const capBefore = inputs.find('marketIndicator', null, 'TOTAL_CRYPTO_MCAP', yesterday);
  let headline = `Crypto brief for ${day}`;
  if (capToday && capBefore) {
    const changePct = change(capToday.value, capBefore.value);
    headline = `Crypto market ${changePct >= 0 ? 'up' : 'down'} ${pct(changePct)} to ${money(capToday.value)}`;
    statements.push(
      statement(
        'WHAT_CHANGED',
        'market-cap',
        `The total crypto market cap moved ${pct(changePct)} in a day, to ${money(capToday.value)}.`,
        { changePct, marketCap: capToday.value * rate },
        withRate([capToday, capBefore]),
      ),
    );
  }
  const signalToday = inputs.find('marketIndicator', null, 'TM_GRADE_SIGNAL', day);
  const signalBefore = inputs.find('marketIndicator', null, 'TM_GRADE_SIGNAL', yesterday);
  if (signalToday && signalBefore) {
    const verb = signalToday.value === signalBefore.value ? 'stayed' : 'turned';
    statements.push(
      statement(
        'WHAT_CHANGED',
        'market-signal',
        `The market signal ${verb} ${signalWord(signalToday.value)}.`,
        { signal: signalToday.value, previousSignal: signalBefore.value },
        [signalToday, signalBefore],
      ),
    );
  }
  const moves = tokens.flatMap((token) => {
    const now = inputs.find('tokenPrices', token, 'CLOSE', day);
    const before = inputs.find('tokenPrices', token, 'CLOSE', yesterday);
    return now && before ? [{ token, changePct: change(now.value, before.value), used: [now, before] }] : [];
  });
  if (moves.length > 1) {
    const ranked = [...moves].sort((a, b) => b.changePct - a.changePct || a.token.localeCompare(b.token));
    const used = moves.flatMap((move) => move.used);
    const best = ranked[0];
    const worst = ranked[ranked.length - 1];
    if (best && worst) {
      statements.push(
        statement(
          'WHAT_CHANGED',
          'top-gainer',
          `${best.token} gained most among the ${moves.length} largest tokens: ${pct(best.changePct)} in a day.`,
          { changePct: best.changePct },
          used,
        ),
      );
      const verb = worst.changePct >= 0 ? 'rose least' : 'fell most';
      statements.push(
        statement(
          'WHAT_CHANGED',
          'top-loser',
          `${worst.token} ${verb}: ${pct(worst.changePct)} in a day.`,
          { changePct: worst.changePct },
          used,
        ),
      );
    }
  }
  const signals = inputs.where((i) => i.operation === 'tradingIndicators');
  if (signals.length > 0) {
    const longs = signals.filter((i) => i.value > 0).length;
    const shorts = signals.filter((i) => i.value < 0).length;
    statements.push(
      statement(
        'WHAT_CHANGED',
        'signal-breadth',
        `${longs} of ${signals.length} tokens carry a long trading signal and ${shorts} a short one.`,
        { longs, shorts },
        signals,
      ),
    );
  }

  const correlation = inputs.find('correlations', 'BTC/ETH', 'CORRELATION');
  if (correlation) {
    const strength = Math.abs(correlation.value) >= 0.7 ? 'closely' : Math.abs(correlation.value) >= 0.4 ? 'loosely' : 'hardly';
    statements.push(
      statement(
        'WHY_IT_MATTERS',
        'btc-eth-correlation',
        `Bitcoin and Ether move ${strength} together (correlation ${correlation.value.toFixed(2)}), so holding both ${strength === 'closely' ? 'diversifies little' : 'spreads risk'}.`,
        { correlation: correlation.value },
        [correlation],
      ),
    );
  }
  const investorGrades = inputs.where((i) => i.operation === 'investorGrades');
  const [top, ...rest] = [...investorGrades].sort(byValueThenToken);
  const bottom = rest.at(-1);
  if (top && bottom) {
    statements.push(
      statement(
        'WHY_IT_MATTERS',
        'investor-grade-range',
        `For long-term holders ${top.token} grades best (${top.value.toFixed(1)}) and ${bottom.token} worst (${bottom.value.toFixed(1)}).`,
        { best: top.value, worst: bottom.value },
        investorGrades,
      ),
    );
  }
  const sentiments = inputs.where((i) => i.operation === 'sentiments');
  if (sentiments.length > 0) {
    const average = mean(sentiments.map((i) => i.value));
    statements.push(
      statement(
        'WHY_IT_MATTERS',
        'sentiment',
        `Average sentiment is ${average.toFixed(1)} of 100: ${average >= 55 ? 'optimistic' : average <= 45 ? 'fearful' : 'undecided'}.`,
        { average },
        sentiments,
      ),
    );
  }
  const weekMoves = tokens.flatMap((token) => {
    const now = inputs.find('tokenPrices', token, 'CLOSE', day);
    const before = inputs.find('tokenPrices', token, 'CLOSE', addDays(day, -7));
    return now && before ? [{ changePct: change(now.value, before.value), used: [now, before] }] : [];
  });
  if (weekMoves.length > 0) {
    const averageChangePct = mean(weekMoves.map((move) => move.changePct));
    statements.push(
      statement(
        'WHY_IT_MATTERS',
        'week-performance',
        `Over seven days the largest tokens moved ${pct(averageChangePct)} on average.`,
        { averageChangePct },
        weekMoves.flatMap((move) => move.used),
      ),
    );
  }
  const reserve = inputs.find('stablecoinState', 'SigUSD', 'reserveRatio');
  if (reserve) {
    const place = reserve.value < RESERVE_BAND.low ? 'below' : reserve.value > RESERVE_BAND.high ? 'above' : 'inside';
    const effect =
      place === 'below'
        ? 'no SigUSD can be minted and SigRSV cannot be redeemed'
        : place === 'above'
          ? 'no SigRSV can be minted'
          : 'every exchange with the bank is open';
    statements.push(
      statement(
        'WHY_IT_MATTERS',
        'stablecoin-health',
        `The SigmaUSD bank's reserve ratio is ${reserve.value}%, ${place} the ${RESERVE_BAND.low}–${RESERVE_BAND.high}% band: ${effect}.`,
        { reserveRatio: reserve.value },
        [reserve],
      ),
    );
  }

  for (const token of ['BTC', 'ETH']) {
    const close = inputs.find('tokenPrices', token, 'CLOSE', day);
    if (!close) continue;
    const levels = inputs.where((i) => i.operation === 'resistanceSupport' && i.token === token);
    const above = levels.filter((i) => i.field.startsWith('RESISTANCE') && i.value > close.value).map((i) => i.value);
    const below = levels.filter((i) => i.field.startsWith('SUPPORT') && i.value <= close.value).map((i) => i.value);
    if (above.length > 0 || below.length > 0) {
      const figures: Record<string, number> = { price: close.value * rate };
      const parts: string[] = [];
      if (above.length > 0) {
        const resistance = Math.min(...above);
        Object.assign(figures, { resistance: resistance * rate, toResistancePct: change(resistance, close.value) });
        parts.push(`${pct(change(resistance, close.value))} from resistance at ${money(resistance)}`);
      } else {
        parts.push('above every resistance of the past year');
      }
      if (below.length > 0) {
        const support = Math.max(...below);
        Object.assign(figures, { support: support * rate, toSupportPct: change(support, close.value) });
        parts.push(`${pct(change(support, close.value))} from support at ${money(support)}`);
      } else {
        parts.push('below every support of the past year');
      }
      statements.push(
        statement(
          'WHAT_TO_WATCH',
          'levels',
          `${token} at ${money(close.value)} is ${parts.join(' and ')}.`,
          figures,
          withRate([close, ...levels]),
        ),
      );
    }
    const predicted = inputs.find('pricePredictions', token, 'CLOSE', addDays(day, 1));
    if (predicted) {
      statements.push(
        statement(
          'WHAT_TO_WATCH',
          'prediction',
          `The forecast puts ${token} at ${money(predicted.value)} tomorrow, ${pct(change(predicted.value, close.value))} from today's close.`,
          { predicted: predicted.value * rate, changePct: change(predicted.value, close.value) },
          withRate([predicted, close]),
        ),
      );
    }
  }
  const traderGrades = inputs.where((i) => i.operation === 'traderGrades');
  const [momentumLeader] = [...traderGrades].sort(byValueThenToken);
  if (momentumLeader) {
    statements.push(
      statement(
        'WHAT_TO_WATCH',
        'trader-grade-leader',
        `Short-term momentum is strongest in ${momentumLeader.token} (trader grade ${momentumLeader.value.toFixed(1)}).`,
        { best: momentumLeader.value },
        traderGrades,
      ),
    );
  }
  const scenarios = inputs.where((i) => i.operation === 'scenarioAnalysis' && i.token === 'BTC');
  if (scenarios.length > 1) {
    const low = Math.min(...scenarios.map((i) => i.value));
    const high = Math.max(...scenarios.map((i) => i.value));
    statements.push(
      statement(
        'WHAT_TO_WATCH',
        'scenario-range',
        `Market-cap scenarios put BTC between ${money(low)} and ${money(high)}.`,
        { low: low * rate, high: high * rate },
        withRate(scenarios),
      ),
    );
  }
  const weights = inputs.where((i) => i.operation === 'indices');
  const leader = [...weights].sort((a, b) => b.value - a.value)[0];
  if (leader) {
    statements.push(
      statement(
        'WHAT_TO_WATCH',
        'index-leader',
        `${leader.token} carries the largest index weight, ${(leader.value * 100).toFixed(1)}%.`,
        { weightPct: leader.value * 100 },
        weights,
      ),
    );
  }
  return { date: day, currency, headline, statements, inputs: [...all] };
}
