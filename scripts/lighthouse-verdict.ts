/**
 * What `scripts/lighthouse.ts` makes of each page's median performance score: a failure only under
 * the gross-regression floor, and a line against the goal for everything short of it.
 */

/**
 * A page whose median performance on the emulated phone falls under this has regressed grossly (a
 * quiet host measures 93-98 for every page); anything above it is printed against the goal.
 */
export const MIN_PERFORMANCE_SCORE = 0.8;
export const PERFORMANCE_GOAL = 1;

/**
 * The phone every run emulates, as a Lighthouse CPU benchmark index: a mid-tier phone (Lighthouse
 * puts mid-tier mobile at 125-800; Chrome DevTools' calibration calls a Pixel 5 at 1000 mid-tier).
 * Lighthouse's fixed 4x CPU slowdown emulates a phone only relative to the host: the hosts this
 * gate was set on (index about 2,800) ran as a 700 phone, and a host at 1,600 runs as a 400 one,
 * which moved every page's score by twenty points with no change to the shop. Lighthouse's
 * throttling guide asks for the multiplier to be calibrated to the host; `cpuSlowdownFor` does.
 */
export const EMULATED_PHONE_BENCHMARK_INDEX = 700;
/** Lighthouse's own default, used when the host's index could not be measured. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes a host of `hostBenchmarkIndex` run as the emulated phone, to one
 * decimal; never under 1 (a host slower than the phone cannot be sped up).
 */
export function cpuSlowdownFor(hostBenchmarkIndex: number): number {
  if (!(hostBenchmarkIndex > 0)) return DEFAULT_CPU_SLOWDOWN;
  return Math.max(1, Math.round((hostBenchmarkIndex / EMULATED_PHONE_BENCHMARK_INDEX) * 10) / 10);
}

export interface PerformanceVerdict {
  /** Lines to print as errors; the step fails when there is any. */
  failures: string[];
  /** Lines to print as warnings or notes; they never fail the step. */
  notes: string[];
}

const points = (score: number) => Math.round(score * 100);

/**
 * `scores`: each page's median performance score (0-1); `benchmarkIndex`: the host's CPU. A host
 * slower than the emulated phone runs the pages unslowed and still slower than that phone, so a
 * score under the floor there is a warning, not a failure.
 */
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
    if (benchmarkIndex >= EMULATED_PHONE_BENCHMARK_INDEX) {
      failures.push(message);
    } else {
      notes.push(
        `Warning: ${message} Not counted as a failure: this host's CPU benchmark index ` +
          `(${Math.round(benchmarkIndex)}) is under the emulated phone's ` +
          `${EMULATED_PHONE_BENCHMARK_INDEX}: it runs the pages slower than that phone would.`,
      );
    }
  }
  return { failures, notes };
}
