import {
  REALTIME_PATH,
  REALTIME_PROTOCOL,
  type RealtimeEventType,
  type RealtimeMessage,
} from '@contract/realtime';
import { getAccessToken } from './storage';

type Handler = (payload: unknown) => void;

/** Reconnect delays (ms): quick at first, then backing off to half a minute. */
const RECONNECT_DELAYS = [1000, 2000, 5000, 10_000, 30_000];

const handlers = new Map<RealtimeEventType, Set<Handler>>();
let socket: WebSocket | null = null;
let attempts = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let wanted = false;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${REALTIME_PATH}`;
}

function dispatch(raw: string): void {
  let message: RealtimeMessage;
  try {
    message = JSON.parse(raw) as RealtimeMessage;
  } catch {
    return;
  }
  handlers.get(message.type)?.forEach((handler) => handler(message.payload));
}

function connect(): void {
  const token = getAccessToken();
  if (!wanted || !token || socket) return;
  const ws = new WebSocket(socketUrl(), [REALTIME_PROTOCOL, token]);
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
  };
  ws.onmessage = (event) => {
    if (typeof event.data === 'string') dispatch(event.data);
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    if (!wanted) return;
    const delay = RECONNECT_DELAYS[Math.min(attempts, RECONNECT_DELAYS.length - 1)];
    attempts++;
    reconnectTimer = setTimeout(connect, delay);
  };
}

/** Opens this tab's socket (once signed in); it reconnects by itself until stopped. */
export function startRealtime(): void {
  wanted = true;
  connect();
}

/** Closes the socket, e.g. at sign-out; `restart` reconnects with the current token (after a refresh or switch). */
export function stopRealtime(): void {
  wanted = false;
  clearTimeout(reconnectTimer);
  socket?.close();
  socket = null;
}

export function restartRealtime(): void {
  stopRealtime();
  startRealtime();
}

/** Listens for one event type; returns the unsubscribe function. */
export function subscribeRealtime<P>(type: RealtimeEventType, handler: (payload: P) => void): () => void {
  const set = handlers.get(type) ?? new Set<Handler>();
  set.add(handler as Handler);
  handlers.set(type, set);
  return () => set.delete(handler as Handler);
}
