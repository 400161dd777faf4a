import { aesDecrypt } from '@/lib/crypto';
import { buildCaptchaVerification, buildPointJson, buildPointStr } from './captcha-answer';
import { SLIDER_MAX_X, clampToTrack, scaleToTrack } from './slider-geometry';

const KEY = 'Xy7pQ2rS9tU4vW1z';

describe('captcha answer', () => {
  it('puts the rounded x and the fixed y of 5 in the answer', () => {
    expect(buildPointStr(120.4)).toBe('{"x":120,"y":5}');
    expect(buildPointStr(120.6)).toBe('{"x":121,"y":5}');
  });

  it('encrypts the answer with AES under the secretKey, and sends it plain without one', () => {
    const pointJson = buildPointJson(87, KEY);
    expect(pointJson).not.toContain('x');
    expect(aesDecrypt(pointJson, KEY)).toBe('{"x":87,"y":5}');
    expect(buildPointJson(87, '')).toBe('{"x":87,"y":5}');
  });

  it('builds the AJ-Captcha captchaVerification from the token and the answer', () => {
    const pointStr = buildPointStr(42);
    expect(aesDecrypt(buildCaptchaVerification('tok', pointStr, KEY), KEY)).toBe('tok---{"x":42,"y":5}');
    expect(buildCaptchaVerification('tok', pointStr, null)).toBe('tok---{"x":42,"y":5}');
  });
});

describe('slider geometry', () => {
  it('scales a distance on the rendered track to the 310 px image', () => {
    expect(scaleToTrack(50, 310)).toBe(50);
    expect(scaleToTrack(50, 155)).toBe(100);
    expect(scaleToTrack(62, 620)).toBe(31);
    expect(scaleToTrack(50, 0)).toBe(50);
  });

  it('keeps the piece within 0 .. 310 - 47', () => {
    expect(SLIDER_MAX_X).toBe(263);
    expect(clampToTrack(-3)).toBe(0);
    expect(clampToTrack(400)).toBe(263);
    expect(clampToTrack(100.5)).toBe(100.5);
  });
});
