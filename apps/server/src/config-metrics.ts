/**
 * Where `/metrics` is served (docs/operations.md "Health, readiness and metrics"). Never open to the world by default:
 * METRICS_PORT opens a listener of its own on METRICS_HOST (loopback unless told otherwise);
 * METRICS_TOKEN also serves it on the public port to a `Authorization: Bearer <token>` request.
 * With neither, nothing is measured at all. Read from the environment by `loadConfig` only.
 */
export interface MetricsConfig {
  /** Port of the metrics listener (METRICS_PORT; unset: none, 0: any free port). */
  port: number | undefined;
  /** Address the metrics listener binds (METRICS_HOST, default 127.0.0.1). */
  host: string;
  /** Bearer token of `/metrics` on the public port (METRICS_TOKEN; unset: 404 there). */
  token: string | undefined;
}

/** A shorter token is refused at start: it would be guessable. */
export const MIN_METRICS_TOKEN_CHARS = 16;

export function loadMetricsConfig(env: Record<string, string | undefined>): MetricsConfig {
  const rawPort = env.METRICS_PORT?.trim();
  let port: number | undefined;
  if (rawPort) {
    port = Number(rawPort);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`Invalid METRICS_PORT: ${rawPort} (a port number)`);
  }
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < MIN_METRICS_TOKEN_CHARS)
    throw new Error(`METRICS_TOKEN is too short: at least ${MIN_METRICS_TOKEN_CHARS} characters`);
  return { port, host: env.METRICS_HOST || '127.0.0.1', token };
}

/** Whether this node measures anything (a listener or a token is configured). */
export const metricsEnabled = (m: MetricsConfig) => m.port !== undefined || m.token !== undefined;
