/**
 * The token registry, the liquidity pools that price tokens, and the node peers of a new
 * simulated chain.
 *
 * The genuine tokens are EIP-21's list (ergoplatform/eips, eip-0021.md, CC0): names, ids, the
 * unique-name flag and issuers are real. Their decimals, except SigUSD's and SigRSV's, are the
 * sandbox's assumption. EIP-21's blocked list is empty, so the sandbox generates a few
 * impersonators (labelled as such) to exercise the blocked and suspicious verdicts. Pools and
 * peers are generated from the seed and labelled as sandbox data (peer hosts end in
 * `.sandbox.invalid`).
 */
import { SIGRSV_TOKEN_ID, SIGUSD_TOKEN_ID } from './constants.js';
import { seededFraction, seededHex, seededInt } from './seeded.js';
import type { PeerRecord, PoolRecord, TokenRecord } from './state.js';

export const NETA_TOKEN_ID = '472c3d4ecaa08fb7392ff041ee2e6af75f4a558810a74b28600549d5392810e8';
export const ERDOGE_TOKEN_ID = '36aba4b4a97b65be491cf9f5ca57b5408b0da8d0194f30ec8330d1e8946161c1';
export const LUNADOG_TOKEN_ID = '5a34d53ca483924b9a6aa0c771f11888881b516a8d1a9cdc535d063fe26d065e';
export const KUSHTI_TOKEN_ID = 'fbbaac7337d051c10fc3da0ccb864f4d32d40027551e1c3ea3ce361f39b91e40';

function genuine(tokenId: string, name: string, decimals: number, issuer: string): TokenRecord {
  return { tokenId, name, decimals, genuine: true, uniqueName: true, blocked: false, issuer };
}

/** The id of the n-th generated impersonator token (0-based) for a seed. */
export function impersonatorTokenId(seed: string, index: number): string {
  return seededHex(seed, `blocked-token:${index}`);
}

/** EIP-21's genuine tokens plus three generated impersonators on the blocked list. */
export function genesisTokens(seed: string): TokenRecord[] {
  const impersonated = ['SigUSD', 'NETA', 'Kushti'];
  return [
    genuine(SIGUSD_TOKEN_ID, 'SigUSD', 2, 'sigmausd.io'),
    genuine(SIGRSV_TOKEN_ID, 'SigRSV', 0, 'sigmausd.io'),
    genuine(NETA_TOKEN_ID, 'NETA', 6, 'anetabtc.io'),
    genuine(ERDOGE_TOKEN_ID, 'Erdoge', 0, 'community'),
    genuine(LUNADOG_TOKEN_ID, 'LunaDog', 8, 'community'),
    genuine(KUSHTI_TOKEN_ID, 'Kushti', 0, 'community'),
    ...impersonated.map((name, index) => ({
      tokenId: impersonatorTokenId(seed, index),
      name,
      decimals: name === 'SigUSD' ? 2 : 0,
      genuine: false,
      uniqueName: false,
      blocked: true,
    })),
  ];
}

interface PoolPlan {
  tokenId: string;
  decimals: number;
  /** Typical nanoERG value of one whole token. */
  nanoErgPerToken: bigint;
  ergLiquidity: bigint;
  hourlyErgVolume: bigint;
}

const POOL_PLANS: PoolPlan[] = [
  { tokenId: NETA_TOKEN_ID, decimals: 6, nanoErgPerToken: 50_000_000n, ergLiquidity: 30_000n, hourlyErgVolume: 400n },
  { tokenId: ERDOGE_TOKEN_ID, decimals: 0, nanoErgPerToken: 20_000n, ergLiquidity: 5_000n, hourlyErgVolume: 60n },
  { tokenId: LUNADOG_TOKEN_ID, decimals: 8, nanoErgPerToken: 100_000n, ergLiquidity: 500n, hourlyErgVolume: 5n },
  { tokenId: KUSHTI_TOKEN_ID, decimals: 0, nanoErgPerToken: 1_000_000n, ergLiquidity: 2_000n, hourlyErgVolume: 20n },
];

/** One pool per priced community token, its size and price varied by the seed (±30 %). */
export function genesisPools(seed: string): PoolRecord[] {
  return POOL_PLANS.map((plan) => {
    const sizePermille = seededInt(seed, `pool-size:${plan.tokenId}`, 700n, 1300n);
    const pricePermille = seededInt(seed, `pool-price:${plan.tokenId}`, 700n, 1300n);
    const nanoErg = (plan.ergLiquidity * 1_000_000_000n * sizePermille) / 1000n;
    const nanoErgPerToken = (plan.nanoErgPerToken * pricePermille) / 1000n;
    const tokenAmount = (nanoErg * 10n ** BigInt(plan.decimals)) / nanoErgPerToken;
    return {
      tokenId: plan.tokenId,
      nanoErg: nanoErg.toString(),
      tokenAmount: tokenAmount.toString(),
      hourlyVolume: (plan.hourlyErgVolume * 1_000_000_000n).toString(),
    };
  });
}

/** Fourteen node peers with seeded traits; one trails far behind the chain. */
export function genesisPeers(seed: string): PeerRecord[] {
  return Array.from({ length: 14 }, (_unused, index) => {
    const n = String(index + 1).padStart(2, '0');
    const label = `peer:${n}`;
    const lagRoll = seededFraction(seed, `${label}:lag`);
    return {
      url: `http://peer-${n}.nodes.sandbox.invalid:9053`,
      name: `ergo-sandbox-${n}`,
      openRestApi: seededFraction(seed, `${label}:open`) < 0.75,
      blockchainApi: seededFraction(seed, `${label}:indexer`) < 0.35,
      responseMs: Number(seededInt(seed, `${label}:latency`, 35n, 900n)),
      reliability: 0.6 + 0.39 * seededFraction(seed, `${label}:reliability`),
      lagBlocks: index === 13 ? 400 : lagRoll < 0.7 ? 0 : Math.ceil(lagRoll * 4),
    };
  });
}
