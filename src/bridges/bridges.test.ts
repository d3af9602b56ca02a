import { describe, expect, it } from 'vitest';
import {
  cardFromAnswer,
  httpIdCardReader,
  ID_READER_MESSAGES,
  simulatedIdCardReader,
  simulatedReaderService,
  type FetchLike,
} from './id-card-reader';
import { layOutLabel, LABEL_MESSAGES, simulatedLabelPrinter } from './label-printer';
import {
  DEVICE_TYPES,
  installSimulatedMeasureShell,
  measureIntoFields,
  MEASURE_MESSAGES,
  readingToFields,
  shellMeasurementDevice,
  simulatedMeasurementDevice,
} from './measurement-device';
import { simulatedSignatureDevice, simulatedSignatureService, SIGNATURE_MESSAGES, startSigning, type Ticker } from './signature-device';

const card = { idCard: '44160219800101002X', name: '李秀英', sex: '2' as const, birthday: '1980-01-01', address: '河源市源城区' };

describe('the identity-card reader', () => {
  it('takes a card the service read, with its sex and birth day as the form keeps them', () => {
    expect(
      cardFromAnswer({
        code: 0,
        data: { certNumber: '44160219800101002x', partyName: ' 李秀英 ', gender: '女', bornDay: '19800101', certAddress: '河源市源城区' },
      }),
    ).toEqual(card);
  });

  it('says the spec’s message for no card, no reader, a service gone or a garbled answer', async () => {
    expect(() => cardFromAnswer({ code: 1 })).toThrow(ID_READER_MESSAGES.placeCard);
    expect(() => cardFromAnswer({ code: 2 })).toThrow(ID_READER_MESSAGES.noReader);
    expect(() => cardFromAnswer({ code: 0, data: {} })).toThrow(ID_READER_MESSAGES.connectFailed);
    const refused: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(httpIdCardReader('http://127.0.0.1:19196', refused).read()).rejects.toThrow(ID_READER_MESSAGES.serviceDown);
    const hanging: FetchLike = (_url, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(httpIdCardReader('http://127.0.0.1:19196', hanging, 20).read()).rejects.toThrow(ID_READER_MESSAGES.serviceDown);
    const error: FetchLike = async () => ({ ok: false, json: async () => ({}) });
    await expect(httpIdCardReader('http://127.0.0.1:19196', error).read()).rejects.toThrow(ID_READER_MESSAGES.connectFailed);
  });

  it('asks the local service’s readcard and reads its answer; the simulator answers the same way', async () => {
    const asked: string[] = [];
    const service: FetchLike = async (url) => {
      asked.push(url);
      return {
        ok: true,
        json: async () => ({
          code: 0,
          data: { certNumber: card.idCard, partyName: card.name, gender: '2', bornDay: '1980-01-01', certAddress: card.address },
        }),
      };
    };
    expect(await httpIdCardReader('http://127.0.0.1:19196/', service).read()).toEqual(card);
    expect(asked).toEqual(['http://127.0.0.1:19196/readcard']);
    const sim = simulatedIdCardReader();
    await expect(sim.read()).rejects.toThrow(ID_READER_MESSAGES.placeCard);
    sim.put(card);
    expect(await sim.read()).toEqual(card);
    await expect(simulatedIdCardReader({ reader: false }).read()).rejects.toThrow(ID_READER_MESSAGES.noReader);
  });

  it('the simulated service (what the browser journeys answer the page with) speaks the vendor’s protocol', () => {
    const service = simulatedReaderService({ card: { ...card, nation: '汉' } });
    const read = service.answer('/readcard');
    expect(read).toEqual({
      status: 200,
      body: {
        code: 0,
        msg: '读卡成功',
        data: { certNumber: card.idCard, partyName: card.name, gender: '女', bornDay: '19800101', certAddress: card.address, nation: '汉' },
      },
    });
    expect(service.answer('/other').status).toBe(404);
    service.put(undefined);
    expect(service.answer('/readcard').body).toMatchObject({ code: 1 });
    expect(simulatedReaderService({ reader: false }).answer('/readcard').body).toMatchObject({ code: 2 });
  });
});

/** A ticker the test turns by hand: each tick runs the jobs whose interval has come. */
function manualTicker() {
  const jobs: { ms: number; run: () => void; stopped: boolean }[] = [];
  let now = 0;
  const ticker: Ticker = {
    every(ms, run) {
      const job = { ms, run, stopped: false };
      jobs.push(job);
      return () => (job.stopped = true);
    },
  };
  const advance = async (ms: number) => {
    for (let t = now + 10; t <= now + ms; t += 10) for (const j of jobs) if (!j.stopped && t % j.ms === 0) j.run();
    now += ms;
    await new Promise((r) => setTimeout(r, 0));
  };
  return { ticker, advance };
}

describe('the signature device', () => {
  it('polls ink every 50 ms and the keys every 500 ms: 1 confirms, 0 clears the pad', async () => {
    const pad = simulatedSignatureDevice();
    const { ticker, advance } = manualTicker();
    const seen: string[] = [];
    const session = await startSigning(pad, ticker, {
      onInk: (points) => seen.push(`ink ${points.length}`),
      onConfirm: () => seen.push('confirm'),
      onClear: () => seen.push('clear'),
    });
    expect(session.state()).toBe('connected');
    pad.draw([
      { x: 0.1, y: 0.5, pressure: 0.4 },
      { x: 0.2, y: 0.5, pressure: 0.5 },
    ]);
    await advance(50);
    pad.press(0);
    await advance(500);
    pad.press(1);
    await advance(500);
    expect(seen).toEqual(['ink 2', 'clear', 'confirm']);
    await session.stop();
    expect(session.state()).toBe('disconnected');
    expect(pad.initialised()).toBe(false);
  });

  it('the simulated service (what the browser journeys answer the page with) initialises device 3 only, hands out ink once, a key once', () => {
    const service = simulatedSignatureService();
    expect(service.answer('/initialise?deviceId=2').body.code).toBe(1);
    expect(service.answer('/initialise?deviceId=3')).toEqual({ status: 200, body: { code: 0, data: true } });
    service.draw([{ x: 0.1, y: 0.2, pressure: 0.5 }]);
    expect(service.pendingInk()).toBe(1);
    expect(service.answer('/ink').body.data).toEqual([{ x: 0.1, y: 0.2, pressure: 0.5 }]);
    expect(service.answer('/ink').body.data).toEqual([]);
    service.press(1);
    expect(service.answer('/key').body.data).toBe(1);
    expect(service.answer('/key').body.data).toBeNull();
    service.answer('/uninitialise');
    expect(service.initialised()).toBe(false);
    expect(simulatedSignatureService(false).answer('/initialise?deviceId=3').body.code).toBe(1);
  });

  it('refuses with 没有连接设备! when the device does not answer', async () => {
    await expect(
      startSigning(simulatedSignatureDevice(false), manualTicker().ticker, { onInk() {}, onConfirm() {}, onClear() {} }),
    ).rejects.toThrow(SIGNATURE_MESSAGES.noDevice);
  });
});

describe('the tablet’s measurement devices', () => {
  it('turns a blood-pressure reading into the follow-up’s fields', async () => {
    const tablet = simulatedMeasurementDevice({ [DEVICE_TYPES.bloodPressureLeft]: { 'L-SBP': '138', 'L-DBP': 86, PR: 72, note: 'x' } });
    expect(await measureIntoFields(tablet, DEVICE_TYPES.bloodPressureLeft)).toEqual({ sbp: 138, dbp: 86, heartRate: 72 });
    expect(readingToFields({ T: 36.8 }, { T: 'temperature' })).toEqual({ temperature: 36.8 });
  });

  it('says the spec’s messages: no tablet, an unknown device type, an empty reading', async () => {
    await expect(measureIntoFields(simulatedMeasurementDevice(), '3')).rejects.toThrow(MEASURE_MESSAGES.noDevice);
    const tablet = simulatedMeasurementDevice({ '7': { Ht: '', Wt: null } });
    await expect(measureIntoFields(tablet, '99')).rejects.toThrow(MEASURE_MESSAGES.unknownType);
    await expect(measureIntoFields(tablet, '7')).rejects.toThrow(MEASURE_MESSAGES.emptyData);
  });

  it('the simulated shell works from its source alone, as the browser journeys put it on the page', async () => {
    // Playwright's addInitScript sends the function's text: rebuilt from it, no outside name is missing.
    // eslint-disable-next-line no-new-func -- rebuilding the simulator from its text is what is checked
    const rebuilt = new Function(`return (${installSimulatedMeasureShell.toString()})`)() as typeof installSimulatedMeasureShell;
    const host: Record<string, unknown> = {};
    rebuilt({ readings: { '31': { 'L-SBP': 150, 'L-DBP': 92 } }, delayMs: 5 }, host);
    expect(await measureIntoFields(shellMeasurementDevice(host), DEVICE_TYPES.bloodPressureLeft)).toEqual({ sbp: 150, dbp: 92 });
    await expect(measureIntoFields(shellMeasurementDevice(host), DEVICE_TYPES.temperature)).rejects.toThrow(MEASURE_MESSAGES.emptyData);
  });
});

describe('the label printer', () => {
  const row = {
    apply_date: '2026-11-29',
    proj_name: '血常规',
    name: '王建国',
    sex_text: '男',
    ageDetail: '66岁(退休)',
    bar_code: '202611290001',
  };

  it('lays a label out on its template: the code, the title size, name / sex / age without brackets', async () => {
    const label = layOutLabel(row);
    expect(label).toMatchObject({
      template: '40x30-qr',
      code: 'qrcode',
      value: '202611290001',
      line: '王建国 男 66岁',
      title: { size: 3 },
    });
    expect(layOutLabel({ ...row, proj_name: '肝功能、肾功能、血脂四项、电解质与心肌酶谱联合检测' }, '50x40-bar')).toMatchObject({
      code: 'code128',
      title: { size: 2 },
    });
    const printer = simulatedLabelPrinter();
    await printer.print([label]);
    expect(printer.printed).toHaveLength(1);
  });

  it('refuses an unknown template (打印模板不存在) and a row without a bar code', () => {
    expect(() => layOutLabel(row, '60x40-qr')).toThrow(LABEL_MESSAGES.noTemplate);
    expect(() => layOutLabel({ ...row, bar_code: ' ' })).toThrow(LABEL_MESSAGES.noBarcode);
  });
});
