// What other domains may use of jobs/ (lint: a domain imports another only through its index.ts):
// the job queue, for their own long work (pushes to the regional system, quality runs, …).
export { JobQueue, JOB_QUEUE_DEFAULTS, type JobContext, type JobQueueSettings, type WorkDefinition } from './services/job-queue';
