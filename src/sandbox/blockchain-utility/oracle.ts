/**
 * The ERG/USD oracle-pool box the bank reads. The pool posts a datapoint (nanoERG per USD) once
 * per epoch; the sandbox's datapoint follows a weekly swing of ±6 % around a seeded base rate,
 * plus a little seeded noise, so prices move over time while staying reproducible for a seed and
 * an instant.
 */
import { ErgoBox, SInt, SLong } from '@fleet-sdk/core';
import { ERG_USD_ORACLE_CONTRACT, ERG_USD_ORACLE_NFT_ID, GENESIS_TIME_MS, heightAt, ORACLE_EPOCH_MS } from './constants.js';
import { seededHex, seededInt } from './seeded.js';
import type { StoredBox } from './state.js';

const EPOCHS_PER_SWING = 168n;

export interface OracleReading {
  /** nanoERG per USD, as the oracle posts it. */
  datapoint: bigint;
  epoch: number;
  /** When this datapoint was posted (ms since the epoch). */
  postedAt: number;
}

/** The seed's base rate: ERG between $0.70 and $1.00. */
export function oracleBaseRate(seed: string): bigint {
  return seededInt(seed, 'oracle-base-rate', 1_000_000_000n, 1_430_000_000n);
}

/** The datapoint in force at an instant. */
export function oracleReadingAt(seed: string, timeMs: number): OracleReading {
  const epoch = Math.floor((timeMs - GENESIS_TIME_MS) / ORACLE_EPOCH_MS);
  const phase = ((BigInt(epoch) % EPOCHS_PER_SWING) + EPOCHS_PER_SWING) % EPOCHS_PER_SWING;
  const half = EPOCHS_PER_SWING / 2n;
  const distance = phase > half ? phase - half : half - phase;
  const swingPpm = 940_000n + (120_000n * distance) / half;
  const noisePpm = seededInt(seed, `oracle-noise:${epoch}`, 0n, 30_000n) - 15_000n;
  return {
    datapoint: (oracleBaseRate(seed) * (swingPpm + noisePpm)) / 1_000_000n,
    epoch,
    postedAt: GENESIS_TIME_MS + epoch * ORACLE_EPOCH_MS,
  };
}

/** The oracle-pool box in force at an instant (R4: the datapoint, R5: the epoch counter). */
export function oracleBoxAt(seed: string, timeMs: number): StoredBox {
  const reading = oracleReadingAt(seed, timeMs);
  const box = new ErgoBox(
    {
      value: 5_475_000_000n,
      ergoTree: ERG_USD_ORACLE_CONTRACT,
      creationHeight: heightAt(reading.postedAt),
      assets: [{ tokenId: ERG_USD_ORACLE_NFT_ID, amount: 1n }],
      additionalRegisters: {
        R4: SLong(reading.datapoint).toHex(),
        R5: SInt(reading.epoch & 0x7fffffff).toHex(),
      },
    },
    seededHex(seed, `oracle-epoch:${reading.epoch}`),
    0,
  );
  return box.toPlainObject('EIP-12');
}
