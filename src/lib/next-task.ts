/**
 * Settles in a task of its own (after a zero timeout). For starting a dynamic import from code
 * that runs inside a long task — the app's start, a render: the bundler's preload of the import's
 * files adds a link to the document for each, and doing that there would lengthen the task that is
 * already long.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
