import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { ID_READER_MESSAGES, simulatedIdCardReader, type FetchLike, type IdCardReader } from '../../bridges/id-card-reader';
import { UiProviders } from '../../components/ui-providers';
import { idCardCheckDigit } from '../../engine';
import { AddArchiveDialog } from './add-archive-dialog';
import { cardToArchiveValues, configuredIdCardReader } from './id-card-reading';

const first17 = '44162219580315001';
const card = {
  idCard: first17 + idCardCheckDigit(first17),
  name: '王建国',
  sex: '1' as const,
  birthday: '1958-03-15',
  address: '广东省河源市源城区文明路12号',
  nation: '汉',
};

const { seen } = setupFakeServer({
  '/api/blade-system/dict-biz/dictionary': blade([]),
  '/api/blade-iph-business/userinfomain/get-by-id-card': blade(null),
  '/api/blade-iph-business/userarchives/create-update-archives': blade({ id: '9100', personName: '王建国' }),
});

function renderDialog(reader: IdCardReader, readCardOnOpen = false) {
  render(
    <UiProviders lang="zh">
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <AddArchiveDialog open reader={reader} readCardOnOpen={readCardOnOpen} onClose={() => undefined} onSaved={() => undefined} />
      </SWRConfig>
    </UiProviders>,
  );
}

const value = (dialog: HTMLElement, label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;

describe('读卡 on the new-archive form', { timeout: 30_000 }, () => {
  it('fills ID number, name, sex, birth date and address from the card, and the form’s rules run on them', async () => {
    const user = userEvent.setup();
    renderDialog(simulatedIdCardReader({ card }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /读\s*卡/ }));
    await waitFor(() => expect(value(dialog, '身份证号')).toBe(card.idCard));
    expect(value(dialog, '姓名')).toBe('王建国');
    expect(value(dialog, '现住址')).toBe(card.address);
    expect(within(dialog).getByDisplayValue('1958-03-15')).toBeTruthy();
    expect(within(dialog).getByTitle('男')).toBeTruthy();
    // The age is the rules' own, from the ID number: the card went in as typing does.
    expect(Number(value(dialog, '年龄'))).toBeGreaterThanOrEqual(68);
    expect(await screen.findByText('读卡成功')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => {
      const sent = seen.filter((c) => c.url?.endsWith('/userarchives/create-update-archives')).at(-1);
      expect(JSON.parse(String(sent?.data))).toMatchObject({
        personName: '王建国',
        idCard: card.idCard,
        sex: '1',
        birthday: '1958-03-15',
        homeAddress: card.address,
      });
    });
  });

  it('快速建档 reads the card once as soon as the form is there, without a click', async () => {
    let reads = 0;
    const reader = simulatedIdCardReader({ card });
    const counting: IdCardReader = {
      read: () => {
        reads += 1;
        return reader.read();
      },
    };
    renderDialog(counting, true);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(value(dialog, '身份证号')).toBe(card.idCard));
    expect(value(dialog, '姓名')).toBe('王建国');
    expect(reads).toBe(1);
  });

  it('says 请放身份证 with no card on the reader, and what was typed stays', async () => {
    const user = userEvent.setup();
    renderDialog(simulatedIdCardReader());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('姓名'), '周新');
    await user.click(within(dialog).getByRole('button', { name: /读\s*卡/ }));
    expect(await screen.findByText(ID_READER_MESSAGES.placeCard)).toBeTruthy();
    expect(value(dialog, '姓名')).toBe('周新');
    expect(value(dialog, '身份证号')).toBe('');
  });

  it('says 未检测到读卡器 when no reader is attached', async () => {
    const user = userEvent.setup();
    renderDialog(simulatedIdCardReader({ reader: false }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /读\s*卡/ }));
    expect(await screen.findByText(ID_READER_MESSAGES.noReader)).toBeTruthy();
  });
});

describe('the clinic’s reader', () => {
  const answering: FetchLike = async () => ({
    ok: true,
    json: async () => ({
      code: 0,
      data: { certNumber: card.idCard, partyName: card.name, gender: '男', bornDay: '19580315', certAddress: card.address },
    }),
  });

  it('asks the service the system parameter names', async () => {
    const asked: string[] = [];
    const reader = configuredIdCardReader(
      async () => 'http://127.0.0.1:19196',
      (url, init) => {
        asked.push(url);
        return answering(url, init);
      },
    );
    expect((await reader.read()).name).toBe('王建国');
    expect(asked).toEqual(['http://127.0.0.1:19196/readcard']);
  });

  it('with no address (or one that is not http) the service counts as not installed: 读卡服务已经断开', async () => {
    for (const url of ['', 'javascript:alert(1)', 'ws://127.0.0.1:1', '127.0.0.1:19196']) {
      await expect(configuredIdCardReader(async () => url, answering).read()).rejects.toThrow(ID_READER_MESSAGES.serviceDown);
    }
    await expect(configuredIdCardReader(() => Promise.reject(new Error('offline')), answering).read()).rejects.toThrow(
      ID_READER_MESSAGES.serviceDown,
    );
  });

  it('gives the form the card’s fields by the form’s names, nation only where it is on the card', () => {
    expect(cardToArchiveValues(card)).toEqual({
      idCard: card.idCard,
      personName: '王建国',
      sex: '1',
      birthday: '1958-03-15',
      homeAddress: card.address,
      nation: '汉',
    });
    expect(cardToArchiveValues({ ...card, nation: undefined, address: '' })).not.toHaveProperty('homeAddress');
  });
});
