/**
 * Building blocks of Mosaik apps (the wallet UI format of Ergo, MrStahlfelge/mosaik): the
 * manifest, view elements and actions, in the JSON shape Mosaik executors read.
 */
import { MOSAIK_APP_VERSION, MOSAIK_TARGET_VERSION } from './constants.js';

export interface ViewElement {
  type: string;
  id?: string;
  children?: ViewElement[];
  onClickAction?: string;
  [field: string]: unknown;
}

export interface MosaikAction {
  id: string;
  type: 'ErgoPayAction' | 'BackendRequestAction' | 'NavigateAction' | 'ChangeSiteAction' | 'DialogAction';
  url?: string;
  postValues?: 'ALL' | 'VALID' | 'NONE';
  newContent?: { view: ViewElement; actions?: MosaikAction[] };
  message?: string;
  positiveButtonText?: string;
}

export interface MosaikManifest {
  appName: string;
  appDescription: string;
  appVersion: number;
  targetMosaikVersion: number;
  targetCanvasDimension: 'COMPACT_WIDTH' | 'MEDIUM_WIDTH' | 'FULL_WIDTH';
  cacheLifetime: number;
  notificationCheckUrl?: string;
}

export interface MosaikApp {
  manifest: MosaikManifest;
  actions: MosaikAction[];
  view: ViewElement;
}

/** A manifest for one of the sandbox's apps (no caching: the content follows the chain). */
export function manifest(appName: string, appDescription: string, notificationCheckUrl?: string): MosaikManifest {
  return {
    appName,
    appDescription,
    appVersion: MOSAIK_APP_VERSION,
    targetMosaikVersion: MOSAIK_TARGET_VERSION,
    targetCanvasDimension: 'MEDIUM_WIDTH',
    cacheLifetime: 0,
    ...(notificationCheckUrl ? { notificationCheckUrl } : {}),
  };
}

export function column(children: ViewElement[], fields: Partial<ViewElement> = {}): ViewElement {
  return { type: 'Column', ...fields, children };
}

export function card(children: ViewElement[]): ViewElement {
  return { type: 'Card', children: [column(children, { padding: 'DEFAULT' })] };
}

export function label(text: string, style = 'BODY1', fields: Partial<ViewElement> = {}): ViewElement {
  return { type: 'Label', text, style, ...fields };
}

export function button(text: string, onClickAction: string, style = 'PRIMARY'): ViewElement {
  return { type: 'Button', text, style, onClickAction };
}

/** The answer to a backend request: one action for the wallet to run. */
export function fetchActionResponse(action: MosaikAction): { appVersion: number; action: MosaikAction } {
  return { appVersion: MOSAIK_APP_VERSION, action };
}
