// The impact replay as the publish dialog calls it: POST form/replay?id=&limit= of the hypertension
// follow-up's working copy (one rule changed), timed from the request to the parsed answer.
import type { Api } from './api';

export interface ReplayFigures {
  /** Wall time of each timed call, ms (request sent → answer parsed). */
  ms: number[];
  records: number;
  changedRecords: number;
  valueChanges: number;
  /** Size of the answer's JSON text. */
  bytes: number;
}

interface ReplayAnswer {
  records: number;
  changedRecords: number;
  totals: { valueChanges: number };
}

export async function measureReplay(admin: Api, formId: string, limit: number, runs: number): Promise<ReplayFigures> {
  const once = async () => {
    const started = performance.now();
    const answer = await admin.post<ReplayAnswer>(`blade-iph-business/form/replay?id=${formId}&limit=${limit}`);
    const ms = performance.now() - started;
    if (answer.records !== limit) throw new Error(`the replay read ${answer.records} records, not ${limit}`);
    if (answer.changedRecords === 0) throw new Error('the replay found no changed record: the changed rule changes nothing');
    return { ms, answer };
  };
  // Warm-up: JIT, the compiled-version cache, the database's buffers.
  await once();
  const figures: ReplayFigures = { ms: [], records: 0, changedRecords: 0, valueChanges: 0, bytes: 0 };
  for (let i = 0; i < runs; i++) {
    const { ms, answer } = await once();
    figures.ms.push(ms);
    figures.records = answer.records;
    figures.changedRecords = answer.changedRecords;
    figures.valueChanges = answer.totals.valueChanges;
    figures.bytes = JSON.stringify(answer).length;
  }
  return figures;
}
