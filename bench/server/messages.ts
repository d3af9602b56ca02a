// What the benchmark, its server process (serve.ts) and, with BENCH_SERVER_PROCESSES > 1, that
// process's cluster workers say to each other over IPC.
import type { Pauses } from './pauses';

/** The server is listening: where, which processes answer, and what was seeded. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** The processes that answer requests: the server itself, or its cluster workers. */
  pids: number[];
  seedMs: number;
  analyzeMs: number;
  analyzeKind: string;
  inserted: number;
  archiveIds: string[];
}

export type ChildMessage = ReadyMessage | { type: 'failed'; message: string } | ({ type: 'pauses' } & Pauses);

export type ParentMessage = { type: 'stop' } | { type: 'pauses-start' } | { type: 'pauses-stop' };

/** A cluster worker to the server process: it listens, or what it saw while pauses were watched. */
export type WorkerMessage = { type: 'listening' } | ({ type: 'pauses' } & Pauses) | { type: 'failed'; message: string };
