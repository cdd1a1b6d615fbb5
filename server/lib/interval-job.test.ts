import { describe, expect, test } from 'vitest';
import { captureLog } from '../../tests/helpers/capture-log.ts';
import { IntervalJob, type RunAlone } from './interval-job.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('IntervalJob', () => {
  test('runs never overlap: asking during a run waits for that run', async () => {
    const { log } = captureLog();
    let calls = 0;
    let active = 0;
    let most = 0;
    const job = new IntervalJob({ name: 'test', intervalMs: 0, log }).add('slow', async () => {
      calls++;
      most = Math.max(most, ++active);
      await sleep(30);
      active--;
    });
    await Promise.all([job.runNow(), job.runNow(), job.runNow()]);
    expect(calls).toBe(1);
    expect(most).toBe(1);
    await job.runNow();
    expect(calls).toBe(2);
  });

  test('a failing task is logged and the next one still runs', async () => {
    const { log, lines } = captureLog();
    const ran: string[] = [];
    const job = new IntervalJob({ name: 'jobs', intervalMs: 0, log })
      .add('broken', async () => {
        throw new Error('boom');
      })
      .add('fine', async () => {
        ran.push('fine');
      });
    await job.runNow();
    expect(ran).toEqual(['fine']);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        data: expect.objectContaining({ task: 'broken' }),
      }),
    ]);
  });

  test('runs on its interval once started, not with 0, and stop waits for the run under way', async () => {
    const { log } = captureLog();
    let idleCalls = 0;
    const idle = new IntervalJob({ name: 'idle', intervalMs: 0, log }).add('t', async () => {
      idleCalls++;
    });
    idle.start();

    let calls = 0;
    let finished = 0;
    const job = new IntervalJob({ name: 'busy', intervalMs: 10, log }).add('t', async () => {
      calls++;
      await sleep(15);
      finished++;
    });
    job.start();
    await sleep(120);
    await job.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(calls);
    await sleep(40);
    expect(finished).toBe(calls);
    await idle.stop();
    expect(idleCalls).toBe(0);
  });

  test('with runAlone, each task asks for its own key and one running elsewhere is skipped', async () => {
    const { log, lines } = captureLog();
    const asked: string[] = [];
    const elsewhere = new Set(['jobs:busy']);
    const runAlone: RunAlone = async (key, task) => {
      asked.push(key);
      if (elsewhere.has(key)) return false;
      await task();
      return true;
    };
    const ran: string[] = [];
    const job = new IntervalJob({ name: 'jobs', intervalMs: 0, log, runAlone })
      .add('busy', async () => {
        ran.push('busy');
      })
      .add('broken', async () => {
        throw new Error('boom');
      })
      .add('free', async () => {
        ran.push('free');
      });
    await job.runNow();
    expect(asked).toEqual(['jobs:busy', 'jobs:broken', 'jobs:free']);
    expect(ran).toEqual(['free']);
    expect(lines).toEqual([
      {
        level: 'debug',
        msg: expect.stringMatching(/skipped/),
        data: { job: 'jobs', task: 'busy' },
      },
      expect.objectContaining({
        level: 'error',
        data: expect.objectContaining({ job: 'jobs', task: 'broken' }),
      }),
    ]);

    elsewhere.clear();
    await job.runNow();
    expect(ran).toEqual(['free', 'busy', 'free']);
  });
});
