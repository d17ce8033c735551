import type { AppContext } from '../../../lib/context.js';
import type { Gateway } from '../../../realtime/gateway.js';
import type { Sfu, SfuCandidate } from './sfu.js';

/** Who sends a media frame: the user and the socket connection (tab) it came on. */
export interface MediaActor {
  userId: number;
  connectionId: string;
}

/**
 * The group-call rule the media frames need, implemented by the group-call flows: the actor is a
 * joined member of call `callId` on this tab. Throws the call's AppError otherwise; answers the
 * member's wtId (the name the SFU and the other members know them by).
 */
export type MayUseRoom = (actor: MediaActor, callId: string) => Promise<{ wtId: string }>;

/**
 * The `call.media.*` frames (docs/api.md "Group-call media"): each checks the caller with
 * `mayUseRoom`, then calls the SFU with the call's id as the room and the member's wtId as the user.
 * The SFU's events go to the member they concern (`call.media.offer`, `.tracks`, `.candidate`) or
 * to every member seen in the room (`call.media.levels`). `forget(callId)` drops a finished call's
 * members (call it with `Sfu.closeRoom`).
 */
export function registerSfuFrames(ctx: AppContext, gateway: Gateway, sfu: Sfu, mayUseRoom: MayUseRoom) {
  /** callId → wtId → userId of the members who used the room on this node. */
  const members = new Map<string, Map<string, number>>();
  const member = async (actor: MediaActor, callId: string): Promise<string> => {
    const { wtId } = await mayUseRoom(actor, callId);
    let room = members.get(callId);
    if (!room) members.set(callId, (room = new Map()));
    room.set(wtId, actor.userId);
    return wtId;
  };
  const userOf = (callId: string, wtId: string) => members.get(callId)?.get(wtId);
  const failed = (err: unknown) => ctx.log.error({ err }, 'sfu event delivery failed');

  gateway.on('call.media.publish', async (c, d) => ({
    sdp: await sfu.publish(d.callId, await member(c, d.callId), d.sdp),
  }));
  gateway.on('call.media.subscribe', async (c, d) => ({
    sdp: await sfu.subscribe(d.callId, await member(c, d.callId)),
  }));
  gateway.on('call.media.answer', async (c, d) => {
    await sfu.answer(d.callId, await member(c, d.callId), d.sdp);
    return null;
  });
  gateway.on('call.media.candidate', async (c, d) => {
    await sfu.candidate(
      d.callId,
      await member(c, d.callId),
      d.pc,
      (d.candidate as SfuCandidate | null) ?? null,
    );
    return null;
  });
  gateway.on('call.media.keyframe', async (c, d) => {
    await sfu.requestKeyframe(d.callId, await member(c, d.callId));
    return null;
  });

  sfu.events.on('renegotiate', (callId, wtId, sdp) => {
    const to = userOf(callId, wtId);
    if (to !== undefined) ctx.realtime.emit([to], 'call.media.offer', { callId, sdp }).catch(failed);
  });
  sfu.events.on('tracks', (callId, wtId, tracks) => {
    const to = userOf(callId, wtId);
    if (to !== undefined) ctx.realtime.emit([to], 'call.media.tracks', { callId, tracks }).catch(failed);
  });
  sfu.events.on('candidate', (callId, wtId, pc, candidate) => {
    const to = userOf(callId, wtId);
    if (to !== undefined)
      ctx.realtime.emit([to], 'call.media.candidate', { callId, pc, candidate }).catch(failed);
  });
  sfu.events.on('levels', (callId, levels) => {
    const room = members.get(callId);
    if (room) ctx.realtime.emit([...room.values()], 'call.media.levels', { callId, levels }).catch(failed);
  });

  return {
    forget(callId: string): void {
      members.delete(callId);
    },
  };
}
