import type { ForwardBody } from '@parley/protocol';
import { create } from 'zustand';

/** What the forward dialog is opened with: the request less the targets it asks for. */
export type ForwardRequest = Pick<ForwardBody, 'messageIDs' | 'mode' | 'title'>;

/** The forward dialog's request (null: closed). One host renders it (ForwardHost). */
export const useForward = create<{ request: ForwardRequest | null }>(() => ({ request: null }));

export const openForward = (request: ForwardRequest) => useForward.setState({ request });
export const closeForward = () => useForward.setState({ request: null });
