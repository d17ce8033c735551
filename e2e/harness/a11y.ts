import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths';

/**
 * Accessibility checks with axe-core on every screen the suite visits (docs/web.md "Accessibility").
 * `expectAccessible(page, screen)` injects axe, waits for running animations to finish (a fading
 * dialog would read as low contrast), runs the WCAG 2.1 A/AA and best-practice rules, records the
 * counts per screen and viewport into e2e/artifacts/a11y.json, and fails on any critical or serious
 * violation.
 */

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

export interface ScreenResult {
  screen: string;
  viewport: 'desktop' | 'phone';
  critical: number;
  serious: number;
  moderate: number;
  minor: number;
  /** Rule ids that failed, with their impact. */
  rules: string[];
}

interface Violation {
  id: string;
  impact: Impact | null;
  help: string;
  nodes: { target: string[]; html: string; summary: string }[];
}

export const A11Y_REPORT = join(ARTIFACTS_DIR, 'a11y.json');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function inject(page: Page): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
}

/** Waits until CSS animations and transitions on the page have finished (a condition, not a delay). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

async function run(page: Page): Promise<Violation[]> {
  await inject(page);
  await settle(page);
  return page.evaluate(async (tags) => {
    const w = window as unknown as {
      axe: {
        run(
          ctx: Document,
          opts: object,
        ): Promise<{
          violations: {
            id: string;
            impact: string | null;
            help: string;
            nodes: { target: unknown[]; html: string; failureSummary?: string }[];
          }[];
        }>;
      };
    };
    const res = await w.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return res.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String),
        html: n.html.slice(0, 160),
        summary: (n.failureSummary ?? '').slice(0, 300),
      })),
    }));
  }, TAGS) as Promise<Violation[]>;
}

function viewportOf(page: Page): 'desktop' | 'phone' {
  return (page.viewportSize()?.width ?? 1280) <= 640 ? 'phone' : 'desktop';
}

/** Merges one screen's figures into the report (spec files run one at a time, so no lock is needed). */
function record(result: ScreenResult): void {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const all: Record<string, ScreenResult> = existsSync(A11Y_REPORT)
    ? (JSON.parse(readFileSync(A11Y_REPORT, 'utf8')) as Record<string, ScreenResult>)
    : {};
  all[`${result.screen} @ ${result.viewport}`] = result;
  const sorted = Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(A11Y_REPORT, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Runs axe on what the page shows now; throws listing every critical or serious violation. */
export async function expectAccessible(page: Page, screen: string): Promise<ScreenResult> {
  const violations = await run(page);
  const count = (impact: Impact) => violations.filter((v) => v.impact === impact).length;
  const result: ScreenResult = {
    screen,
    viewport: viewportOf(page),
    critical: count('critical'),
    serious: count('serious'),
    moderate: count('moderate'),
    minor: count('minor'),
    rules: violations.map((v) => `${v.id} (${v.impact ?? 'n/a'})`),
  };
  record(result);
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  if (blocking.length) {
    const lines = blocking.flatMap((v) => [
      `  ${v.impact} ${v.id}: ${v.help}`,
      ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}  ${n.html}\n      ${n.summary}`),
    ]);
    throw new Error(
      `axe: ${blocking.length} critical/serious violation(s) on "${screen}" (${result.viewport})\n${lines.join('\n')}`,
    );
  }
  return result;
}
