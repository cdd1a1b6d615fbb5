/**
 * `npm test`: the whole suite in one command — typecheck, lint, format, unit and API tests
 * (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then the browser tests in Chromium and the
 * first-page JavaScript budget and Lighthouse (mobile) of the build they used.
 * Every step runs even when an earlier one failed, so one run shows every problem; the exit code
 * is non-zero if any step failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findChrome } from '../tests/e2e/chrome.ts';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string[];
  report?: string;
}

const vitest = (name: string, projects: string[]): Step => {
  const report = path.join(reports, `${name}.json`);
  return {
    name,
    report,
    command: [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
  };
};

const typecheckProjects = ['tsconfig.json', 'sw/tsconfig.json'].filter((file) =>
  existsSync(path.join(root, file)),
);

const steps: Step[] = [
  ...typecheckProjects.map((project) => ({
    name: `typecheck ${project}`,
    command: ['tsc', '-p', project, '--noEmit'],
  })),
  { name: 'lint', command: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'dead code', command: ['knip', '--no-progress'] },
  { name: 'format', command: ['prettier', '--check', '.', '--log-level', 'warn'] },
  vitest('unit and API', [
    'unit',
    'component',
    'api',
    ...(process.env.TEST_DATABASE_URL ? ['api-pg'] : []),
  ]),
  vitest('browser', ['e2e']),
  // Both read the build the browser step made.
  { name: 'first-page JavaScript budget', command: ['tsx', 'scripts/bundle-budget.ts'] },
  // 3 runs a page are enough for its gates; `npm run lighthouse` takes 7 for the figures.
  { name: 'Lighthouse', command: ['tsx', 'scripts/lighthouse.ts', '--runs', '3'] },
];

// Lighthouse finds the same Chromium as the browser tests.
try {
  process.env.CHROME_PATH ??= findChrome();
} catch {
  // The browser step reports the missing browser with its install hint.
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API tests run against PGlite only.');
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const firstLine = (text: string): string => text.trim().split('\n')[0]?.slice(0, 300) ?? '';

/** One line per failed test (its file and name) and the first line of its failure, so the last
 * lines of a long run name what failed. A file that failed outside any test names its error. */
const failuresOf = (report: Report): string[] =>
  report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length === 0 && file.message) return [`${where}: ${firstLine(file.message)}`];
    return failedTests.map(
      (test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages[0] ?? '')}`,
    );
  });

const results: { name: string; ok: boolean; seconds: number }[] = [];
const failures: string[] = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const run = spawnSync('npx', step.command, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = run.status === 0;
  results.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000 });
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8')) as Report;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    failures.push(...failuresOf(report));
  } else if (step.report) {
    failed += 1;
  }
}

console.log('\nSummary');
for (const result of results) {
  console.log(`  ${result.ok ? '✔' : '✘'} ${result.name} (${result.seconds.toFixed(1)} s)`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
for (const failure of failures) console.log(`  ✘ ${failure}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
