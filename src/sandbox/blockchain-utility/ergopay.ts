/**
 * ErgoPay answers (EIP-20). A real ErgoPay server sends a *reduced* transaction: the unsigned
 * transaction plus, for every input, the sigma proposition left after evaluating its script, which
 * only the ErgoScript interpreter (ergo-lib, sigma-rust) can compute. None is installed, so the
 * sandbox sends the unsigned transaction itself, serialized by @fleet-sdk/serializer in Ergo's
 * binary transaction format and encoded as base64url without padding. It decodes with
 * `deserializeTransaction`; a wallet would need the input boxes (which the sandbox's state has)
 * to sign it.
 */
import type { ErgoUnsignedTransaction } from '@fleet-sdk/core';
import { serializeTransaction } from '@fleet-sdk/serializer';
import type { SandboxRequest } from '../sandbox-server.js';

export interface ErgoPayResponse {
  address: string;
  addresses: string[];
  message: string;
  messageSeverity: 'NONE' | 'INFORMATION' | 'WARNING' | 'ERROR';
  reducedTx: string;
  reducedTxList: string[];
  replyTo?: string;
}

/** The base64url encoding of a transaction's unsigned serialization. */
export function encodeTransaction(transaction: ErgoUnsignedTransaction): string {
  return Buffer.from(serializeTransaction(transaction.toPlainObject()).toBytes()).toString('base64url');
}

/** The ErgoPay answer asking `signer` to sign a transaction. */
export function ergoPayAnswer(transaction: ErgoUnsignedTransaction, signer: string, message: string): ErgoPayResponse {
  const reducedTx = encodeTransaction(transaction);
  return {
    address: signer,
    addresses: [signer],
    message,
    messageSeverity: 'INFORMATION',
    reducedTx,
    reducedTxList: [reducedTx],
  };
}

function hostOf(request: SandboxRequest): string {
  const host = request.headers.host;
  return typeof host === 'string' && host !== '' ? host : '127.0.0.1';
}

/** An http URL on this service, as the caller reached it. */
export function serviceUrl(request: SandboxRequest, path: string): string {
  return `http://${hostOf(request)}${path}`;
}

/** An ErgoPay URL on this service (wallets fetch `ergopay://` URLs over https). */
export function ergoPayUrl(request: SandboxRequest, path: string): string {
  return `ergopay://${hostOf(request)}${path}`;
}
