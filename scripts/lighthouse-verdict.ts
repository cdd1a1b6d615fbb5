/**
 * What `scripts/lighthouse.ts` makes of each page's median performance score: a failure only under
 * the gross-regression floor, and a line against the goal for everything short of it.
 */

/**
 * A page whose median performance on the mobile preset falls under this has regressed grossly (a
 * quiet host measures 93-98 for every page); anything above it is printed against the goal.
 */
export const MIN_PERFORMANCE_SCORE = 0.8;
export const PERFORMANCE_GOAL = 1;
/**
 * Lighthouse 12's SLOW_CPU_BENCHMARK_INDEX_THRESHOLD (core/gather/driver/environment.js): at or
 * below it, Lighthouse warns that the host's CPU is slower than its throttling assumes.
 */
export const SLOW_HOST_BENCHMARK_INDEX = 1000;

export interface PerformanceVerdict {
  /** Lines to print as errors; the step fails when there is any. */
  failures: string[];
  /** Lines to print as warnings or notes; they never fail the step. */
  notes: string[];
}

const points = (score: number) => Math.round(score * 100);

/** `scores`: each page's median performance score (0-1); `benchmarkIndex`: the host's CPU. */
export function performanceVerdict(
  scores: ReadonlyMap<string, number>,
  benchmarkIndex: number,
): PerformanceVerdict {
  const pages = [...scores];
  const slow = pages.filter(([, score]) => !(score >= MIN_PERFORMANCE_SCORE)).map(([page]) => page);
  const short = pages
    .filter(([, score]) => score < PERFORMANCE_GOAL)
    .map(([page, score]) => `${page} ${points(score)}`);
  const failures: string[] = [];
  const notes: string[] = [];
  if (short.length > 0) {
    notes.push(`Performance goal ${points(PERFORMANCE_GOAL)} not yet met: ${short.join(', ')}.`);
  }
  if (slow.length > 0) {
    const message = `Median performance under ${points(MIN_PERFORMANCE_SCORE)}: ${slow.join(', ')}.`;
    if (benchmarkIndex > SLOW_HOST_BENCHMARK_INDEX) {
      failures.push(message);
    } else {
      notes.push(
        `Warning: ${message} Not counted as a failure: this host's CPU benchmark index ` +
          `(${Math.round(benchmarkIndex)}) is at or below ${SLOW_HOST_BENCHMARK_INDEX}, where ` +
          'Lighthouse warns that its CPU throttling overstates the slowdown.',
      );
    }
  }
  return { failures, notes };
}
