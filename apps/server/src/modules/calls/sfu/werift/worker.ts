import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { SfuCandidate, SfuEvents } from '../sfu.js';
import { Room, SfuFailure } from './room.js';
import type { WorkerCall, WorkerData, WorkerReply, WorkerStats } from './wire.js';

/**
 * The werift SFU's thread: it owns every room and its peer connections, so RTP forwarding, DTLS
 * and SRTP never run on the main thread's event loop (messages and sockets). It answers the main
 * thread's calls (`wire.ts`) and posts the rooms' events.
 */
const port = parentPort!;
const { options } = workerData as WorkerData;
const rooms = new Map<string, Room>();

function post(reply: WorkerReply): void {
  port.postMessage(reply);
}

function emit<K extends keyof SfuEvents>(event: K, ...args: SfuEvents[K]): void {
  post({ event, args });
}

function open(roomId: string): Room {
  let room = rooms.get(roomId);
  if (!room) {
    room = new Room(options, {
      renegotiate: (userId, sdp) => emit('renegotiate', roomId, userId, sdp),
      tracks: (userId, tracks) => emit('tracks', roomId, userId, tracks),
      levels: (levels) => emit('levels', roomId, levels),
      disconnected: (userId, pc) => emit('disconnected', roomId, userId, pc),
    });
    rooms.set(roomId, room);
  }
  return room;
}

function roomOf(roomId: string): Room {
  const room = rooms.get(roomId);
  if (!room) throw new SfuFailure('sfuRoomNotFound');
  return room;
}

/** CPU time of this thread (Linux: /proc/thread-self; elsewhere null). */
function threadCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Time this thread has waited on the run queue (Linux: schedstat's second field, ns; else null). */
function threadWaitSeconds(): number | null {
  try {
    const waited = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
    return Number.isFinite(waited) ? waited / 1e9 : null;
  } catch {
    return null;
  }
}

async function run(call: WorkerCall): Promise<unknown> {
  switch (call.op) {
    case 'openRoom':
      open(call.roomId);
      return null;
    case 'closeRoom': {
      const room = rooms.get(call.roomId);
      rooms.delete(call.roomId);
      await room?.close();
      return null;
    }
    case 'publish':
      return roomOf(call.roomId).publish(call.userId, call.sdp);
    case 'subscribe':
      return roomOf(call.roomId).subscribe(call.userId);
    case 'answer':
      return roomOf(call.roomId).answer(call.userId, call.sdp);
    case 'candidate':
      return roomOf(call.roomId).candidate(call.userId, call.pc, call.candidate as SfuCandidate | null);
    case 'requestKeyframe':
      return roomOf(call.roomId).requestKeyframe(call.userId);
    case 'leave':
      return rooms.get(call.roomId)?.leave(call.userId) ?? null;
    case 'stats': {
      const stats: WorkerStats = {
        rooms: rooms.size,
        peers: [...rooms.values()].reduce((n, r) => n + r.size, 0),
        forwarded: Room.forwarded,
        cpuSeconds: threadCpuSeconds(),
        waitSeconds: threadWaitSeconds(),
      };
      return stats;
    }
  }
}

port.on('message', (call: WorkerCall) => {
  run(call).then(
    (value) => post({ id: call.id, ok: true, value: value ?? null }),
    (err: unknown) =>
      post({
        id: call.id,
        ok: false,
        code: err instanceof SfuFailure ? err.code : null,
        message: err instanceof Error ? err.message : String(err),
      }),
  );
});
