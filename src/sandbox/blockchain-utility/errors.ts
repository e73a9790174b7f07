/**
 * TokenJay answers errors with a plain-text sentence and the status code; these helpers phrase
 * them (what was expected, what came) and check the values every operation shares.
 */
import { AddressType, ErgoAddress, Network } from '@fleet-sdk/core';
import { type ErrorEnvelope, SandboxAnswer } from '../sandbox-server.js';

/** The wire shape of this interface's errors. */
export const plainTextErrors: ErrorEnvelope = {
  badRequest: (issues) => ({ status: 400, body: issues.map((issue) => issue.message).join('; ') }),
  notFound: (message) => ({ status: 404, body: message }),
  internal: (message) => ({ status: 500, body: message }),
};

/** Refuses the request with 400. */
export function badRequest(message: string): never {
  throw new SandboxAnswer({ status: 400, body: message });
}

/** Refuses the request with 404. */
export function notFound(message: string): never {
  throw new SandboxAnswer({ status: 404, body: message });
}

/** Refuses the request with 409: well formed, but the current state does not allow it. */
export function conflict(message: string): never {
  throw new SandboxAnswer({ status: 409, body: message });
}

const HEX_ID = /^[0-9a-fA-F]{64}$/;

/** A 32-byte id in lower case, or 400 naming the value. */
export function requireHexId(value: unknown, what: string): string {
  if (typeof value !== 'string' || !HEX_ID.test(value)) {
    badRequest(`${what} must be 64 hexadecimal characters (got "${String(value)}")`);
  }
  return value.toLowerCase();
}

/** A Base58 mainnet address whose checksum verifies, or 400 naming the value. */
export function requireAddress(value: unknown, what = 'address'): ErgoAddress {
  if (typeof value !== 'string' || value === '') badRequest(`${what} is required`);
  let valid = false;
  try {
    valid = ErgoAddress.validate(value);
  } catch {
    valid = false;
  }
  if (!valid) badRequest(`${what} "${value}" is not a valid Ergo address (bad Base58 or checksum)`);
  if (ErgoAddress.getNetworkType(value) !== Network.Mainnet) badRequest(`${what} "${value}" is not a mainnet address`);
  return ErgoAddress.decode(value);
}

/** A pay-to-public-key address (its public key is needed), or 400 naming the value. */
export function requireP2pkAddress(value: unknown, what = 'address'): ErgoAddress {
  const address = requireAddress(value, what);
  if (address.type !== AddressType.P2PK) badRequest(`${what} "${String(value)}" is not a pay-to-public-key address`);
  return address;
}

/** A positive 64-bit integer, or 400 naming the value. */
export function requirePositive(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    badRequest(`${what} must be a positive integer (got "${String(value)}")`);
  }
  return BigInt(value);
}
