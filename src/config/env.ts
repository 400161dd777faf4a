/** The app's build-time settings (VITE_* keys), checked once at start. */
import { DEFAULT_CHANNEL_ID, WEB_CLIENT } from '@contract/constants';

export { WEB_CLIENT };

const CHANNEL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const ENV_NAME_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

function readChannelId(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_CHANNEL_ID;
  if (!CHANNEL_ID_PATTERN.test(value)) throw new Error(`VITE_CHANNEL_ID is not a channel id: ${value}`);
  return value;
}

function readApiBaseUrl(raw: string | undefined): string {
  const value = raw?.trim() ?? '';
  if (value === '') return '';
  try {
    new URL(value);
  } catch {
    throw new Error(`VITE_API_BASE_URL is not an absolute URL: ${value}`);
  }
  return value.replace(/\/+$/, '');
}

function readEnvName(raw: string | undefined, fallback: string): string {
  const value = raw?.trim() || fallback;
  if (!ENV_NAME_PATTERN.test(value)) throw new Error(`VITE_APP_ENV is not an environment name: ${value}`);
  return value;
}

export const env = {
  channelId: readChannelId(import.meta.env.VITE_CHANNEL_ID),
  apiBaseUrl: readApiBaseUrl(import.meta.env.VITE_API_BASE_URL),
  appEnv: readEnvName(import.meta.env.VITE_APP_ENV, import.meta.env.MODE),
} as const;
