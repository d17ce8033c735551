export { QuickPhrasesButton } from './QuickPhrasesPopup';
export { useQuickPhrasesEnabled } from './enabled';
