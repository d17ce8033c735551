import type { ComponentType } from 'react';
import type { UserConfig } from '@parley/protocol';
import { LanguageRow, PermissionRow } from './CustomRows';

/** The on/off fields of the user's config (0 or 1). */
export type ConfigSwitch = {
  [K in keyof UserConfig]-?: UserConfig[K] extends 0 | 1 ? K : never;
}[keyof UserConfig];

/** A switch saved in the user's config (`/user/userConfig/update`). */
export interface SwitchRow {
  kind: 'switch';
  key: string;
  /** Translation key in the `settings` namespace: the label, and a hint under it. */
  label: string;
  hint?: string;
  config: ConfigSwitch;
  /** Shown only while this other switch is on (previews and sound need notifications). */
  needs?: ConfigSwitch;
}

/** A row with its own control (the language picker, the browser permission). */
export interface CustomRow {
  kind: 'custom';
  key: string;
  Component: ComponentType;
}

export type SettingsRow = SwitchRow | CustomRow;

export interface SettingsSection {
  key: string;
  /** Translation key of the section's heading. */
  title: string;
  rows: SettingsRow[];
}

/**
 * The settings screen, as data: sections of rows rendered in order. A new setting is one more
 * entry here (a config switch needs no component at all).
 */
export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    key: 'notifications',
    title: 'sections.notifications',
    rows: [
      {
        kind: 'switch',
        key: 'notify',
        label: 'rows.notify',
        hint: 'rows.notifyHint',
        config: 'notifyEnabled',
      },
      {
        kind: 'switch',
        key: 'preview',
        label: 'rows.preview',
        hint: 'rows.previewHint',
        config: 'notifyPreview',
        needs: 'notifyEnabled',
      },
      { kind: 'switch', key: 'sound', label: 'rows.sound', config: 'notifySound', needs: 'notifyEnabled' },
      { kind: 'custom', key: 'permission', Component: PermissionRow },
    ],
  },
  {
    key: 'general',
    title: 'sections.general',
    rows: [
      { kind: 'custom', key: 'language', Component: LanguageRow },
      {
        kind: 'switch',
        key: 'quick-phrases',
        label: 'rows.quickPhrases',
        hint: 'rows.quickPhrasesHint',
        config: 'dailyWordSwitch',
      },
    ],
  },
];
