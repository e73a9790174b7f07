/**
 * Reading and changing the simulated UTXO set: which boxes an address holds, which are already
 * promised to a pending payment, and how a confirmed transaction moves them.
 */
import type { EIP12UnsignedTransaction } from '@fleet-sdk/common';
import { ErgoAddress, ErgoBox, InsufficientInputs, type ErgoUnsignedTransaction, type TransactionBuilder } from '@fleet-sdk/core';
import { SIGMAUSD_BANK_NFT_ID } from './constants.js';
import { conflict } from './errors.js';
import type { ChainState, StoredBox } from './state.js';

/** Ids of boxes spent by payments whose transaction is waiting for confirmation. */
function reservedBoxIds(state: ChainState): Set<string> {
  const reserved = new Set<string>();
  for (const payment of state.payments) {
    if (payment.state !== 'WAITING' || !payment.transaction) continue;
    for (const input of payment.transaction.inputs) reserved.add(input.boxId);
  }
  return reserved;
}

/** The unspent boxes an address holds that no pending transaction has claimed. */
export function spendableBoxesOf(state: ChainState, address: ErgoAddress): StoredBox[] {
  const reserved = reservedBoxIds(state);
  return state.utxos.filter((box) => box.ergoTree === address.ergoTree && !reserved.has(box.boxId));
}

/** The unspent box with this id, if any. */
export function findBox(state: ChainState, boxId: string): StoredBox | undefined {
  return state.utxos.find((box) => box.boxId === boxId);
}

/** The SigmaUSD bank box (the box holding the bank NFT). */
export function bankBoxOf(state: ChainState): StoredBox {
  const bank = state.utxos.find((box) => box.assets.some((asset) => asset.tokenId === SIGMAUSD_BANK_NFT_ID));
  if (!bank) throw new Error('the simulated chain has no SigmaUSD bank box');
  return bank;
}

/** Raw units of a token held by some boxes. */
export function tokenBalance(boxes: StoredBox[], tokenId: string): bigint {
  let total = 0n;
  for (const box of boxes) {
    for (const asset of box.assets) if (asset.tokenId === tokenId) total += BigInt(asset.amount);
  }
  return total;
}

/** Confirms a transaction: its inputs leave the UTXO set, its outputs join it. */
export function applyTransaction(state: ChainState, transaction: EIP12UnsignedTransaction, transactionId: string): void {
  const spent = new Set(transaction.inputs.map((input) => input.boxId));
  const created = transaction.outputs.map((output, index) => new ErgoBox(output, transactionId, index).toPlainObject('EIP-12'));
  state.utxos = [...state.utxos.filter((box) => !spent.has(box.boxId)), ...created];
}

/** Whether all inputs of a transaction are still unspent. */
export function inputsUnspent(state: ChainState, transaction: EIP12UnsignedTransaction): boolean {
  const unspent = new Set(state.utxos.map((box) => box.boxId));
  return transaction.inputs.every((input) => unspent.has(input.boxId));
}

/** Builds a transaction, turning "the inputs do not cover it" into a 409 that says what is missing. */
export function buildOrConflict(builder: TransactionBuilder, payer: string): ErgoUnsignedTransaction {
  try {
    return builder.build();
  } catch (error) {
    if (!(error instanceof InsufficientInputs)) throw error;
    const missing: string[] = [];
    if (error.unreached.nanoErgs) missing.push(`${error.unreached.nanoErgs} nanoERG`);
    for (const token of error.unreached.tokens ?? []) missing.push(`${token.amount ?? 0n} of token ${token.tokenId}`);
    return conflict(`address ${payer} cannot cover this transaction: ${missing.join(' and ')} missing`);
  }
}
