import './quick-phrases.css';
export { QuickPhrasesButton } from './QuickPhrasesPopup';
export { useQuickPhrasesEnabled } from './enabled';
