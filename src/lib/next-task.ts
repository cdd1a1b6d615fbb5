/**
 * Settles in a task of its own. For cutting a long run of work in two where nothing needs it to
 * stay in one task (the app's start), and for starting a dynamic import from code that runs inside
 * a long task — the app's start, a render: the bundler's preload of the import's files adds a link
 * to the document for each, and doing that there would lengthen the task that is already long.
 *
 * Not a timer: `scheduler.yield()` where the browser has it (the rest runs ahead of tasks queued
 * later, input and rendering go between), else a message posted to itself. A page whose timers are
 * held (a test's fake clock) still starts.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
