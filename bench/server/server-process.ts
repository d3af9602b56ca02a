import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage, ReadyMessage } from './messages';
import type { Pauses } from './pauses';

/** What serve.ts said when it listened (port, serving processes, seed figures), and its controls. */
export interface RunningServer extends Omit<ReadyMessage, 'type'> {
  /** Starts watching the server's event-loop delay and GC pauses (pauses.ts). */
  watchPauses(): void;
  /** Ends the watch and answers what it saw. */
  pauses(): Promise<Pauses>;
  stop(): Promise<void>;
}

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));

/** Forks serve.ts (migrate, seed, bulk archives, listen on 127.0.0.1) and waits until it listens. */
export function startServer(env: Record<string, string>, archives: number): Promise<RunningServer> {
  const child: ChildProcess = fork(SERVE, [], {
    // BENCH_CPU_PROFILE=dir writes the server's V8 CPU profile there when it stops (node --cpu-prof).
    execArgv: [
      '--import',
      'tsx',
      // As `npm start` runs the server (package.json; docs/decisions/0022).
      '--max-semi-space-size=32',
      ...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []),
    ],
    env: { ...process.env, ...env, BENCH_ARCHIVES: String(archives) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const message: ParentMessage = { type: 'stop' };
      child.send(message);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const send = (message: ParentMessage) => child.send(message);
  const watch = () => send({ type: 'pauses-start' });
  const pauses = () =>
    new Promise<Pauses>((resolve) => {
      const heard = (message: ChildMessage) => {
        if (message.type !== 'pauses') return;
        child.off('message', heard);
        const { type: _type, ...seen } = message;
        resolve(seen);
      };
      child.on('message', heard);
      send({ type: 'pauses-stop' });
    });
  return new Promise((resolve, reject) => {
    child.once('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve({ ...message, watchPauses: watch, pauses, stop });
      else reject(new Error(`the server did not start: ${message.type === 'failed' ? message.message : message.type}`));
    });
    child.once('exit', (code, signal) => reject(new Error(`the server exited before listening (code ${code}, signal ${signal})`)));
  });
}
