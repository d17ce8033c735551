/** Messages between the groups bench runner (bench/groups.ts) and its children. */
import type { BenchClient } from './delivery-ipc.js';

export type { BenchClient };

/** A group as the runner lays it out: indices into the seeded clients, the first one the owner. */
export type GroupLayout = number[];

/** A group as a load worker knows it: its conversation and the names of its members. */
export interface WorkerGroup {
  conversationID: string;
  members: string[];
}

/** Runner → server process (Parley or the bare group relay). */
export type GServerCommand = { cmd: 'seed'; users: number; groups: GroupLayout[] } | { cmd: 'shutdown' };

/** Server process → runner. */
export type GServerReply =
  | { kind: 'ready'; baseUrl: string; label: string }
  | {
      kind: 'seeded';
      clients: BenchClient[];
      /** conversationID of each group of the layout, in order. */
      groups: string[];
      usersMs: number;
      groupsMs: number;
    }
  | { kind: 'shutdown'; ms: number }
  | { kind: 'error'; message: string };

/** Runner → load worker. */
export type GWorkerCommand =
  | {
      cmd: 'open';
      wsBase: string;
      /** The sockets this worker holds. */
      clients: BenchClient[];
      /** Groups whose members are all held here: their members send in turns during a step. */
      stepGroups: WorkerGroup[];
      /** The big group of the fan-out test, with the members held here. */
      fanoutGroup: WorkerGroup | null;
      concurrency: number;
    }
  | { cmd: 'step'; rate: number; seconds: number; drainMs: number }
  /** Arms one message to the fan-out group, sent by `sender`; every worker answers `armed`. */
  | { cmd: 'fanout'; id: string; sender: string; timeoutMs: number }
  /** Sends the armed message (to the worker holding its sender, once all are armed). */
  | { cmd: 'fire' }
  | { cmd: 'exit' };

/** Load worker → runner. */
export type GWorkerReply =
  | { kind: 'ready' }
  | { kind: 'opened'; opened: number; failed: number; firstError: string | null; ms: number }
  | { kind: 'armed'; id: string }
  | {
      kind: 'stepped';
      /** Messages sent. */
      sent: number;
      acked: number;
      /** Deliveries expected: per message, one for each other member of its group. */
      expected: number;
      /** Deliveries received (each member's socket, once per message). */
      received: number;
      /** Error acks, and frames the bench did not expect: a duplicate, a wrong group or recipient. */
      errors: number;
      duplicates: number;
      misdelivered: number;
      firstError: string | null;
      /** send → member received, ms, of every delivery (0.01 ms resolution). */
      latencies: number[];
      /** send → ack, ms. */
      ackLatencies: number[];
    }
  | {
      kind: 'fanned';
      id: string;
      /** Wall-clock time of the send, when this worker holds the sender. */
      sentAt: number | null;
      ackAt: number | null;
      ackError: string | null;
      /** Members held here other than the sender, and how many of them received the message. */
      expected: number;
      received: number;
      duplicates: number;
      firstAt: number | null;
      lastAt: number | null;
    };
