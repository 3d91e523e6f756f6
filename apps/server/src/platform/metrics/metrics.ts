/**
 * What an operator watches, in Prometheus's text format (issue 23 item 4). One registry per
 * process (not prom-client's global one, so two apps in one test do not share figures), served
 * on its own port (`METRICS_PORT`, see `metrics-server.ts`), never on the public one.
 *
 * Each figure is observed where it happens: Fastify's hooks time every request by route
 * template; the kept answers count their hits and misses; the job queue reports each run's wait
 * and duration; the event relay each event's age when it arrives from another process. Figures
 * that are a state, not an event (sockets connected, jobs waiting, the database pool), are read
 * when scraped.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface JobCount {
  kind: string;
  state: string;
  count: number;
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** States read at each scrape; each may be absent in a role that does not have it. */
export interface MetricSources {
  sockets?: () => number;
  jobs?: () => Promise<JobCount[]>;
  pool?: () => PoolUse | null;
  /** The writes' own connections (decision 0059). */
  writesPool?: () => PoolUse | null;
}

const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const jobBuckets = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];
const lagBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export class Metrics {
  readonly registry = new Registry();
  private sources: MetricSources = {};
  /** False while the process reads for itself (`unobserved`). */
  private observing = true;

  private readonly requests = new Counter({
    name: 'kinora_http_requests_total',
    help: 'HTTP requests answered by the application, by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly durations = new Histogram({
    name: 'kinora_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: requestBuckets,
    registers: [this.registry],
  });

  /**
   * Kept-answer lookups since the last scrape: counted in plain numbers on every kept read (a
   * counter's `inc` with labels hashes them each time) and added to the counter when scraped.
   */
  private keptSinceScrape = { hit: 0, miss: 0 };

  private readonly kept = (() => {
    const pending = () => this.keptSinceScrape;
    return new Counter({
      name: 'kinora_kept_answers_total',
      help: 'Reads that could be answered from kept answers: hit (sent from memory) or miss (computed)',
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        const counts = pending();
        if (counts.hit > 0) this.inc({ result: 'hit' }, counts.hit);
        if (counts.miss > 0) this.inc({ result: 'miss' }, counts.miss);
        counts.hit = 0;
        counts.miss = 0;
      },
    });
  })();

  private readonly jobWaits = new Histogram({
    name: 'kinora_job_wait_seconds',
    help: 'Time a job waited in the queue before a worker took it, by kind',
    labelNames: ['kind'] as const,
    buckets: jobBuckets,
    registers: [this.registry],
  });

  private readonly jobDurations = new Histogram({
    name: 'kinora_job_duration_seconds',
    help: 'Time a job ran, by kind and outcome (kind video-process is transcoding)',
    labelNames: ['kind', 'outcome'] as const,
    buckets: jobBuckets,
    registers: [this.registry],
  });

  private readonly transcoding = new Counter({
    name: 'kinora_transcoding_seconds_total',
    help: 'Seconds spent processing videos (probe, renditions, poster, storyboard)',
    registers: [this.registry],
  });

  private readonly eventLag = new Histogram({
    name: 'kinora_event_relay_lag_seconds',
    help: 'Age of a change event when it arrives from another process through Redis',
    buckets: lagBuckets,
    registers: [this.registry],
  });

  constructor(readonly role: string) {
    collectDefaultMetrics({ register: this.registry, prefix: 'kinora_' });
    this.registry.setDefaultLabels({ role });
    const sources = () => this.sources;
    new Gauge({
      name: 'kinora_sockets_connected',
      help: 'Socket.IO connections open on this process',
      registers: [this.registry],
      collect() {
        const sockets = sources().sockets;
        if (sockets) this.set(sockets());
      },
    });
    new Gauge({
      name: 'kinora_jobs',
      help: 'Jobs in the queue (the whole cluster’s), by kind and state: created and retry wait, active run',
      labelNames: ['kind', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const jobs = sources().jobs;
        if (!jobs) return;
        this.reset();
        for (const { kind, state, count } of await jobs()) this.set({ kind, state }, count);
      },
    });
    this.poolGauge(
      'kinora_db_pool_connections',
      'Database pool connections of this process: total open, idle, and requests waiting for one',
      () => sources().pool?.(),
    );
    this.poolGauge(
      'kinora_db_writes_pool_connections',
      'The writes’ own database connections of this process (decision 0059): total open, idle, and writes waiting for one',
      () => sources().writesPool?.(),
    );
  }

  /** A database pool's connections by state (total, idle, waiting), read at each scrape. */
  private poolGauge(name: string, help: string, use: () => PoolUse | null | undefined): void {
    new Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const now = use();
        if (!now) return;
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }

  /** Adds the states read at each scrape (later calls add to earlier ones). */
  watch(sources: MetricSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /**
   * Runs the process's own reads before it serves (the warm-up at start): they are not
   * people's requests, so they are neither timed nor counted as kept-answer hits or misses.
   */
  async unobserved<T>(work: () => Promise<T>): Promise<T> {
    this.observing = false;
    try {
      return await work();
    } finally {
      this.observing = true;
    }
  }

  /** Times every request Fastify answers, by its route's template (never the raw URL). */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      if (!this.observing) return done();
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      };
      this.requests.inc(labels);
      this.durations.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }

  keptAnswer(result: 'hit' | 'miss'): void {
    if (!this.observing) return;
    this.keptSinceScrape[result] += 1;
  }

  jobRan(kind: string, run: { waitSeconds: number; seconds: number; ok: boolean }): void {
    this.jobWaits.observe({ kind }, Math.max(0, run.waitSeconds));
    this.jobDurations.observe({ kind, outcome: run.ok ? 'completed' : 'failed' }, run.seconds);
    if (kind === 'video-process') this.transcoding.inc(run.seconds);
  }

  eventArrived(ageSeconds: number): void {
    this.eventLag.observe(Math.max(0, ageSeconds));
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
