import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/**
 * Last-resort screen for a render or chunk-load error. Deliberately free of i18n and UI kit so it
 * works when those failed to load; a stale chunk after a deploy is the usual cause, so offer reload.
 */
export function RouteError() {
  const err = useRouteError();
  const detail = isRouteErrorResponse(err)
    ? `${err.status} ${err.statusText}`
    : err instanceof Error
      ? err.message
      : '';
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 20, marginBottom: 12 }}>页面出错了 · Something went wrong</h1>
      <p style={{ color: '#9a9a9a', marginBottom: 24 }}>{detail}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        重新加载 · Reload
      </button>
    </div>
  );
}
