// What the benchmark and its server process (serve.ts) say to each other over IPC.

export type ChildMessage =
  | { type: 'ready'; port: number; seedMs: number; analyzeMs: number; analyzeKind: string; inserted: number; archiveIds: string[] }
  | { type: 'failed'; message: string };

export type ParentMessage = { type: 'stop' };
