import { clearTopTips } from './top-tips';

describe('top tips', () => {
  it('clears every top_tips_ flag of the session and nothing else', () => {
    sessionStorage.setItem('top_tips_auth', '1');
    sessionStorage.setItem('top_tips_bank', '1');
    sessionStorage.setItem('slider', 'slider-1');
    localStorage.setItem('top_tips_auth', '1');

    clearTopTips();

    expect(sessionStorage.getItem('top_tips_auth')).toBeNull();
    expect(sessionStorage.getItem('top_tips_bank')).toBeNull();
    expect(sessionStorage.getItem('slider')).toBe('slider-1');
    expect(localStorage.getItem('top_tips_auth')).toBe('1');
  });
});
