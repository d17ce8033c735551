import { describe, expect, it } from 'vitest';
import {
  callCardDataSchema,
  CustomMsgType,
  customDataOf,
  friendNoticeDataSchema,
  groupTipPayloadSchema,
  type GroupTip,
} from '@parley/protocol';
import { callCardData } from '../../src/modules/calls/call-card.js';
import type { CallRow } from '../../src/modules/calls/call.repo.js';
import { tipPayloads } from '../../src/modules/messaging/group/group-tips.js';
import type { UserRow } from '../../src/modules/users/user.repo.js';

// The payloads the server writes itself are the protocol's schemas: what the server builds parses,
// and a schema refuses what a client cannot rely on.
const person = (userID: string) => ({ userID, nick: userID });
const tip = (operationType: GroupTip['operationType'], extra: Partial<GroupTip> = {}): GroupTip => ({
  operationType,
  groupNumber: '12345678',
  operatorInfo: person('owner'),
  memberList: [person('amy')],
  ...extra,
});

describe('custom message payloads', () => {
  it('every group tip the server stores parses as a groupTip payload', () => {
    const tips = [
      tipPayloads(tip(1), true),
      tipPayloads(tip(1), false),
      tipPayloads(tip(2), false),
      tipPayloads(tip(3), false),
      tipPayloads(tip(4), false),
      tipPayloads(tip(5), false),
      tipPayloads(tip(7, { muteTime: 600 }), false),
      tipPayloads(tip(7, { muteTime: 0 }), false),
      tipPayloads(tip(8), false),
      tipPayloads(tip(6, { newGroupProfile: { groupName: '新名', bannedSwitch: 1 } }), false),
      tipPayloads(tip(6, { newGroupProfile: { ownerID: 'amy' } }), false),
    ].flat();
    expect(tips.map((p) => p.operationType)).toEqual([
      'create',
      'join',
      'quit',
      'kick',
      'setAdmin',
      'cancelAdmin',
      'mute',
      'unmute',
      'dismiss',
      'profile',
      'muteAll',
      'transfer',
    ]);
    for (const p of tips) expect(groupTipPayloadSchema.parse(p)).toEqual(p);
    expect(groupTipPayloadSchema.safeParse({ ...tips[0], operationType: 'explode' }).success).toBe(false);
  });

  it('a call card’s data parses as a call card', () => {
    const row = {
      call_id: 'c1',
      media_type: 2,
      end_reason: 'hangup',
      connected_at: 1_000,
      ended_at: 62_000,
    } as CallRow;
    const data = callCardData(row, { wt_id: 'bob' } as UserRow);
    expect(callCardDataSchema.parse(data)).toEqual({
      businessID: 'call',
      callId: 'c1',
      callMediaType: 2,
      result: 'answered',
      duration: 61,
      inviteeList: ['bob'],
    });
    const missed = callCardData({ ...row, end_reason: 'timeout' }, undefined);
    expect(callCardDataSchema.parse(missed)).toMatchObject({
      result: 'missed',
      duration: 0,
      inviteeList: [],
    });
  });

  it('a friend notice’s data names one of the three notices; customDataOf reads only JSON objects', () => {
    const payload = { data: JSON.stringify({ businessID: CustomMsgType.addFriend }), description: '' };
    expect(friendNoticeDataSchema.parse(customDataOf(payload))).toEqual({
      businessID: CustomMsgType.addFriend,
    });
    expect(friendNoticeDataSchema.safeParse({ businessID: 'call' }).success).toBe(false);
    expect([customDataOf({}), customDataOf({ data: 'not json' }), customDataOf({ data: '[1]' })]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
