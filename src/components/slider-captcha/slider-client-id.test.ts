import { getSliderClientId } from './slider-client-id';

describe('the slider client id', () => {
  it('is one id per browser session, prefixed slider-, kept under slider', () => {
    const id = getSliderClientId();
    expect(id).toMatch(/^slider-/);
    expect(getSliderClientId()).toBe(id);
    expect(sessionStorage.getItem('slider')).toBe(id);
  });
});
