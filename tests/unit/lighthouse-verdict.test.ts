import { describe, expect, it } from 'vitest';
import {
  cpuSlowdownFor,
  DEFAULT_CPU_SLOWDOWN,
  performanceVerdict,
} from '../../scripts/lighthouse-verdict.ts';

const QUIET_HOST = 2800;
const SLOW_HOST = 600;

describe('Lighthouse performance verdict', () => {
  it('a busy host that drags a page to 85 is noted against the goal, not failed', () => {
    const verdict = performanceVerdict(
      new Map([
        ['/', 0.85],
        ['/cart', 1],
      ]),
      QUIET_HOST,
    );
    expect(verdict.failures).toEqual([]);
    expect(verdict.notes).toEqual(['Performance goal 100 not yet met: / 85.']);
  });

  it('a page under the floor of 80 fails', () => {
    const verdict = performanceVerdict(
      new Map([
        ['/', 0.79],
        ['/cart', 0.95],
      ]),
      QUIET_HOST,
    );
    expect(verdict.failures).toEqual(['Median performance under 80: /.']);
  });

  it('a page with no score fails', () => {
    expect(performanceVerdict(new Map([['/', NaN]]), QUIET_HOST).failures).toHaveLength(1);
  });

  it('on a host slower than the emulated phone a page under the floor is a warning', () => {
    const verdict = performanceVerdict(new Map([['/', 0.5]]), SLOW_HOST);
    expect(verdict.failures).toEqual([]);
    expect(verdict.notes.at(-1)).toMatch(/^Warning: Median performance under 80: \/\./);
  });

  it('every page at 100 says nothing', () => {
    expect(performanceVerdict(new Map([['/', 1]]), QUIET_HOST)).toEqual({
      failures: [],
      notes: [],
    });
  });
});

describe('CPU slowdown calibrated to the host', () => {
  it('makes every host run as the same phone', () => {
    expect(cpuSlowdownFor(2800)).toBe(4);
    expect(cpuSlowdownFor(1635)).toBe(2.3);
    expect(cpuSlowdownFor(3250)).toBe(4.6);
  });

  it('never speeds a slow host up', () => {
    expect(cpuSlowdownFor(500)).toBe(1);
  });

  it("falls back to Lighthouse's default when the host was not measured", () => {
    expect(cpuSlowdownFor(NaN)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(cpuSlowdownFor(0)).toBe(DEFAULT_CPU_SLOWDOWN);
  });
});
