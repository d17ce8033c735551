import type { GroupTipPayload, TipPerson } from '@parley/protocol';

/**
 * Group tips (`groupTip` messages, docs/api.md "Group tips") as i18n keys of the `groupChat`
 * namespace with their parameters. The payload names the operation as a word; the older numeric
 * codes of the groups module (1 join … 8 dissolve) are read too.
 */

/** A stored tip as read: the protocol's payload, loosely (older tips carry numbers and other names). */
export type TipPayload = Partial<Omit<GroupTipPayload, 'operationType' | 'newGroupProfile'>> & {
  operationType?: unknown;
  operatorInfo?: TipPerson;
  newGroupProfile?: Record<string, unknown>;
};
type Person = TipPerson;

const NUMERIC: Record<number, string> = {
  1: 'join',
  2: 'quit',
  3: 'kick',
  4: 'setAdmin',
  5: 'cancelAdmin',
  6: 'profile',
  7: 'mute',
  8: 'dismiss',
};

export function operationOf(p: TipPayload): string {
  const op = p.operationType;
  if (typeof op === 'number') {
    const word = NUMERIC[op] ?? 'unknown';
    return word === 'mute' && !p.muteTime ? 'unmute' : word;
  }
  return typeof op === 'string' ? op : 'unknown';
}

/** A mute length as a translation key and count (minutes below an hour, hours below a day, days). */
export function muteDuration(seconds: number): { key: 'minutes' | 'hours' | 'days'; count: number } {
  if (seconds < 3600) return { key: 'minutes', count: Math.max(1, Math.round(seconds / 60)) };
  if (seconds < 86400) return { key: 'hours', count: Math.round(seconds / 3600) };
  return { key: 'days', count: Math.round(seconds / 86400) };
}

export interface TipText {
  key: string;
  params: Record<string, string | number>;
}

/**
 * The key and values of a tip. `nameOf` turns a person into the name to show ('你' for myself,
 * the caller decides); several members are joined with `join`.
 */
export function tipText(
  p: TipPayload,
  nameOf: (person: Person) => string,
  join: (names: string[]) => string,
): TipText {
  const op = operationOf(p);
  const opUser = p.opUser ?? p.operatorInfo;
  const opName = opUser ? nameOf(opUser) : '';
  const members = join((p.memberList ?? []).map(nameOf));
  const params: Record<string, string | number> = { op: opName, members };
  switch (op) {
    case 'create':
    case 'muteAll':
    case 'unmuteAll':
    case 'dismiss':
      return { key: `tips.${op}`, params };
    case 'join': {
      const self =
        (p.memberList ?? []).length === 0 || (p.memberList ?? []).some((m) => m.userID === opUser?.userID);
      return self
        ? { key: 'tips.join', params: { ...params, members: members || opName } }
        : { key: 'tips.invite', params };
    }
    case 'quit':
      return { key: 'tips.quit', params: { ...params, members: members || opName } };
    case 'kick':
    case 'setAdmin':
    case 'cancelAdmin':
    case 'transfer':
    case 'unmute':
      return { key: `tips.${op}`, params };
    case 'mute': {
      const d = muteDuration(p.muteTime ?? 0);
      return { key: 'tips.mute', params: { ...params, duration: `${d.count}`, unit: d.key } };
    }
    case 'profile': {
      const np = p.newGroupProfile ?? {};
      if (typeof np.name === 'string' || typeof np.groupName === 'string')
        return { key: 'tips.name', params: { ...params, name: String(np.name ?? np.groupName) } };
      if ('notice' in np || 'groupNotice' in np) return { key: 'tips.notice', params };
      if ('avatar' in np) return { key: 'tips.avatar', params };
      if ('ownerID' in np) return { key: 'tips.transfer', params };
      return { key: 'tips.profile', params };
    }
    case 'welcome':
      return { key: 'tips.welcome', params: { ...params, text: p.text ?? '' } };
    default:
      return { key: 'tips.unknown', params };
  }
}
