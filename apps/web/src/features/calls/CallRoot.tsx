import { Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../lib/api';
import { useSocketStatus } from '../../lib/realtime';
import { useFriends } from '../friends';
import { CallWindow, useRun } from './CallWindow';
import { LimitDialog } from './LimitDialog';
import { PermissionTip } from './PermissionTip';
import { callEngine } from './engine';
import { useCallStore } from './store';
import './call.css';

/** Mounted once in the app layout: an incoming call rings on any page; a reload finds the open call. */
export function CallRoot() {
  const status = useSocketStatus();
  useEffect(() => {
    if (status !== 'open' || useCallStore.getState().phase !== 'idle') return;
    // After a reload the server may still hold a ringing call for us.
    void call('calls', 'current', undefined, { silent: true })
      .then(({ call: c }) => {
        if (
          c &&
          c.groupID === null &&
          c.role === 'callee' &&
          c.status === 'ringing' &&
          useCallStore.getState().phase === 'idle'
        ) {
          callEngine.ring(c);
        }
      })
      .catch(() => undefined);
  }, [status]);
  return (
    <Suspense fallback={null}>
      <CallWindow />
      <CallFromLink status={status} />
      <LimitDialog />
      <PermissionTip />
    </Suspense>
  );
}

/** The profile card's voice/video buttons open the chat with `&call=audio|video`: place that call once. */
function CallFromLink({ status }: { status: string }) {
  const [params, setParams] = useSearchParams();
  const friends = useFriends();
  const run = useRun();
  // Taken from the URL at once (the messages page may rewrite its query), placed once we can.
  const pending = useRef<{ kind: string; conv: string } | null>(null);
  useEffect(() => {
    const kind = params.get('call');
    if (!kind) return;
    pending.current = { kind, conv: params.get('conversationID') ?? '' };
    const next = new URLSearchParams(params);
    next.delete('call');
    setParams(next, { replace: true });
  }, [params, setParams]);
  useEffect(() => {
    const want = pending.current;
    if (!want || status !== 'open' || !friends.data) return;
    pending.current = null;
    const friend = friends.data.find((f) => `C2C${f.wtId}` === want.conv);
    if (!friend || friend.isOfficial === 1 || useCallStore.getState().phase !== 'idle') return;
    const party = { wtId: friend.wtId, nickName: friend.remark || friend.nickName, avatar: friend.avatar };
    run(() => callEngine.call(party, want.kind === 'video' ? 2 : 1));
  });
  return null;
}
