import { clearLoginErrors, recordLoginError } from './login-errors';

const count = (mobile: string) => localStorage.getItem(`SgThsk_loginErrorCount_${mobile}`);
const firstError = (env: string, mobile: string) =>
  localStorage.getItem(`SgThsk_loginFirstErrorTime_${env}_${mobile}`);

describe('failed sign-in counters', () => {
  it('counts per mobile and keeps the first error time, per environment', () => {
    recordLoginError('test', '13800000001', 1000);
    recordLoginError('test', '13800000001', 2000);
    recordLoginError('test', '13800000002', 3000);

    expect(count('13800000001')).toBe('2');
    expect(firstError('test', '13800000001')).toBe('1000');
    expect(count('13800000002')).toBe('1');
    expect(firstError('other-env', '13800000001')).toBeNull();
  });

  it('forgets both counters of one mobile', () => {
    recordLoginError('test', '13800000001', 1000);
    recordLoginError('test', '13800000002', 1000);
    clearLoginErrors('test', '13800000001');

    expect(count('13800000001')).toBeNull();
    expect(firstError('test', '13800000001')).toBeNull();
    expect(count('13800000002')).toBe('1');
  });

  it('starts over from a corrupt counter', () => {
    localStorage.setItem('SgThsk_loginErrorCount_13800000001', 'NaN?');
    recordLoginError('test', '13800000001', 1000);
    expect(count('13800000001')).toBe('1');
  });
});
