/**
 * Token prices in TokenJay's shape. `price` is how many whole tokens one ERG buys, with 9
 * decimals: that is how the Ergo wallet app reads TokenJay's list (ergoplatform/ergo-wallet-app,
 * TokenJayApiClient: the ERG value of a token is 1 ÷ (price ÷ 10^9)). SigUSD and SigRSV are priced
 * by the SigmaUSD bank; the other tokens by simulated constant-product pools whose reserves drift
 * hour by hour. Trading volumes are generated per hour from the seed (sandbox data).
 */
import { type AgeUsdCoin, mintableAmount, sigRsvPrice, sigUsdPrice } from './ageusd.js';
import type { BankView } from './bank.js';
import { GENESIS_TIME_MS, SIGRSV_TOKEN_ID, SIGUSD_TOKEN_ID } from './constants.js';
import { jsonInt } from './numbers.js';
import { seededFraction, seededInt } from './seeded.js';
import type { ChainState, PoolRecord } from './state.js';

const HOUR_MS = 3_600_000;
const WHOLE_PER_ERG_SCALE = 10n ** 18n;

export interface TokenPriceBody {
  tokenId: string;
  displayName: string;
  price: number;
  available: number;
  volumeLastDay: number;
  lastUpdated: number;
}

function hourIndex(timeMs: number): number {
  return Math.floor((timeMs - GENESIS_TIME_MS) / HOUR_MS);
}

/** nanoERG traded in one hour: none in about a quarter of the hours, else 20–180 % of the typical volume. */
function hourlyVolume(seed: string, key: string, hour: number, typical: bigint): bigint {
  if (seededFraction(seed, `volume-idle:${key}:${hour}`) < 0.25) return 0n;
  return (typical * seededInt(seed, `volume:${key}:${hour}`, 200n, 1800n)) / 1000n;
}

/** nanoERG traded in the 24 whole hours before the current one. */
function volumeLastDay(seed: string, key: string, typical: bigint, now: number): bigint {
  const current = hourIndex(now);
  let total = 0n;
  for (let hour = current - 24; hour < current; hour += 1) total += hourlyVolume(seed, key, hour, typical);
  return total;
}

/** Whole tokens one ERG buys, × 10^9, for a price in nanoERG per raw unit. */
function wholePerErg(nanoErgPerRaw: bigint, decimals: number): bigint {
  return WHOLE_PER_ERG_SCALE / (nanoErgPerRaw * 10n ** BigInt(decimals));
}

const AGEUSD_TYPICAL_HOURLY_VOLUME: Record<AgeUsdCoin, bigint> = {
  SigUSD: 3_000n * 1_000_000_000n,
  SigRSV: 800n * 1_000_000_000n,
};

/** The bank's price for SigUSD or SigRSV; `available` is what the bank would mint now. */
export function ageUsdTokenPrice(seed: string, view: BankView, coin: AgeUsdCoin, now: number): TokenPriceBody {
  const price = coin === 'SigUSD' ? wholePerErg(sigUsdPrice(view.bank), 2) : wholePerErg(sigRsvPrice(view.bank), 0);
  return {
    tokenId: coin === 'SigUSD' ? SIGUSD_TOKEN_ID : SIGRSV_TOKEN_ID,
    displayName: coin,
    price: jsonInt(price),
    available: jsonInt(mintableAmount(view.bank, coin)),
    volumeLastDay: jsonInt(volumeLastDay(seed, coin, AGEUSD_TYPICAL_HOURLY_VOLUME[coin], now)),
    lastUpdated: view.oracle.postedAt,
  };
}

/** A pool's reserves in the current hour: the ERG side drifts ±10 % over two days, the product stays. */
function poolReservesAt(seed: string, pool: PoolRecord, hour: number): { nanoErg: bigint; tokens: bigint } {
  const phase = BigInt(((hour % 48) + 48) % 48);
  const distance = phase > 24n ? phase - 24n : 24n - phase;
  const factorPpm = 900_000n + (200_000n * distance) / 24n + seededInt(seed, `pool-noise:${pool.tokenId}:${hour}`, 0n, 10_000n) - 5_000n;
  const nanoErg = (BigInt(pool.nanoErg) * factorPpm) / 1_000_000n;
  return { nanoErg, tokens: (BigInt(pool.nanoErg) * BigInt(pool.tokenAmount)) / nanoErg };
}

/** A pool-priced token's price; undefined when no pool prices it. */
export function poolTokenPrice(state: ChainState, tokenId: string, now: number): TokenPriceBody | undefined {
  const pool = state.pools.find((candidate) => candidate.tokenId === tokenId);
  const token = state.tokens.find((candidate) => candidate.tokenId === tokenId);
  if (!pool || !token) return undefined;
  const hour = hourIndex(now);
  const reserves = poolReservesAt(state.seed, pool, hour);
  return {
    tokenId,
    displayName: token.name,
    price: jsonInt((reserves.tokens * WHOLE_PER_ERG_SCALE) / (10n ** BigInt(token.decimals) * reserves.nanoErg)),
    available: jsonInt(reserves.tokens),
    volumeLastDay: jsonInt(volumeLastDay(state.seed, tokenId, BigInt(pool.hourlyVolume), now)),
    lastUpdated: GENESIS_TIME_MS + hour * HOUR_MS,
  };
}
