import { idb, STORES } from '../idb';
import { useChatStore } from '../store';
import { isGroupID, type GroupMessage } from './logic';

/**
 * Group versions (docs/api.md "Sync"): per group conversation, the version of the last message or
 * change this device has seen. Topic frames (`groupVersion` on a message) and sync answers
 * (`groupVersions`) move it; `/message/sync` sends it back as `groups` for the group conversations
 * this tab holds, so a reconnect brings exactly the group messages and revokes it missed. Kept in
 * the device cache (IndexedDB, per user) beside the conversation list.
 */
let owner = '';
let versions = new Map<string, number>();
let saveTimer: ReturnType<typeof setTimeout> | null = null;
const key = (o: string) => `${o}:groupVersions`;

function save(): void {
  if (!owner) return;
  const o = owner;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void idb.put(STORES.cache, key(o), Object.fromEntries(versions)), 500);
}

/** Switches to `user`'s versions (a login, or a reload): the device's copy fills in what is unknown. */
export async function loadGroupVersions(user: string): Promise<void> {
  if (user === owner) return;
  owner = user;
  versions = new Map();
  if (!user) return;
  const stored = await idb.get<Record<string, number>>(STORES.cache, key(user));
  if (owner !== user || !stored) return;
  for (const [id, v] of Object.entries(stored)) if (v > (versions.get(id) ?? 0)) versions.set(id, v);
}

/** A version seen on a message (topic frame, ack, history page). */
export function noteGroupVersion(m: Pick<GroupMessage, 'conversationID' | 'groupVersion'>): void {
  const v = m.groupVersion;
  if (typeof v !== 'number' || !isGroupID(m.conversationID)) return;
  if (v <= (versions.get(m.conversationID) ?? 0)) return;
  versions.set(m.conversationID, v);
  save();
}

/** The sync answer's versions (every group conversation of the user). */
export function setGroupVersions(next: Record<string, number> | undefined): void {
  if (!next) return;
  let changed = false;
  for (const [id, v] of Object.entries(next))
    if (v > (versions.get(id) ?? 0)) {
      versions.set(id, v);
      changed = true;
    }
  if (changed) save();
}

/**
 * `groups` for /message/sync: each group conversation this tab holds messages of, with the newest
 * version it has seen (the noted one, or the highest on its held messages).
 */
export function heldGroupVersions(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, held] of Object.entries(useChatStore.getState().byConv)) {
    if (!isGroupID(id)) continue;
    let v = versions.get(id) ?? 0;
    for (const m of held.messages) v = Math.max(v, (m as GroupMessage).groupVersion ?? 0);
    if (v > 0) out[id] = v;
  }
  return out;
}

/** Tests and logout: forget everything. */
export function resetGroupVersions(): void {
  owner = '';
  versions = new Map();
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
}
