/**
 * Composes the daily brief from its inputs alone, so the same inputs always give the same brief
 * and every stated number can be recomputed from the inputs a statement lists. Each statement
 * kind is computed one way:
 * - market-cap: change = (cap today / cap yesterday − 1) × 100; cap shown in the reader's currency.
 * - market-signal: the market indicator's signal today, and whether it differs from yesterday's.
 * - top-gainer / top-loser: the largest and smallest one-day close change among the tokens.
 * - signal-breadth: how many tokens have a long (1) and a short (−1) trading signal.
 * - btc-eth-correlation, stablecoin-health, index-leader: the input itself (weight in percent).
 * - investor-grade-range: the investor grade of the day's weakest token against the mean grade.
 * - trader-grade-leader: the highest trader grade.
 * - sentiment: the mean sentiment index; week-performance: the mean seven-day close change.
 * - levels: the nearest resistance above and support below the close (where there is one), and
 *   their distances in percent of the close, stated with their direction in words.
 * - prediction: the predicted close for the next day and its change from today's close.
 * Every why-it-matters statement follows from a what-changed one (`follows`): it cites that
 * statement's inputs and restates the figure it builds on, e.g. `marketChangePct`. Where two
 * statements point different ways (a token below every support on a day the market rose), the
 * later one says so and cites the other's inputs.
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

/** What changed in the market as a whole, for the statements that build on it. */
interface MarketMove {
  changePct: number;
  used: readonly BriefInput[];
}

/** A why-it-matters statement that follows from the what-changed statement of kind `follows`. */
function consequence(
  kind: string,
  follows: string,
  text: string,
  figures: Record<string, number>,
  used: readonly BriefInput[],
): BriefStatement {
  return { ...statement('WHY_IT_MATTERS', kind, text, figures, used), follows };
}

/** "up" or "down" for a signed change. */
const direction = (changePct: number): string => (changePct >= 0 ? 'up' : 'down');
const distance = (value: number): string => `${Math.abs(value).toFixed(2)}%`;

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
  let market: MarketMove | undefined;
  if (capToday && capBefore) {
    const changePct = change(capToday.value, capBefore.value);
    market = { changePct, used: withRate([capToday, capBefore]) };
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
    // A bullish signal on a falling day (or the reverse) is worth saying, not leaving to the reader.
    const against = market && signalToday.value !== 0 && signalToday.value > 0 !== market.changePct >= 0 ? market : undefined;
    const remark = against ? `, although the market is ${direction(against.changePct)} ${pct(against.changePct)} today` : '';
    statements.push(
      statement(
        'WHAT_CHANGED',
        'market-signal',
        `The market signal ${verb} ${signalWord(signalToday.value)}${remark}.`,
        { signal: signalToday.value, previousSignal: signalBefore.value, ...(against ? { marketChangePct: against.changePct } : {}) },
        [signalToday, signalBefore, ...(against?.used ?? [])],
      ),
    );
  }
  let weakest: { token: string; changePct: number; used: readonly BriefInput[] } | undefined;
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
    // The weakest token is weakest among all of them: a statement built on it cites them all.
    weakest = worst && { token: worst.token, changePct: worst.changePct, used };
    if (best && worst) {
      statements.push(
        statement(
          'WHAT_CHANGED',
          'top-gainer',
          `${best.token} ${best.changePct >= 0 ? 'gained most' : 'fell least'} among the ${moves.length} largest tokens: ${pct(best.changePct)} in a day.`,
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
  if (correlation && market) {
    const strength = Math.abs(correlation.value) >= 0.7 ? 'closely' : Math.abs(correlation.value) >= 0.4 ? 'loosely' : 'hardly';
    statements.push(
      consequence(
        'btc-eth-correlation',
        'market-cap',
        `With the market ${direction(market.changePct)} ${pct(market.changePct)}, Bitcoin and Ether move ${strength} together (correlation ${correlation.value.toFixed(2)}), so holding both ${strength === 'closely' ? 'spreads little of such a move' : 'spreads some of such a move'}.`,
        { correlation: correlation.value, marketChangePct: market.changePct },
        [correlation, ...market.used],
      ),
    );
  }
  const investorGrades = inputs.where((i) => i.operation === 'investorGrades');
  const weakestGrade = weakest && investorGrades.find((input) => input.token === weakest.token);
  if (weakest && weakestGrade && investorGrades.length > 1) {
    const averageGrade = mean(investorGrades.map((i) => i.value));
    const side = weakestGrade.value >= averageGrade ? 'above' : 'below';
    const move = weakest.changePct >= 0 ? 'rose least' : 'fell most';
    const meaning =
      side === 'above' ? 'a weak day for a token long-term holders rate well' : 'a weak day that matches a weak long-term grade';
    statements.push(
      consequence(
        'investor-grade-range',
        'top-loser',
        `${weakest.token} ${move} (${pct(weakest.changePct)}) and grades ${weakestGrade.value.toFixed(1)} for long-term holders, ${side} the average of ${averageGrade.toFixed(1)}: ${meaning}.`,
        { changePct: weakest.changePct, grade: weakestGrade.value, averageGrade },
        [...weakest.used, ...investorGrades],
      ),
    );
  }
  const sentiments = inputs.where((i) => i.operation === 'sentiments');
  if (sentiments.length > 0 && market) {
    const average = mean(sentiments.map((i) => i.value));
    const mood = average >= 55 ? 'optimistic' : average <= 45 ? 'fearful' : 'undecided';
    const agrees = (mood === 'optimistic' && market.changePct >= 0) || (mood === 'fearful' && market.changePct < 0);
    const relation = mood === 'undecided' ? 'neither confirming nor contradicting' : agrees ? 'in line with' : 'at odds with';
    statements.push(
      consequence(
        'sentiment',
        'market-cap',
        `Average sentiment is ${average.toFixed(1)} of 100 (${mood}), ${relation} the market's ${pct(market.changePct)} day.`,
        { average, marketChangePct: market.changePct },
        [...sentiments, ...market.used],
      ),
    );
  }
  const weekMoves = tokens.flatMap((token) => {
    const now = inputs.find('tokenPrices', token, 'CLOSE', day);
    const before = inputs.find('tokenPrices', token, 'CLOSE', addDays(day, -7));
    return now && before ? [{ changePct: change(now.value, before.value), used: [now, before] }] : [];
  });
  if (weekMoves.length > 0 && market) {
    const averageChangePct = mean(weekMoves.map((move) => move.changePct));
    const relation = averageChangePct >= 0 === market.changePct >= 0 ? 'extends' : 'runs against';
    statements.push(
      consequence(
        'week-performance',
        'market-cap',
        `Today's ${pct(market.changePct)} ${relation} a week in which the largest tokens moved ${pct(averageChangePct)} on average.`,
        { averageChangePct, marketChangePct: market.changePct },
        [...weekMoves.flatMap((move) => move.used), ...market.used],
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
        'WHAT_TO_WATCH',
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
      const cited: BriefInput[] = [close, ...levels];
      if (above.length > 0) {
        const resistance = Math.min(...above);
        const toResistancePct = change(resistance, close.value);
        Object.assign(figures, { resistance: resistance * rate, toResistancePct });
        parts.push(`${distance(toResistancePct)} below resistance at ${money(resistance)}`);
      } else {
        parts.push('above every resistance of the past year');
      }
      if (below.length > 0) {
        const support = Math.max(...below);
        const toSupportPct = change(support, close.value);
        Object.assign(figures, { support: support * rate, toSupportPct });
        parts.push(`${distance(toSupportPct)} above support at ${money(support)}`);
      } else {
        parts.push('below every support of the past year');
      }
      // Breaking below every support on a rising day (or above every resistance on a falling one)
      // goes against the market statement; say so rather than leave two claims side by side.
      const against =
        market && ((below.length === 0 && market.changePct >= 0) || (above.length === 0 && market.changePct < 0)) ? market : undefined;
      if (against) {
        Object.assign(figures, { marketChangePct: against.changePct });
        cited.push(...against.used);
      }
      const remark = against ? `, against the market's ${pct(against.changePct)} day` : '';
      statements.push(
        statement(
          'WHAT_TO_WATCH',
          'levels',
          `${token} at ${money(close.value)} is ${parts.join(' and ')}${remark}.`,
          figures,
          withRate(cited),
        ),
      );
    }
    const predicted = inputs.find('pricePredictions', token, 'CLOSE', addDays(day, 1));
    if (predicted) {
      statements.push(
        statement(
          'WHAT_TO_WATCH',
          'prediction',
          `The forecast puts ${token} at ${money(predicted.value)} tomorrow, ${distance(change(predicted.value, close.value))} ${change(predicted.value, close.value) >= 0 ? 'above' : 'below'} today's close.`,
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
