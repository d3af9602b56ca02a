// A hypertension follow-up the save call accepts, in a module with no imports: the server tests
// (through form-test-support.ts) and the browser journeys, whose Playwright process cannot load the
// seed, take it from here and override what they test.

/** A hypertension follow-up that passes every rule of the bundled form (no anomalies). */
export function goodHypertensionValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    visitDate: '2024-06-10',
    visitMethod: '1',
    birthDate: '1964-03-02',
    symptoms: ['1'],
    sbp: 132,
    dbp: 84,
    height: 165,
    weight: 68,
    targetWeight: 65,
    heartRate: 72,
    drugCompliance: '0',
    adverseReaction: '1',
    followupClass: '1',
    referral: '1',
    outcome: '1',
    nextVisitDate: '2024-09-10',
    doctorSign: '张医生',
    ...overrides,
  };
}
