/**
 * The ERG/USD price for cross-interface money on interface B. SigUSD is pegged to the US dollar
 * by the SigmaUSD bank, so one SigUSD's nanoERG price is the bank's own ERG/USD rate: a single
 * stablecoin-state request per GraphQL request prices every ERG amount.
 */
import DataLoader from 'dataloader';
import type { UpstreamCaller } from '../../upstream/upstream-fetch.js';

/** SigUSD has two decimals: its raw unit is a cent. */
const SIGUSD_RAW_UNITS_PER_DOLLAR = 100;
export const NANOERG_PER_ERG = 1e9;

/** US dollars per ERG from the bank's SigUSD price (nanoERG per raw SigUSD unit). */
export function usdPerErg(sigUsdPrice: number): number {
  return NANOERG_PER_ERG / (sigUsdPrice * SIGUSD_RAW_UNITS_PER_DOLLAR);
}

/** A loader with the one key `ERG`, answering US dollars per ERG. */
export function createUsdPerErgLoader(caller: UpstreamCaller): DataLoader<'ERG', number> {
  return new DataLoader(async (keys) => {
    const state = await caller.upstream.get<{ sigUsdPrice: number | string }>('blockchain-utility', '/stablecoin/info');
    const price = usdPerErg(Number(state.sigUsdPrice));
    return keys.map(() => price);
  });
}
