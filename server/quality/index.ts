// What other domains (and scripts, benchmarks) may use of quality/ (lint: a domain imports another only through its index.ts).
export { loadTopics, compileTopic, checkRecord, topicProblemText, type QualityTopic, type TopicProblem } from './services/topics';
export { QUALITY_BATCH, checkBatch, runQuality, valuesOf } from './services/quality-runs';
export { countSource, insertRun, streamSource, type RecordScope, type SourceRow } from './repositories/quality-runs';
export { runTopicCases, type TopicCase, type TopicCaseResult } from './services/topics';
