import type { AxiosAdapter } from 'axios';
import { downloadFile, filenameFromContentDisposition } from './download';
import { HttpError } from './http-error';
import { recordNotices, respond } from '@/testing/fake-adapter';

describe('file names from Content-Disposition (RFC 6266)', () => {
  it.each([
    [
      `attachment; filename="export.xlsx"; filename*=UTF-8''%E8%83%8C%E4%B9%A6%E6%89%B9%E9%87%8F%E5%AF%BC%E5%87%BA.xlsx`,
      '背书批量导出.xlsx',
    ],
    [`attachment; filename*=utf-8''%E6%89%BF%E5%85%91%E4%BA%BA%E4%BF%A1%E6%81%AF.csv`, '承兑人信息.csv'],
    [`attachment; filename*=UTF-8'zh-CN'%E4%BC%81%E4%B8%9A%20%E5%85%B3%E7%B3%BB.xlsx`, '企业 关系.xlsx'],
    [`attachment; filename*="UTF-8''%E7%A5%A8.pdf"`, '票.pdf'],
    [`attachment; filename*=iso-8859-1''na%EFve.txt`, 'naïve.txt'],
    ['attachment; filename="report 2024.xlsx"', 'report 2024.xlsx'],
    ['attachment; filename="a \\"quoted\\" name.txt"', 'a _quoted_ name.txt'],
    ['attachment; filename="semi;colon.txt"', 'semi;colon.txt'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment;filename=plain.csv;size=12', 'plain.csv'],
    ['attachment; FILENAME="Upper.txt"', 'Upper.txt'],
    ['attachment; filename=%E5%BC%80%E7%A5%A8%E5%A4%B1%E8%B4%A5.xlsx', '开票失败.xlsx'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
  ])('%s -> %s', (header, name) => {
    expect(filenameFromContentDisposition(header)).toBe(name);
  });

  it.each([[undefined], [''], ['inline'], ['attachment; filename=""'], ["attachment; filename*=UTF-8''"]])(
    'names nothing for %j',
    (header) => {
      expect(filenameFromContentDisposition(header)).toBeUndefined();
    },
  );

  it('falls back to filename= when filename* cannot be decoded', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename*=UTF-8''%E4%ZZ; filename="fallback.xlsx"`),
    ).toBe('fallback.xlsx');
  });
});

describe('downloadFile', () => {
  const created: string[] = [];
  let clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => {
      created.push('blob:1');
      return 'blob:1';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves the blob under the Chinese name through a temporary link, then revokes the URL', async () => {
    vi.useFakeTimers();
    try {
      const adapter: AxiosAdapter = async (config) =>
        respond(config, new Blob(['a,b']), 200, {
          'content-disposition': `attachment; filename*=UTF-8''%E5%AF%BC%E5%87%BA.csv`,
        });
      await expect(downloadFile({ url: '/api/export/1/file', adapter }, 'download.csv')).resolves.toBe(
        '导出.csv',
      );
      expect(clicked).toEqual([{ href: 'blob:1', download: '导出.csv' }]);
      expect(document.querySelector('a[download]')).toBeNull();
      vi.runAllTimers();
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the fallback name without Content-Disposition', async () => {
    const adapter: AxiosAdapter = async (config) => respond(config, new Blob(['x']));
    await expect(downloadFile({ url: '/api/f', adapter }, '文件.xlsx')).resolves.toBe('文件.xlsx');
  });

  it('rejects with the server’s error and shows it through the catalogue', async () => {
    const notices = recordNotices();
    try {
      const body = new Blob([JSON.stringify({ code: 'NOT_FOUND', msg: '导出任务不存在' })], {
        type: 'application/json',
      });
      const adapter: AxiosAdapter = async (config) => respond(config, body, 404);
      const failure = await downloadFile({ url: '/api/f', adapter }, 'f').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(HttpError);
      expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(notices.notices.map((n) => n.description)).toEqual(['导出任务不存在']);
      expect(clicked).toEqual([]);
    } finally {
      notices.unbind();
    }
  });
});
