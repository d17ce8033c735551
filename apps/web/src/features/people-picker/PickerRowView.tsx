import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { CheckIcon } from '../../ui/icons';
import { displayName, type PickerItem, type PickerMode } from './types';

export interface PickerRowViewProps {
  item: PickerItem;
  checked: boolean;
  mode: PickerMode;
  onToggle(item: PickerItem): void;
}

/** One candidate: check mark, avatar, '[群聊]' marker, name, tags ('官方', 群主/管理员) and a disabled marker. */
export const PickerRowView = memo(function PickerRowView({
  item,
  checked,
  mode,
  onToggle,
}: PickerRowViewProps) {
  const { t } = useTranslation('picker');
  const name = displayName(item);
  // Members already in the group are shown ticked and greyed, like WeChat's member picker.
  const shownChecked = checked || item.disabledReason === 'inGroup';
  return (
    <button
      type="button"
      role={mode === 'radio' ? 'radio' : 'checkbox'}
      aria-checked={shownChecked}
      aria-disabled={item.disabled || undefined}
      className={`pp-row${item.disabled ? ' pp-row--disabled' : ''}`}
      onClick={() => onToggle(item)}
      data-testid="picker-row"
      data-id={item.id}
    >
      <span
        className={`pp-check${mode === 'radio' ? ' pp-check--radio' : ''}${shownChecked ? ' pp-check--on' : ''}`}
      >
        {shownChecked && <CheckIcon />}
      </span>
      <Avatar
        src={item.avatar}
        name={name}
        size={36}
        shape={item.isGroup ? 'rounded' : 'circle'}
        decorative
      />
      <span className="pp-row__main">
        <span className="pp-row__name">
          {item.isGroup && <span className="pp-row__group">{t('groupMarker')}</span>}
          <span className="pp-row__text">{name}</span>
        </span>
        {item.remark && item.name && item.remark !== item.name && (
          <span className="pp-row__sub">{t('nickLine', { name: item.name })}</span>
        )}
      </span>
      {item.official && <span className="pp-tag pp-tag--official">{t('official')}</span>}
      {item.role && <span className={`pp-tag pp-tag--${item.role}`}>{t(`role.${item.role}`)}</span>}
      {item.disabledReason && <span className="pp-row__marker">{t(`disabled.${item.disabledReason}`)}</span>}
    </button>
  );
});
