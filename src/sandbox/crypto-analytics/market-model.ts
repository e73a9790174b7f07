/**
 * The generative model of the sandbox market (daily, UTC). Not real market data.
 *
 * 1. Regimes: a two-state Markov chain, bull or bear, shared by every token. Each day a bull
 *    market turns bear with probability 1/300 and a bear market turns bull with 1/200, so
 *    regimes last about ten and seven months on average.
 * 2. Market factor: f_t = mu(regime) + sigma(regime) * e_t with e_t a unit-variance Student-t(4)
 *    draw (fat tails); bull mu = +0.18 %/day, sigma = 3.2 %/day; bear mu = -0.25 %/day,
 *    sigma = 4.5 %/day (bear markets are more volatile, as on the real market).
 * 3. Token log return: r_it = alpha_i + beta_i * f_t + s_i * u_it, u_it another Student-t(4)
 *    draw. Beta and idiosyncratic volatility fall with size (log10 of the anchor market cap),
 *    memes get more of both; alpha_i is a small per-token drift. The common factor is what
 *    makes tokens correlate.
 * 4. Candles: open = previous close (the market never closes); high and low extend beyond
 *    the open/close by half-normal amounts scaled to the day's volatility.
 * 5. Volume (USD) = turnover_i * market cap * lognormal noise * (0.5 + 0.5 |r| / vol): busier
 *    on big moves. Turnover falls with size.
 * 6. Each path is rescaled so the close on the anchor date equals the token's indicative
 *    price; returns are unchanged by the rescaling. Prices keep 10 significant digits and
 *    volumes whole cents, and every analytic is computed from those stored values.
 */
import { SeededRandom } from './prng.js';
import type { TokenInfo } from './token-universe.js';

interface Regime {
  drift: number;
  volatility: number;
  /** Daily probability of switching to the other regime. */
  exitProbability: number;
}

const BULL: Regime = { drift: 0.0015, volatility: 0.032, exitProbability: 1 / 300 };
const BEAR: Regime = { drift: -0.002, volatility: 0.045, exitProbability: 1 / 200 };

/** The market factor path and the regime of each day. */
export interface MarketFactor {
  /** Factor log return of each day. */
  returns: Float64Array;
  /** True on bull days. */
  bull: Uint8Array;
  /** The factor's volatility of each day (depends on the regime). */
  volatility: Float64Array;
}

/** Daily OHLCV of one token; index 0 is the first day of the sandbox history. */
export interface PriceHistory {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** The parameters one token's path is drawn with. */
interface TokenDynamics {
  alpha: number;
  beta: number;
  idiosyncraticVolatility: number;
  turnover: number;
}

/**
 * Rounds a positive price to 10 significant digits: enough for any price, and stable through
 * JSON. Dividing by an exact power of ten gives the same double as parsing the decimal text.
 */
function roundPrice(value: number): number {
  const scale = 10 ** (9 - Math.floor(Math.log10(value)));
  return Math.round(value * scale) / scale;
}

/** Draws the regime chain and the market factor for `days` days (the chain starts in a bull market). */
export function generateMarketFactor(seed: string, days: number): MarketFactor {
  const random = new SeededRandom(seed, 'market-factor');
  const factor: MarketFactor = {
    returns: new Float64Array(days),
    bull: new Uint8Array(days),
    volatility: new Float64Array(days),
  };
  let regime = BULL;
  for (let t = 0; t < days; t += 1) {
    if (t > 0 && random.chance(regime.exitProbability)) regime = regime === BULL ? BEAR : BULL;
    factor.bull[t] = regime === BULL ? 1 : 0;
    factor.volatility[t] = regime.volatility;
    factor.returns[t] = regime.drift + regime.volatility * random.studentT4();
  }
  return factor;
}

/** How a token moves with the market, from its size and category, jittered per token. */
function tokenDynamics(seed: string, token: TokenInfo): TokenDynamics {
  const random = new SeededRandom(seed, 'token-dynamics', token.id);
  const smallness = Math.max(0, 12.3 - Math.log10(token.anchorPrice * token.supply));
  const meme = token.category === 'meme';
  return {
    alpha: random.between(-0.0005, 0.0003),
    beta: (0.75 + 0.1 * smallness + (meme ? 0.25 : 0)) * random.between(0.9, 1.1),
    idiosyncraticVolatility: (0.008 + 0.009 * smallness + (meme ? 0.02 : 0)) * random.between(0.85, 1.15),
    turnover: Math.min(0.5, 0.02 * 10 ** (0.25 * smallness) * (meme ? 1.5 : 1) * random.between(0.7, 1.3)),
  };
}

/**
 * Draws one token's daily OHLCV over the factor's days, rescaled so the close at `anchorIndex`
 * is the token's anchor price.
 */
export function generateTokenHistory(seed: string, token: TokenInfo, factor: MarketFactor, anchorIndex: number): PriceHistory {
  const days = factor.returns.length;
  const { alpha, beta, idiosyncraticVolatility, turnover } = tokenDynamics(seed, token);
  const random = new SeededRandom(seed, 'token-path', token.id);
  const logClose = new Float64Array(days);
  const logHighExtra = new Float64Array(days);
  const logLowExtra = new Float64Array(days);
  const activity = new Float64Array(days);
  let previous = 0;
  for (let t = 0; t < days; t += 1) {
    const dayVolatility = Math.hypot(beta * (factor.volatility[t] ?? 0), idiosyncraticVolatility);
    const r = alpha + beta * (factor.returns[t] ?? 0) + idiosyncraticVolatility * random.studentT4();
    logClose[t] = previous + r;
    logHighExtra[t] = 0.5 * dayVolatility * Math.abs(random.normal());
    logLowExtra[t] = 0.5 * dayVolatility * Math.abs(random.normal());
    // exp(0.35 z - 0.35^2 / 2) has mean 1, so turnover is the average share of cap traded.
    activity[t] = Math.exp(0.35 * random.normal() - 0.06125) * (0.5 + (0.5 * Math.abs(r)) / dayVolatility);
    previous = logClose[t] ?? 0;
  }
  const shift = Math.log(token.anchorPrice) - (logClose[anchorIndex] ?? 0);
  const history: PriceHistory = {
    open: new Float64Array(days),
    high: new Float64Array(days),
    low: new Float64Array(days),
    close: new Float64Array(days),
    volume: new Float64Array(days),
  };
  let previousClose = roundPrice(Math.exp(shift));
  for (let t = 0; t < days; t += 1) {
    const close = roundPrice(Math.exp((logClose[t] ?? 0) + shift));
    const open = previousClose;
    history.open[t] = open;
    history.close[t] = close;
    history.high[t] = roundPrice(Math.max(open, close) * Math.exp(logHighExtra[t] ?? 0));
    history.low[t] = roundPrice(Math.min(open, close) * Math.exp(-(logLowExtra[t] ?? 0)));
    history.volume[t] = Math.round(turnover * close * token.supply * (activity[t] ?? 0) * 100) / 100;
    previousClose = close;
  }
  return history;
}
