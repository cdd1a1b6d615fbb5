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
import { median } from './lighthouse-verdict.ts';

const PAGE_BYTES = 4096;
/** Pages touched per measurement (64 MiB): a buffer this large is always fresh memory of its own. */
const PAGES = 16_384;
const MEASUREMENTS = 3;

/**
 * The median cost of a page fault on this host in microseconds: an untouched zero-filled buffer
 * written one byte a page, timed per page, a few times.
 */
export function measurePageFaultMicroseconds(): number {
  const costs = Array.from({ length: MEASUREMENTS }, () => {
    const bytes = new Uint8Array(new ArrayBuffer(PAGES * PAGE_BYTES));
    const started = performance.now();
    for (let offset = 0; offset < bytes.length; offset += PAGE_BYTES) bytes[offset] = 1;
    return ((performance.now() - started) * 1000) / PAGES;
  });
  return median(costs);
}
