// Issue 21 §2: no process state lives in memory. Two server processes on one PostgreSQL database
// (as behind a load balancer): a leave filed on A is claimed on B and completed on A, and both
// show the same lists and history — every call resumes the engine from the database.
// PostgreSQL only: PGlite is one process by construction (db/lock.ts).
import { describe, expect, it } from 'vitest';
import { ON_POSTGRES, TWO_PROCESSES_SKIP_REASON, twoProcessesForThisFile } from '../../test-support/two-processes';
import { flowClient, leaveOf } from '../../test-support/flow-client';

const processes = twoProcessesForThisFile();

describe.skipIf(!ON_POSTGRES)(
  `the workflow on two server processes${ON_POSTGRES ? '' : ` (skipped: ${TWO_PROCESSES_SKIP_REASON})`}`,
  () => {
    it('a leave filed on A is claimed on B, completed on A, and both tell the same story', async () => {
      const onA = await flowClient(processes.a.app);
      const onB = await flowClient(processes.b);
      const leave = (await onA.post('doctor', '/api/blade-desk/process/leave/start-process', leaveOf())).json().data as {
        id: string;
        processInstanceId: string;
      };

      const offered = (
        await onB.records<{ taskId: string; processInstanceId: string }>('leader', '/api/blade-flow/work/claim-list?size=50')
      ).find((task) => task.processInstanceId === leave.processInstanceId);
      expect(offered).toBeDefined();
      expect((await onB.post('leader', `/api/blade-flow/work/claim-task?taskId=${offered!.taskId}`)).statusCode).toBe(200);
      expect(
        (await onA.post('leader', '/api/blade-flow/work/complete-task', { taskId: offered!.taskId, comment: '同意' })).statusCode,
      ).toBe(200);

      for (const client of [onA, onB]) {
        const history = (
          await client.get('doctor', `/api/blade-flow/process/history-flow-list?processInstanceId=${leave.processInstanceId}`)
        ).json().data as { historyActivityName: string; assigneeName: string }[];
        expect(history.map((step) => [step.historyActivityName, step.assigneeName])).toEqual([
          ['发起请假', '张伟'],
          ['审批', '王强'],
          ['结束', ''],
        ]);
        expect((await client.get('doctor', `/api/blade-desk/process/leave/detail?businessId=${leave.id}`)).json().data.flow.status).toBe(
          'finished',
        );
      }
      // Completing again on B: the task is done, whichever process is asked.
      expect((await onB.post('leader', '/api/blade-flow/work/complete-task', { taskId: offered!.taskId })).statusCode).toBe(409);
    });
  },
);
