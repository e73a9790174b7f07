/**
 * Deterministic randomness: every generated value is a hash of the sandbox seed and a label
 * naming what it is for, so the same seed always builds the same simulated chain, and adding a
 * new kind of value never shifts the others.
 */
import { blake2b256, hex, utf8 } from '@fleet-sdk/crypto';

/** 32 bytes derived from the seed and a label. */
export function seededBytes(seed: string, label: string): Uint8Array {
  return blake2b256(utf8.decode(`${seed}|${label}`));
}

/** A 32-byte id (64 hex characters) derived from the seed and a label. */
export function seededHex(seed: string, label: string): string {
  return hex.encode(seededBytes(seed, label));
}

/** An integer in [min, max] derived from the seed and a label. */
export function seededInt(seed: string, label: string, min: bigint, max: bigint): bigint {
  const value = BigInt(`0x${seededHex(seed, label)}`);
  return min + (value % (max - min + 1n));
}

/** A number in [0, 1) derived from the seed and a label. */
export function seededFraction(seed: string, label: string): number {
  return Number(seededInt(seed, label, 0n, 999_999_999n)) / 1e9;
}

/** A version-4-shaped UUID derived from the seed and a label. */
export function seededUuid(seed: string, label: string): string {
  const bytes = seededBytes(seed, label).slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const h = hex.encode(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
