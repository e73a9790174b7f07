/** The babel-fee Mosaik apps: the list of open offers, and the new-offer form. */
import type { SandboxRequest } from '../sandbox-server.js';
import { type BabelOffer, babelOffers } from './babel.js';
import { ergoPayUrl, serviceUrl } from './ergopay.js';
import { button, card, column, label, type MosaikAction, type MosaikApp, manifest, type ViewElement } from './mosaik.js';
import { formatErg, formatUnits } from './numbers.js';
import type { ChainState, TokenRecord } from './state.js';

/** The token's name and decimals; unknown tokens show a shortened id and raw units. */
export function tokenLabel(state: ChainState, tokenId: string): { name: string; decimals: number } {
  const token = state.tokens.find((candidate: TokenRecord) => candidate.tokenId === tokenId);
  return token ? { name: token.name, decimals: token.decimals } : { name: `${tokenId.slice(0, 8)}…`, decimals: 0 };
}

/** "1 SigUSD = 0.011 ERG": the price of a whole token from a price per raw unit. */
export function wholeTokenPrice(state: ChainState, tokenId: string, pricePerRaw: bigint): string {
  const { name, decimals } = tokenLabel(state, tokenId);
  return `1 ${name} = ${formatErg(pricePerRaw * 10n ** BigInt(decimals))}`;
}

function offerRow(state: ChainState, offer: BabelOffer): ViewElement {
  const { name, decimals } = tokenLabel(state, offer.tokenId);
  return {
    type: 'Row',
    children: [
      label(
        `${wholeTokenPrice(state, offer.tokenId, offer.price)} · ${formatErg(BigInt(offer.box.value))} left · ${formatUnits(offer.collected, decimals)} ${name} collected`,
        'BODY2',
        { weight: 3 },
      ),
      button('Withdraw', `cancel-${offer.box.boxId}`, 'SECONDARY'),
    ],
  };
}

/** The offer list: one card per token, best price first, a withdraw action per box. */
export function babelFeeApp(state: ChainState, request: SandboxRequest): MosaikApp {
  const offers = babelOffers(state);
  const tokenIds = [...new Set(offers.map((offer) => offer.tokenId))];
  const cards = tokenIds.map((tokenId) => {
    const own = offers.filter((offer) => offer.tokenId === tokenId);
    return card([
      label(`${tokenLabel(state, tokenId).name} (${own.length} offer${own.length === 1 ? '' : 's'})`, 'HEADLINE2'),
      ...own.map((offer) => offerRow(state, offer)),
    ]);
  });
  const actions: MosaikAction[] = [
    { id: 'openNewOffer', type: 'NavigateAction', url: serviceUrl(request, '/suite/babelfee/newoffer') },
    ...offers.map((offer): MosaikAction => ({
      id: `cancel-${offer.box.boxId}`,
      type: 'ErgoPayAction',
      url: ergoPayUrl(request, `/cancelbabel/${offer.box.boxId}`),
    })),
  ];
  return {
    manifest: manifest(
      'Babel Fees',
      'Offer ERG so that others can pay transaction fees in a token (EIP-31), or withdraw your offers.',
      serviceUrl(request, '/suite/babelfee/notificationcheck'),
    ),
    actions,
    view: column([
      label('Babel fee offers', 'HEADLINE1'),
      label(
        'A babel-fee box holds ERG that anyone may take to pay a transaction fee, leaving the given token in exchange at the box’s price.',
      ),
      button('Create a new offer', 'openNewOffer'),
      ...(cards.length > 0 ? cards : [label('There are no open offers.')]),
    ]),
  };
}

/** The new-offer form; inputs post to new-input as they change, the button to doit. */
export function babelFeeNewOfferApp(state: ChainState, request: SandboxRequest): MosaikApp {
  const entries = Object.fromEntries(state.tokens.filter((token) => token.genuine).map((token) => [token.tokenId, token.name]));
  return {
    manifest: manifest('New babel fee offer', 'Lock ERG in a babel-fee box for a token of your choice.'),
    actions: [
      {
        id: 'inputChanged',
        type: 'BackendRequestAction',
        url: serviceUrl(request, '/suite/babelfee/newoffer/new-input'),
        postValues: 'VALID',
      },
      { id: 'submitOffer', type: 'BackendRequestAction', url: serviceUrl(request, '/suite/babelfee/newoffer/doit'), postValues: 'ALL' },
    ],
    view: column([
      label('New babel fee offer', 'HEADLINE1'),
      { type: 'ErgoAddressChooseButton', id: 'address', mandatory: true },
      { type: 'DropDownList', id: 'tokenId', placeholder: 'Token', entries, mandatory: true, onValueChangedAction: 'inputChanged' },
      {
        type: 'ErgAmountInputField',
        id: 'ergAmount',
        placeholder: 'ERG to lock',
        minValue: 1_000_000,
        mandatory: true,
        onValueChangedAction: 'inputChanged',
      },
      {
        type: 'IntegerInputField',
        id: 'tokenAmount',
        placeholder: 'Raw token units this ERG buys',
        minValue: 1,
        mandatory: true,
        onValueChangedAction: 'inputChanged',
      },
      label('Enter the amounts to see the price per token.', 'BODY1', { id: 'priceLabel' }),
      button('Create offer', 'submitOffer'),
    ]),
  };
}
