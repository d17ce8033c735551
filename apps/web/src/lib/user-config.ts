import type { UserConfig } from '@parley/protocol';
import { call } from './api';
import { queryClient } from './query';

/** The user's config switches (GET /user/userConfig/getInfo), one cache entry for every screen. */
export const userConfigKey = ['user', 'config'] as const;

export const fetchUserConfig = () => call('users', 'config');

/** What `/user/userConfig/update` takes: any of the switches, the saved language. */
export type UserConfigPatch = Parameters<typeof call<'users', 'updateConfig'>>[2];

/** Saves some switches; the answer (the whole config) replaces the cached one. */
export async function updateUserConfig(patch: UserConfigPatch): Promise<UserConfig> {
  const next = await call('users', 'updateConfig', patch, { silent: true });
  queryClient.setQueryData(userConfigKey, next);
  return next;
}

export interface NotifyPrefs {
  /** Notifications of new messages and applications at all. */
  enabled: boolean;
  /** A message notification shows its text (else only who wrote). */
  preview: boolean;
  /** A new message plays a short sound. */
  sound: boolean;
}

/**
 * The notification switches as the client obeys them, from the cached config (the app frame
 * fetches it); until it is known, the server's defaults (on, previews off, sound on).
 */
export function notifyPrefs(): NotifyPrefs {
  const c = queryClient.getQueryData<UserConfig>(userConfigKey);
  return {
    enabled: (c?.notifyEnabled ?? 1) === 1,
    preview: (c?.notifyPreview ?? 0) === 1,
    sound: (c?.notifySound ?? 1) === 1,
  };
}
