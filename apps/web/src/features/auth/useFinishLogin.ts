import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginResult } from '@parley/protocol';
import { safeRedirect } from '../../lib/paths';
import { useSession } from '../../lib/session';

/** Stores the session and returns to ?redirect= (or /messages). */
export function useFinishLogin(): (result: LoginResult) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSession((s) => s.signIn);
  return useCallback(
    (result: LoginResult) => {
      signIn(result);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    [navigate, params, signIn],
  );
}
