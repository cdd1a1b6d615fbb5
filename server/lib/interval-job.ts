import type { FastifyBaseLogger } from 'fastify';

export type JobTask = () => Promise<unknown>;

/**
 * Runs `task` unless another instance on the same database is running the task of the same `key`
 * now; resolves to whether it ran.
 */
export type RunAlone = (key: string, task: JobTask) => Promise<boolean>;

export interface IntervalJobOptions {
  name: string;
  /** Pause between the end of one run and the start of the next; 0 = only when asked. */
  intervalMs: number;
  log: FastifyBaseLogger;
  /**
   * Keeps each task to one instance at a time when several share a database (each instance
   * skips a task another is running). Without it, every task runs here each time.
   */
  runAlone?: RunAlone | null;
  /** Told how each task's turn went (the metrics count runs and failures). */
  onTaskDone?: (done: TaskDone) => void;
}

/** A task's turn in a run: it ran, it threw, or another instance was running it. */
export interface TaskDone {
  job: string;
  task: string;
  outcome: 'ran' | 'failed' | 'skipped';
  seconds: number;
}

/**
 * A list of background tasks run one after another, every `intervalMs` once started. Runs never
 * overlap: asking for one while another is under way waits for that one instead of starting a
 * second. A task that throws is logged and does not stop the others or the schedule. With
 * `runAlone`, a task another instance is running is skipped until the next run.
 */
export class IntervalJob {
  private readonly tasks: { name: string; task: JobTask }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;

  constructor(private readonly options: IntervalJobOptions) {}

  /** Adds a task to every run (in the order added). */
  add(name: string, task: JobTask): this {
    this.tasks.push({ name, task });
    return this;
  }

  /** Schedules the runs (nothing when the interval is 0). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule();
  }

  /** Stops scheduling and waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs every task now, or waits for the run already under way. */
  runNow(): Promise<void> {
    this.running ??= this.runAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule() {
    if (!this.started || this.options.intervalMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runNow().finally(() => this.schedule());
    }, this.options.intervalMs);
    this.timer.unref();
  }

  private async runAll(): Promise<void> {
    const { name: job, log, runAlone, onTaskDone } = this.options;
    for (const { name, task } of this.tasks) {
      const started = performance.now();
      let outcome: TaskDone['outcome'] = 'ran';
      try {
        if (!runAlone) {
          await task();
        } else if (!(await runAlone(`${job}:${name}`, task))) {
          outcome = 'skipped';
          log.debug({ job, task: name }, 'background task skipped: another instance is running it');
        }
      } catch (err) {
        outcome = 'failed';
        log.error({ err, job, task: name }, 'background task failed');
      }
      onTaskDone?.({ job, task: name, outcome, seconds: (performance.now() - started) / 1000 });
    }
  }
}
