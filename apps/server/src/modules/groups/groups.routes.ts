import type { DomainHandlers } from '../../lib/route.js';
import type { GroupsService } from './groups.service.js';
import type { InvitationService } from './invitations.service.js';
import type { JoinService } from './join.service.js';
import type { MembersService } from './members.service.js';

/** Handlers of the `groups` routes of the contract (packages/protocol/src/contract/groups.ts). */
export function groupHandlers(s: {
  groups: GroupsService;
  members: MembersService;
  join: JoinService;
}): DomainHandlers<'groups'> {
  const { groups, members, join } = s;
  return {
    add: (r) => groups.create(r.userId, r.body),
    list: (r) => groups.list(r.userId),
    info: (r) => groups.info(r.userId, r.body.groupNumber),
    card: (r) => groups.card(r.userId, r.body.groupNumber),
    listByName: (r) => groups.list(r.userId, r.body.groupNickname || undefined),
    commonList: (r) => groups.common(r.userId, r.body.wtId),
    edit: (r) => groups.edit(r.userId, r.body),
    editSelf: (r) => groups.editSelf(r.userId, r.body),
    setWelcome: (r) => groups.setWelcome(r.userId, r.body.groupNumber, r.body.groupWelcomeMsg),
    joinLimit: (r) => groups.setJoinLimit(r.userId, r.body.groupNumber, r.body.limitLevel),
    dissolve: (r) => groups.dissolve(r.userId, r.body.groupNumber),
    transfer: (r) => groups.transfer(r.userId, r.body.groupNumber, r.body.wtId),
    quit: (r) => groups.quit(r.userId, r.body.groupNumber),
    setTop: (r) => groups.setTop(r.userId, r.body.groupNumber, r.body.topStatus),
    members: (r) => members.page(r.userId, r.body),
    memberInfo: (r) => members.one(r.userId, r.body.groupNumber, r.body.wtId),
    invite: (r) => members.invite(r.userId, r.body.groupNumber, r.body.wtIds),
    removeMembers: (r) => members.remove(r.userId, r.body.groupNumber, r.body.wtIds),
    setAdmins: (r) => members.setAdmins(r.userId, r.body.groupNumber, r.body.wtIds, r.body.identity),
    mute: (r) => members.mute(r.userId, r.body.groupNumber, r.body.wtIds, r.body.muteTime),
    mutedList: (r) => members.muted(r.userId, r.body.groupNumber, 'group.manage'),
    blackList: (r) => members.blackList(r.userId, r.body),
    blackAdd: (r) => members.blackAdd(r.userId, r.body.groupNumber, r.body.wtIds),
    blackRemove: (r) => members.blackRemove(r.userId, r.body.groupNumber, r.body.wtIds),
    candidatesAdd: (r) => members.candidatesAdd(r.userId, r.body.groupNumber),
    candidatesRemove: (r) => members.candidatesRemove(r.userId, r.body.groupNumber),
    managerList: (r) => members.managers(r.userId, r.body.groupNumber),
    positionMuted: (r) => members.muted(r.userId, r.body.groupNumber, 'group.view'),
    activeJoin: (r) => join.activeJoin(r.userId, r.body),
    joinVerify: (r) => join.verify(r.userId, r.body.groupNumber),
    audit: (r) => join.audit(r.userId, r.body.id, r.body.auditStatus),
    joinApplyList: (r) => join.joinApplyList(r.userId, r.body),
    myApplyList: (r) => join.myApplyList(r.userId, r.body),
    othersList: (r) => join.othersList(r.userId, r.body),
  };
}

/** Handlers of the `groupInvitations` routes (join invitations waiting for the invited user). */
export function invitationHandlers(invitations: InvitationService): DomainHandlers<'groupInvitations'> {
  return {
    list: (r) => invitations.waiting(r.userId),
    handle: (r) => invitations.handle(r.userId, r.body.id, r.body.status),
  };
}
