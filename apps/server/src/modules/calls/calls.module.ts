import type { AppContext } from '../../lib/context.js';
import type { DomainHandlers } from '../../lib/route.js';
import type { Gateway } from '../../realtime/gateway.js';
import type { FriendsModule } from '../friends/friends.module.js';
import type { GroupsModule } from '../groups/groups.module.js';
import type { UsersModule } from '../users/users.module.js';
import { CallMeter } from './call-meter.js';
import { CallRepo } from './call.repo.js';
import { CallService } from './call.service.js';
import { iceServersFor } from './ice.js';
import { UsageService } from './usage.service.js';
import { LazySfu } from './group-call-media.js';
import { registerSfuFrames } from './sfu/sfu.routes.js';

/**
 * One-to-one and group calls: signalling frames (`call.*`), the call record and its sweeper (invite
 * timeout, dropped sockets, the daily limit metered by the server), call cards, ICE servers, the
 * client's call-time record (/media/*), the member info, and a group's call for its join banner.
 * Leaving a group (quit, removal, dissolution) leaves its call, through the groups module's `tip` hook.
 */
export function createCallsModule(
  ctx: AppContext,
  users: UsersModule,
  friends: FriendsModule,
  groups: GroupsModule,
) {
  const meter = new CallMeter(ctx, users.repo, new CallRepo(ctx.db));
  const usage = new UsageService(ctx, users.repo, friends.blacklist, meter);
  const service = new CallService(ctx, friends.blacklist, meter);
  groups.hooks.on('tip', async (p, uow) => {
    const kind = p.tip.operationType;
    if (kind === 8) return service.group.leftGroup(uow, p.groupId, 'all');
    if (kind !== 2 && kind !== 3) return;
    const gone = await users.repo.in(uow).byWtIds(p.tip.memberList.map((m) => m.userID));
    await service.group.leftGroup(
      uow,
      p.groupId,
      gone.map((u) => Number(u.id)),
    );
  });

  let sweeper: NodeJS.Timeout | null = null;
  let sweeping = false;
  const startSweeper = () => {
    if (ctx.config.callSweepMs <= 0 || sweeper) return;
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      service
        .sweep()
        .catch((err: unknown) => ctx.log.error({ err }, 'call sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, ctx.config.callSweepMs);
    sweeper.unref();
  };
  const stopSweeper = () => {
    if (sweeper) clearInterval(sweeper);
    sweeper = null;
    service.limitTimers.clear();
    sfu.close().catch((err: unknown) => ctx.log.warn({ err }, 'sfu close failed'));
  };

  // Group-call media: the SFU, started with the first media frame; the flows drop who leaves.
  const sfu = LazySfu.of(ctx.config);
  let forget: (callId: string) => void = () => {};
  service.group.media = {
    left: (callId, wtId) => sfu.leave(callId, wtId),
    closed: async (callId) => {
      forget(callId);
      await sfu.closeRoom(callId);
    },
  };

  const registerFrames = (gateway: Gateway) => {
    gateway.on('call.invite', (c, data) => service.invite(c, data));
    gateway.on('call.cancel', (c, data) => service.act(c, data.callId, 'cancel'));
    gateway.on('call.accept', (c, data) => service.act(c, data.callId, 'accept'));
    gateway.on('call.reject', (c, data) => service.act(c, data.callId, 'reject'));
    gateway.on('call.hangup', (c, data) => service.act(c, data.callId, 'hangup'));
    gateway.on('call.ping', (c, data) => service.ping(c, data.callId));
    gateway.on('call.switchMedia', (c, data) => service.switchToAudio(c, data.callId));
    gateway.on('call.signal', (c, data) => service.signal(c, data));
    gateway.on('call.groupCall', (c, data) => service.group.start(c, data));
    gateway.on('call.joinInGroupCall', (c, data) => service.group.join(c, data));
    gateway.on('call.inviteUser', (c, data) => service.group.invite(c, data));
    forget = registerSfuFrames(ctx, gateway, sfu, (actor, callId) =>
      service.group.access.mediaAccess(actor, callId),
    ).forget;
  };

  const handlers: DomainHandlers<'calls'> = {
    current: (r) => service.current(r.userId),
    iceServers: async (r) => {
      const me = await users.repo.byId(r.userId);
      return iceServersFor(ctx.config, me?.wt_id ?? '', ctx.clock.now());
    },
    checkCall: (r) => usage.check(r.userId),
    mediaCall: (r) => usage.start(r.userId, r.body.acceptWtId, r.body.callType),
    uploadCall: (r) => usage.upload(r.userId, r.body.callId),
    exitCall: async (r) => {
      await usage.upload(r.userId, r.body.callId, true);
      return null;
    },
    memberInfo: (r) => usage.memberInfo(r.userId),
    groupCallInfo: (r) => service.group.access.info(r.userId, r.body.groupID),
  };

  return { service, usage, sfu, handlers, registerFrames, startSweeper, stopSweeper };
}
export type CallsModule = ReturnType<typeof createCallsModule>;
