/** Waits until `done` holds or `ms` have passed, looking every 50 ms (for what another connection delivers). */
export async function until(done: () => boolean, ms: number): Promise<void> {
  for (let waited = 0; waited < ms && !done(); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}
