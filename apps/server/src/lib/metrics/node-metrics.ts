import { Gauge, Registry } from 'prom-client';
import { defineFamilies, type MetricSources } from './families.js';
import { MetricCounts } from './metrics.js';

type Families = ReturnType<typeof defineFamilies>['http'];
type HttpSeries = {
  requests: ReturnType<Families['requests']['labels']>;
  duration: ReturnType<Families['duration']['labels']>;
};

const STATUS_CLASS = ['1xx', '2xx', '3xx', '4xx', '5xx'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One node's metrics (docs/operations.md "Health, readiness and metrics"): its own registry, the counts its hook points
 * bump (`counts`, the `Metrics` of the app context), and the sources its gauges read once attached.
 */
export class NodeMetrics {
  readonly registry = new Registry();
  readonly counts = new MetricCounts();
  private sources: MetricSources | null = null;
  private readonly families: ReturnType<typeof defineFamilies>;
  /** Each route's label set, resolved once (a request then finds its series by one string). */
  private readonly httpSeries = new Map<string, HttpSeries>();

  constructor(info: { node: string; database: 'sqlite' | 'postgres' }) {
    this.families = defineFamilies(this.registry, this.counts, () => this.sources);
    new Gauge({
      name: 'parley_node_info',
      help: 'This node: its NODE_ID and database (always 1).',
      labelNames: ['node', 'database'],
      registers: [this.registry],
    }).set(info, 1);
  }

  /** The node's live parts, once they exist (app.ts). */
  attach(sources: MetricSources): void {
    this.sources = sources;
  }

  /** A statement's duration in ms, as Kysely reports it (db/index.ts). */
  readonly statement = (ms: number): void => this.families.statement.observe(ms / 1000);

  /** An answered HTTP request: `route` is the route's template, never its path. */
  http(route: string, method: string, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : 'OTHER';
    const cls = STATUS_CLASS[Math.floor(status / 100) - 1] ?? 'other';
    const key = `${m} ${cls} ${route}`;
    let series = this.httpSeries.get(key);
    if (!series) {
      const labels = { route, method: m, status_class: cls };
      series = {
        requests: this.families.http.requests.labels(labels),
        duration: this.families.http.duration.labels(labels),
      };
      this.httpSeries.set(key, series);
    }
    series.requests.inc();
    series.duration.observe(seconds);
  }

  /** The text exposition format, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
