import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  measureIntoFields,
  shellMeasurementDevice,
  simulatedMeasurementDevice,
  type MeasurementDevice,
} from '../../bridges/measurement-device';
import { UiProviders } from '../../components/ui-providers';
import type { FormRuntime } from '../../form-runtime';
import type { MeasureSaveBody } from '../../shared/contract/measurements';
import { MeasureButton } from './measure-button';

afterEach(cleanup);

function renderButton(device: MeasurementDevice, keepReading: (r: MeasureSaveBody) => Promise<unknown> = vi.fn(async () => ({}))) {
  const enter = vi.fn();
  const runtime = { enter } as unknown as FormRuntime;
  render(
    <UiProviders lang="zh">
      <MeasureButton device={device} archId="1800000000000000001" keepReading={keepReading} runtime={() => runtime} />
    </UiProviders>,
  );
  return enter;
}

describe('测量 on the tablet follow-up', { timeout: 30_000 }, () => {
  it('is not offered outside the Android shell', () => {
    renderButton(simulatedMeasurementDevice());
    expect(screen.queryByTestId('measure-button')).toBeNull();
  });

  it('puts the device’s reading into the form’s fields as typed values', async () => {
    const user = userEvent.setup();
    const enter = renderButton(simulatedMeasurementDevice({ '31': { 'L-SBP': 138, 'L-DBP': '86', PR: 72 } }));
    await user.click(screen.getByTestId('measure-button'));
    await user.click(await screen.findByText('血压（左臂）'));
    await waitFor(() => expect(enter).toHaveBeenCalledWith({ sbp: 138, dbp: 86, heartRate: 72 }));
    expect(await screen.findByText('已填入3项测量结果')).toBeTruthy();
  });

  it('keeps the reading as the resident’s measurement record at once (a 测量报告 put by the device) and says 保存测量结果成功', async () => {
    const user = userEvent.setup();
    const kept: MeasureSaveBody[] = [];
    const enter = renderButton(simulatedMeasurementDevice({ '31': { 'L-SBP': 138, 'L-DBP': '86', PR: 72, note: 'x' } }), async (report) => {
      kept.push(report);
      return { id: '1', jyid: report.jyid, arch_id: report.arch_id, overwritten: false };
    });
    await user.click(screen.getByTestId('measure-button'));
    await user.click(await screen.findByText('血压（左臂）'));
    expect(await screen.findByText('保存测量结果成功')).toBeTruthy();
    expect(enter).toHaveBeenCalledWith({ sbp: 138, dbp: 86, heartRate: 72 });
    expect(kept).toHaveLength(1);
    const report = kept[0]!;
    expect(report).toMatchObject({
      arch_id: '1800000000000000001',
      proj_type: 1,
      jyxm_dm: '300005',
      jyxm_mc: '血压（左臂）',
      source_code: '0',
    });
    expect(report.jyid).toMatch(/^SB\d{17}T31-000000000001$/);
    expect(report.results).toEqual([
      { jyzb_code: 'L-SBP', jyzb_name: '左侧收缩压', jyzb_result: '138', jyzb_unit: 'mmHg' },
      { jyzb_code: 'L-DBP', jyzb_name: '左侧舒张压', jyzb_result: '86', jyzb_unit: 'mmHg' },
      { jyzb_code: 'PR', jyzb_name: '脉率', jyzb_result: '72', jyzb_unit: '次/分钟' },
    ]);
  });

  it('says why a reading was not kept, and the form keeps it', async () => {
    const user = userEvent.setup();
    const enter = renderButton(simulatedMeasurementDevice({ '1': { T: 36.8 } }), async () => {
      throw new Error('档案不存在');
    });
    await user.click(screen.getByTestId('measure-button'));
    await user.click(await screen.findByText('体温'));
    expect(await screen.findByText('测量结果已填入表单，但未保存为测量记录：档案不存在')).toBeTruthy();
    expect(enter).toHaveBeenCalledWith({ temperature: 36.8 });
  });

  it('says 读取信息失败，请重试！ for an empty reading and changes nothing, keeping no record', async () => {
    const user = userEvent.setup();
    const keep = vi.fn(async () => ({}));
    const enter = renderButton(simulatedMeasurementDevice({ '7': { Ht: '', Wt: null } }), keep);
    await user.click(screen.getByTestId('measure-button'));
    await user.click(await screen.findByText('身高体重'));
    expect(await screen.findByText('读取信息失败，请重试！')).toBeTruthy();
    expect(enter).not.toHaveBeenCalled();
    expect(keep).not.toHaveBeenCalled();
  });
});

describe('the Android shell’s devices', () => {
  it('asks the shell and takes the reading it calls back with (an object or its JSON text)', async () => {
    const host: Record<string, unknown> = {};
    const asked: string[] = [];
    host.AndroidMeasure = {
      measure: (type: string, callback: string) => {
        asked.push(type);
        setTimeout(() => (host[callback] as (r: unknown) => void)(JSON.stringify({ Ht: 170, Wt: '65.5', BMI: 22.66 })), 5);
      },
    };
    const device = shellMeasurementDevice(host);
    expect(device.available()).toBe(true);
    expect(await measureIntoFields(device, '7')).toEqual({ height: 170, weight: 65.5, bmi: 22.66 });
    expect(asked).toEqual(['7']);
    // The callback is gone once answered: a late second answer reaches nothing.
    expect(Object.keys(host)).toEqual(['AndroidMeasure']);
  });

  it('gives the spec’s messages: no shell, an unknown device type, no answer in time', async () => {
    await expect(measureIntoFields(shellMeasurementDevice({}), '1')).rejects.toThrow('没有连接设备(请在PAD上访问系统)!');
    const silent = shellMeasurementDevice({ AndroidMeasure: { measure: () => undefined } }, 20);
    await expect(measureIntoFields(silent, '9')).rejects.toThrow('设备类型不存在!');
    await expect(measureIntoFields(silent, '1')).rejects.toThrow('读取信息失败，请重试！');
  });
});
