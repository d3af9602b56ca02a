import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { configureRequest, request } from '../../api/request';
import { clearSession, setToken } from '../../api/session';
import { renderWithUi } from '../test/render';
import { CrudImportDialog, importLogRows } from './crud-import-dialog';

// Own adapter rather than the fake server: the download's file name travels in a response header.
const calls: InternalAxiosRequestConfig[] = [];
let answer: { status: number; data: unknown; headers: Record<string, string> };
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  return { ...answer, statusText: '', config };
};

const saved: { href: string; download: string }[] = [];
beforeEach(() => {
  calls.length = 0;
  saved.length = 0;
  request.defaults.adapter = adapter;
  configureRequest({ notifyError: () => undefined, onUnauthorized: () => undefined });
  // jsdom has no object URLs and does not follow links: record what the browser would save.
  URL.createObjectURL = vi.fn(() => 'blob:template');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  setToken('tok');
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const renderDialog = () =>
  renderWithUi(
    <CrudImportDialog
      open
      url="/api/blade-user/import-user"
      coverParam="isCovered"
      templateUrl="/api/blade-user/export-template"
      onClose={() => undefined}
      onImported={() => undefined}
    />,
  );

describe('CrudImportDialog template download (issue 17)', () => {
  it('fetches the template with the session headers and saves it under the server’s file name', async () => {
    answer = {
      status: 200,
      data: new Blob(['xlsx bytes']),
      headers: { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}` },
    };
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: '模板下载' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:template', download: '用户导入模板.xlsx' }]));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/blade-user/export-template');
    expect(calls[0]!.headers.get('Blade-Auth')).toBe('bearer tok');
    expect(calls[0]!.responseType).toBe('blob');
    // A link would bypass the request client (and its token): the button must not be one.
    expect(document.querySelector('a[href="/api/blade-user/export-template"]')).toBeNull();
  });

  it('shows the server’s refusal instead of saving its JSON as a spreadsheet', async () => {
    answer = {
      status: 403,
      data: new Blob([JSON.stringify({ code: 403, success: false, data: null, msg: '缺少权限：user_import' })], {
        type: 'application/json',
      }),
      headers: { 'content-type': 'application/json' },
    };
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: '模板下载' }));
    expect(await screen.findByText('缺少权限：user_import')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe('the import log of a refused file', () => {
  it('lists each refused line with its problem, or the message when the answer names no rows', () => {
    const body = { code: 400, msg: '导入失败，未导入任何报告。第3行：请填写结果', data: { problems: [{ line: 3, msg: '请填写结果' }] } };
    expect(importLogRows(body)).toEqual([{ msg: '请填写结果', data: '第3行' }]);
    expect(importLogRows({ code: 400, msg: '只能导入xlsx格式的Excel文件', data: null })).toEqual([
      { msg: '只能导入xlsx格式的Excel文件', data: '' },
    ]);
    expect(importLogRows({ code: 400, data: [{ msg: '失败', data: '张三' }] })).toEqual([{ msg: '失败', data: '张三' }]);
  });
});
