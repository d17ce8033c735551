import { routes, type GroupMember } from '@parley/protocol';
import { mockApi } from '../../../test-utils';

/** A group member as /user/groupchat/members lists it; only id and names matter here. */
export function member(wtId: string, nickname = `用户${wtId}`): GroupMember {
  return {
    userID: wtId,
    userId: wtId,
    wtId,
    nickname,
    groupNickname: '',
    avatar: '',
    identity: 1,
    muteUntil: 0,
    joinType: 2,
    inviterUserName: '',
    createTime: 0,
    lastSendMsgTime: 0,
    can: { manage: false },
  };
}

/** Answers the member list like the server: pages of `pageSize`, a keyword on userID or nickname. */
export function mockMembers(all: readonly GroupMember[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [routes.groups.members.path]: (raw) => {
      const body = raw as { pageNum: number; pageSize: number; keyword?: string };
      const kw = body.keyword?.toLowerCase();
      const found = kw
        ? all.filter((m) => m.wtId.toLowerCase().includes(kw) || m.nickname.toLowerCase().includes(kw))
        : all;
      const from = (body.pageNum - 1) * body.pageSize;
      return { data: { rows: found.slice(from, from + body.pageSize), total: found.length } };
    },
    ...extra,
  });
}
