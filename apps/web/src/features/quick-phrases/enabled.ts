import { useUserConfig } from '../friends';

/** SPEC: quick phrases show only in one-to-one chats when the user config phrase switch is 1. */
export function useQuickPhrasesEnabled(isC2C: boolean): boolean {
  const { data } = useUserConfig();
  return isC2C && data?.dailyWordSwitch === 1;
}
