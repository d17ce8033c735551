import { useEffect, useSyncExternalStore } from 'react';
import { loadPinyin, onPinyin, pinyinVersion } from './pinyin';

/**
 * Loads the pinyin dictionary when a screen that needs it mounts (`enabled`) and re-renders it
 * when it arrives: the returned version belongs in the dependencies of keys made from pinyin.
 */
export function usePinyin(enabled = true): number {
  useEffect(() => {
    if (enabled) void loadPinyin();
  }, [enabled]);
  return useSyncExternalStore(onPinyin, pinyinVersion);
}
