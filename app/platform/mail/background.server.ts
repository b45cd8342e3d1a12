import { log } from "../../lib/log.server.ts";

/**
 * Work a request starts but does not wait for, such as sending a mail: the answer must not depend on
 * how long an outside server takes, or on whether there was anything to send (a forgotten-password
 * request for an unknown address answers exactly as for a known one). A failure is logged, never
 * thrown. `backgroundSettled` lets shutdown and tests wait for what is still running.
 */
const pending = new Set<Promise<void>>();

export function runInBackground(label: string, work: () => Promise<unknown>): void {
  const task = (async () => {
    try {
      await work();
    } catch (error) {
      log.error(`${label} failed`, { error });
    }
  })();
  pending.add(task);
  void task.finally(() => pending.delete(task));
}

/** Resolves once every task started so far has finished (or after `timeoutMs`, whichever is first). */
export async function backgroundSettled(timeoutMs = 15_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref?.();
  });
  try {
    while (pending.size > 0) {
      const settledAll = Promise.allSettled([...pending]).then(() => "done" as const);
      if ((await Promise.race([settledAll, deadline.then(() => "timeout" as const)])) === "timeout") return;
    }
  } finally {
    clearTimeout(timer);
  }
}
