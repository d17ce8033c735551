export { translationMenuItems } from './menu';
export { TranslationPanel } from './TranslationPanel';
export { targetFor, useTranslationPanels } from './translation-store';
