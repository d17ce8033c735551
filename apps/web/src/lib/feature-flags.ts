/**
 * The message menu's feature switches (download, copy, revoke, delete, forward, quote, translate,
 * multi-select, reaction, mention, voice to text). All are on by default; a deployment turns some
 * off at build time with VITE_DISABLED_FEATURES, a comma-separated list of these names.
 */
export const MENU_FEATURES = [
  'download',
  'copy',
  'revoke',
  'delete',
  'forward',
  'quote',
  'translate',
  'multiSelect',
  'reaction',
  'mention',
  'voiceToText',
] as const;
export type MenuFeature = (typeof MENU_FEATURES)[number];

function disabled(): Set<string> {
  const raw = (import.meta.env.VITE_DISABLED_FEATURES as string | undefined) ?? '';
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

export function featureOn(name: MenuFeature): boolean {
  return !disabled().has(name);
}
