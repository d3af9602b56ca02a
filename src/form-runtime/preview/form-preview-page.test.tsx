// Issue 30: /form-preview/<code> showed only the bundled files, so a form published from the
// browser "did not exist". It shows the server's latest published version by default, ?version=n an
// older one, ?working=1 the working copy for those who may edit forms, and says which in its title.
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDocument } from '../../engine';
import { renderWithUi } from '../test/render';
import { FormPreviewPage } from './form-preview-page';

const server = vi.hoisted(() => ({
  getFormVersion: vi.fn(),
  getData: vi.fn(),
  getDictionary: vi.fn(async () => [{ dictKey: '1', dictValue: '咳嗽' }]),
}));
vi.mock('../../api/forms', () => ({ getFormVersion: server.getFormVersion }));
vi.mock('../../api/envelope', () => ({ getData: server.getData, postData: vi.fn() }));
vi.mock('../../api/dict', () => ({
  getDictionary: server.getDictionary,
  getFieldUrlOptions: vi.fn(async () => []),
  forgetCachedDictionaries: vi.fn(),
}));

const version = (v: number, label: string): FormDocument => ({
  formCode: 'copdlung',
  formName: '慢阻肺随访',
  version: v,
  fields: [
    { fieldProp: 'note', fieldLabel: label, fieldType: 3 },
    { fieldProp: 'symptom', fieldLabel: '症状', fieldType: 7, bizCode: 'copd_symptom' },
  ],
});

beforeEach(() => {
  server.getFormVersion.mockReset();
  server.getData.mockReset();
  server.getFormVersion.mockImplementation(async (_code: string, v?: number) =>
    v === 1 ? version(1, '第一版的说明') : version(2, '第二版的说明'),
  );
  server.getData.mockImplementation(async (url: string) => {
    if (url.endsWith('/form/newList')) return [{ id: '77', formCode: 'copdlung' }];
    if (url.endsWith('/form/detail')) return { id: '77', document: version(3, '工作副本的说明') };
    throw new Error(`unexpected ${url}`);
  });
});

function renderAt(url: string, canSeeWorkingCopy = false) {
  const router = createMemoryRouter(
    [{ path: '/form-preview/:formCode', element: <FormPreviewPage canSeeWorkingCopy={canSeeWorkingCopy} /> }],
    {
      initialEntries: [url],
    },
  );
  return renderWithUi(<RouterProvider router={router} />);
}

describe('/form-preview/:formCode', () => {
  it('shows the latest published version by default, with the server’s dictionaries', async () => {
    renderAt('/form-preview/copdlung');
    expect(await screen.findByText('copdlung · 版本 2')).toBeTruthy();
    expect(await screen.findByText('第二版的说明')).toBeTruthy();
    expect(server.getFormVersion).toHaveBeenCalledWith('copdlung', undefined);
    expect(await screen.findByText('咳嗽')).toBeTruthy();
  });

  it('?version=1 shows that version', async () => {
    renderAt('/form-preview/copdlung?version=1');
    expect(await screen.findByText('copdlung · 版本 1')).toBeTruthy();
    expect(await screen.findByText('第一版的说明')).toBeTruthy();
  });

  it('falls back to the bundled file only when the server has none', async () => {
    server.getFormVersion.mockResolvedValue(null);
    renderAt('/form-preview/hypertensionfollowup');
    expect(await screen.findByText(/hypertensionfollowup · 版本 \d+ \(随应用发布的文件\)/)).toBeTruthy();
  });

  it('?working=1 shows the working copy to those who may edit forms', async () => {
    renderAt('/form-preview/copdlung?working=1', true);
    expect(await screen.findByText('copdlung · 工作副本')).toBeTruthy();
    expect(await screen.findByText('工作副本的说明')).toBeTruthy();
  });

  it('?working=1 is refused to others (a doctor)', async () => {
    renderAt('/form-preview/copdlung?working=1', false);
    expect(await screen.findByText('无权查看未发布的表单')).toBeTruthy();
    expect(server.getData).not.toHaveBeenCalled();
  });

  it('?source=bundled still opens the bundled file without the network', async () => {
    renderAt('/form-preview/hypertensionfollowup?source=bundled');
    expect(await screen.findByText(/hypertensionfollowup · 版本 \d+ \(随应用发布的文件\)/)).toBeTruthy();
    expect(server.getFormVersion).not.toHaveBeenCalled();
  });
});
