/**
 * SigmaUSD (AgeUSD) arithmetic, as the bank script computes it. Source: the bank script in
 * EIP-15 "SigmaUSD Contracts Standard" (ergoplatform/eips, eip-0015.md), checked against
 * fleet-sdk's AgeUSD plugin (plugins/ageusd/src/ageUsdBank.ts). All values are integers and every
 * division rounds toward zero, as ErgoScript's Long division does:
 *
 *   rate           = oracle datapoint ÷ 100                    (nanoERG per 0.01 USD = per raw SigUSD)
 *   liabilities    = max(min(reserve, scCirc × rate), 0)
 *   SigUSD price   = min(rate, liabilities ÷ scCirc)            (rate when scCirc = 0)
 *   equity         = reserve − liabilities
 *   SigRSV price   = equity ÷ rcCirc; rcDefaultPrice (1,000,000) when rcCirc = 0 or equity = 0
 *   reserve ratio  = reserve × 100 ÷ (scCirc × rate)            (the maximum, 800, when scCirc = 0)
 *   exchange of n  : base = price × n (n < 0 redeems), fee = |base × 2 ÷ 100|,
 *                    the reserve changes by base + fee
 *   allowed when   : minting SigUSD leaves ratio ≥ 400; redeeming SigUSD always (within supply);
 *                    minting SigRSV leaves ratio ≤ 800; redeeming SigRSV leaves ratio ≥ 400;
 *                    and the bank keeps at least minStorageRent.
 *
 * Note what a simplified reading gets wrong: the oracle posts nanoERG per *USD* while SigUSD's
 * raw unit is a cent, hence the ÷ 100; the ratio is in percent, hence the × 100; and the SigRSV
 * bootstrap price also applies when no SigRSV circulates.
 */
import {
  BANK_FEE_PERCENT,
  BANK_MIN_STORAGE_RENT,
  MAX_RESERVE_RATIO,
  MIN_RESERVE_RATIO,
  ORACLE_DATAPOINT_DIVISOR,
  RESERVE_COIN_DEFAULT_PRICE,
} from './constants.js';

export type AgeUsdCoin = 'SigUSD' | 'SigRSV';

export interface BankState {
  /** nanoERG in the bank box. */
  reserve: bigint;
  /** SigUSD in circulation, raw units (R4). */
  scCirc: bigint;
  /** SigRSV in circulation (R5). */
  rcCirc: bigint;
  /** nanoERG per raw SigUSD unit (the oracle datapoint ÷ 100). */
  rate: bigint;
}

/** The bank's rate from an oracle datapoint (nanoERG per USD). */
export function rateFromDatapoint(datapoint: bigint): bigint {
  return datapoint / ORACLE_DATAPOINT_DIVISOR;
}

function liabilities(bank: BankState): bigint {
  const needed = bank.scCirc * bank.rate;
  const covered = bank.reserve < needed ? bank.reserve : needed;
  return covered > 0n ? covered : 0n;
}

/** nanoERG per raw SigUSD unit. */
export function sigUsdPrice(bank: BankState): bigint {
  if (bank.scCirc === 0n) return bank.rate;
  const liableRate = liabilities(bank) / bank.scCirc;
  return liableRate < bank.rate ? liableRate : bank.rate;
}

/** nanoERG per SigRSV. */
export function sigRsvPrice(bank: BankState): bigint {
  const equity = bank.reserve - liabilities(bank);
  if (bank.rcCirc === 0n || equity === 0n) return RESERVE_COIN_DEFAULT_PRICE;
  return equity / bank.rcCirc;
}

/** Reserve ratio in percent for a reserve and a SigUSD supply. */
export function reserveRatio(reserve: bigint, scCirc: bigint, rate: bigint): bigint {
  const needed = scCirc * rate;
  return needed === 0n ? MAX_RESERVE_RATIO : (reserve * 100n) / needed;
}

export interface ExchangePlan {
  coin: AgeUsdCoin;
  /** Raw units; positive mints (the user buys), negative redeems (the user sells). */
  amount: bigint;
  /** The nominal price used, nanoERG per raw unit. */
  price: bigint;
  /** price × amount (negative when redeeming). */
  base: bigint;
  /** The 2 % protocol fee, always positive. */
  bankFee: bigint;
  /** What the reserve gains (negative: loses): base + bankFee. */
  reserveDelta: bigint;
  after: BankState;
  ratioAfter: bigint;
  /** Why the bank script would refuse, if it would. */
  refusal?: string;
}

/** What exchanging `amount` raw units of a coin does to the bank, and whether the script allows it. */
export function planExchange(bank: BankState, coin: AgeUsdCoin, amount: bigint): ExchangePlan {
  const price = coin === 'SigUSD' ? sigUsdPrice(bank) : sigRsvPrice(bank);
  const base = price * amount;
  const signedFee = (base * BANK_FEE_PERCENT) / 100n;
  const bankFee = signedFee < 0n ? -signedFee : signedFee;
  const reserveDelta = base + bankFee;
  const after: BankState = {
    reserve: bank.reserve + reserveDelta,
    scCirc: bank.scCirc + (coin === 'SigUSD' ? amount : 0n),
    rcCirc: bank.rcCirc + (coin === 'SigRSV' ? amount : 0n),
    rate: bank.rate,
  };
  const ratioAfter = reserveRatio(after.reserve, after.scCirc, bank.rate);
  return { coin, amount, price, base, bankFee, reserveDelta, after, ratioAfter, refusal: refusalOf(coin, amount, after, ratioAfter) };
}

function refusalOf(coin: AgeUsdCoin, amount: bigint, after: BankState, ratioAfter: bigint): string | undefined {
  if (after.scCirc < 0n || after.rcCirc < 0n)
    return `only ${coin === 'SigUSD' ? after.scCirc - amount : after.rcCirc - amount} raw ${coin} circulate`;
  if (after.reserve < BANK_MIN_STORAGE_RENT) return 'the bank reserve would fall below its minimum';
  const minting = amount > 0n;
  if (coin === 'SigUSD' && minting && ratioAfter < MIN_RESERVE_RATIO) {
    return `minting would leave the reserve ratio at ${ratioAfter} %, below the minimum of ${MIN_RESERVE_RATIO} %`;
  }
  if (coin === 'SigRSV' && minting && ratioAfter > MAX_RESERVE_RATIO) {
    return `minting would leave the reserve ratio at ${ratioAfter} %, above the maximum of ${MAX_RESERVE_RATIO} %`;
  }
  if (coin === 'SigRSV' && !minting && ratioAfter < MIN_RESERVE_RATIO) {
    return `redeeming would leave the reserve ratio at ${ratioAfter} %, below the minimum of ${MIN_RESERVE_RATIO} %`;
  }
  return undefined;
}

/** The most raw units of a coin the bank lets anyone mint now (binary search over the script's rule). */
export function mintableAmount(bank: BankState, coin: AgeUsdCoin): bigint {
  let low = 0n;
  let high = 10n ** 15n;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (planExchange(bank, coin, middle).refusal) high = middle - 1n;
    else low = middle;
  }
  return low;
}
