/**
 * Ergo node peers as a prober sees them. Every ten minutes each peer answers the probe or not
 * (seeded, by its reliability); a peer that answered reports the chain height less its lag.
 * So the list changes with the clock, and is the same for the same seed and instant.
 */
import type { SandboxHandler } from '../sandbox-server.js';
import { GENESIS_TIME_MS, heightAt } from './constants.js';
import { type SandboxContext, withChain } from './context.js';
import { seededFraction, seededInt } from './seeded.js';
import type { PeerRecord } from './state.js';

const PROBE_INTERVAL_MS = 10 * 60_000;
/** How far back (in probes) a peer's last answer is looked for: two days. */
const MEMORY_PROBES = 288;

interface PeerView {
  url: string;
  name: string;
  blockHeight: number;
  headerHeight: number;
  lastSeen: number;
  responseTime: number;
  openRestApi: boolean;
  blockchainApi: boolean;
  reachable: boolean;
}

function answered(seed: string, peer: PeerRecord, probe: number): boolean {
  return seededFraction(seed, `probe:${peer.url}:${probe}`) < peer.reliability;
}

function viewOf(seed: string, peer: PeerRecord, now: number): PeerView {
  const current = Math.floor((now - GENESIS_TIME_MS) / PROBE_INTERVAL_MS);
  let probe = current;
  while (probe > current - MEMORY_PROBES && !answered(seed, peer, probe)) probe -= 1;
  const lastSeen = GENESIS_TIME_MS + probe * PROBE_INTERVAL_MS + peer.responseMs;
  const headerHeight = heightAt(lastSeen);
  const jitterPermille = seededInt(seed, `latency:${peer.url}:${probe}`, 800n, 1400n);
  return {
    url: peer.url,
    name: peer.name,
    blockHeight: headerHeight - peer.lagBlocks,
    headerHeight,
    lastSeen,
    responseTime: Math.round((peer.responseMs * Number(jitterPermille)) / 1000),
    openRestApi: peer.openRestApi,
    blockchainApi: peer.blockchainApi,
    reachable: probe === current,
  };
}

/** The node peer handler, by operationId. */
export function peerHandlers(context: SandboxContext): Record<string, SandboxHandler> {
  return {
    ergoNodePeers: (request) =>
      withChain(context, (state, now) => {
        const {
          unreachable = false,
          closedApi = false,
          limit = 50,
        } = request.params.query as { unreachable?: boolean; closedApi?: boolean; limit?: number };
        const peers = state.peers
          .map((peer) => viewOf(state.seed, peer, now))
          .filter((peer) => (unreachable || peer.reachable) && (closedApi || peer.openRestApi))
          .sort((a, b) => b.blockHeight - a.blockHeight || a.responseTime - b.responseTime)
          .slice(0, limit)
          .map(({ reachable: _reachable, ...peer }) => peer);
        return { status: 200, body: peers };
      }),
  };
}
