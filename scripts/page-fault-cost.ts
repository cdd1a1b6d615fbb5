/**
 * What a first touch of memory costs this host: the time the kernel takes to give a process a
 * page it has not used yet (a minor page fault), in microseconds.
 *
 * Lighthouse's CPU benchmark index times a JavaScript loop on memory already in use, so it sees
 * none of this. A browser loading a page touches fresh memory all the time: a new renderer
 * process, the parser's and the layout's objects, the script heap (some 20,000 faults for a first
 * page here, a quarter of them on the page's main thread). Where a fault costs ten times what it
 * costs on hardware, that work is slower than the index says, and the CPU slowdown multiplies it.
 */
import { spawnSync } from 'node:child_process';

/** Pages touched per measurement (64 MiB of 4 KiB pages). */
const PAGES = 16_384;
const MEASUREMENTS = 3;

/**
 * In a process of its own, so every page is fresh: an untouched zero-filled buffer is written one
 * byte a page, and the time per page is printed, once per measurement.
 */
const MEASURE = `
const pages = ${PAGES};
for (let run = 0; run < ${MEASUREMENTS}; run++) {
  const bytes = new Uint8Array(new ArrayBuffer(pages * 4096));
  const started = performance.now();
  for (let offset = 0; offset < bytes.length; offset += 4096) bytes[offset] = 1;
  console.log(((performance.now() - started) * 1000) / pages);
}`;

/** The median cost of a page fault on this host in microseconds; NaN if it could not be read. */
export function measurePageFaultMicroseconds(): number {
  const { stdout, status } = spawnSync(process.execPath, ['-e', MEASURE], { encoding: 'utf8' });
  if (status !== 0) return NaN;
  const values = stdout
    .trim()
    .split('\n')
    .map(Number)
    .filter((value) => value > 0)
    .sort((a, b) => a - b);
  return values.length === MEASUREMENTS ? values[Math.floor(MEASUREMENTS / 2)]! : NaN;
}
