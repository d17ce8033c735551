import { isLanguage, type UserConfig, type UserInfo } from '@parley/protocol';
import type { UserConfigRow, UserRow } from './user.repo.js';

/** Member level shown on the badge: 1–10; anything outside shows 1. */
export function displayVipLevel(level: number): number {
  return Number.isInteger(level) && level >= 1 && level <= 10 ? level : 1;
}

export function toUserInfo(row: UserRow): UserInfo {
  return {
    userId: row.wt_id,
    wtId: row.wt_id,
    phone: row.phone,
    nickName: row.nick_name,
    avatar: row.avatar,
    bio: row.bio,
    vipLevel: row.vip_type === 0 ? 0 : displayVipLevel(row.vip_level),
    vipType: row.vip_type,
    hasStep2Pwd: row.step2_hash !== null,
    isOperator: Boolean(row.is_operator),
  };
}

const bit = (v: number): 0 | 1 => (v ? 1 : 0);

export function toUserConfig(row: UserConfigRow): UserConfig {
  return {
    dailyWordSwitch: bit(row.daily_word_switch),
    webMediaSwitch: bit(row.web_media_switch),
    notifyEnabled: bit(row.notify_enabled),
    notifyPreview: bit(row.notify_preview),
    notifySound: bit(row.notify_sound),
    language: isLanguage(row.language) ? row.language : null,
  };
}
