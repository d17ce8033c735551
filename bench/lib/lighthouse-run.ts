import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

/** What one Lighthouse navigation measured. */
export interface PageLoad {
  /** Largest Contentful Paint, ms after navigation start. */
  lcp: number;
  /** First Contentful Paint, ms. */
  fcp: number;
  /** JavaScript bytes on the wire (compressed as sent) and their count. */
  jsTransferred: number;
  jsFiles: number;
  /** JavaScript bytes once decoded. */
  jsDecoded: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/**
 * One desktop Lighthouse 12 navigation of `url` in the Chromium listening on `port`, without
 * throttling (`provided`: this machine's own speed, the server on localhost), cold HTTP cache.
 * `keepStorage` keeps the origin's storage (a signed-in session in localStorage).
 */
export async function lighthouseLoad(url: string, port: number, keepStorage: boolean): Promise<PageLoad> {
  // Lighthouse sometimes loses its DevTools session on a busy machine ("Session closed"): one retry.
  try {
    return await lighthouseOnce(url, port, keepStorage);
  } catch (err) {
    console.error(`lighthouse run of ${url} failed (${(err as Error).message}); once more`);
    return lighthouseOnce(url, port, keepStorage);
  }
}

async function lighthouseOnce(url: string, port: number, keepStorage: boolean): Promise<PageLoad> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: 'provided',
      disableStorageReset: keepStorage,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { audits } = result.lhr;
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  return {
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    jsTransferred: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
    jsDecoded: scripts.reduce((sum, s) => sum + (s.resourceSize ?? 0), 0),
    jsFiles: scripts.length,
  };
}
