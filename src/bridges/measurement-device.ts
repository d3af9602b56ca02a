// The measurement devices of the tablet (spec 001 lines 31, 70, 87, 148): the Android shell the
// tablet app runs the web app in owns the Bluetooth devices; the page asks it to measure a device
// type and it calls back with the reading. This module names the device types and item codes, turns
// a reading into the form's fields, and says the spec's messages; the shell's JavaScript interface
// and a simulator sit behind one interface.

import type { MeasureSaveBody } from '../shared/contract/measurements';

/** The device types the shell knows (spec line 148): 31/32 are blood pressure on the left/right arm. */
export const DEVICE_TYPES = {
  temperature: '1',
  pulseOximeter: '2',
  bloodPressure: '3',
  bloodPressureLeft: '31',
  bloodPressureRight: '32',
  glucoseFamily: '4',
  heightWeight: '7',
} as const;

/** The measurement item codes of the readings (the health-record project codes). */
export const ITEM_CODES = {
  temperature: '300001',
  heightWeight: '300002',
  spo2: '300004',
  bloodPressure: '300005',
  glucose: '300006',
  urineSugar: '300007',
  uricAcid: '300008',
  cholesterol: '300009',
} as const;

export const MEASURE_MESSAGES = {
  noDevice: '没有连接设备(请在PAD上访问系统)!',
  unknownType: '设备类型不存在!',
  emptyData: '读取信息失败，请重试！',
  saved: '保存测量结果成功',
} as const;

export class MeasureError extends Error {}

/** A reading as the shell calls back with it: indicator → value (T, PR, SpO2, L-SBP, Ht, Wt, …). */
export type Reading = Record<string, string | number | null | undefined>;

export interface MeasurementDevice {
  /** Whether a shell with devices is there (false in a desktop browser). */
  available(): boolean;
  /** Asks the shell to measure with a device type; resolves with its reading. */
  measure(deviceType: string): Promise<Reading>;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(Object.values(DEVICE_TYPES));

/**
 * The indicators of the spec and the fields they fill by default (the hypertension and diabetes
 * follow-ups' props); a form whose fields are named otherwise passes its own map.
 */
export const DEFAULT_READING_FIELDS: Readonly<Record<string, string>> = {
  T: 'temperature',
  PR: 'heartRate',
  SpO2: 'spo2',
  'L-SBP': 'sbp',
  'L-DBP': 'dbp',
  'R-SBP': 'sbp',
  'R-DBP': 'dbp',
  FBG: 'fbg',
  GLU: 'fbg',
  UA: 'uricAcid',
  TC: 'totalCholesterol',
  Ht: 'height',
  Wt: 'weight',
  BMI: 'bmi',
  BFR: 'bodyFatRate',
};

/** The reading's values as form field values: numbers only, unknown indicators left out. */
export function readingToFields(
  reading: Reading,
  fieldOf: Readonly<Record<string, string>> = DEFAULT_READING_FIELDS,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [indicator, raw] of Object.entries(reading)) {
    const field = fieldOf[indicator];
    const value = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim());
    if (!field || raw === null || raw === undefined || String(raw).trim() === '' || !Number.isFinite(value)) continue;
    out[field] = value;
  }
  return out;
}

/** Measures and answers the form's fields, with the spec's messages for no shell, an unknown type, an empty reading. */
export async function measureIntoFields(
  device: MeasurementDevice,
  deviceType: string,
  fieldOf: Readonly<Record<string, string>> = DEFAULT_READING_FIELDS,
): Promise<Record<string, number>> {
  return (await measureReading(device, deviceType, fieldOf)).fields;
}

/** The same, answering the device's reading too (what the measurement record keeps). */
export async function measureReading(
  device: MeasurementDevice,
  deviceType: string,
  fieldOf: Readonly<Record<string, string>> = DEFAULT_READING_FIELDS,
): Promise<{ reading: Reading; fields: Record<string, number> }> {
  if (!device.available()) throw new MeasureError(MEASURE_MESSAGES.noDevice);
  if (!KNOWN_TYPES.has(deviceType)) throw new MeasureError(MEASURE_MESSAGES.unknownType);
  const reading = await device.measure(deviceType);
  const fields = readingToFields(reading, fieldOf);
  if (Object.keys(fields).length === 0) throw new MeasureError(MEASURE_MESSAGES.emptyData);
  return { reading, fields };
}

/**
 * What the Android shell puts into its WebView (`addJavascriptInterface`) for the tablet's Bluetooth
 * devices: `measure(deviceType, callbackName)` starts a measurement and, when the device has read,
 * calls `window[callbackName](reading)` with the reading as an object or its JSON text. The shell is
 * built to this interface (decision 0039); a desktop browser has none.
 */
export interface ShellMeasureInterface {
  measure(deviceType: string, callbackName: string): void;
}

/** The name the shell gives its interface on `window`. */
export const SHELL_MEASURE = 'AndroidMeasure';
/** How long a measurement may take (a cuff inflating, a resident stepping on the scale) before it counts as empty. */
export const MEASURE_TIMEOUT_MS = 120_000;

/** The shell's devices when the page runs inside it; available() is false elsewhere. */
export function shellMeasurementDevice(
  host: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
  timeoutMs = MEASURE_TIMEOUT_MS,
): MeasurementDevice {
  const shell = () => {
    const candidate = host[SHELL_MEASURE] as Partial<ShellMeasureInterface> | undefined;
    return candidate && typeof candidate.measure === 'function' ? (candidate as ShellMeasureInterface) : undefined;
  };
  let calls = 0;
  return {
    available: () => shell() !== undefined,
    measure(deviceType) {
      const device = shell();
      if (!device) return Promise.reject(new MeasureError(MEASURE_MESSAGES.noDevice));
      // A callback per measurement, removed when it answers or times out: a late answer is dropped.
      const callbackName = `phwMeasureCallback${++calls}`;
      return new Promise<Reading>((resolve) => {
        const done = (reading: Reading) => {
          clearTimeout(timer);
          delete host[callbackName];
          resolve(reading);
        };
        const timer = setTimeout(() => done({}), timeoutMs);
        host[callbackName] = (answer: unknown) => {
          let reading: unknown = answer;
          if (typeof answer === 'string') {
            try {
              reading = JSON.parse(answer);
            } catch {
              reading = {};
            }
          }
          done(reading && typeof reading === 'object' && !Array.isArray(reading) ? (reading as Reading) : {});
        };
        device.measure(deviceType, callbackName);
      });
    },
  };
}

/**
 * The Android shell's `AndroidMeasure`, simulated on `host` (a window): `measure(type, callbackName)`
 * calls back `delayMs` later with the reading for the type as JSON text, `{}` for a type it has none
 * for (a device that read nothing). Self-contained — no name from outside its body — because the
 * browser journeys (tests/e2e/tablet-measure.spec.ts) hand its source to the page with Playwright's
 * `page.addInitScript(installSimulatedMeasureShell, options)`; `simulatedMeasurementDevice` puts it
 * on an object and reads it through `shellMeasurementDevice`, so both run the same code.
 */
export function installSimulatedMeasureShell(
  options: { readings: Record<string, Reading>; delayMs?: number },
  host: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): void {
  // 'AndroidMeasure' is SHELL_MEASURE, written out: the page gets this function's source alone.
  host['AndroidMeasure'] = {
    measure(deviceType: string, callbackName: string) {
      const reading = options.readings[deviceType] ?? {};
      setTimeout(() => {
        const callback = host[callbackName];
        if (typeof callback === 'function') callback(JSON.stringify(reading));
      }, options.delayMs ?? 0);
    },
  };
}

/** A tablet whose devices give these readings per type (none: a desktop browser, no shell). */
export function simulatedMeasurementDevice(readings?: Readonly<Record<string, Reading>>): MeasurementDevice {
  const host: Record<string, unknown> = {};
  if (readings) installSimulatedMeasureShell({ readings: { ...readings } }, host);
  return shellMeasurementDevice(host);
}
/** What each indicator of a reading is called and measured in (spec 001 line 148), as a measurement record prints it. */
export const INDICATORS: Readonly<Record<string, { name: string; unit: string }>> = {
  T: { name: '体温', unit: '℃' },
  PR: { name: '脉率', unit: '次/分钟' },
  SpO2: { name: '血氧饱和度', unit: '%' },
  'L-SBP': { name: '左侧收缩压', unit: 'mmHg' },
  'L-DBP': { name: '左侧舒张压', unit: 'mmHg' },
  'R-SBP': { name: '右侧收缩压', unit: 'mmHg' },
  'R-DBP': { name: '右侧舒张压', unit: 'mmHg' },
  FBG: { name: '空腹血糖', unit: 'mmol/L' },
  GLU: { name: '血糖', unit: 'mmol/L' },
  UA: { name: '尿酸', unit: 'mmol/L' },
  TC: { name: '总胆固醇', unit: 'mmol/L' },
  Ht: { name: '身高', unit: 'cm' },
  Wt: { name: '体重', unit: 'kg' },
  BMI: { name: '体质指数', unit: 'kg/m^2' },
  BFR: { name: '体脂率', unit: '%' },
};

/** The measurement item (code and name) a device type measures: the record's 检验项目. */
const ITEM_OF_TYPE: Readonly<Record<string, { code: string; name: string }>> = {
  '1': { code: ITEM_CODES.temperature, name: '体温' },
  '2': { code: ITEM_CODES.spo2, name: '脉搏血氧' },
  '3': { code: ITEM_CODES.bloodPressure, name: '血压' },
  '31': { code: ITEM_CODES.bloodPressure, name: '血压（左臂）' },
  '32': { code: ITEM_CODES.bloodPressure, name: '血压（右臂）' },
  '4': { code: ITEM_CODES.glucose, name: '血糖/尿酸/尿糖/胆固醇' },
  '7': { code: ITEM_CODES.heightWeight, name: '身高体重' },
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * A reading as the resident's measurement record (a 测量报告, proj_type 1, put by the device —
 * decision 0046): one result row per indicator with a number, named and with its unit; the record's
 * 检验单号 is `SB` + the moment + the device type + the archive's id's end, so each reading is its own record. The resident is
 * the archive (the server takes its name); the date is the reading's day.
 */
export function readingToReport(reading: Reading, deviceType: string, archId: string, at: Date): MeasureSaveBody {
  const results = Object.entries(reading).flatMap(([indicator, raw]) => {
    const text = String(raw ?? '').trim();
    if (text === '' || !Number.isFinite(Number(text))) return [];
    const known = INDICATORS[indicator];
    return [{ jyzb_code: indicator, jyzb_name: known?.name ?? indicator, jyzb_result: text, jyzb_unit: known?.unit ?? '' }];
  });
  const item = ITEM_OF_TYPE[deviceType];
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}${pad(at.getMilliseconds(), 3)}`;
  return {
    arch_id: archId,
    jyid: `SB${stamp}T${deviceType}-${archId.slice(-12)}`,
    uname: '',
    proj_type: 1,
    proj_name: item?.name ?? '',
    jyxm_dm: item?.code ?? '',
    jyxm_mc: item?.name ?? '',
    source_code: '0',
    jyrq: dayOf(at),
    bgrq: dayOf(at),
    remark: '平板设备测量',
    results,
  };
}
