import { useEffect } from 'react';
import { create } from 'zustand';

/** How many mounted screens want the phone's bottom tab bar out of the way (an open chat). */
const useTabBarStore = create<{ hiders: number }>(() => ({ hiders: 0 }));

/**
 * A screen that fills the phone's screen (a conversation, as in WeChat) hides the bottom tab bar
 * while it is mounted and `active`; the app layout reads `useTabBarHidden`. Computers keep the sidebar.
 */
export function useHideTabBar(active = true): void {
  useEffect(() => {
    if (!active) return;
    useTabBarStore.setState((s) => ({ hiders: s.hiders + 1 }));
    return () => useTabBarStore.setState((s) => ({ hiders: s.hiders - 1 }));
  }, [active]);
}

export const useTabBarHidden = (): boolean => useTabBarStore((s) => s.hiders > 0);
