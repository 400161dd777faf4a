import { fileNameOf } from './save-file';

describe('file names from Content-Disposition', () => {
  it('prefers the UTF-8 filename* (Chinese export names)', () => {
    expect(
      fileNameOf(
        `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('企业关系信息_20260601.xlsx')}`,
      ),
    ).toBe('企业关系信息_20260601.xlsx');
  });

  it('falls back to the plain filename', () => {
    expect(fileNameOf('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(undefined)).toBeUndefined();
  });
});
