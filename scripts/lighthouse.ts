/**
 * `npm run lighthouse` (and a step of `npm test`): Lighthouse CI on the five pages of
 * lighthouserc.json against the built shop (`npm run build` first; `npm test` builds in its browser
 * step), then one line per page with the categories and the load metrics of its median run and
 * every run's performance score. The assertions on the median of the runs decide the exit code:
 * accessibility, best practices and SEO must be 100; performance under 90 is reported as a
 * warning, not a failure, because on this two-core machine the medians land between about 68 and
 * 91 from run to run of the same build (issue 4 stays open on it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findChrome } from '../tests/e2e/chrome.ts';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, '.lighthouseci');

interface ManifestEntry {
  url: string;
  isRepresentativeRun: boolean;
  jsonPath: string;
  summary: Record<string, number>;
}

interface Report {
  audits: Record<string, { numericValue?: number }>;
}

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}
process.env.CHROME_PATH ??= findChrome();
// Every run starts from an empty shop (seeded at start) and an empty report folder.
rmSync(path.join(root, '.tmp', 'lighthouse-data'), { recursive: true, force: true });
rmSync(output, { recursive: true, force: true });

const run = spawnSync('npx', ['lhci', 'autorun'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

const manifestFile = path.join(output, 'manifest.json');
if (existsSync(manifestFile)) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestEntry[];
  const metric = (report: Report, id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
  console.log('\nLighthouse (mobile), median run per page');
  console.log(
    'page                             perf  a11y  b-p  seo   FCP   LCP   TBT  CLS   perf of every run',
  );
  for (const entry of manifest.filter((item) => item.isRepresentativeRun)) {
    const report = JSON.parse(readFileSync(entry.jsonPath, 'utf8')) as Report;
    const page = new URL(entry.url).pathname + new URL(entry.url).search;
    const every = manifest
      .filter((item) => item.url === entry.url)
      .map((item) => item.summary.performance?.toFixed(2))
      .join(' ');
    const score = (id: string) => String(Math.round((entry.summary[id] ?? NaN) * 100)).padStart(4);
    console.log(
      `${page.padEnd(32)} ${score('performance')}  ${score('accessibility')} ${score('best-practices')} ${score('seo')} ` +
        `${String(metric(report, 'first-contentful-paint')).padStart(5)} ` +
        `${String(metric(report, 'largest-contentful-paint')).padStart(5)} ` +
        `${String(metric(report, 'total-blocking-time')).padStart(5)} ` +
        `${(report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(2).padStart(4)}   ${every}`,
    );
  }
  console.log('(times in ms; reports in .lighthouseci/)');
}
process.exit(run.status ?? 1);
