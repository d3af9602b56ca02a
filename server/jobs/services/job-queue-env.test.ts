// The job queue's settings from the environment: an operator shortens how long a job left running by
// a killed process waits (tests/e2e/push-restart.spec.ts does), the rest keeps server/jobs' defaults.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('JOB_* settings', () => {
  it('are taken when set and left to the defaults when not', () => {
    expect(loadConfig({}).jobs).toEqual({});
    expect(loadConfig({ JOB_EXPIRE_SECONDS: '20', JOB_MAINTENANCE_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '2' }).jobs).toEqual({
      expireInSeconds: 20,
      maintenanceIntervalSeconds: 1,
      retryDelaySeconds: 2,
    });
    expect(loadConfig({ JOB_EXPIRE_SECONDS: '' }).jobs).toEqual({});
  });

  it('stop the server at start when not a positive whole number', () => {
    expect(() => loadConfig({ JOB_EXPIRE_SECONDS: '0' })).toThrow('JOB_EXPIRE_SECONDS must be a positive integer, got "0"');
    expect(() => loadConfig({ JOB_MAINTENANCE_SECONDS: '1.5' })).toThrow('JOB_MAINTENANCE_SECONDS');
  });
});
