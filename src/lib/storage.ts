const SLIDER_KEY = 'slider';

/** The slider client id of this browser session, `slider-` plus a random id (spec section 3). */
export function getSliderClientId(): string {
  let id = sessionStorage.getItem(SLIDER_KEY);
  if (!id) {
    id = `slider-${crypto.randomUUID()}`;
    sessionStorage.setItem(SLIDER_KEY, id);
  }
  return id;
}
