// What the benchmark and its server process (serve.ts) say to each other over IPC.
import type { Pauses } from './pauses';

export type ChildMessage =
  | { type: 'ready'; port: number; seedMs: number; analyzeMs: number; analyzeKind: string; inserted: number; archiveIds: string[] }
  | { type: 'failed'; message: string }
  | ({ type: 'pauses' } & Pauses);

export type ParentMessage = { type: 'stop' } | { type: 'pauses-start' } | { type: 'pauses-stop' };
