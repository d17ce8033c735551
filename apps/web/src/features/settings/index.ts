/** Public surface of the settings feature: the screen's row list (other features add rows there). */
export {
  SETTINGS_SECTIONS,
  type SettingsRow,
  type SettingsSection,
  type SwitchRow,
  type CustomRow,
} from './rows';
