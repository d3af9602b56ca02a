import { App, Button, Dropdown } from 'antd';
import { useMemo, useState } from 'react';
import {
  DEVICE_TYPES,
  MEASURE_MESSAGES,
  MeasureError,
  measureReading,
  readingToReport,
  shellMeasurementDevice,
  type MeasurementDevice,
} from '../../bridges/measurement-device';
import { putMeasureData, type MeasureSaveBody } from '../../api/measurements';
import type { FormRuntime } from '../../form-runtime';
import { useMessages } from '../../shared/i18n/i18n-context';
import { followupMessages } from './followup-messages';

interface Props {
  /** The resident measured: the reading is kept as their measurement record. */
  archId: string;
  /** Keeps the reading as a measurement record (usermeasure/put-data by default). */
  keepReading?: (report: MeasureSaveBody) => Promise<unknown>;
  /** The open record's form (the editor's runtime ref): read at the reading's arrival, not before. */
  runtime: () => FormRuntime | undefined;
  /** The tablet's devices; by default the Android shell's, when the page runs inside it. */
  device?: MeasurementDevice;
}

/**
 * 测量 on the tablet (spec 001 lines 31, 70, 87): shown only inside the Android shell (a desktop
 * has no devices to offer). The doctor picks a device; its reading goes into the form's fields as
 * typed values (runtime.enter), so BMI, the blood-pressure grade and the checks follow, and — as the
 * spec saves the results straight after the device's callback — it is kept at once as the resident's
 * measurement record (a 测量报告 through usermeasure/put-data, decision 0046): 保存测量结果成功, or why
 * it was not kept (the form keeps the reading either way; the doctor saves the follow-up as usual).
 * The spec's messages when the shell is gone, a device type is unknown or a reading comes back empty.
 */
export function MeasureButton({ runtime, device, archId, keepReading = putMeasureData }: Props) {
  const m = useMessages(followupMessages);
  const { message } = App.useApp();
  const tablet = useMemo(() => device ?? shellMeasurementDevice(), [device]);
  const [measuring, setMeasuring] = useState(false);
  if (!tablet.available()) return null;

  const measure = async (deviceType: string) => {
    setMeasuring(true);
    try {
      const { reading, fields } = await measureReading(tablet, deviceType);
      const form = runtime();
      if (!form) return;
      form.enter(fields);
      void message.success(m.measured(Object.keys(fields).length));
      try {
        await keepReading(readingToReport(reading, deviceType, archId, new Date()));
        void message.success(MEASURE_MESSAGES.saved);
      } catch (error) {
        void message.warning(m.readingNotKept(errorText(error)));
      }
    } catch (error) {
      void message.warning(error instanceof MeasureError ? error.message : String((error as Error)?.message ?? error));
    } finally {
      setMeasuring(false);
    }
  };

  const items = [
    { key: DEVICE_TYPES.temperature, label: m.measureTemperature },
    { key: DEVICE_TYPES.pulseOximeter, label: m.measureOximeter },
    { key: DEVICE_TYPES.bloodPressureLeft, label: m.measureBpLeft },
    { key: DEVICE_TYPES.bloodPressureRight, label: m.measureBpRight },
    { key: DEVICE_TYPES.glucoseFamily, label: m.measureGlucose },
    { key: DEVICE_TYPES.heightWeight, label: m.measureHeightWeight },
  ];
  return (
    <Dropdown trigger={['click']} disabled={measuring} menu={{ items, onClick: ({ key }) => void measure(key) }}>
      <Button size="small" loading={measuring} data-testid="measure-button">
        {m.measure}
      </Button>
    </Dropdown>
  );
}

/** The refusal's text (a RequestError carries the server's msg as its message). */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
