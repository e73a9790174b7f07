/**
 * The box consolidation and token burn Mosaik apps, their backend calls and their ErgoPay
 * transactions.
 */
import { RECOMMENDED_MIN_FEE_VALUE, TransactionBuilder, type ErgoAddress } from '@fleet-sdk/core';
import type { SandboxHandler, SandboxRequest } from '../sandbox-server.js';
import { tokenLabel } from './babel-app.js';
import { buildOrConflict, spendableBoxesOf, tokenBalance } from './chain.js';
import { heightAt } from './constants.js';
import { type SandboxContext, withChain } from './context.js';
import { conflict, notFound, requireHexId, requireP2pkAddress, requirePositive } from './errors.js';
import { ergoPayAnswer, ergoPayUrl, serviceUrl } from './ergopay.js';
import { button, column, fetchActionResponse, label, type MosaikApp, manifest } from './mosaik.js';
import { formatErg, formatUnits } from './numbers.js';
import { seededUuid } from './seeded.js';
import type { ChainState } from './state.js';

/** Most boxes one consolidation spends (a transaction must stay small enough for the network). */
export const MAX_CONSOLIDATED_BOXES = 100;

function boxConsolidationApp(request: SandboxRequest): MosaikApp {
  return {
    manifest: manifest('Box consolidation', 'Merge the many small boxes of your address into one.'),
    actions: [{ id: 'consolidate', type: 'ErgoPayAction', url: ergoPayUrl(request, '/suite/boxconsolidation/consolidate/#P2PK_ADDRESS#') }],
    view: column([
      label('Box consolidation', 'HEADLINE1'),
      label(
        `Many small boxes make transactions large and slow to sign. This merges up to ${MAX_CONSOLIDATED_BOXES} boxes of the address you choose into one, for the miner fee (${formatErg(RECOMMENDED_MIN_FEE_VALUE)}).`,
      ),
      button('Consolidate my boxes', 'consolidate'),
    ]),
  };
}

function tokenBurnApp(request: SandboxRequest): MosaikApp {
  return {
    manifest: manifest('Token burn', 'Destroy tokens you hold, for good.'),
    actions: [{ id: 'prepareBurn', type: 'BackendRequestAction', url: serviceUrl(request, '/suite/tokenburn/prepare'), postValues: 'ALL' }],
    view: column([
      label('Token burn', 'HEADLINE1'),
      label('Burnt tokens are gone for good: the transaction spends them and creates no box holding them.'),
      { type: 'ErgoAddressChooseButton', id: 'address', mandatory: true },
      { type: 'TextInputField', id: 'tokenId', placeholder: 'Token id', minValue: 64, maxValue: 64, mandatory: true },
      { type: 'IntegerInputField', id: 'amount', placeholder: 'Raw units to burn', minValue: 1, mandatory: true },
      button('Burn', 'prepareBurn'),
    ]),
  };
}

function consolidationTransaction(state: ChainState, address: ErgoAddress, now: number) {
  const boxes = spendableBoxesOf(state, address);
  const owner = address.encode();
  if (boxes.length < 2)
    conflict(`Address ${owner} holds ${boxes.length} unspent box${boxes.length === 1 ? '' : 'es'}; there is nothing to consolidate`);
  const chosen = [...boxes].sort((a, b) => (BigInt(a.value) < BigInt(b.value) ? -1 : 1)).slice(0, MAX_CONSOLIDATED_BOXES);
  const builder = new TransactionBuilder(heightAt(now)).from(chosen, { ensureInclusion: true }).sendChangeTo(address).payMinFee();
  return ergoPayAnswer(buildOrConflict(builder, owner), owner, `Merge ${chosen.length} boxes of your address into one.`);
}

function burnTransaction(state: ChainState, uuid: string, now: number) {
  const burn = state.burns.find((candidate) => candidate.uuid === uuid);
  if (!burn) notFound(`No token burn was prepared under ${uuid}`);
  const address = requireP2pkAddress(burn.address);
  const amount = BigInt(burn.amount);
  const held = tokenBalance(spendableBoxesOf(state, address), burn.tokenId);
  if (held < amount)
    conflict(`Address ${burn.address} now holds ${held} raw units of token ${burn.tokenId}, fewer than the ${amount} to burn`);
  const builder = new TransactionBuilder(heightAt(now))
    .from(spendableBoxesOf(state, address))
    .burnTokens({ tokenId: burn.tokenId, amount })
    .configure((settings) => settings.allowTokenBurning(true))
    .sendChangeTo(address)
    .payMinFee();
  const { name, decimals } = tokenLabel(state, burn.tokenId);
  return ergoPayAnswer(buildOrConflict(builder, burn.address), burn.address, `Burn ${formatUnits(amount, decimals)} ${name} for good.`);
}

/** The box consolidation and token burn handlers, by operationId. */
export function suiteHandlers(context: SandboxContext): Record<string, SandboxHandler> {
  return {
    boxConsolidationApp: (request) => withChain(context, () => ({ status: 200, body: boxConsolidationApp(request) })),
    boxConsolidationTransaction: (request) =>
      withChain(context, (state, now) => ({
        status: 200,
        body: consolidationTransaction(state, requireP2pkAddress(request.params.path.address), now),
      })),
    tokenBurnApp: (request) => withChain(context, () => ({ status: 200, body: tokenBurnApp(request) })),
    prepareTokenBurn: (request) =>
      withChain(context, (state, now) => {
        const values = request.body as Record<string, unknown>;
        const address = requireP2pkAddress(values.address);
        const tokenId = requireHexId(values.tokenId, 'tokenId');
        const amount = requirePositive(values.amount, 'amount');
        const held = tokenBalance(spendableBoxesOf(state, address), tokenId);
        if (held < amount)
          conflict(`Address ${address.encode()} holds ${held} raw units of token ${tokenId}, fewer than the ${amount} to burn`);
        const uuid = seededUuid(state.seed, `burn:${state.nextId}`);
        state.nextId += 1;
        state.burns.push({ uuid, address: address.encode(), tokenId, amount: amount.toString(), createdAt: now });
        return {
          status: 200,
          body: fetchActionResponse({ id: 'burnTokens', type: 'ErgoPayAction', url: ergoPayUrl(request, `/suite/tokenburn/get/${uuid}`) }),
        };
      }),
    tokenBurnRequest: (request) =>
      withChain(context, (state, now) => ({
        status: 200,
        body: burnTransaction(state, String(request.params.path.uuid).toLowerCase(), now),
      })),
  };
}
