import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TagLimits,
  type ApplyFriendBody,
  type FriendItem,
  type Tag,
  type UpdateSpaceStatusBody,
} from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast-store';
import { friendsApi, tagsApi } from './api';
import { failToast } from './errors';
import { dropFriend, patchFriend } from './cache';
import { friendKeys, tagKeys } from './keys';

// Friend notices (add-friend, add-black, delete-friend) are sent by the server inside each use case.

/** Send an application. Errors (refused, blacklisted...) are left to the caller, which shows them. */
export function useApply() {
  const qc = useQueryClient();
  const { t } = useTranslation('friends');
  return useMutation({
    mutationFn: (body: ApplyFriendBody) => friendsApi.apply(body),
    onSuccess: (app) => {
      toast.success(t('toast.applied'));
      void qc.invalidateQueries({ queryKey: friendKeys.applies() });
      void qc.invalidateQueries({ queryKey: friendKeys.info(app.userID) });
    },
  });
}

export function useHandleApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ wtId, accept }: { wtId: string; accept: boolean }) =>
      friendsApi.handle(wtId, accept ? 1 : 2),
    onSuccess: (_app, { wtId, accept }) => {
      void qc.invalidateQueries({ queryKey: friendKeys.applies() });
      void qc.invalidateQueries({ queryKey: friendKeys.info(wtId) });
      if (accept) {
        void qc.invalidateQueries({ queryKey: friendKeys.list() });
      }
    },
    onError: () => void qc.invalidateQueries({ queryKey: friendKeys.applies() }),
  });
}

export function useDeleteFriend() {
  const qc = useQueryClient();
  const { t } = useTranslation('friends');
  return useMutation({
    mutationFn: (wtId: string) => friendsApi.remove(wtId),
    onSuccess: (_res, wtId) => {
      toast.success(t('toast.deleted'));
      dropFriend(qc, wtId);
    },
  });
}

export function useBlack() {
  const qc = useQueryClient();
  const { t } = useTranslation('friends');
  return useMutation({
    mutationFn: ({ wtId, black }: { wtId: string; black: boolean }) =>
      black ? friendsApi.blackAdd(wtId) : friendsApi.blackRemove(wtId),
    onSuccess: (res, { wtId, black }) => {
      toast.success(black ? t('toast.blacked') : t('toast.unblacked'));
      qc.setQueryData<FriendItem[]>(friendKeys.list(), (old) =>
        old?.map((f) => (f.wtId === wtId ? { ...f, ownerBlackStatus: res.ownerBlackStatus } : f)),
      );
      void qc.invalidateQueries({ queryKey: friendKeys.black() });
      void qc.invalidateQueries({ queryKey: friendKeys.info(wtId) });
    },
  });
}

/** Remark: '修改成功' or '修改备注失败，请重试'. */
export function useUpdateRemark() {
  const qc = useQueryClient();
  const { t } = useTranslation('friends');
  return useMutation({
    mutationFn: ({ wtId, remark }: { wtId: string; remark: string }) => friendsApi.updateRemark(wtId, remark),
    onSuccess: (item) => {
      patchFriend(qc, item);
      void qc.invalidateQueries({ queryKey: tagKeys.usersAll() });
    },
    onError: (e) => failToast(e, t('toast.remarkFailed')),
  });
}

/** Tags of one friend: '修改成功' or '修改标签失败，请重试'. */
export function useSetUserTags() {
  const qc = useQueryClient();
  const { t } = useTranslation('friends');
  return useMutation({
    mutationFn: ({ wtId, tagIds }: { wtId: string; tagIds: number[] }) =>
      tagsApi.setForUser({ friendsWtId: wtId, tagIds }),
    onSuccess: (tags, { wtId }) => {
      qc.setQueryData(tagKeys.of(wtId), tags);
      void qc.invalidateQueries({ queryKey: tagKeys.list() });
      void qc.invalidateQueries({ queryKey: tagKeys.usersAll() });
      void qc.invalidateQueries({ queryKey: friendKeys.list() });
      void qc.invalidateQueries({ queryKey: friendKeys.info(wtId) });
    },
    onError: (e) => failToast(e, t('toast.tagsFailed')),
  });
}

/** Moments visibility: '修改成功' or '修改失败，请重试'. */
export function useUpdateSpace() {
  const qc = useQueryClient();
  const { t } = useTranslation('friends');
  return useMutation({
    mutationFn: (body: UpdateSpaceStatusBody) => friendsApi.updateSpaceStatus(body),
    onSuccess: (item) => {
      toast.success(t('toast.updated'));
      patchFriend(qc, item);
    },
    onError: (e) => failToast(e, t('toast.updateFailed')),
  });
}

/** Splits wtIds into the server's batch size. */
export function chunks<T>(list: readonly T[], size: number = TagLimits.batch): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

type TagOp =
  | { op: 'create'; name: string; wtIds?: string[] }
  | { op: 'rename'; id: number; name: string }
  | { op: 'delete'; id: number }
  | { op: 'addUsers'; id: number; wtIds: string[] }
  | { op: 'removeUsers'; id: number; wtIds: string[] };

/** Tag management from the tags pane. Server messages are toasted by the http client. */
export function useTagOp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (op: TagOp): Promise<Tag | null> => {
      switch (op.op) {
        case 'create': {
          const [first = [], ...rest] = chunks(op.wtIds ?? []);
          const tag = await tagsApi.add(op.name, first.length ? first : undefined);
          for (const part of rest) await tagsApi.addUsers(tag.id, part);
          return tag;
        }
        case 'rename':
          return tagsApi.rename(op.id, op.name);
        case 'delete':
          await tagsApi.remove([op.id]);
          return null;
        case 'addUsers': {
          let tag: Tag | null = null;
          for (const part of chunks(op.wtIds)) tag = await tagsApi.addUsers(op.id, part);
          return tag;
        }
        case 'removeUsers': {
          let tag: Tag | null = null;
          for (const part of chunks(op.wtIds)) tag = await tagsApi.removeUsers(op.id, part);
          return tag;
        }
      }
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: tagKeys.all });
      void qc.invalidateQueries({ queryKey: friendKeys.list() });
      void qc.invalidateQueries({ queryKey: friendKeys.infos() });
    },
  });
}
