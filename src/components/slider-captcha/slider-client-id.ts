import { readText, writeText } from '@/lib/storage';

const SLIDER_KEY = 'slider';

/** The slider client id of this browser session, `slider-` plus a random id (spec section 3). */
export function getSliderClientId(): string {
  let id = readText(sessionStorage, SLIDER_KEY);
  if (!id) {
    id = `slider-${crypto.randomUUID()}`;
    writeText(sessionStorage, SLIDER_KEY, id);
  }
  return id;
}
