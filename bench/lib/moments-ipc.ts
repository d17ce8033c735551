import type { BenchClient } from './delivery-ipc.js';

export type MServerCommand =
  | { cmd: 'seed'; users: number; friends: number; posts: number; clients: number }
  | { cmd: 'explain'; wtId: string; beforeId?: number }
  | { cmd: 'feedTimes'; wtIds: string[]; rounds: number }
  | { cmd: 'shutdown' };

export type MServerReply =
  | {
      kind: 'seeded';
      clients: BenchClient[];
      usersMs: number;
      momentsMs: number;
      inboxMs: number;
      moments: number;
      inbox: number;
      friendships: number;
    }
  | { kind: 'plan'; lines: string[] }
  | { kind: 'feedTimes'; ms: number[] }
  | { kind: 'ready'; baseUrl: string; label: string }
  | { kind: 'shutdown'; ms: number }
  | { kind: 'error'; message: string };
