/**
 * The sandbox's well-known wallets: valid mainnet P2PK addresses whose keys are derived from a
 * fixed label (not from the sandbox seed), so tests and documentation can name them. The secret
 * keys are published on purpose, like a local devnet's accounts: they exist so tests can sign the
 * sandbox's transactions with the real interpreter. Never send real funds to these addresses.
 */
import { ErgoAddress, Network } from '@fleet-sdk/core';
import { blake2b256, hex, utf8 } from '@fleet-sdk/crypto';
import { CURVE_ORDER, publicKeyOf } from './secp256k1.js';

export interface SandboxWallet {
  name: string;
  /** Base58 mainnet P2PK address. */
  address: string;
  /** Compressed public key, hex. */
  publicKey: string;
  /** Secret key, hex (sandbox only). */
  secretKey: string;
}

function walletFor(name: string): SandboxWallet {
  const digest = BigInt(`0x${hex.encode(blake2b256(utf8.decode(`blockchain-utility sandbox wallet ${name}`)))}`);
  const secret = (digest % (CURVE_ORDER - 1n)) + 1n;
  const publicKey = publicKeyOf(secret);
  return {
    name,
    address: ErgoAddress.fromPublicKey(publicKey, Network.Mainnet).encode(Network.Mainnet),
    publicKey,
    secretKey: secret.toString(16).padStart(64, '0'),
  };
}

/**
 * alice: a few boxes with ERG, SigUSD, SigRSV and NETA; bob: many small boxes (box
 * consolidation); carol: a single box and babel-fee offers; dave: tokens including a blocked
 * impersonator, and babel-fee offers; erin: no boxes at all.
 */
export const SANDBOX_WALLETS = {
  alice: walletFor('alice'),
  bob: walletFor('bob'),
  carol: walletFor('carol'),
  dave: walletFor('dave'),
  erin: walletFor('erin'),
} as const;

export type SandboxWalletName = keyof typeof SANDBOX_WALLETS;

/** Where the sandbox sends TokenJay's exchange fee (a sandbox address; the real one is not published). */
export const TOKENJAY_FEE_WALLET = walletFor('tokenjay-fee');
