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
import { MeasureButton } from './measure-button';

afterEach(cleanup);

function renderButton(device: MeasurementDevice) {
  const enter = vi.fn();
  const runtime = { enter } as unknown as FormRuntime;
  render(
    <UiProviders lang="zh">
      <MeasureButton device={device} runtime={() => runtime} />
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

  it('says 读取信息失败，请重试！ for an empty reading and changes nothing', async () => {
    const user = userEvent.setup();
    const enter = renderButton(simulatedMeasurementDevice({ '7': { Ht: '', Wt: null } }));
    await user.click(screen.getByTestId('measure-button'));
    await user.click(await screen.findByText('身高体重'));
    expect(await screen.findByText('读取信息失败，请重试！')).toBeTruthy();
    expect(enter).not.toHaveBeenCalled();
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
