import type { TFunction } from 'i18next';
import { featureOn } from '../../../lib/feature-flags';
import type { MenuItem } from '../ContextMenu';
import type { ChatMessage } from '../types';
import { targetFor, useTranslationPanels } from './translation-store';

/** '翻译' on text messages and '转文字' on sound messages (each behind its feature switch). */
export function translationMenuItems(m: ChatMessage, t: TFunction, language: string): MenuItem[] {
  const { toggle } = useTranslationPanels.getState();
  if (m.type === 'text' && featureOn('translate'))
    return [
      {
        key: 'translate',
        label: t('msgMenu.translate'),
        onSelect: () => toggle(m.ID, { kind: 'translate', lang: targetFor(language) }),
      },
    ];
  if (m.type === 'sound' && featureOn('voiceToText'))
    return [
      {
        key: 'voiceToText',
        label: t('msgMenu.voiceToText'),
        onSelect: () => toggle(m.ID, { kind: 'voice' }),
      },
    ];
  return [];
}
