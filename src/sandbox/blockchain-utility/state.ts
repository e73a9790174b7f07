/**
 * The persisted shape of the simulated chain. Amounts are decimal strings (JSON has no 64-bit
 * integers); boxes are fleet's plain EIP-12 objects, so they go straight into the transaction
 * builder.
 */
import type { Box, EIP12UnsignedTransaction } from '@fleet-sdk/common';

export type StoredBox = Box<string>;

export interface TokenRecord {
  tokenId: string;
  name: string;
  decimals: number;
  /** Listed as genuine by EIP-21. */
  genuine: boolean;
  /** EIP-21: no other token may use this name. */
  uniqueName: boolean;
  /** EIP-21: harmful or impersonating. */
  blocked: boolean;
  issuer?: string;
}

/** A simulated constant-product liquidity pool that prices a token (not an on-chain box here). */
export interface PoolRecord {
  tokenId: string;
  nanoErg: string;
  tokenAmount: string;
  /** Typical nanoERG traded in an hour. */
  hourlyVolume: string;
}

/** The fixed traits of a node peer; what a probe sees at a given time is computed from them. */
export interface PeerRecord {
  url: string;
  name: string;
  openRestApi: boolean;
  blockchainApi: boolean;
  responseMs: number;
  /** Chance that the node answers a probe. */
  reliability: number;
  /** Blocks the node trails the chain by. */
  lagBlocks: number;
}

export type PaymentStatus = 'CREATED' | 'WAITING' | 'EXECUTED' | 'INVALID';

export interface PaymentRecord {
  requestId: string;
  createdAt: number;
  nanoErg: string;
  receiverAddress: string;
  senderAddress?: string;
  message?: string;
  tokenId?: string;
  tokenRawAmount?: string;
  state: PaymentStatus;
  txId?: string;
  /** The paying transaction, built when the payer opened the request. */
  transaction?: EIP12UnsignedTransaction;
  /** Why the request became INVALID. */
  reason?: string;
  updatedAt: number;
}

export interface TokenBurnRecord {
  uuid: string;
  address: string;
  tokenId: string;
  amount: string;
  createdAt: number;
}

export interface ChainState {
  version: 1;
  seed: string;
  /** Every unspent box: the bank, the babel-fee boxes, the wallets' boxes. */
  utxos: StoredBox[];
  tokens: TokenRecord[];
  pools: PoolRecord[];
  peers: PeerRecord[];
  payments: PaymentRecord[];
  burns: TokenBurnRecord[];
  /** Counter behind generated request ids. */
  nextId: number;
}
