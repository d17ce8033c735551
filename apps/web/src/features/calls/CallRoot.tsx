import { Suspense, useEffect } from 'react';
import { call } from '../../lib/api';
import { useSocketStatus } from '../../lib/realtime';
import { CallWindow } from './CallWindow';
import { LimitDialog } from './LimitDialog';
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
        if (c && c.role === 'callee' && c.status === 'ringing' && useCallStore.getState().phase === 'idle') {
          callEngine.ring(c);
        }
      })
      .catch(() => undefined);
  }, [status]);
  return (
    <Suspense fallback={null}>
      <CallWindow />
      <LimitDialog />
    </Suspense>
  );
}
