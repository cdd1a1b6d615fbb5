import { Counter, Gauge, type Registry } from 'prom-client';
import type { TaskDone } from './interval-job.ts';

/**
 * The background tasks' series, for an IntervalJob's `onTaskDone`: each task's turns by outcome
 * (ran, failed, skipped because another instance ran it), and when it last ran without failing —
 * the series an alert watches, since a task that stopped running fails nothing.
 */
export function jobMetrics(registry: Registry): (done: TaskDone) => void {
  const turns = new Counter({
    name: 'forge_job_task_runs_total',
    help: "Background tasks' turns, by job, task and outcome (ran, failed, skipped)",
    labelNames: ['job', 'task', 'outcome'] as const,
    registers: [registry],
  });
  const lastRan = new Gauge({
    name: 'forge_job_task_last_success_timestamp_seconds',
    help: 'When each background task last ran to its end here (Unix time, seconds)',
    labelNames: ['job', 'task'] as const,
    registers: [registry],
  });
  return ({ job, task, outcome }) => {
    turns.inc({ job, task, outcome });
    if (outcome === 'ran') lastRan.set({ job, task }, Date.now() / 1000);
  };
}
