import { create } from 'zustand';

export interface ForwardRequest {
  messageIDs: string[];
  mode: 'single' | 'merged';
  /** The merged record's title. */
  title?: string;
}

/** The forward dialog's request (null: closed). One host renders it (ForwardHost). */
export const useForward = create<{ request: ForwardRequest | null }>(() => ({ request: null }));

export const openForward = (request: ForwardRequest) => useForward.setState({ request });
export const closeForward = () => useForward.setState({ request: null });
