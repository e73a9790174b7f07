/** The SigmaUSD bank as the chain shows it at an instant: bank box, oracle box, and the numbers read from them. */
import { decode } from '@fleet-sdk/serializer';
import { type BankState, rateFromDatapoint } from './ageusd.js';
import { bankBoxOf } from './chain.js';
import { type OracleReading, oracleBoxAt, oracleReadingAt } from './oracle.js';
import type { ChainState, StoredBox } from './state.js';

export interface BankView {
  bank: BankState;
  bankBox: StoredBox;
  oracleBox: StoredBox;
  oracle: OracleReading;
}

function registerLong(box: StoredBox, register: 'R4' | 'R5'): bigint {
  const value = decode<bigint>(box.additionalRegisters[register])?.data;
  if (typeof value !== 'bigint') throw new Error(`box ${box.boxId} has no Long in ${register}`);
  return value;
}

/** Reads the bank state from the bank box (value, R4, R5) and the oracle box in force (R4). */
export function bankViewAt(state: ChainState, now: number): BankView {
  const bankBox = bankBoxOf(state);
  const oracleBox = oracleBoxAt(state.seed, now);
  return {
    bank: {
      reserve: BigInt(bankBox.value),
      scCirc: registerLong(bankBox, 'R4'),
      rcCirc: registerLong(bankBox, 'R5'),
      rate: rateFromDatapoint(registerLong(oracleBox, 'R4')),
    },
    bankBox,
    oracleBox,
    oracle: oracleReadingAt(state.seed, now),
  };
}
